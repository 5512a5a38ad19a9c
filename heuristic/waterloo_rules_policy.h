// The Waterloo `rules` policy: which legal action a rule-based player takes, from its own
// view only. Each decision scores every legal action (heuristic/waterloo_scoring.h) and takes
// the best: artillery fire and favourable attacks, the march on the enemy's lines of retreat or
// sectors (W-11.1, W-13.2) with the pieces that can reach them, commanders kept out of reach,
// the own back row guarded, reserves placed (W-7.3), cards used when they beat a single action
// (W-12). Battle Lust, "+" targets, the draft, the early start and the pursuit have rules of
// their own. The `rules` bot (bots/waterloo_rules_bot.h) plays it in real games and the search
// (search/rules_modeled_game.h) in its play-outs. Deterministic for a seed.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/rng.h"
#include "heuristic/waterloo_scoring.h"

namespace stratego::heuristic::wrules {

class WaterlooRulesPolicy {
 public:
  WaterlooRulesPolicy(std::uint64_t seed, Side side);
  // The index in `actions` of the action to take.
  std::size_t choose(const waterloo::WaterlooView& v, const std::vector<ActionInfo>& actions);
  // Remembers what the view shows (the enemy retreat sectors it rules out, W-11.1).
  void remember(const waterloo::WaterlooView& v);
  // The seeded stream its ties are broken by; the bot's set-up draws from it too.
  Rng& rng() { return rng_; }

 private:
  Rng rng_;
  Memory memory_;
};

}  // namespace stratego::heuristic::wrules
