// Why a set-up scores what it does, square by square, from the traces of its games
// (strength/trace.h): how often the piece on each square was lost and revealed by ply 50, 100
// and 200, and to which enemy kind it fell most; and, in the games its flag was taken, which
// squares of the set-up area the capturing piece came through. A short text summary names
// the weak spots; strength/why_svg.h draws the same as a heat map.
#pragma once

#include <array>
#include <map>
#include <string>
#include <vector>

#include "engine/variant.h"
#include "strength/store.h"

namespace stratego::strength {

inline constexpr std::array<int, 3> kWhyPlies = {50, 100, 200};

struct SquareWhy {
  char letter = 'A';                 // the set-up letter on this square ('A' empty)
  std::array<int, 3> lost_by{};      // games with the piece lost by ply 50, 100, 200
  std::array<int, 3> revealed_by{};  // ... its kind seen by the enemy
  int lost = 0;                      // lost at any time
  std::map<char, int> takers;        // letter of the enemy kind that took it -> games
  int on_route = 0;                  // flag losses whose capturer came through this square
};

struct Why {
  int games = 0, flag_losses = 0;
  std::vector<SquareWhy> squares;  // by set-up index
  // Flag losses by the capturer's last two squares before the flag ("d2-d1"; one square if
  // it came straight from outside the set-up area).
  std::map<std::string, int> approaches;
};

Why why_of(Store& store, const Variant& v, const Candidate& c, int games = -1);

// The set-up square name of set-up index i (the owner's view as Red: row 1 is his back row).
std::string setup_square_name(const Variant& v, int i);

// A few lines: how often the flag fell and through where, the pieces lost earliest and most
// often, and those revealed most.
std::string why_summary(const Why& w, const Variant& v);
// One line per occupied square: lost / revealed by ply 50/100/200 (per cent), main taker.
std::string why_table(const Why& w, const Variant& v);

}  // namespace stratego::strength
