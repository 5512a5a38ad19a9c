// Helpers for Waterloo tests and benchmarks: loading a variant, and playing uniformly random
// games (random legal set-ups, uniform legal decisions, chance sampled by its probabilities).
#pragma once

#include <memory>
#include <string>

#include "engine/rng.h"
#include "engine/variant_loader.h"
#include "engine/waterloo/state.h"

namespace stratego::waterloo::testing {

inline std::shared_ptr<const Variant> load(const std::string& spec) {
  return std::make_shared<const Variant>(load_variant(spec));
}

// One step of a random game: set-up, chance or decision. Returns the number of legal
// decisions it chose from (0 for set-up and chance).
inline int random_step(WaterlooState& s, Rng& rng, ActionList& list) {
  if (s.phase() == Phase::kSetup) {
    s.apply_setup(s.current_player(), s.random_setup(s.current_player(), rng));
    return 0;
  }
  if (s.is_chance()) {
    s.apply_random_chance(rng);
    return 0;
  }
  s.legal_actions(list);
  s.apply_unchecked(list[int(rng.below(std::uint32_t(list.size)))]);
  return list.size;
}

struct GameStats {
  long decisions = 0, generated = 0, steps = 0;
};

// Plays s to its end; returns what it took.
inline GameStats play_random(WaterlooState& s, Rng& rng, ActionList& list,
                             long max_steps = 200000) {
  GameStats st;
  while (!s.over() && st.steps < max_steps) {
    const int n = random_step(s, rng, list);
    ++st.steps;
    if (n > 0) {
      ++st.decisions;
      st.generated += n;
    }
  }
  return st;
}

}  // namespace stratego::waterloo::testing
