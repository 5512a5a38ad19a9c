// The fixed position sets the engine benchmarks run over: every 7th position of seeded random
// games, so the same build always measures the same positions.
#pragma once

#include <string>
#include <vector>

#include "engine/state.h"

namespace stratego {

std::vector<State> bench_positions(const std::string& variant, int games, std::uint64_t seed);

// The set every benchmark of a variant's positions uses (40 games, seed 2026), made once.
const std::vector<State>& fixed_bench_positions(const std::string& variant);

}  // namespace stratego
