// The decision step of the referee's loop (referee/referee_loop.h), written
// once over the GameFamily (engine/family.h): one decision asked of the bot to act, with its
// view, the legal actions as tokens and keys, and the reply sorted into what the referee does
// next. The family-specific consequences (how a resignation or an agreed draw is booked, how
// an illegal token is judged) stay with each family's Table.
#pragma once

#include <algorithm>
#include <optional>
#include <string>

#include "engine/family.h"
#include "referee/referee_judge.h"

namespace stratego::referee::detail {

enum class DecisionKind { kNoReply, kAdjourn, kResign, kAcceptDraw, kIllegal, kAction };

template <GameFamily F>
struct Decision {
  DecisionKind kind = DecisionKind::kNoReply;
  typename F::Action action{};  // kAction
  std::string token;            // kIllegal: the token the bot sent
};

// Asks `side` (the player to act in s); counts the decision when the bot replied.
template <GameFamily F>
Decision<F> ask_decision(Judge& judge, const typename F::State& s, Side side, int& decisions) {
  static thread_local typename F::ActionList list;  // Waterloo's is 16 KB: not on the stack
  F::legal_actions(s, list);
  const typename F::View view = F::view(s, side);
  bots::Request req;
  req.view = &view;
  for (auto a : list) {
    req.legal.push_back(F::action_text(s, a));
    req.actions.push_back(F::key(a));
  }
  const std::optional<bots::Reply> reply = judge.ask(side, req);
  if (!reply) return {};
  ++decisions;
  if (reply->adjourn) return {DecisionKind::kAdjourn, {}, {}};
  if (reply->resign) return {DecisionKind::kResign, {}, {}};
  if (reply->accept_draw && req.draw_offered) return {DecisionKind::kAcceptDraw, {}, {}};
  const auto it = std::find(req.legal.begin(), req.legal.end(), reply->action);
  if (it == req.legal.end()) return {DecisionKind::kIllegal, {}, reply->action};
  return {DecisionKind::kAction, list[int(it - req.legal.begin())], {}};
}

}  // namespace stratego::referee::detail
