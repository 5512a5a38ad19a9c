// Text for a person playing Stratego Waterloo in the terminal (`stratego play`): the board
// as that player sees it (W-15), turned so his own back row is at the bottom, the state of
// the battle in words (turn and clock, actions left, cards, reserves, captured pieces, the
// line-of-retreat card, Prussians, a melee or card in progress) and each step with its die
// roll and what it showed. Built only from the player's WaterlooView and ObservedSteps, so it
// cannot leak hidden strengths. engine/waterloo/board_text.h is the referee's version.
#pragma once

#include <string>

#include "engine/bitboard.h"
#include "engine/waterloo/observation.h"
#include "engine/waterloo/view.h"

namespace stratego::play {

// "Allies" for Red, "French" for Blue.
std::string army_title(Side s);
// The early-start choice, the card draft, the set-ups and the retreat cards: no piece moves yet.
bool before_battle(waterloo::Phase p);
// Squares carry a terrain mark ('#' building, '^' hill, '%' village, '~' mud, '+' Prussian
// flag square) and the piece as a unit token: class letter and strength, upper case Allied,
// lower case French, '*' Prussian, '?' a strength the viewer has not seen, "-1" weakened.
std::string render_player_board(const waterloo::WaterlooView& v, bool colour,
                                Bitboard highlight = 0);
// The short key shown under the board once a game (and on `board`): class letters, how a
// token reads, terrain marks; every line within 80 columns.
std::string waterloo_legend();
// The long legend of `legend`/`key`: waterloo_legend() and the key of the view's rules.
std::string legend(const waterloo::WaterlooView& v);
// What the phase asks of the player in words, e.g. "Battle Lust: play the card for this melee?
// (W-12.7)"; empty in the action phase and before the battle.
std::string phase_hint(const waterloo::WaterlooView& v);
// Several lines: turn, clock, who acts and actions left, then per side reserve, captured,
// cards and line of retreat, then buildings, Prussians and whatever is in progress; lines
// longer than 80 columns are broken (fit_lines of play/waterloo_words.h).
std::string status_text(const waterloo::WaterlooView& v);
// A side's line-of-retreat card as status_text writes it: "sector e-h" (its columns),
// "hidden" or "not drawn yet".
std::string retreat_text(const waterloo::WaterlooView& v, Side s);
// One step as the viewer saw it, e.g. "French: attacked e6 from e5 (e5xe6/n); shown i3 on
// e5, I3 on e6; captured I3 on e6", "Die roll red+: the Allied piece wins and
// attacks on (W-5.6)".
std::string describe_step(const waterloo::ObservedStep& o, Side viewer, const Geometry& g);
// The squares a step's token names (its last move), to highlight on the board.
Bitboard step_squares(const waterloo::ObservedStep& o, const Geometry& g);

}  // namespace stratego::play
