// Waterloo (engine/waterloo/state.h) as a GameFamily (engine/family.h). apply() is the
// unchecked apply: the family's callers take actions from legal_actions() or
// chance_outcomes(). States keep their undo history, so undo() always works.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "engine/family.h"
#include "engine/waterloo/action_token.h"
#include "engine/waterloo/notation.h"
#include "engine/waterloo/state.h"
#include "engine/waterloo/view.h"

namespace stratego::waterloo {

struct WaterlooFamily {
  using State = WaterlooState;
  using Action = waterloo::Action;
  using ActionList = waterloo::ActionList;
  using View = WaterlooView;
  static constexpr Family kFamily = Family::kWaterloo;
  static constexpr int kMaxActions = waterloo::kMaxActions;

  static bool over(const State& s) { return s.over(); }
  static Result result(const State& s) { return s.result(); }
  static bool is_chance(const State& s) { return s.is_chance(); }
  static bool setup_due(const State& s) { return !s.over() && s.phase() == Phase::kSetup; }
  static Side current_player(const State& s) { return s.current_player(); }
  static void legal_actions(const State& s, ActionList& list) { s.legal_actions(list); }
  static int chance_outcomes(const State& s, Action* out, double* prob, int capacity) {
    return s.chance_outcomes(out, prob, capacity);
  }
  static void apply(State& s, Action a) { s.apply_unchecked(a); }
  static void undo(State& s) { s.undo(); }
  static std::uint32_t key(Action a) { return a.raw(); }
  static Action action(std::uint32_t key) { return Action::from_raw(key); }
  static View view(const State& s, Side side) { return make_view(s, side); }
  static std::string action_text(const State& s, Action a) { return action_token(s, a); }
  static Action parse_action(const State& s, std::string_view text) {
    return parse_action_token(s, text);
  }
  static std::string notation(const State& s) { return to_notation(s); }
  static State parse_state(std::string_view text) { return waterloo::parse_state(text); }
  static std::string view_notation(const View& v) { return to_notation(v); }
  static View parse_view(std::string_view text, std::shared_ptr<const Variant> v) {
    return waterloo::parse_view(text, std::move(v));
  }
  // Decisions before the set-up (W-14.1 early start, W-12.2 draft) and both set-ups, at random.
  static State random_start(std::shared_ptr<const Variant> v, Rng& rng) {
    State s(std::move(v));
    play_to_setups_done(s, rng);
    return s;
  }
  static void play_to_setups_done(State& s, Rng& rng) {
    ActionList list;
    while (!s.over() && s.core().setups_done < 2) {
      if (s.phase() == Phase::kSetup) {
        s.apply_setup(s.current_player(), s.random_setup(s.current_player(), rng));
      } else if (s.is_chance()) {
        s.apply_unchecked(sample_chance<WaterlooFamily>(s, rng));
      } else {
        s.legal_actions(list);
        s.apply_unchecked(list[int(rng.below(std::uint32_t(list.size)))]);
      }
    }
  }
};
static_assert(GameFamily<WaterlooFamily>);

}  // namespace stratego::waterloo
