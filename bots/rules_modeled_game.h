// The classic family as the `ismcts` bot searches it: the search's traits (search/classic_game.h)
// plus an opponent model, the `rules` bot's judgement of the opponent's moves from the
// opponent's own view of the world (our pieces hidden unless shown), softmaxed. In worlds where
// our pieces are the same every time, a searched opponent learns where our Bombs and Marshal
// stand and plays as if it saw them; the model sees only what the opponent could.
#pragma once

#include <cstdint>

#include "search/classic_game.h"

namespace stratego::bots {

struct RulesModeledClassicGame : search::ClassicGame {
  static void policy(World& w, const std::uint32_t* keys, int n, double* probs, const search::Params& p);
};

}  // namespace stratego::bots
