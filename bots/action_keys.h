// The keys of a request's legal actions (Request::actions), derived from its tokens when the
// request came over a wire without them: classic tokens by the engine's move reader, Waterloo
// tokens against a world consistent with the view (the viewer's own units, which every legal
// action names, are the same in every such world).
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "bots/bot.h"
#include "heuristic/waterloo_action_info.h"

namespace stratego::bots {

std::vector<std::uint32_t> action_keys(const Request& r);

// What each action of a Waterloo request does, in r.legal's order. A place action's key names
// one of several interchangeable reserve units, which one depending on the world, so actions
// are matched across worlds by what they do, not by key; its piece comes from its token.
std::vector<heuristic::wrules::ActionInfo> waterloo_action_infos(const Request& r);

// The index of `key` in r.legal; throws std::logic_error if it is not there.
std::size_t index_of_key(const std::vector<std::uint32_t>& keys, std::uint32_t key);

// The analysis of a decision of either family: a forced one's (a single legal action) without
// thinking, else the one `search` writes. classic_analysis: the same (alphabeta's name for it).
DecisionAnalysis analysis_of(const std::string& bot, const Request& r,
                             const std::function<void(DecisionAnalysis&)>& search);
inline DecisionAnalysis classic_analysis(const std::string& bot, const Request& r,
                                         const std::function<void(DecisionAnalysis&)>& search) {
  return analysis_of(bot, r, search);
}

}  // namespace stratego::bots
