// Stratego Waterloo in words, for a person who has not read the rules: what a piece is, what
// a terrain mark, a die face and a card mean, what each decision (an action token) does, and
// why a typed or clicked action is not legal now. The terminal player (`stratego play`) and the
// page of `stratego serve` both say it this way. Everything is built from the player's
// WaterlooView and the legal tokens, so it can say nothing the player may not know (W-15).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "engine/waterloo/view.h"

namespace stratego::play {

// "light infantry", "infantry", "light cavalry", "heavy cavalry", "artillery", "commander",
// "commander-in-chief".
std::string_view class_words(waterloo::UnitClass k);
// How far a class moves (W-3): "up to 3 squares, turning as it goes", ...
std::string_view class_moves(waterloo::UnitClass k);
// The letter of a class on the board (unit tokens of engine/waterloo/notation.h): L I C H A M K.
char class_letter(waterloo::UnitClass k);
// A piece as its viewer sees it: "Allied infantry, strength 3", "French heavy cavalry,
// strength 4 weakened by 1 (W-8.1)", "French light cavalry (or a commander), strength not seen",
// "Prussian infantry, strength unknown to both sides (W-9.1)", "your commander-in-chief
// (Wellington)".
std::string unit_words(const waterloo::SeenUnit& u);
// A tile's name from the variant file as people write it: "la-haye-sainte" -> "La Haye Sainte".
std::string tile_title(const std::string& name);
// The terrain marks of the board (engine/waterloo/board_text.h): '#' "building", '^' "hill",
// '%' "village", '~' "mud", '+' "Prussian flag square", ' ' "open ground".
std::string_view terrain_words(char mark);
// What the terrain does, with its rule: "infantry in a fully held building are 1 stronger;
// cavalry and artillery cannot enter; 4 hits destroy it (W-10.2, W-10.3)".
std::string_view terrain_rule(char mark);
// The die's faces (W-5.5), in the order of engine/waterloo/action.h: "blue", ..., "redR".
std::vector<std::string> die_faces();
// What a face means: "red+" -> "the Allied piece wins and attacks on (W-5.6)".
std::string die_face_words(std::string_view face);
// A card's name as people say it ("Battle Lust"), what it does and when it can be played.
struct CardWords {
  std::string_view title, what, when;
};
CardWords card_words(waterloo::CardKind k);
// The card named as in tokens ("battle-lust"), or false.
bool card_of_name(std::string_view name, waterloo::CardKind& out);

// One decision in words. `text` says it whole ("Attack the French infantry on d4 from d5",
// "Fire at e8", "Place I3 from the reserve on a10"); `group` is the same without its square
// for the decisions that name one square and are chosen on the board ("Place I3 from the
// reserve", "Look at an enemy piece"), else empty; `detail` adds what it does and its rule.
struct ChoiceWords {
  std::string text, group, detail;
};
ChoiceWords choice_words(std::string_view token, const waterloo::WaterlooView& v);

// The long key of `stratego play`'s `legend` command: each class and how it moves, each
// terrain mark and what it does, the die's faces and (if the variant has them) the cards; no
// line over 80 columns.
std::string waterloo_key(const waterloo::Rules& r);

// A step someone took, in words and the past tense, from its token alone (no view: the
// observer's news): "took the Initiative card", "attacked d4 from d5, starting on e4",
// "fired from e5 at e8",
// "placed I3 on a10", "ended the turn".
std::string step_words(std::string_view token, const Geometry& g);

// Every line of `text` longer than `width` broken at blanks, the rest indented by two.
std::string fit_lines(std::string_view text, std::size_t width = 80);

// The legal tokens with their words, one a line ("  e4xd4/s   attack the French infantry on
// d4 from d5"), those naming `square` only if given. Long lists are grouped by square as
// list_legal() writes them, with a line on how to see one square's in words.
std::string list_choices(const std::vector<std::string>& legal, const waterloo::WaterlooView& v,
                         int square = -1);

}  // namespace stratego::play
