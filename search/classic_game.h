// The classic family as the search sees it (the traits search/ismcts.h asks for): a world is
// an engine State with every kind filled in by a determinization; keys are Move::raw().
#pragma once

#include <cstdint>

#include "engine/movegen.h"
#include "engine/rng.h"
#include "engine/state.h"
#include "eval/classic_evaluation.h"
#include "search/params.h"

namespace stratego::search {

struct ClassicGame {
  using World = State;
  static constexpr int kMaxActions = 512;

  static bool over(const World& w) { return w.over(); }
  static bool is_chance(const World&) { return false; }
  static int player(const World& w) { return w.side_to_move(); }
  static int legal(World& w, std::uint32_t* keys) {
    MoveList list;
    generate_moves(w, list);
    int n = 0;
    for (Move m : list) keys[n++] = m.raw();
    return n;
  }
  static void apply(World& w, std::uint32_t key) { w.make(Move::from_raw(std::uint16_t(key))); }
  static std::uint32_t sample_chance(const World&, Rng&) { return 0; }
  static void no_moves(World& w) { w.declare_no_moves(); }
  static double value(const World& w, const Params& p) { return eval::classic_value(w, p.eval_scale); }
};

}  // namespace stratego::search
