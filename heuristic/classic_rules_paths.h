// Walking the board for the classic-family `rules` bot: the square some steps away in a
// direction, and least path costs from a square (how far a piece has to go to reach a target,
// or an enemy to reach our flag), with costs the caller chooses per square. Header-only: the
// cost rules are small lambdas that should inline.
//
// path_costs_from is the general, obvious search; target_path_costs gives the same costs for
// the one cost rule the bot asks for most (once per enemy target per decision, so once per
// ply of every policy play-out in the search) with whole bitboards per step, and the tests
// check the two against each other.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>

#include "engine/geometry.h"

namespace stratego::heuristic {

constexpr std::uint8_t kNoPath = 255;

// The square `steps` squares from sq in direction d, or -1 off the board (lakes included).
inline int step_from(const Geometry& g, int sq, Direction d, int steps = 1) {
  const int c = g.col(sq) + steps * ((d == kEast) - (d == kWest));
  const int r = g.row(sq) + steps * ((d == kNorth) - (d == kSouth));
  if (c < 0 || r < 0 || c >= g.width() || r >= g.height()) return -1;
  return g.square(c, r);
}

// Least path costs from `source` over the playable squares, kNoPath where none (a
// label-correcting search over a ring queue: each square is queued at most once at a time).
// leave(u) is the cost of stepping out of u, 0 where no path goes on through u.
template <typename Leave>
void path_costs_from(const Geometry& g, int source, std::array<std::uint8_t, 128>& dist,
                     Leave leave) {
  dist.fill(kNoPath);
  std::array<std::uint8_t, 128> ring{};
  std::array<bool, 128> queued{};
  int head = 0, size = 1;
  dist[source] = 0;
  ring[0] = std::uint8_t(source);
  queued[source] = true;
  while (size > 0) {
    const int u = ring[head];
    head = (head + 1) & 127;
    --size;
    queued[u] = false;
    const int step = leave(u);
    if (step == 0) continue;
    const int cost = std::min(dist[u] + step, int(kNoPath) - 1);
    for (Direction d : kDirections) {
      const int n = g.step(u, d);
      if (n < 0 || cost >= dist[n]) continue;
      dist[n] = std::uint8_t(cost);
      if (!queued[n]) {
        queued[n] = true;
        ring[(head + size) & 127] = std::uint8_t(n);
        ++size;
      }
    }
  }
}

// The costs of path_costs_from with leave(u) = 1 at the source and on empty squares, 3 on
// `slow` squares (pieces in the way that will move) and 0 on `stop` squares (a path may end
// there but not go on). Dial's algorithm over bitboards: the squares first reached at cost d
// are found together, and each one's neighbours join the level d + 1 or d + 3 (costs are
// capped at kNoPath - 1 as there). The search may end once every square of `wanted` has its
// cost; squares it did not reach by then are left at kNoPath.
inline void target_path_costs(const Geometry& g, int source, Bitboard stop, Bitboard slow,
                              std::array<std::uint8_t, 128>& dist, Bitboard wanted = ~Bitboard{0}) {
  dist.fill(kNoPath);
  constexpr int kCap = kNoPath - 1;
  const Bitboard source_bb = square_bb(source);
  stop &= ~source_bb;
  slow &= ~(source_bb | stop);
  std::array<Bitboard, 4> level{source_bb, 0, 0, 0};  // by cost modulo 4 (steps are 1 or 3)
  Bitboard reached = 0;
  for (int d = 0; (level[0] | level[1] | level[2] | level[3]) != 0; ++d) {
    Bitboard& now = level[std::size_t(d & 3)];
    // A loop only at the cap, where further steps cost nothing more.
    for (Bitboard fresh = now & ~reached; fresh; fresh = now & ~reached) {
      now = 0;
      reached |= fresh;
      for (int sq : squares(fresh)) dist[std::size_t(sq)] = std::uint8_t(d);
      level[std::size_t(std::min(d + 1, kCap) & 3)] |=
          g.neighbours(fresh & ~stop & ~slow) & ~reached;
      level[std::size_t(std::min(d + 3, kCap) & 3)] |= g.neighbours(fresh & slow) & ~reached;
    }
    if ((wanted & ~reached) == 0) return;
    now = 0;
  }
}

}  // namespace stratego::heuristic
