// A belief as the page is sent it, in the live classic game and in the replay of either family:
// each hidden enemy piece on the board with where it started and whether it moved (classic),
// and its identities' probabilities by the names the page gives pieces (only what the belief's
// own player knows: it is built from that player's view).
#pragma once

#include <nlohmann/json.hpp>

#include "eval/belief_model.h"

namespace stratego::serve {

// [{"square","start" (null if unknown),"moved" (classic),"known","probs":{name: p}}...] from a
// belief's table; p to two places, identities under 0.5% left out (the page shows whole
// percents).
nlohmann::json belief_pieces_json(const eval::BeliefTable& t, const Geometry& g);

}  // namespace stratego::serve
