// What happened to one side's set-up in one game, square by square, read back from the game
// record: for every piece of the set-up (by its square in the set-up line) the ply at which
// the enemy first saw its kind and the ply at which it was lost, with the enemy kind that
// took it; and, when that side's flag was taken, the squares of its set-up area that the
// capturing piece came through on its way. These are the facts `analyze strength --why`
// aggregates (strength/why.h); they are stored per game, so an analysis can be re-read.
#pragma once

#include <string>
#include <vector>

#include "engine/record.h"

namespace stratego::strength {

struct GameTrace {
  // Per set-up square (index in the set-up line); -1: never (or no piece there).
  std::vector<int> revealed, lost;
  std::string taker;       // per set-up square: the letter of the kind that took it, '-' none
  std::vector<int> route;  // flag taken: set-up squares the capturer stood on, in order, then
                           // the flag's square; empty otherwise
  int plies = 0;
};

// Replays the record (classic family) and traces `side`'s set-up. Throws InputError if the
// record does not replay.
GameTrace trace_game(const GameRecord& r, Side side);

std::string trace_to_json(const GameTrace& t);
GameTrace trace_from_json(const std::string& text);

// The set-up square (index in a set-up line) of absolute square sq for `side`, or -1.
int setup_index_of(const Variant& v, Side side, int sq);
// The absolute square of set-up index i for `side`.
int square_of_setup_index(const Variant& v, Side side, int i);

}  // namespace stratego::strength
