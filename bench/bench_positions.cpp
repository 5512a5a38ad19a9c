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

namespace {

// A random one of the moves that satisfy pred, or none.
template <class Pred>
Move random_fit(const MoveList& list, Rng& rng, Pred pred) {
  std::vector<Move> fits;
  for (Move m : list)
    if (pred(m)) fits.push_back(m);
  return fits.empty() ? Move() : fits[rng.below(std::uint32_t(fits.size()))];
}

// The chasers' choice: evade the last move's threat, else threaten, else anything.
Move chasers_move(const State& s, const MoveList& list, Rng& rng) {
  const Geometry& g = s.geometry();
  const Side us = s.side_to_move();
  const auto quiet = [&](Move m) { return m.is_normal() && s.at(m.to()) == kNoPiece; };
  Bitboard threatened = 0;  // our pieces next to where the last move's piece stands now
  if (!s.history().empty()) {
    const PlyRecord& last = s.history().back();
    const bool survived = last.target == kNoPiece || last.outcome == Outcome::kAttackerWins;
    if (last.move.is_normal() && survived)
      threatened = g.neighbours(square_bb(last.move.to())) & s.side_bb(us);
  }
  Move m = random_fit(list, rng, [&](Move x) { return quiet(x) && test(threatened, x.from()); });
  if (m.is_none())
    m = random_fit(list, rng, [&](Move x) {
      return quiet(x) && (g.neighbours(square_bb(x.to())) & s.side_bb(other(us))) != 0;
    });
  return m.is_none() ? list[int(rng.below(std::uint32_t(list.size)))] : m;
}

std::vector<State> chase_positions(const std::string& variant, std::size_t wanted,
                                   std::uint64_t seed) {
  auto v = std::make_shared<const Variant>(load_variant(variant));
  Rng rng(seed);
  std::vector<State> out;
  MoveList list;
  while (out.size() < wanted) {
    State s = initial_state(v, random_setup(*v, kRed, rng), random_setup(*v, kBlue, rng));
    for (int sq : squares(s.occupied()))
      if (piece_kind(s.at(sq)) != kFlag && rng.uniform01() < 0.85) s.remove(sq);
    for (int ply = 0; ply < 400 && !s.over() && out.size() < wanted; ++ply) {
      generate_moves(s, list);
      if (list.size == 0) break;
      if (s.chase_evaders() != 0) out.push_back(s);
      s.make(chasers_move(s, list, rng));
    }
  }
  return out;
}

}  // namespace

const std::vector<State>& chase_bench_positions(const std::string& variant) {
  static std::map<std::string, std::vector<State>> cache;
  auto it = cache.find(variant);
  if (it == cache.end()) it = cache.emplace(variant, chase_positions(variant, 1000, 2026)).first;
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
