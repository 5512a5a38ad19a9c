// Legal move generation into a caller-owned list (C-4, C-6, V-3, V-4, V-5, CW-3, CW-4).
#pragma once

#include "engine/move.h"
#include "engine/state.h"

namespace stratego {

// Every legal move of the side to move; none once the game is over. An empty list for a game
// that is not over means the side to move has lost (C-7.2).
void generate_moves(const State& s, MoveList& list);

// Moves by piece movement alone, before the repetition rules (C-6.1, C-6.2) remove any.
void generate_pseudo_moves(const State& s, MoveList& list);

// Why a pseudo-legal move is forbidden by a repetition rule, or nullptr if it is not.
const char* repetition_violation(const State& s, Move m);

// Membership test for moves from outside (protocol, records): true if m is legal now.
bool is_legal(const State& s, Move m);

}  // namespace stratego
