// One interface for both rules families, in the manner of OpenSpiel's State: code above the
// engine (perft, the conformance suite, the referee, the search) is written once over a
// GameFamily F and instantiated for ClassicFamily (engine/classic_family.h) and
// WaterlooFamily (engine/waterloo/family.h). A family is a set of static functions over its
// own State, so the two state classes keep their fast members and the adapters stay thin.
//
// The vocabulary: at every point a game is over, or a CHANCE event (chance_outcomes() lists
// every outcome with its probability), or a DECISION of current_player(), who chooses one
// of legal_actions() (written into a caller-owned list; key() makes an action an integer,
// action() makes it back). apply() plays an action taken from either list; undo() takes the
// last one back. view() is what one side sees, action_text()/parse_action() the token text
// both ways (notation()/parse_state() and view_notation()/parse_view() the same for
// positions and views), result() the outcome with the shared EndReason (engine/result.h).
// random_start() draws both set-ups and plays to the first decision after them.
#pragma once

#include <concepts>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "engine/piece.h"
#include "engine/result.h"
#include "engine/rng.h"

namespace stratego {

struct Variant;

template <class F>
concept GameFamily = requires(typename F::State& s, const typename F::State& cs,
                              typename F::ActionList& list, typename F::Action a,
                              typename F::Action* outs, double* probs, std::uint32_t key, Side side,
                              std::string_view text, std::shared_ptr<const Variant> variant,
                              Rng& rng) {
  { F::kFamily } -> std::convertible_to<Family>;
  { F::kMaxActions } -> std::convertible_to<int>;
  { F::over(cs) } -> std::same_as<bool>;
  { F::result(cs) } -> std::same_as<Result>;
  { F::is_chance(cs) } -> std::same_as<bool>;
  { F::setup_due(cs) } -> std::same_as<bool>;  // a set-up, not an action, is the next step
  { F::current_player(cs) } -> std::same_as<Side>;
  F::legal_actions(cs, list);
  { list.size } -> std::convertible_to<int>;
  { F::chance_outcomes(cs, outs, probs, 0) } -> std::same_as<int>;
  F::apply(s, a);
  F::undo(s);
  { F::key(a) } -> std::same_as<std::uint32_t>;
  { F::action(key) } -> std::same_as<typename F::Action>;
  { F::view(cs, side) } -> std::same_as<typename F::View>;
  { F::action_text(cs, a) } -> std::same_as<std::string>;
  { F::parse_action(cs, text) } -> std::same_as<typename F::Action>;
  { F::notation(cs) } -> std::same_as<std::string>;
  { F::parse_state(text) } -> std::same_as<typename F::State>;
  { F::view_notation(F::view(cs, side)) } -> std::same_as<std::string>;
  { F::parse_view(text, variant) } -> std::same_as<typename F::View>;
  { F::random_start(variant, rng) } -> std::same_as<typename F::State>;
};

// The most outcomes a chance event has in either family (a die, a card draw).
inline constexpr int kMaxChanceOutcomes = 64;

// One chance outcome drawn with its probability: one uniform draw from rng.
template <GameFamily F>
typename F::Action sample_chance(const typename F::State& s, Rng& rng) {
  typename F::Action out[kMaxChanceOutcomes];
  double prob[kMaxChanceOutcomes];
  const int n = F::chance_outcomes(s, out, prob, kMaxChanceOutcomes);
  if (n <= 0) return typename F::Action{};  // not a chance event
  double u = rng.uniform01();
  for (int i = 0; i < n - 1; ++i) {
    if (u < prob[i]) return out[i];
    u -= prob[i];
  }
  return out[n - 1];
}

}  // namespace stratego
