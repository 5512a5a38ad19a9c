// Moves as text: "a4-a5" for a move or attack (an attack is the same token: the state knows
// what stands on the target), "R:E@b2" for a V-5 rescue of kind letter E onto b2 (letters as in
// setup.h), "R:-" for declining a rescue, "A:e5-e6" for a follow-up attack of the Anger piece
// from e5 onto e6 (CW-3), "A:-" for the Anger piece stopping (CW-3), and "F:e4-e6" for the
// Ranged piece on e4 firing at e6 without moving (CW-4).
#pragma once

#include <string>
#include <string_view>

#include "engine/geometry.h"
#include "engine/move.h"

namespace stratego {

std::string move_to_text(Move m, const Geometry& g);
// Throws InputError naming the token and what is wrong; does not check legality.
Move parse_move(std::string_view text, const Geometry& g);

}  // namespace stratego
