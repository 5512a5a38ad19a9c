// A slow, obvious legal move generator written from docs/rules.md alone, to check
// engine/movegen.cpp against (tests/movegen_differential_test.cpp, tests/perft_test.cpp).
// It walks a mailbox square by square with explicit (column, row) steps, resolves combat by
// its own reading of C-5 and V-1/V-2, and re-derives the repetition rules (C-6.1-C-6.3) by
// rebuilding past boards from State::history(). The Clone Wars powers (CW-3, CW-4) are in
// reference/powers.cpp; the Anger chain too is worked out from the history. It shares no code
// with the engine's generator and reads the State only through public queries. Speed does not
// matter here; clarity does.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "engine/move.h"
#include "engine/state.h"

namespace stratego::reference {

// The piece on every square (kNoPiece when empty), indexed row * width + column.
using Board = std::array<Piece, kMaxSquares>;

Board board_of(const State& s);

// The rank a kind fights with (C-5.2, CW-2a); not used for Flag and Bomb.
int rank(Kind k);

// C-5.2-C-5.5, V-1, V-2: who survives when `attacker` (fighting at `attacker_rank`, its rank
// unless CW-3 raised it) moves onto `defender`.
Outcome combat(Kind attacker, Kind defender, const Variant& v);
Outcome combat(Kind attacker, int attacker_rank, Kind defender, const Variant& v);

// The board after the normal move m is played on b (a move or an attack).
Board board_after(const Variant& v, const Board& b, Move m);

// Moves by piece movement alone (C-4, V-3, V-4) or the V-5 rescue decision, before the
// repetition rules remove any. Sorted.
std::vector<Move> pseudo_moves(const State& s);

enum class Rule { kNone, kTwoSquares, kChase };
// The repetition rule (C-6.1 first, then C-6.2) that forbids the pseudo-legal move m now.
// The history must reach back to a position without earlier runs or chases (a game played
// from its start, as every test here does), since the rules are re-derived from it alone.
Rule forbidding_rule(const State& s, Move m);

// pseudo_moves() without the moves a repetition rule forbids. Sorted.
std::vector<Move> legal_moves(const State& s);

// V-5: whether the side to move must now decide a rescue, worked out from the last move.
// Meaningful while the game is not over.
bool rescue_due(const State& s);

// --- the Clone Wars powers (reference_powers.cpp) ---

// CW-3 from the history alone: if the side to move's Anger piece has just won an attack this
// turn and may attack again, where it stands and how many attacks it has won this turn.
struct AngerChain {
  int square = -1;  // -1: no Anger decision is due
  int wins = 0;
};
AngerChain anger_chain(const State& s);
// The follow-up attacks onto the enemies next to the Anger piece, and the stop.
void add_anger_moves(const State& s, const AngerChain& chain, std::vector<Move>& out);
// CW-4: ranged attacks of the piece on `from` (which must be a Ranged piece).
void add_ranged_attacks(const State& s, int from, std::vector<Move>& out);
// The board after any legal decision m is made in s (a move, a power, a rescue, ...).
Board board_after(const State& s, Move m);

// perft (engine/perft.h) with legal_moves() in place of generate_moves().
std::uint64_t perft(State& s, int depth);

// For failure messages: "e2-e3", "rescue major@a1", "decline", "anger e5-e6", "stop",
// "ranged e4-e6"; and the board as text.
std::string move_text(const Variant& v, Move m);
std::string describe(const State& s);

}  // namespace stratego::reference
