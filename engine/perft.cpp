#include "engine/perft.h"

#include "engine/classic_family.h"

namespace stratego {

std::uint64_t perft(State& s, int depth) {
  Rng unused(0);  // classic has no chance events
  return perft<ClassicFamily>(s, depth, ChanceMode::kEnumerate, unused).paths;
}

std::vector<std::pair<Move, std::uint64_t>> perft_divide(State& s, int depth) {
  Rng unused(0);
  std::vector<std::pair<Move, std::uint64_t>> out;
  for (const auto& [m, c] : perft_divide<ClassicFamily>(s, depth, ChanceMode::kEnumerate, unused))
    out.emplace_back(m, c.paths);
  return out;
}

}  // namespace stratego
