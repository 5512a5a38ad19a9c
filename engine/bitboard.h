// 128-bit bitboards: one bit per square, square index = row * width + column (row 0 is the
// bottom row, column 0 is `a`). 128 bits hold every board of the family (10x10 and 12x10).
#pragma once

#include <bit>
#include <cstdint>

namespace stratego {

__extension__ typedef unsigned __int128 Bitboard;  // __extension__: quiet -Wpedantic

constexpr int kMaxSquares = 128;

constexpr Bitboard square_bb(int sq) { return Bitboard{1} << sq; }
constexpr bool test(Bitboard b, int sq) { return (b >> sq) & 1; }
constexpr std::uint64_t low64(Bitboard b) { return static_cast<std::uint64_t>(b); }
constexpr std::uint64_t high64(Bitboard b) { return static_cast<std::uint64_t>(b >> 64); }

constexpr int popcount(Bitboard b) { return std::popcount(low64(b)) + std::popcount(high64(b)); }

// Index of the lowest set bit; b must not be empty.
constexpr int lsb(Bitboard b) {
  const std::uint64_t lo = low64(b);
  return lo ? std::countr_zero(lo) : 64 + std::countr_zero(high64(b));
}

// Removes and returns the lowest set bit's index; b must not be empty.
constexpr int pop_lsb(Bitboard& b) {
  const int sq = lsb(b);
  b &= b - 1;
  return sq;
}

// Lets `for (int sq : squares(b))` walk the set bits from low to high.
struct SquareIterator {
  Bitboard rest;
  constexpr int operator*() const { return lsb(rest); }
  constexpr SquareIterator& operator++() {
    rest &= rest - 1;
    return *this;
  }
  constexpr bool operator!=(const SquareIterator& o) const { return rest != o.rest; }
};
struct SquareRange {
  Bitboard b;
  constexpr SquareIterator begin() const { return {b}; }
  constexpr SquareIterator end() const { return {0}; }
};
constexpr SquareRange squares(Bitboard b) { return {b}; }

}  // namespace stratego
