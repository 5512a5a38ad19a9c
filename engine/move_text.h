// Moves as text: "a4-a5" for a move or attack (an attack is the same token: the state knows
// what stands on the target), "R:E@b2" for a V-5 rescue of kind letter E onto b2 (letters as in
// setup.h), "R:-" for declining a rescue.
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
