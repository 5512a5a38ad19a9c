// A move in 16 bits:
//   bits 0-6   from square (for a rescue: the kind returned to the board)
//   bits 7-13  to square
//   bits 14-15 type: 0 move or attack, 1 rescue (V-5), 2 decline a rescue
// Move 0 (a1 to a1) is no move at all and serves as "none".
#pragma once

#include <cstdint>

#include "engine/piece.h"

namespace stratego {

enum class MoveType : std::uint8_t { kNormal = 0, kRescue = 1, kDeclineRescue = 2 };

class Move {
 public:
  constexpr Move() = default;
  constexpr static Move normal(int from, int to) { return Move(std::uint16_t(from | to << 7)); }
  constexpr static Move rescue(Kind k, int to) {
    return Move(std::uint16_t(k | to << 7 | 1 << 14));
  }
  constexpr static Move decline_rescue() { return Move(std::uint16_t(2 << 14)); }

  constexpr int from() const { return bits_ & 127; }
  constexpr int to() const { return (bits_ >> 7) & 127; }
  constexpr Kind rescued_kind() const { return Kind(bits_ & 127); }
  constexpr MoveType type() const { return MoveType(bits_ >> 14); }
  constexpr bool is_none() const { return bits_ == 0; }
  constexpr std::uint16_t raw() const { return bits_; }
  constexpr bool operator==(const Move&) const = default;
  constexpr bool operator<(const Move& o) const { return bits_ < o.bits_; }

 private:
  constexpr explicit Move(std::uint16_t bits) : bits_(bits) {}
  std::uint16_t bits_ = 0;
};

// Caller-owned storage for generated moves. 512 is far above the most moves any classic-family
// position allows (every scout lane open, rescues onto 40 squares).
constexpr int kMaxMoves = 512;
struct MoveList {
  Move moves[kMaxMoves];
  int size = 0;
  void push(Move m) { moves[size++] = m; }
  const Move* begin() const { return moves; }
  const Move* end() const { return moves + size; }
  Move operator[](int i) const { return moves[i]; }
};

}  // namespace stratego
