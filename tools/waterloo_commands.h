// The Waterloo halves of `stratego selfplay` and `check` (docs/rules.md Part W): the
// commands dispatch here when the variant (or the position's variant) has family waterloo.
#pragma once

#include <string>

#include "engine/variant.h"
#include "engine/waterloo/state.h"
#include "tools/start_position.h"

namespace stratego {

// True if the options start a Waterloo game: --variant, or the variant of --position.
bool starts_waterloo(const StartOptions& o);

// The start: --position as full-state notation, or the variant's start with the decisions
// before the set-up (early start, card draft) chosen at random and both set-ups drawn at
// random, all with the seeded rng.
waterloo::WaterlooState make_waterloo_start(const StartOptions& o, Rng& rng);

void run_waterloo_selfplay(const StartOptions& o, const std::string& record_path, bool quiet);

// One line for `stratego check` about a Waterloo variant.
std::string describe_waterloo_variant(const Variant& v);

}  // namespace stratego
