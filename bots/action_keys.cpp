#include "bots/action_keys.h"

#include <algorithm>
#include <stdexcept>

#include "engine/move_text.h"
#include "engine/rng.h"
#include "engine/waterloo/action_token.h"
#include "eval/waterloo_belief.h"
#include "eval/waterloo_posterior.h"

namespace stratego::bots {

namespace {

std::vector<std::uint32_t> keys_of(const std::vector<std::string>& legal, const View& v) {
  std::vector<std::uint32_t> keys;
  keys.reserve(legal.size());
  for (const std::string& t : legal) keys.push_back(parse_move(t, v.variant->geometry).raw());
  return keys;
}

// A Waterloo token is read against a state (a placement names a unit of the reserve); any
// world the view allows reads the player's own legal tokens the same way.
std::vector<std::uint32_t> keys_of(const std::vector<std::string>& legal,
                                   const waterloo::WaterlooView& v) {
  Rng rng(1);
  const waterloo::WaterlooState world = eval::WaterlooBelief(v).posterior().determinize(rng);
  std::vector<std::uint32_t> keys;
  keys.reserve(legal.size());
  for (const std::string& t : legal) keys.push_back(waterloo::parse_action_token(world, t).raw());
  return keys;
}

}  // namespace

std::vector<std::uint32_t> action_keys(const Request& r) {
  if (r.actions.size() == r.legal.size()) return r.actions;
  return r.with_view([&](const auto& v) { return keys_of(r.legal, v); });
}

std::vector<heuristic::wrules::ActionInfo> waterloo_action_infos(const Request& r) {
  const std::vector<std::uint32_t> keys = action_keys(r);
  std::vector<heuristic::wrules::ActionInfo> infos;
  infos.reserve(keys.size());
  for (std::size_t i = 0; i < keys.size(); ++i) {
    const auto a = waterloo::Action::from_raw(keys[i]);
    infos.push_back(heuristic::wrules::describe(*r.waterloo(), a,
                                                a.type() == waterloo::ActionType::kPlace
                                                    ? waterloo::placed_unit(r.legal[i])
                                                    : waterloo::SeenUnit{}));
  }
  return infos;
}

std::size_t index_of_key(const std::vector<std::uint32_t>& keys, std::uint32_t key) {
  const auto it = std::find(keys.begin(), keys.end(), key);
  if (it == keys.end())
    throw std::logic_error("action key " + std::to_string(key) + " is not legal");
  return std::size_t(it - keys.begin());
}

DecisionAnalysis analysis_of(const std::string& bot, const Request& r,
                             const std::function<void(DecisionAnalysis&)>& search) {
  if (r.legal.size() == 1)
    return r.with_view([&](const auto& v) {
      return forced_analysis(bot, r.legal.front(), action_keys(r).front(), v);
    });
  DecisionAnalysis a;
  search(a);
  return a;
}

}  // namespace stratego::bots
