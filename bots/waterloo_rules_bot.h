// The Waterloo half of the `rules` bot (bots/rules_bot.h): heuristic/waterloo_rules_policy.h
// played from the bot's own view, with the set-up of heuristic/waterloo_setup_plan.h.
// Deterministic for a GameStart::seed.
#pragma once

#include <array>

#include "bots/bot.h"
#include "heuristic/waterloo_rules_policy.h"

namespace stratego::bots {

class WaterlooRulesBot : public Bot {
 public:
  std::string name() const override { return "rules"; }
  void new_game(const GameStart& g) override;
  std::string setup(const SetupRequest& r) override;
  // Follows the game to remember what it showed (a resumed game is replayed through here).
  void observe(const Observation& o) override;
  Reply decide(const Request& r, const std::atomic<bool>& stop, const InfoSink& info) override;
  // The same choice, with every legal action as a row, the choice first (measure "choice": the
  // policy's rules pick one action; they score no others).
  std::optional<DecisionAnalysis> analyse(const Request& r, const std::atomic<bool>& stop) override;

 private:
  GameStart game_;
  heuristic::wrules::WaterlooRulesPolicy policy_{1, kRed};
};

}  // namespace stratego::bots
