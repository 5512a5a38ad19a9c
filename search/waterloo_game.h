// Waterloo as the search sees it (the traits search/ismcts.h asks for): a world is a full
// WaterlooState from a determinization, played without the undo history; keys are
// Action::raw(). Chance events are real here: the die, Prussian draws, retreat cards.
#pragma once

#include <algorithm>
#include <cstdint>

#include "engine/rng.h"
#include "engine/waterloo/state.h"
#include "eval/waterloo_evaluation.h"
#include "search/params.h"

namespace stratego::search {

struct WaterlooGame {
  using World = waterloo::WaterlooState;
  static constexpr int kMaxActions = 4096;

  static bool over(const World& w) { return w.over(); }
  static bool is_chance(const World& w) { return w.is_chance(); }
  static int player(const World& w) { return w.current_player(); }
  static int legal(World& w, std::uint32_t* keys) {
    static thread_local waterloo::ActionList list;
    w.legal_actions(list);
    int n = 0;
    for (waterloo::Action a : list) keys[n++] = a.raw();
    return n;
  }
  static void apply(World& w, std::uint32_t key) { w.apply_unchecked(waterloo::Action::from_raw(key)); }
  static std::uint32_t sample_chance(const World& w, Rng& rng) {
    waterloo::Action out[64];
    double prob[64];
    const int n = std::min(64, w.chance_outcomes(out, prob, 64));
    double u = rng.uniform01();
    for (int i = 0; i < n - 1; ++i) {
      if (u < prob[i]) return out[i].raw();
      u -= prob[i];
    }
    return out[n - 1].raw();
  }
  // Every Waterloo decision point has an action (at least `end`); nothing to declare.
  static void no_moves(World&) {}
  static double value(const World& w, const Params& p) { return eval::waterloo_value(w, p.eval_scale); }
};

}  // namespace stratego::search
