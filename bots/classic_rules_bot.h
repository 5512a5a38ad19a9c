// `rules` for the classic family (Stratego and its variants): a rule-based player that works
// from its own view only. It keeps what it has seen of every enemy piece
// (classic_rules_knowledge.h), rates each legal move with a handful of rules of thumb
// (classic_rules_eval.h: take what is known weaker, keep valuable pieces away from what is
// known stronger, probe unknown pieces with cheap ones, the Spy against a known Marshal, defend
// the flag, Miners on likely bombs, unmoved back-row pieces as flag candidates) and plays the
// best, ties broken by the game's seed. The baseline every search bot must beat. Options:
// setups (bots/setup_style_option.h) and style (heuristic/classic_play_style.h: aggressive,
// passive, scout-heavy, few-pieces, near-random), which combine.
#pragma once

#include "bots/bot.h"
#include "bots/setup_style_option.h"
#include "engine/rng.h"
#include "heuristic/classic_play_style.h"
#include "heuristic/classic_rules_eval.h"
#include "heuristic/classic_rules_knowledge.h"

namespace stratego::bots {

class ClassicRulesBot : public Bot {
 public:
  std::string name() const override { return "rules"; }
  std::vector<BotOption> options() const override;
  void set_option(const std::string& name, const std::string& value) override;
  void new_game(const GameStart& g) override;
  std::string setup(const SetupRequest& r) override;
  void observe(const Observation& o) override;
  Reply decide(const Request& r, const std::atomic<bool>& stop, const InfoSink& info) override;
  // The move scores (after the play style), best first; no belief of its own about the
  // targets (the caller may fill them).
  std::optional<DecisionAnalysis> analyse(const Request& r, const std::atomic<bool>& stop) override;

 private:
  // decide() and analyse(): the reply, and the rows into *out if out is given.
  Reply choose(const Request& r, DecisionAnalysis* out);
  GameStart game_;
  Rng rng_{1};
  heuristic::EnemyKnowledge know_;
  bool started_ = false;
  std::optional<ObservedMove> last_enemy_;  // the enemy's latest move, which some styles answer
  SetupStyleOption setups_;
  heuristic::PlayStyle style_ =
      heuristic::PlayStyle::kDefault;  // option style (heuristic/classic_play_style.h)
  heuristic::RulesRisk risk_ =
      heuristic::kDefaultRisk;  // option risk (heuristic/classic_rules_knowledge.h)
};

}  // namespace stratego::bots
