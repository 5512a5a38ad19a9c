// A Waterloo board as text for people (`stratego selfplay`, logs): pieces with class and
// strength (unit tokens of notation.h), terrain, reserves, the turn and clock time, actions,
// cards, captured pieces and the result. Not a format: nothing reads it back.
#pragma once

#include <string>
#include <vector>

#include "engine/waterloo/view.h"

namespace stratego::waterloo {

// Each square is a terrain mark and the piece: '#' building, '^' hill, '%' village, '~' mud,
// '+' Prussian flag square, ' ' open ground; a destroyed building or village shows as ' '.
// The terrain of square sq as one character: '#' building, '^' hill, '%' village, '~' mud,
// '+' a Prussian flag square, ' ' open ground (or a destroyed building, W-10.3).
char terrain_mark(const WaterlooView& v, int sq);
std::string render_board(const WaterlooView& v);
// A piece without the markers only a machine needs (who has seen it, its last attack), its
// damage as "-1": "H5-1".
std::string short_token(SeenUnit u);
// One side's pieces of a pile, counted: " 2xI3 C4", or " -" if none.
std::string pile_text(const std::vector<SeenUnit>& pile, Side side);
std::string render_board(const WaterlooState& s);  // the referee's board: nothing hidden

}  // namespace stratego::waterloo
