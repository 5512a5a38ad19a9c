// The board as text for people: a grid with coordinates, one 4-character cell per square.
// Cells: " R9 " Red General, "R10 " Red Marshal, " bS " Blue Spy, " bB " Bomb, " bF " Flag,
// " b? " a piece whose kind the viewer does not know, " ~~ " lake, "  . " empty; the Clone Wars
// powered pieces (CW-2a): "R6A " the Anger Captain, "b7R " the Ranged Major.
// With colour, Red and Blue cells are drawn in red and blue (ANSI escapes).
#pragma once

#include <string>

#include "engine/state.h"
#include "engine/view.h"

namespace stratego {

std::string render_board(const State& s, bool colour = false);
std::string render_view(const View& v, bool colour = false);
// A kind as the boards write it in a cell: "F", "B", "S", "?", "6A" (CW-3), "7R" (CW-4), or
// its rank ("10").
std::string kind_code(Kind k);
// "Marshal (10)", "Spy (1)", "Bomb", "?" for kUnknown.
std::string kind_label(Kind k);

}  // namespace stratego
