// Walking the board for the classic-family `rules` bot: the square some steps away in a
// direction, and least path costs from a square (how far a piece has to go to reach a target,
// or an enemy to reach our flag), with costs the caller chooses per square. Header-only: the
// cost rules are small lambdas that should inline.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>

#include "engine/geometry.h"

namespace stratego::bots {

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

}  // namespace stratego::bots
