#include "bots/die_outcomes.h"

#include <map>

#include "engine/waterloo/action_token.h"

namespace stratego::bots {
namespace {

using waterloo::Action;
using waterloo::ActionType;

// Plays `a` in a copy of `world` and then Battle Lust questions with "no"; the chance outcomes
// that follow at once, empty if none does.
std::vector<std::pair<std::string, double>> chance_after(const waterloo::WaterlooState& world,
                                                         Action a) {
  if (!world.is_legal(a)) return {};
  waterloo::WaterlooState s = world;
  s.set_keep_history(false);
  s.apply(a);
  for (int questions = 0; questions < 4 && !s.over() && !s.is_chance(); ++questions) {
    waterloo::ActionList list;
    s.legal_actions(list);
    const Action no = Action::make(ActionType::kBattleLust, 0, 0, 0, 0);
    bool asked = false;
    for (int i = 0; i < list.size; ++i)
      if (list[i].type() == ActionType::kBattleLust && list[i].extra() == 0) asked = true;
    if (!asked) return {};
    s.apply(no);
  }
  if (s.over() || !s.is_chance()) return {};
  std::vector<std::pair<std::string, double>> out;
  for (const auto& [outcome, p] : s.chance_outcomes())
    out.push_back({waterloo::action_token(s, outcome), p});
  return out;
}

}  // namespace

void fill_die_outcomes(DecisionAnalysis& a, const eval::WaterlooPosterior& posterior,
                       std::uint64_t seed, int worlds) {
  Rng rng(seed);
  std::vector<waterloo::WaterlooState> drawn;
  for (int w = 0; w < worlds; ++w) drawn.push_back(posterior.determinize(rng));
  for (ActionRow& r : a.rows) {
    if (!r.attack || Action::from_raw(r.key).type() != ActionType::kMove) continue;
    int with_chance = 0;
    std::map<std::string, double> outcomes;
    for (const waterloo::WaterlooState& w : drawn) {
      const auto after = chance_after(w, Action::from_raw(r.key));
      if (after.empty()) continue;
      ++with_chance;
      for (const auto& [token, p] : after) outcomes[token] += p;
    }
    r.chance = double(with_chance) / double(worlds);
    r.outcomes.clear();
    for (const auto& [token, p] : outcomes) r.outcomes.push_back({token, p / with_chance});
  }
}

}  // namespace stratego::bots
