// The Waterloo half of the `rules` bot (bots/rules_bot.h): a rule-based player for every
// Waterloo variant that works from its own view only. Each decision scores every legal token
// (bots/waterloo_scoring.h) and plays the best: artillery fire and favourable attacks, the
// march on the enemy's lines of retreat or sectors (W-11.1, W-13.2) with the pieces that can
// reach them, commanders kept out of reach, the own back row guarded, reserves placed (W-7.3),
// cards used when they beat a single action (W-12). Battle Lust, "+" targets, the draft, the
// early start and the pursuit have rules of their own. Deterministic for a GameStart::seed.
#pragma once

#include <array>

#include "bots/bot.h"
#include "bots/waterloo_scoring.h"
#include "engine/rng.h"

namespace stratego::bots {

class WaterlooRulesBot : public Bot {
 public:
  std::string name() const override { return "rules"; }
  void new_game(const GameStart& g) override;
  std::string setup(const SetupRequest& r) override;
  // Follows the game to remember what it showed (a resumed game is replayed through here).
  void observe(const waterloo::ObservedStep& s, const waterloo::WaterlooView& after) override;
  Reply decide(const Request& r, const std::atomic<bool>& stop, const InfoSink& info) override;

 private:
  // The index in `legal` of the token to play.
  std::size_t choose(const waterloo::WaterlooView& v, const std::vector<std::string>& legal);
  void remember(const waterloo::WaterlooView& v);

  GameStart game_;
  Rng rng_{1};
  wrules::Memory memory_;
};

}  // namespace stratego::bots
