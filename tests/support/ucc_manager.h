// A small stand-in for the 2012 UCC competition manager, for tests of `stratego ucc-bot`: it
// holds the true game (kUccVariantSpec's rules), starts the programs that play either side
// (or plays a side itself at random), and talks to them as the manager does -- the start
// message, four set-up lines read, START, the opponent's confirmation and ten board lines
// before each move, every confirmation sent to both, QUIT at the end. Every reply is checked:
// set-ups must be legal and moves legal; the first failure ends the game and is reported.
#pragma once

#include <array>
#include <chrono>
#include <cstdint>
#include <string>

#include "engine/state.h"

namespace stratego::testing {

struct UccManagerGame {
  // Empty: the manager plays that side itself, uniformly at random from `seed`.
  std::array<std::string, 2> commands;
  std::uint64_t seed = 1;
  int max_plies = 4000;  // then QUIT with DRAW_DEFAULT, as the manager's turn limit
  std::chrono::milliseconds timeout{5000};
};

struct UccManagerResult {
  std::string failure;                       // empty if every message was right
  Result result;                             // the game's result (none when stopped by max_plies)
  int plies = 0;                             // moves made
  int attacks = 0;                           // of which attacks
  int long_scout_moves = 0;                  // moves over more than one square
  std::array<int, 2> exit_status{{-1, -1}};  // of each program after QUIT (-1: none)
};

UccManagerResult run_ucc_manager(const UccManagerGame& game);

}  // namespace stratego::testing
