// `alphabeta`: perfect-information Monte Carlo for the classic family (search/pimc.h). Keeps a
// belief over the opponent's hidden pieces from its own observations (eval/belief.h, the same
// belief the `ismcts` bot samples, without its policy evidence), and for each decision searches
// `worlds` determinizations drawn from it by alpha-beta (search/alphabeta.h), with chance nodes
// at its own attacks on pieces it cannot see. Options: threads, worlds, depth, nodes (a node
// budget per decision that overrides the request's), movetime (when the request gives no
// limit), tt_mb (per thread), quiescence, margin, chance, flag_guard, choice (values or votes),
// setups. Stratego Waterloo is refused: new_game throws InputError (the referee books it as the
// bot's fault, with the message), since its turns of several actions and its combat die are not
// modelled here.
// Set-ups: the `setups` option, by default the variant's set-up book (eval/priors/setup_book.h),
// else the `rules` generator's (heuristic/classic_rules_setup.h).
#pragma once

#include <memory>

#include "bots/bot.h"
#include "bots/setup_style_option.h"
#include "search/alphabeta.h"
#include "search/pimc.h"

namespace stratego::eval {
class Belief;
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
  // Each root move's mean score and votes over the worlds, and the belief about each attack's
  // target.
  std::optional<DecisionAnalysis> analyse(const Request& r, const std::atomic<bool>& stop) override;

  const search::AlphaBetaParams& params() const { return params_; }

 private:
  // decide() and analyse() past the forced cases; out: where analyse() wants the figures.
  Reply search_root(const Request& r, const std::atomic<bool>& stop, const InfoSink& info,
                    DecisionAnalysis* out);
  search::AlphaBetaParams params_;
  std::int64_t nodes_ = 0;  // 0: the request's budget
  std::int64_t default_movetime_ms_ = 1000;
  SetupStyleOption setups_{"book"};  // the strongest set-ups where a book is shipped
  bool learned_value_ = false;       // value=learned: the linear value of `stratego train value`
  GameStart game_;
  int decisions_ = 0;
  std::unique_ptr<eval::Belief> belief_;
  search::PimcTables tables_;  // kept across decisions: allocated once, emptied for each
};

}  // namespace stratego::bots
