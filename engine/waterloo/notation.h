// One-line position notation for Waterloo: the full state (what the referee knows) and one
// player's view (W-15). Both round-trip exactly; the format is in docs/formats.md, "Waterloo".
//   [red-view|blue-view] VARIANT BOARD key=value ...
// BOARD lists rows from the top row down, separated by '/'; in a row, from column a, a number
// is that many empty squares and a unit token is a piece:
//   [*]<class letter><strength>[(<markers>)]
//   *        a Prussian piece
//   letter   L light infantry, I infantry, C light cavalry, H heavy cavalry, A artillery,
//            M commander, K commander-in-chief; upper case Red (Allied, Prussian), lower case
//            Blue (French). In a view a hidden commander is written as the LC it looks like.
//   strength printed strength, one digit (0 for artillery and commanders-in-chief); '?' hidden
//   markers  comma-separated: w<n> weakened by n (W-8.1), s<r|b|rb> strength seen by that
//            side, a<n> side-turn of its last attack (W-8.2)
// Units of the same army, class and printed strength are interchangeable: the notation does
// not say which of them is where, and reading assigns them in order (the engine treats them
// alike; only their written markers differ).
#pragma once

#include <string>
#include <string_view>

#include "engine/waterloo/state.h"
#include "engine/waterloo/view.h"

namespace stratego::waterloo {

// The letters of the four directions of a melee's last step (Direction order: n, e, s, w),
// as every Waterloo text format writes them.
inline constexpr std::string_view kDirectionLetters = "nesw";

std::string to_notation(const WaterlooState& s);
std::string to_notation(const WaterlooView& v);
// Both throw InputError naming the field (and square or token) that is wrong.
WaterlooState parse_state(std::string_view text);
WaterlooView parse_view(std::string_view text);
// The same with the variant already known (the bot protocol): the variant field is read as a
// word and not loaded.
WaterlooView parse_view(std::string_view text, std::shared_ptr<const Variant> variant);
// The state a full view describes (the second half of parse_state).
WaterlooState state_from_full_view(const WaterlooView& v);

// Unit tokens, as above. parse_unit_token reads one token at text[pos] and advances pos.
std::string unit_token(const SeenUnit& u);
SeenUnit parse_unit_token(std::string_view text, std::size_t& pos);

// Card letters: R reconnaissance, I initiative, C combined attack, L battle lust, B barrage.
constexpr char kCardLetters[kNumCardKinds] = {'R', 'I', 'C', 'L', 'B'};
std::string_view card_name(CardKind k);
std::string clock_of_turn(int turn);        // W-1.3: "11:00" for turn 1, "09:30" for turn -2  //
                                            // "reconnaissance", ... as in action tokens
std::string_view die_face_name(DieFace f);  // "blue", "red", "blue+", "red+", "blueR", "redR"
std::string_view pile_key(
    int pile);  // the notation's key of WaterlooView::piles[pile]: "reserve", ...

}  // namespace stratego::waterloo
