// Perft: the number of legal move paths of a given length from a position, with full
// information (every piece's kind known). It pins move generation and make/unmake down to
// exact numbers that a rule change or a bug shows at once (tests/perft_test.cpp).
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "engine/move.h"
#include "engine/state.h"

namespace stratego {

// Legal move paths of `depth` plies. Every decision is a ply, so a V-5 rescue (or its
// decline) counts as a ply of its own after the move that earned it, and so does each
// follow-up attack of a CW-3 Anger chain and its stop. A path ends early, and
// is not counted, when the game ends before `depth` plies (flag taken, C-7.2, C-7.3, move
// limit). depth 0 gives 1. s is changed during the count and restored before returning.
std::uint64_t perft(State& s, int depth);

// perft(s, depth) split by the first move, in generation order; the counts sum to perft.
std::vector<std::pair<Move, std::uint64_t>> perft_divide(State& s, int depth);

}  // namespace stratego
