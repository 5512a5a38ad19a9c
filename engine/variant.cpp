#include "engine/variant.h"

namespace stratego {

int Variant::army_size() const {
  int n = 0;
  for (int c : army) n += c;
  return n;
}

Bitboard Variant::setup_zone(Side s) const {
  Bitboard zone = 0;
  for (int r = 0; r < setup_rows; ++r) zone |= geometry.row_bb(s == kRed ? r : height - 1 - r);
  return zone & geometry.playable();
}

}  // namespace stratego
