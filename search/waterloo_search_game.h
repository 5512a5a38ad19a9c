// Waterloo as the search sees it: the family's traits (search/search_game.h) over a full
// WaterlooState from a determinization, played without the undo history. Chance events are
// real here: the die, Prussian draws, retreat cards.
#pragma once

#include "engine/waterloo/family.h"
#include "eval/values/waterloo_evaluation.h"
#include "search/params.h"
#include "search/search_game.h"

namespace stratego::search {

struct WaterlooSearchGame : SearchGame<waterloo::WaterlooFamily> {
  // Every Waterloo decision point has an action (at least `end`); nothing to declare.
  static void no_moves(World&) {}
  static double value(const World& w, const Params& p) {
    return eval::waterloo_value(w, p.eval_scale);
  }
};

}  // namespace stratego::search
