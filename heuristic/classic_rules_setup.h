// Set-ups of the classic-family `rules` bot: structured but never the same, drawn from the
// game's seed. The Flag goes on the back row (often a corner) with Bombs around it, a Scout or
// other cheap piece closing a gap the Bombs leave; the other Bombs stay in the back rows; the
// strong pieces stand forward, the Spy next to the General, Miners at the back, Scouts spread.
// Works for every army and set-up zone of the family (filled or not, C-3); where the result is
// not valid for the variant it falls back to random_setup.
#pragma once

#include "engine/rng.h"
#include "engine/setup.h"

namespace stratego::heuristic {

Setup rules_setup(const Variant& v, Side side, Rng& rng);

}  // namespace stratego::heuristic
