#include "search/rules_modeled_game.h"

#include <algorithm>
#include <cmath>

#include "engine/view.h"
#include "engine/waterloo/view.h"
#include "heuristic/classic_rules_eval.h"
#include "heuristic/classic_rules_knowledge.h"
#include "heuristic/waterloo_action_info.h"
#include "heuristic/waterloo_rules_policy.h"

namespace stratego::bots {

void softmax_scores(std::span<double> scores, double temperature) {
  const double top = *std::max_element(scores.begin(), scores.end());
  double sum = 0;
  for (double& x : scores) sum += (x = std::exp((x - top) / temperature));
  for (double& x : scores) x /= sum;
}

void RulesModeledClassicGame::policy(World& w, const std::uint32_t* keys, int n, double* probs,
                                     const search::Params& p) {
  // Per thread, so the search's threads never share them. What the mover knows of the other
  // side's pieces is what its view shows (moved, revealed), as if it joined the game here.
  static thread_local View view;
  static thread_local EnemyKnowledge know;
  const Side mover = w.side_to_move();
  view = make_view(w, mover);
  know.set_tracking(false);
  know.reset(view.variant, mover, RulesRisk(p.rules_risk));
  know.update(view);
  const ClassicRulesEval rules(view, know, EvalMode::kFast, RulesRisk(p.rules_risk));
  for (int i = 0; i < n; ++i) probs[i] = rules.score(Move::from_raw(std::uint16_t(keys[i])));
  softmax_scores(std::span<double>(probs, std::size_t(n)), p.policy_temperature);
}

void RulesModeledWaterlooGame::policy(World& w, const std::uint32_t* keys, int n, double* probs,
                                      const search::Params&) {
  static thread_local waterloo::WaterlooView view;
  static thread_local std::vector<wrules::ActionInfo> actions;
  const Side mover = Side(w.current_player());
  view = waterloo::make_view(w, mover);
  actions.resize(std::size_t(n));
  for (int i = 0; i < n; ++i)
    actions[std::size_t(i)] = wrules::describe(w, waterloo::Action::from_raw(keys[i]));
  // A fresh policy each time: what a player remembers belongs to one real game, not to a world.
  wrules::WaterlooRulesPolicy rules(1, mover);
  const std::size_t choice = rules.choose(view, actions);
  for (int i = 0; i < n; ++i)
    probs[i] = kWaterlooPolicyNoise / n + (std::size_t(i) == choice ? 1 - kWaterlooPolicyNoise : 0);
}

}  // namespace stratego::bots
