#include "bench/bench_positions.h"

#include <map>

#include "engine/movegen.h"
#include "engine/setup.h"
#include "engine/variant_loader.h"

namespace stratego {

std::vector<State> bench_positions(const std::string& variant, int games, std::uint64_t seed) {
  auto v = std::make_shared<const Variant>(load_variant(variant));
  Rng rng(seed);
  std::vector<State> out;
  MoveList list;
  for (int g = 0; g < games; ++g) {
    State s = initial_state(v, random_setup(*v, kRed, rng), random_setup(*v, kBlue, rng));
    for (int ply = 0; !s.over(); ++ply) {
      generate_moves(s, list);
      if (list.size == 0) break;
      if (ply % 7 == 0) out.push_back(s);
      s.make(list[int(rng.below(std::uint32_t(list.size)))]);
    }
  }
  return out;
}

const std::vector<State>& fixed_bench_positions(const std::string& variant) {
  static std::map<std::string, std::vector<State>> cache;
  auto it = cache.find(variant);
  if (it == cache.end()) it = cache.emplace(variant, bench_positions(variant, 40, 2026)).first;
  return it->second;
}

ObservedGame observed_random_game(std::uint64_t seed, const std::string& variant) {
  auto v = std::make_shared<const Variant>(load_variant(variant));
  Rng rng(seed);
  State s = initial_state(v, random_setup(*v, kRed, rng), random_setup(*v, kBlue, rng));
  ObservedGame r{make_view(s, kRed), {}, {}};
  MoveList list;
  while (!s.over() && r.moves.size() < 200) {
    generate_moves(s, list);
    if (list.size == 0) break;
    s.make(list[int(rng.below(std::uint32_t(list.size)))]);
    r.moves.push_back(observe(s, s.history().back(), kRed));
    r.views.push_back(make_view(s, kRed));
  }
  return r;
}

}  // namespace stratego
