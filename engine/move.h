// A move in 16 bits:
//   bits 0-6   from square (for a rescue: the kind returned to the board)
//   bits 7-13  to square
//   bits 14-15 tag: 0 move or attack; 1 rescue (V-5);
//              2 decline a rescue when from == to (both written 0), otherwise a follow-up
//                attack of the Anger piece (CW-3);
//              3 end the Anger piece's turn (CW-3) when from == to (both written 0),
//                otherwise a ranged attack (CW-4).
// The tags double up so that six kinds of decision keep the 16-bit layout: a decision without
// squares is told from one with squares by from == to, which no move with squares has.
// Move 0 (a1 to a1) is no move at all and serves as "none".
#pragma once

#include <cstdint>

#include "engine/fixed_list.h"
#include "engine/piece.h"

namespace stratego {

enum class MoveType : std::uint8_t {
  kNormal = 0,
  kRescue = 1,
  kDeclineRescue = 2,
  kAngerAttack = 3,  // CW-3: the Anger piece attacks again, from where its last attack won
  kAngerStop = 4,    // CW-3: the Anger piece attacks no more this turn
  kRanged = 5,       // CW-4: attack up to two squares away without moving
};

class Move {
 public:
  constexpr Move() = default;
  constexpr static Move normal(int from, int to) { return Move(std::uint16_t(from | to << 7)); }
  constexpr static Move rescue(Kind k, int to) {
    return Move(std::uint16_t(k | to << 7 | 1 << 14));
  }
  constexpr static Move decline_rescue() { return Move(std::uint16_t(2 << 14)); }
  constexpr static Move anger_attack(int from, int to) {
    return Move(std::uint16_t(from | to << 7 | 2 << 14));
  }
  constexpr static Move anger_stop() { return Move(std::uint16_t(3 << 14)); }
  // The move whose raw() is bits (search trees store moves as integers).
  constexpr static Move from_raw(std::uint16_t bits) { return Move(bits); }
  constexpr static Move ranged(int from, int to) {
    return Move(std::uint16_t(from | to << 7 | 3 << 14));
  }

  constexpr int from() const { return bits_ & 127; }
  constexpr int to() const { return (bits_ >> 7) & 127; }
  constexpr Kind rescued_kind() const { return Kind(bits_ & 127); }
  constexpr MoveType type() const {
    switch (bits_ >> 14) {
      case 0:
        return MoveType::kNormal;
      case 1:
        return MoveType::kRescue;
      case 2:
        return from() == to() ? MoveType::kDeclineRescue : MoveType::kAngerAttack;
      default:
        return from() == to() ? MoveType::kAngerStop : MoveType::kRanged;
    }
  }
  // A move of a piece from one square to another (C-4), the kind the repetition rules watch.
  constexpr bool is_normal() const { return (bits_ >> 14) == 0; }
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
using MoveList = FixedList<Move, kMaxMoves>;

}  // namespace stratego
