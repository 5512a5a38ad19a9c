// Board geometry: size, blocked (lake) squares and the masks that make bitboard shifts safe.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "engine/bitboard.h"

namespace stratego {

enum Direction : int { kNorth, kEast, kSouth, kWest };
constexpr std::array<Direction, 4> kDirections{kNorth, kEast, kSouth, kWest};
constexpr Direction opposite(Direction d) { return Direction((d + 2) & 3); }

class Geometry {
 public:
  Geometry() = default;
  Geometry(int width, int height, Bitboard blocked);

  int width() const { return width_; }
  int height() const { return height_; }
  int num_squares() const { return width_ * height_; }
  Bitboard board() const { return board_; }
  Bitboard blocked() const { return blocked_; }
  // Squares a piece may stand on: on the board and not blocked.
  Bitboard playable() const { return playable_; }
  Bitboard row_bb(int row) const;
  Bitboard not_first_col() const { return not_first_col_; }
  Bitboard not_last_col() const { return not_last_col_; }

  int square(int col, int row) const { return row * width_ + col; }
  int col(int sq) const { return sq % width_; }
  int row(int sq) const { return sq / width_; }
  // Signed index step of one move in direction d.
  int delta(Direction d) const { return delta_[d]; }
  // The playable square one step from sq in direction d, or -1 (off the board or blocked).
  int step(int sq, Direction d) const { return steps_[std::size_t(sq)][d]; }

  // Every square one step from a square of b in direction d that is on the board and not
  // blocked. The edge masks stop east/west shifts from wrapping into the next row.
  Bitboard shift(Bitboard b, Direction d) const {
    switch (d) {
      case kNorth:
        return (b << width_) & playable_;
      case kSouth:
        return (b >> width_) & playable_;
      case kEast:
        return ((b & not_last_col_) << 1) & playable_;
      default:
        return ((b & not_first_col_) >> 1) & playable_;
    }
  }
  Bitboard neighbours(Bitboard b) const {
    return shift(b, kNorth) | shift(b, kSouth) | shift(b, kEast) | shift(b, kWest);
  }

  // "a1" style names: column letter from the left, row number from the bottom.
  std::string square_name(int sq) const;
  std::optional<int> parse_square(std::string_view name) const;

 private:
  int width_ = 0, height_ = 0;
  Bitboard board_ = 0, blocked_ = 0, playable_ = 0;
  Bitboard not_first_col_ = 0, not_last_col_ = 0;
  std::array<int, 4> delta_{};
  std::array<std::array<std::int8_t, 4>, 128> steps_{};
};

}  // namespace stratego
