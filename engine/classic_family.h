// The classic family (engine/state.h) as a GameFamily (engine/family.h). Classic has no chance
// events and no set-up phase: a State starts with both set-ups in place.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "engine/family.h"
#include "engine/move_text.h"
#include "engine/movegen.h"
#include "engine/notation.h"
#include "engine/setup.h"
#include "engine/state.h"
#include "engine/view.h"

namespace stratego {

struct ClassicFamily {
  using State = stratego::State;
  using Action = Move;
  using ActionList = MoveList;
  using View = stratego::View;
  static constexpr Family kFamily = Family::kClassic;
  static constexpr int kMaxActions = kMaxMoves;

  static bool over(const State& s) { return s.over(); }
  static Result result(const State& s) { return s.result(); }
  static bool is_chance(const State&) { return false; }
  static bool setup_due(const State&) { return false; }
  static Side current_player(const State& s) { return s.side_to_move(); }
  static void legal_actions(const State& s, ActionList& list) { generate_moves(s, list); }
  static int chance_outcomes(const State&, Action*, double*, int) { return 0; }
  static void apply(State& s, Action a) { s.make(a); }
  static void undo(State& s) { s.unmake(); }
  static std::uint32_t key(Action a) { return a.raw(); }
  static Action action(std::uint32_t key) { return Move::from_raw(std::uint16_t(key)); }
  static View view(const State& s, Side side) { return make_view(s, side); }
  static std::string action_text(const State& s, Action a) { return move_to_text(a, s.geometry()); }
  static Action parse_action(const State& s, std::string_view text) {
    return parse_move(text, s.geometry());
  }
  static std::string notation(const State& s) { return to_notation(s); }
  static State parse_state(std::string_view text) { return stratego::parse_state(text); }
  static std::string view_notation(const View& v) { return to_notation(v); }
  static View parse_view(std::string_view text, std::shared_ptr<const Variant> v) {
    return stratego::parse_view(text, std::move(v));
  }
  static State random_start(std::shared_ptr<const Variant> v, Rng& rng) {
    const Setup red = random_setup(*v, kRed, rng);
    const Setup blue = random_setup(*v, kBlue, rng);
    return initial_state(std::move(v), red, blue);
  }
};
static_assert(GameFamily<ClassicFamily>);

}  // namespace stratego
