// One-line position notation for a full state and for one player's view; both round-trip
// exactly (see docs/formats.md). Fields, separated by single spaces:
//   [red-view|blue-view]  only for a view
//   variant spec          e.g. classic+silent-defence
//   board                 rows from the top row down, separated by '/'; in a row, from column a:
//                         a number = that many empty squares, '_' = a lake square, a letter =
//                         a piece (Red upper case, Blue lower case, letters as in setup.h;
//                         X/x = a piece whose kind the viewer does not know), each followed by
//                         optional markers: ' moved, ! revealed, ^ has rescued (V-5)
//   side to move          r or b
//   moves played          integer (C-7.4 counts these); with a no-attack limit (C-6.3) also
//                         /moves without an attack: 57/12
//   two-squares runs      red,blue; each '-' or from square, to square and count: a4a5:2;
//                         with border runs (C-6.3) then /borders crossed: a4a6:3/a4a6/a4a6
//   captured              red,blue; each '-' or the captured pieces' letters (in that side's
//                         case); a letter followed by '?' was captured silently (V-6); in a
//                         view, enemy pieces captured silently are X/x
//   rescues used          red,blue
//   pending decision      '-', the square of the piece that earned a rescue (V-5), or
//                         A<wins>@<square>: the Anger piece there won that many attacks this
//                         turn and decides whether to attack again (CW-3), e.g. A2@e6
//   result                '-' or winner:reason, e.g. red:flag-captured, draw:move-limit
// The chase history (C-6.2) is not part of a position, as FEN holds no repetition history: a
// position read from notation starts with no chase in progress.
#pragma once

#include <string>
#include <string_view>

#include "engine/state.h"
#include "engine/view.h"

namespace stratego {

std::string to_notation(const State& s);
std::string to_notation(const View& v);
// Both throw InputError naming the field (and square) that is wrong.
State parse_state(std::string_view text);
View parse_view(std::string_view text);
// The same with the variant already known (the bot protocol: inline variants, and no reload
// per line): the variant field is read as a word and not loaded.
View parse_view(std::string_view text, std::shared_ptr<const Variant> variant);

}  // namespace stratego
