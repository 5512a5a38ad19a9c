// Zobrist keys: one per (side, kind, square) and one for the side to move. A position's hash
// covers every piece on its square and who moves; without the side-to-move key it is what
// C-6.2 compares, the board (State::board_hash).
#pragma once

#include <array>
#include <cstdint>

#include "engine/bitboard.h"
#include "engine/piece.h"

namespace stratego {

struct ZobristKeys {
  std::array<std::array<std::uint64_t, kMaxSquares>, 2 * 16> piece{};  // index: Piece value
  // Every real kind of either side has a row (kUnknown, only ever in views, is never hashed).
  static_assert(make_piece(kBlue, Kind(kNumKinds - 1)) < 2 * 16);
  std::uint64_t blue_to_move = 0;
};

constexpr ZobristKeys make_zobrist_keys() {
  ZobristKeys keys;
  std::uint64_t x = 0x5354524154454730ull;  // splitmix64, fixed seed: hashes are stable
  auto next = [&x] {
    std::uint64_t z = (x += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  };
  for (auto& row : keys.piece)
    for (auto& k : row) k = next();
  keys.blue_to_move = next();
  return keys;
}

inline constexpr ZobristKeys kZobrist = make_zobrist_keys();

}  // namespace stratego
