// A variant definition: everything that differs between games of the classic family, as data.
// Loaded from `variants/*.variant` files (see docs/variants.md for every key).
#pragma once

#include <array>
#include <string>
#include <vector>

#include "engine/geometry.h"
#include "engine/piece.h"
#include "engine/waterloo/rules.h"

namespace stratego {

inline constexpr int kMaxBorderRun = 5;  // C-6.3: the largest two_squares_limit with border runs

struct Variant {
  std::string spec;         // how it was asked for, e.g. "classic+silent-defence"
  std::string name;         // the base file's name key
  std::string description;  // one line for listings
  std::string notes;        // what is not implemented or assumed, shown by `check` and listings
  Family family = Family::kClassic;  // which rules engine plays it (key `family`)
  waterloo::Rules waterloo;          // family waterloo only (keys `waterloo_*`)

  int width = 10;
  int height = 10;
  Bitboard lakes = 0;
  int setup_rows = 4;      // C-1.2: each side's rows from its back edge
  bool setup_fill = true;  // C-3.1: the army fills every set-up square
  std::array<int, kNumKinds> army{};

  int two_squares_limit = 3;  // C-6.1: N; 0 switches the rule off
  bool chase_rule = true;     // C-6.2
  bool border_runs = false;   // C-6.3: C-6.1 counted on borders
  int no_attack_limit = 0;    // C-6.3: drawn after this many moves without an attack; 0: never
  int move_limit = 2000;      // C-7.4: plies of both players; 0 means none

  bool attacker_advantage = false;  // V-1
  bool exploding_bombs = false;     // V-2
  bool moving_bombs = false;        // V-3
  bool moving_flag = false;         // V-4
  bool rescue = false;              // V-5
  int rescue_limit = 2;             // V-5: rescues per player
  bool silent_defence = false;      // V-6
  bool captain_two_step = false;    // C-4.5 (Ultimate Lightning)

  Geometry geometry;  // derived from width, height and lakes

  int army_size() const;
  // Squares of a side's set-up zone (C-1.2), lakes excluded.
  Bitboard setup_zone(Side s) const;
  // Row index of a side's own back row and of the enemy's back row.
  int back_row(Side s) const { return s == kRed ? 0 : height - 1; }
  bool can_move(Kind k) const {
    if (k == kFlag) return moving_flag;
    if (k == kBomb) return moving_bombs;
    return true;
  }
  // A kind that may move but never attacks (V-3 bombs, V-4 flag).
  bool can_attack(Kind k) const { return k != kFlag && k != kBomb; }
};

}  // namespace stratego
