#include "bots/rules_modeled_game.h"

#include <algorithm>
#include <cmath>

#include "bots/classic_rules_eval.h"
#include "bots/classic_rules_knowledge.h"
#include "bots/rules_bot.h"
#include "engine/view.h"
#include "engine/waterloo/action_token.h"
#include "engine/waterloo/view.h"

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
  know.reset(view.variant, mover);
  know.update(view);
  const ClassicRulesEval rules(view, know);
  for (int i = 0; i < n; ++i) probs[i] = rules.score(Move::from_raw(std::uint16_t(keys[i])));
  softmax_scores(std::span<double>(probs, std::size_t(n)), p.policy_temperature);
}

void RulesModeledWaterlooGame::policy(World& w, const std::uint32_t* keys, int n, double* probs,
                                      const search::Params&) {
  static thread_local std::unique_ptr<Bot> rules = make_waterloo_rules_bot();
  static thread_local waterloo::WaterlooView view;
  static thread_local Request request;
  const Side mover = Side(w.current_player());
  view = waterloo::make_view(w, mover);
  request.waterloo_view = &view;
  request.legal.resize(std::size_t(n));
  for (int i = 0; i < n; ++i)
    request.legal[std::size_t(i)] = waterloo::action_token(w, waterloo::Action::from_raw(keys[i]));
  // A fresh game each time: what the bot remembers belongs to one real game, not to a world.
  rules->new_game(GameStart{view.variant, "", mover, 1, ""});
  static const std::atomic<bool> never_stop{false};
  const std::string choice = rules->decide(request, never_stop, {}).action;
  for (int i = 0; i < n; ++i)
    probs[i] = kWaterlooPolicyNoise / n +
               (request.legal[std::size_t(i)] == choice ? 1 - kWaterlooPolicyNoise : 0);
}

}  // namespace stratego::bots
