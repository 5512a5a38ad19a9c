// The root's last look at its Flag (the `ismcts` option flag_race, classic family): how often
// each root action leaves the Flag to a forced capture (search/flag_race.h) in worlds drawn
// from the belief, and the choice among the well-searched actions that weighs it.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/view.h"
#include "eval/belief.h"
#include "search/run_search.h"

namespace stratego::bots {

// Per root action (keys, in order): the share of `worlds` worlds in which the enemy, moving
// next, takes our Flag within `moves` of its moves whatever we reply. All zero when no enemy
// piece is within reach in any world (the common case, found without a search).
std::vector<double> flag_loss_shares(const View& view, const eval::PieceTracker& tracker,
                                     eval::BeliefSampler& sampler,
                                     const std::vector<std::uint32_t>& keys, int moves, int worlds);

// The search's choice unless another action searched at least a quarter as often keeps the
// Flag safer: then the action with the best value times the share of worlds in which the Flag
// stands. shares: as flag_loss_shares, per key.
std::uint32_t flag_race_choice(const search::SearchResult& res,
                               const std::vector<std::uint32_t>& keys,
                               const std::vector<double>& shares);

}  // namespace stratego::bots
