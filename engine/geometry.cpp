#include "engine/geometry.h"

#include <charconv>

namespace stratego {

Geometry::Geometry(int width, int height, Bitboard blocked)
    : width_(width), height_(height), blocked_(blocked) {
  for (int sq = 0; sq < width * height; ++sq) board_ |= square_bb(sq);
  blocked_ &= board_;
  playable_ = board_ & ~blocked_;
  Bitboard first = 0, last = 0;
  for (int r = 0; r < height; ++r) {
    first |= square_bb(square(0, r));
    last |= square_bb(square(width - 1, r));
  }
  not_first_col_ = board_ & ~first;
  not_last_col_ = board_ & ~last;
  delta_ = {width, 1, -width, -1};
  for (auto& s : steps_) s.fill(-1);
  for (int sq = 0; sq < width * height; ++sq)
    for (Direction d : kDirections) {
      const Bitboard n = shift(square_bb(sq), d);
      if (n) steps_[std::size_t(sq)][d] = std::int8_t(lsb(n));
    }
}

Bitboard Geometry::row_bb(int row) const {
  Bitboard b = 0;
  for (int c = 0; c < width_; ++c) b |= square_bb(square(c, row));
  return b;
}

std::string Geometry::square_name(int sq) const {
  std::string name(1, char('a' + col(sq)));
  name += std::to_string(row(sq) + 1);
  return name;
}

std::optional<int> Geometry::parse_square(std::string_view name) const {
  if (name.size() < 2 || name[0] < 'a' || name[0] >= 'a' + width_) return std::nullopt;
  int row = 0;
  const char* end = name.data() + name.size();
  auto [ptr, ec] = std::from_chars(name.data() + 1, end, row);
  if (ec != std::errc() || ptr != end || row < 1 || row > height_) return std::nullopt;
  return square(name[0] - 'a', row - 1);
}

}  // namespace stratego
