// The classic family as the search sees it: the family's traits (search/search_game.h), the
// C-7.2 ending the search declares when a side has no move, and the evaluation.
#pragma once

#include "engine/classic_family.h"
#include "eval/values/classic_evaluation.h"
#include "eval/values/value_weights.h"
#include "search/params.h"
#include "search/search_game.h"

namespace stratego::search {

struct ClassicSearchGame : SearchGame<ClassicFamily> {
  static void no_moves(World& w) { w.declare_no_moves(); }
  static double value(const World& w, const Params& p) {
    return p.value_weights ? eval::linear_classic_value(w, p.value_weights->w)
                           : eval::classic_value(w, p.eval_scale);
  }
};

}  // namespace stratego::search
