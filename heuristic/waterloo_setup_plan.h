// The Waterloo `rules` bot's set-up (W-4): artillery on the front row where its fire lines
// are clear of buildings, or on a hill in the set-up zone (W-10.6); heavy cavalry and strong
// infantry in front; light cavalry behind to charge through the gaps; the commander and the
// commander-in-chief on the back row; no reserves unless the scenario demands them (W-14.1),
// the Expert garrison in its building (W-13.3). Shuffled within rows by the bot's seed. Falls
// back to a random legal set-up if the plan does not fit a custom scenario.
#pragma once

#include <string>

#include "engine/rng.h"
#include "engine/waterloo/state.h"
#include "engine/waterloo/view.h"

namespace stratego::heuristic::wrules {

// A legal set-up for `side` in the game the view shows (phase kSetup).
waterloo::WaterlooSetup plan_setup(const waterloo::WaterlooView& v, Side side, Rng& rng);
// A state at the set-up of that game (for validating and writing set-up tokens).
waterloo::WaterlooState setup_state(const waterloo::WaterlooView& v, Side side);
// plan_setup written as set-up tokens: what the bots that plan like `rules` answer.
std::string planned_setup_tokens(const waterloo::WaterlooView& v, Side side, Rng& rng);

}  // namespace stratego::heuristic::wrules
