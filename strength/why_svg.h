// The "why" of a set-up as an SVG picture (in the style of tools/belief_svg.cpp): the set-up
// area three times, as its owner sees it (row 1 at the bottom): how often each piece was lost
// by ply 100, how often the enemy saw its kind by ply 100, and the squares the enemy came
// through to the flag in lost games; each square shaded by its share and labelled with the
// piece and the per cent.
#pragma once

#include <string>

#include "strength/why.h"

namespace stratego::strength {

std::string why_svg(const Why& w, const Variant& v, const std::string& title);

}  // namespace stratego::strength
