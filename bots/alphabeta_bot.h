// `alphabeta`: perfect-information Monte Carlo. Keeps a belief over the opponent's hidden pieces
// from its own observations and for each decision searches `worlds` determinizations drawn from
// it. Classic family (search/pimc.h): the belief of eval/belief.h (the same belief the `ismcts`
// bot samples, without its policy evidence), alpha-beta (search/alphabeta.h) with chance nodes
// at its own attacks on pieces it cannot see. Stratego Waterloo (search/waterloo_expectimax.h):
// the belief of eval/waterloo_belief.h, expectimax with alpha-beta over the combat die and the
// game's other chance events, pruned by Star1/Star2 (option `star`).
// Options: threads, worlds, depth, nodes (a node budget per decision that overrides the
// request's), movetime (when the request gives no limit), tt_mb (per thread), margin, choice
// (values or votes), setups; classic only: quiescence, chance, flag_guard, value; Waterloo
// only: star (none, star1, star2).
// Set-ups: classic, the `setups` option, by default the variant's set-up book
// (eval/priors/setup_book.h), else the `rules` generator's (heuristic/classic_rules_setup.h);
// Waterloo, the `rules` bot's plan (heuristic/waterloo_setup_plan.h), as `ismcts`.
#pragma once

#include <memory>

#include "bots/bot.h"
#include "bots/setup_style_option.h"
#include "search/alphabeta.h"
#include "search/pimc.h"
#include "search/waterloo_expectimax.h"

namespace stratego::eval {
class Belief;
class WaterlooBelief;
}  // namespace stratego::eval

namespace stratego::bots {

class AlphaBetaBot : public Bot {
 public:
  AlphaBetaBot();
  ~AlphaBetaBot() override;
  std::string name() const override { return "alphabeta"; }
  std::vector<BotOption> options() const override;
  void set_option(const std::string& name, const std::string& value) override;
  void new_game(const GameStart& g) override;
  std::string setup(const SetupRequest& r) override;
  void observe(const Observation& o) override;
  Reply decide(const Request& r, const std::atomic<bool>& stop, const InfoSink& info) override;
  // Each root move's mean score and votes over the worlds, and (classic) the belief about each
  // attack's target.
  std::optional<DecisionAnalysis> analyse(const Request& r, const std::atomic<bool>& stop) override;

  const search::AlphaBetaParams& params() const { return params_; }

 private:
  // What observe() does for each family's step.
  void observed(const ClassicObservation& o);
  void observed(const WaterlooObservation& o);
  // decide() and analyse() past the forced cases; out: where analyse() wants the figures.
  Reply search_root(const Request& r, const std::atomic<bool>& stop, const InfoSink& info,
                    DecisionAnalysis* out);
  // The decision's budget from the request's limits, the bot's options and the decisions the
  // game may still ask for.
  search::PimcBudget budget(const Limits& l, int decisions_left) const;
  Reply search_waterloo(const Request& r, const std::atomic<bool>& stop, const InfoSink& info,
                        DecisionAnalysis* out);
  search::AlphaBetaParams params_;
  search::ChancePruning star_ = search::ChancePruning::kStar2;  // Waterloo
  std::int64_t nodes_ = 0;                                      // 0: the request's budget
  std::int64_t default_movetime_ms_ = 1000;
  SetupStyleOption setups_{"book"};  // the strongest set-ups where a book is shipped
  bool learned_value_ = false;       // value=learned: the linear value of `stratego train value`
  GameStart game_;
  int decisions_ = 0;
  std::unique_ptr<eval::Belief> belief_;
  std::unique_ptr<eval::WaterlooBelief> waterloo_belief_;
  search::PimcTables tables_;  // kept across decisions: allocated once, emptied for each
  search::WaterlooTables waterloo_tables_;  // the same in Waterloo
};

}  // namespace stratego::bots
