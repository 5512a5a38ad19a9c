// The fixed position sets the engine benchmarks run over: every 7th position of seeded random
// games, so the same build always measures the same positions.
#pragma once

#include <string>
#include <vector>

#include "engine/state.h"
#include "engine/view.h"

namespace stratego {

std::vector<State> bench_positions(const std::string& variant, int games, std::uint64_t seed);

// The set every benchmark of a variant's positions uses (40 games, seed 2026), made once.
const std::vector<State>& fixed_bench_positions(const std::string& variant);

// 1,000 positions with a chase on (C-6.2: the last move evaded a threat), from
// seeded games of few pieces (each side's pieces thinned to about 15%) in which a side moves a
// threatened piece away when it can and otherwise steps next to an enemy piece when it can.
// Made once per variant.
const std::vector<State>& chase_bench_positions(const std::string& variant);

// Red's observation of a classic game of uniformly random moves from random set-ups (seeded),
// at most 200 moves: the view before the first move, each move as Red saw it, the view after it.
struct ObservedGame {
  View start;
  std::vector<ObservedMove> moves;
  std::vector<View> views;  // after each move
};
ObservedGame observed_random_game(std::uint64_t seed, const std::string& variant = "classic");

}  // namespace stratego
