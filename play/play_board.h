// Text for a person playing a classic-family game in the terminal (`stratego play`): the
// board as that player sees it, captured pieces and each move with its combat result in
// words. Unlike engine/board_text.h (the referee's board, for logs) it sets own pieces apart
// from enemy ones without colour, turns the board so the player's own pieces are at the
// bottom, and shows only what the player's View holds, so it cannot leak hidden ranks.
#pragma once

#include <string>
#include <string_view>

#include "engine/bitboard.h"
#include "engine/view.h"

namespace stratego::play {

// ANSI escapes: only ever written when colour is on.
namespace ansi {
inline constexpr const char* kRed = "\x1b[1;31m";
inline constexpr const char* kBlue = "\x1b[1;34m";
inline constexpr const char* kLake = "\x1b[36m";
inline constexpr const char* kDim = "\x1b[2m";
inline constexpr const char* kBold = "\x1b[1m";
inline constexpr const char* kInverse = "\x1b[7m";
inline constexpr const char* kReset = "\x1b[0m";
}  // namespace ansi
// text wrapped in the escape when colour is on, text itself otherwise.
std::string paint(std::string_view text, const char* code, bool colour);
inline const char* side_colour(Side s) { return s == kRed ? ansi::kRed : ansi::kBlue; }

// The board of v for its viewer: column letters and row numbers, own pieces by rank ("9",
// "S", "B", "F", "6A"), with '*' when the enemy knows the piece; enemy pieces in brackets:
// "[?]" unknown, "[?]'" unknown and has moved, "[5]" revealed; "~~" lake, "." empty.
// Squares in `highlight` (the last enemy move) are shown inverted when colour is on.
std::string render_player_board(const View& v, bool colour, Bitboard highlight = 0);
// The key to the cells above, one line.
std::string board_legend();
// The legend `legend`/`key` prints: for classic, board_legend() (play_board_waterloo.h has
// Waterloo's).
std::string legend(const View& v);
// "Captured: yours Captain (6), Scout (2) x2; theirs Miner (3), 1 face down".
std::string captured_text(const View& v);
// One move as the viewer saw it, e.g. "b4xb5: your Captain (6) beat their Lieutenant (5)",
// "g7-g6: Blue moved a piece", "R:E@b2: you rescued your Miner (3) onto b2".
std::string describe_move(const ObservedMove& m, Side viewer, const Geometry& g);

}  // namespace stratego::play
