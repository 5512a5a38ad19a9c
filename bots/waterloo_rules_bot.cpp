#include "bots/waterloo_rules_bot.h"

#include <algorithm>
#include <memory>

#include "bots/action_keys.h"
#include "bots/random_bot.h"
#include "bots/rules_bot.h"
#include "engine/waterloo/record.h"
#include "heuristic/waterloo_setup_plan.h"

namespace stratego::bots {

std::unique_ptr<Bot> make_waterloo_rules_bot() { return std::make_unique<WaterlooRulesBot>(); }

void WaterlooRulesBot::new_game(const GameStart& g) {
  game_ = g;
  policy_ = heuristic::wrules::WaterlooRulesPolicy(g.seed, g.side);
}

std::string WaterlooRulesBot::setup(const SetupRequest& r) {
  if (!r.waterloo()) {  // not a Waterloo game: nothing of ours to plan
    RandomBot fallback;
    fallback.new_game(game_);
    return fallback.setup(r);
  }
  return heuristic::wrules::planned_setup_tokens(*r.waterloo(), game_.side, policy_.rng());
}

void WaterlooRulesBot::observe(const Observation& o) {
  if (const auto* seen = std::get_if<WaterlooObservation>(&o)) policy_.remember(seen->after);
}

Reply WaterlooRulesBot::decide(const Request& r, const std::atomic<bool>& /*stop*/,
                               const InfoSink& /*info*/) {
  Reply reply;
  if (r.legal.empty()) return reply;
  if (!r.waterloo()) {
    reply.action = r.legal[policy_.rng().below(std::uint32_t(r.legal.size()))];
    return reply;
  }
  reply.action = r.legal[policy_.choose(*r.waterloo(), waterloo_action_infos(r))];
  return reply;
}

std::optional<DecisionAnalysis> WaterlooRulesBot::analyse(const Request& r,
                                                          const std::atomic<bool>& stop) {
  return analysis_of(name(), r, [&](DecisionAnalysis& a) {
    const std::string chosen = decide(r, stop, {}).action;
    const std::vector<std::uint32_t> keys = action_keys(r);
    a.bot = name();
    a.chosen = chosen;
    a.measure = "choice";
    for (std::size_t i = 0; i < r.legal.size(); ++i) {
      ActionRow row;
      row.action = r.legal[i];
      row.key = keys[i];
      a.rows.push_back(row);
    }
    std::stable_partition(a.rows.begin(), a.rows.end(),
                          [&](const ActionRow& row) { return row.action == chosen; });
    r.with_view([&](const auto& v) { mark_attacks(a, v); });
  });
}

}  // namespace stratego::bots
