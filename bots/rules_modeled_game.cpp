#include "bots/rules_modeled_game.h"

#include <algorithm>
#include <cmath>

#include "bots/classic_rules_eval.h"
#include "bots/classic_rules_knowledge.h"
#include "engine/view.h"

namespace stratego::bots {

void RulesModeledClassicGame::policy(World& w, const std::uint32_t* keys, int n, double* probs,
                                              const search::Params& p) {
  // Per thread, so the search's threads never share them; what the opponent knows of our
  // pieces is what its view shows (moved, revealed), as if it joined the game here.
  static thread_local View view;
  static thread_local EnemyKnowledge know;
  const Side mover = w.side_to_move();
  view = make_view(w, mover);
  know.reset(view.variant, mover);
  know.update(view);
  const ClassicRulesEval rules(view, know);
  double top = -1e300;
  for (int i = 0; i < n; ++i) top = std::max(top, probs[i] = rules.score(Move::from_raw(std::uint16_t(keys[i]))));
  double sum = 0;
  for (int i = 0; i < n; ++i) sum += (probs[i] = std::exp((probs[i] - top) / p.policy_temperature));
  for (int i = 0; i < n; ++i) probs[i] /= sum;
}

}  // namespace stratego::bots
