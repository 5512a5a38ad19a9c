// A classic belief as the page is sent it, in the live game and in the replay alike: each
// hidden enemy piece with where it started, whether it moved, and its kinds' probabilities
// (only what the belief's own player knows: it is built from that player's view).
#pragma once

#include <nlohmann/json.hpp>

#include "eval/belief.h"

namespace stratego::serve {

// [{"square","start" (null if unknown),"moved","known","probs":{kind name: p}}...] from the
// belief and its marginals; p to two places, kinds under 0.5% left out (the page shows whole
// percents).
nlohmann::json belief_pieces_json(const eval::Belief& b, const eval::Marginals& m);

}  // namespace stratego::serve
