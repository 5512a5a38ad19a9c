// A determinization: the full State that a player's view describes once every hidden enemy
// piece has been given a kind. Public facts (the board's occupancy and flags, captured piles,
// the two-squares runs, the move counter, rescues, a pending decision, the result) come from
// the view; the hidden kinds from an assignment over the tracker's pieces. Its history is the
// tracker's quiet tail (the latest moves back to the last attack) made again in this world, so
// that a chase in progress (C-6.2) goes on in it; the viewer's own pieces captured silently are
// booked face up (the view does not say which).
#pragma once

#include <vector>

#include "engine/state.h"
#include "eval/piece_tracker.h"

namespace stratego::eval {

// kinds: one per tracker piece. Throws InputError if the view does not match the tracker.
// make_view(result, view.viewer) == view.
State determinize(const View& view, const PieceTracker& tracker, const std::vector<Kind>& kinds);

// Another world of the same view, cheaply: `base` (a determinize() of it) with the tracker's
// pieces on the board given `kinds`, written into `world` without allocating (the searches
// draw thousands of worlds a decision). Only the board changes: the captured piles stay base's,
// so with silent defence (V-6) the face-down captures keep base's kinds.
void redeterminize(const State& base, const PieceTracker& tracker, const std::vector<Kind>& kinds,
                   State& world);

}  // namespace stratego::eval
