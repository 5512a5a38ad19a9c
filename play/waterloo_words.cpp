#include "play/waterloo_words.h"

#include <algorithm>

#include "engine/error.h"
#include "engine/text_util.h"
#include "engine/waterloo/action_token.h"
#include "engine/waterloo/board_text.h"
#include "engine/waterloo/notation.h"
#include "play/play_input.h"

namespace stratego::play {
namespace {

using waterloo::Army;
using waterloo::CardKind;
using waterloo::SeenUnit;
using waterloo::UnitClass;
using waterloo::WaterlooView;

constexpr std::string_view kClassWords[waterloo::kNumClasses] = {
    "light infantry", "infantry",  "light cavalry",     "heavy cavalry",
    "artillery",      "commander", "commander-in-chief"};
constexpr char kClassLetter[waterloo::kNumClasses] = {'L', 'I', 'C', 'H', 'A', 'M', 'K'};
constexpr std::string_view kClassMoves[waterloo::kNumClasses] = {
    "up to 3 squares, turning as it goes (W-3.1)",
    "up to 2 squares, turning as it goes (W-3.1)",
    "any number of squares in one straight line (W-3.2)",
    "any number of squares in one straight line (W-3.2)",
    "1 square; it attacks only by firing straight ahead (W-3.1, W-6)",
    "as cavalry: any number of squares in one straight line (W-3.2)",
    "as cavalry: any number of squares in one straight line (W-3.2)"};

std::string_view army_words(Army a) {
  return a == Army::kFrench ? "French" : a == Army::kAllied ? "Allied" : "Prussian";
}

// W-2: the commanders by army (French, Allied, Prussian); the Prussians have no commander-in-chief.
constexpr std::string_view kCommanders[waterloo::kNumArmies] = {"Ney", "Uxbridge", "von Bülow"};
constexpr std::string_view kChiefs[waterloo::kNumArmies] = {"Napoleon", "Wellington", ""};

bool has_strength(UnitClass k) {
  return k != UnitClass::kArtillery && k != UnitClass::kCommanderInChief;
}

// "the French infantry (3)", "the French light cavalry": the short name a choice uses.
std::string unit_short(const SeenUnit& u) {
  std::string out =
      std::string("the ") + std::string(army_words(u.army)) + " " + std::string(class_words(u.cls));
  if (u.strength >= 0 && has_strength(u.cls))
    out += " (" + std::to_string(std::max(1, u.strength - u.damage)) + ")";
  return out;
}

std::string piece_on(const WaterlooView& v, int sq) {
  const auto& u = v.board[std::size_t(sq)];
  return u ? unit_short(*u) : std::string("the empty square");
}

std::string square(const WaterlooView& v, int sq) { return v.geometry().square_name(sq); }

// The tile of square sq (building, hill or village) in the variant, or -1.
int tile_of(const WaterlooView& v, int sq) {
  const auto& tiles = v.rules().tiles;
  for (std::size_t t = 0; t < tiles.size(); ++t)
    if (test(tiles[t].squares, sq)) return int(t);
  return -1;
}

std::string_view direction_words(char d) {
  switch (d) {
    case 'n':
      return "north";
    case 'e':
      return "east";
    case 's':
      return "south";
    default:
      return "west";
  }
}

Direction direction_of(char d) {
  const auto i = waterloo::kDirectionLetters.find(d);
  return i == std::string_view::npos ? kNorth : Direction(i);
}

std::string card_title(std::string_view name) {
  CardKind k;
  return card_of_name(name, k) ? std::string(card_words(k).title) : std::string(name);
}

ChoiceWords move_words(std::string_view token, const WaterlooView& v) {
  const Geometry& g = v.geometry();
  const auto sqs = squares_in(token, g);
  if (sqs.size() != 2) return {std::string(token), "", ""};
  const int from = sqs[0], to = sqs[1];
  const auto& mover = v.board[std::size_t(from)];
  const std::string who = mover ? std::string(class_words(mover->cls)) : std::string("piece");
  const auto slash = token.find('/');
  if (token.find('x') == std::string_view::npos || slash == std::string_view::npos ||
      slash + 1 >= token.size()) {
    ChoiceWords w{"Move the " + who + " from " + square(v, from) + " to " + square(v, to), "", ""};
    if (mover)
      w.detail = "Your " + unit_words(*mover) + " moves " + std::string(class_moves(mover->cls));
    return w;
  }
  const char d = token[slash + 1];
  const Direction dir = direction_of(d);
  const int via = g.step(to, opposite(dir));
  ChoiceWords w;
  w.text = "Attack " + piece_on(v, to) + " on " + square(v, to) +
           (via >= 0 ? " from " + square(v, via) : std::string());
  w.detail = "Your " + (mover ? unit_words(*mover) : std::string("piece")) + " on " +
             square(v, from) + " attacks " + piece_on(v, to) + ", its last step " +
             std::string(direction_words(d)) + ".";
  const auto& target = v.board[std::size_t(to)];
  if (target && target->cls == UnitClass::kArtillery) {
    const Direction facing = target->side() == kBlue ? kNorth : kSouth;
    w.detail += dir == opposite(facing)
                    ? " From the artillery's front: it stays and the attacker is removed, unless "
                      "the attacker is light infantry (W-5.3)."
                    : " From the side or behind: the artillery loses (W-5.3).";
  } else {
    w.detail += " The stronger wins; equal strengths roll the die (W-5).";
  }
  return w;
}

ChoiceWords one_square(std::string_view token, const WaterlooView& v, std::string_view prefix) {
  const auto sqs = squares_in(token, v.geometry());
  const int sq = sqs.empty() ? -1 : sqs.back();
  const std::string on = sq >= 0 ? square(v, sq) : std::string("?");
  const std::string piece = sq >= 0 ? piece_on(v, sq) : std::string("the piece");
  if (prefix == "place") {
    std::string unit(token.substr(6, token.rfind('@') - 6));
    std::string name = unit;
    try {
      name = unit_words(waterloo::placed_unit(token));
    } catch (const InputError&) {
    }
    return {"Place " + unit + " from the reserve on " + on, "Place " + unit + " from the reserve",
            unit + ": " + name + ". Placing a piece on your back row costs an action (W-7.3)."};
  }
  if (prefix == "off")
    return {"Take the weakened heavy cavalry on " + on + " off to recover",
            "Take a weakened heavy cavalry off to recover",
            "It sits out until your next turn, comes back at full strength to your reserve, and "
            "costs an action to place again; taking it off costs none (W-8.2)."};
  if (prefix == "save")
    return {"Save " + piece + " on " + on + " from the pursuit", "Save a piece from the pursuit",
            "Lift it off the board so the pursuer cannot capture it (W-13.5)."};
  if (prefix == "look")
    return {"Look at " + piece + " on " + on, "Look at an enemy piece",
            "Reconnaissance: up to four enemy pieces side by side; only you see them (W-12.4)."};
  return {"Attack " + piece + " on " + on + " next", "Choose the next target",
          "The winner inside a building picks which neighbour it attacks next (W-10.4)."};
}

// text in lines of at most `width` columns: the first line starts with `head` (padded to
// `indent`), the others with `indent` blanks.
std::string wrapped(const std::string& head, std::string_view text, std::size_t indent,
                    std::size_t width = 80) {
  std::string out, line = head + std::string(indent > head.size() ? indent - head.size() : 1, ' ');
  bool empty = true;
  for (std::string_view word : text::words(text)) {
    if (!empty && line.size() + 1 + word.size() > width) {
      out += line + "\n";
      line = std::string(indent, ' ');
      empty = true;
    }
    if (!empty) line += ' ';
    line += word;
    empty = false;
  }
  return out + line + "\n";
}

}  // namespace

std::string tile_title(const std::string& name) {  // "la-haye-sainte" -> "La Haye Sainte"
  std::string out;
  bool start = true;
  for (char c : name) {
    if (c == '-' || c == '_') {
      out += ' ';
      start = true;
      continue;
    }
    out += start && c >= 'a' && c <= 'z' ? char(c - 'a' + 'A') : c;
    start = false;
  }
  return out;
}

std::string_view class_words(UnitClass k) { return kClassWords[int(k)]; }
std::string_view class_moves(UnitClass k) { return kClassMoves[int(k)]; }
char class_letter(UnitClass k) { return kClassLetter[int(k)]; }

std::string unit_words(const SeenUnit& u) {
  std::string out = std::string(army_words(u.army)) + " " + std::string(class_words(u.cls));
  const bool seen = u.strength >= 0;
  if (u.cls == UnitClass::kCommander) out += " (" + std::string(kCommanders[int(u.army)]) + ")";
  if (u.cls == UnitClass::kCommanderInChief && !kChiefs[int(u.army)].empty())
    out += " (" + std::string(kChiefs[int(u.army)]) +
           "), who wins every attack it makes and "
           "loses every one made on it (W-5.2)";
  if (u.cls == UnitClass::kLightCavalry && !seen)
    out += " (or a commander, who looks the same, W-2)";
  if (u.cls == UnitClass::kArtillery) return out;
  if (u.cls == UnitClass::kCommanderInChief && seen) return out;
  if (!seen) {
    out += u.army == Army::kPrussian ? ", strength unknown to both sides until it fights (W-9.1)"
                                     : ", strength not seen";
  } else {
    out += ", strength " + std::to_string(u.strength);
  }
  if (u.damage > 0) {
    out += ", weakened by " + std::to_string(u.damage);
    if (seen) out += " to " + std::to_string(std::max(1, u.strength - u.damage));
    out += " (W-8.1)";
  }
  return out;
}

std::string_view terrain_words(char mark) {
  switch (mark) {
    case '#':
      return "building";
    case '^':
      return "hill";
    case '%':
      return "village";
    case '~':
      return "mud";
    case '+':
      return "Prussian flag square";
    default:
      return "open ground";
  }
}

std::string_view terrain_rule(char mark) {
  switch (mark) {
    case '#':
      return "infantry of the side holding all four squares are 1 stronger; cavalry and "
             "artillery can neither enter nor attack into it; fire hits the building, not the "
             "units inside, and 4 hits destroy it (W-10.2, W-10.3)";
    case '^':
      return "a piece on it is 1 stronger against an attacker from off the hill; artillery on "
             "it reaches 4 squares, also in the columns beside, over other pieces (W-10.5, "
             "W-10.6)";
    case '%':
      return "infantry on it are 1 stronger; anything may cross it; fire may aim at the "
             "village itself (W-10.7)";
    case '~':
      return "infantry and cavalry move one square in or into it; artillery cannot enter "
             "(W-14.3)";
    case '+':
      return "Prussian pieces arrive here from turn 12 (W-9.2)";
    default:
      return "no effect";
  }
}

std::vector<std::string> die_faces() {
  std::vector<std::string> out;
  for (int f = 0; f < waterloo::kNumDieFaces; ++f)
    out.emplace_back(waterloo::die_face_name(waterloo::DieFace(f)));
  return out;
}

std::string die_face_words(std::string_view face) {
  const std::string winner = face.substr(0, 3) == "red" ? "the Allied piece" : "the French piece";
  if (face.ends_with("+")) return winner + " wins and attacks on (W-5.6)";
  if (face.ends_with("R")) return winner + " wins; the loser retreats to its reserve";
  return winner + " wins";
}

CardWords card_words(CardKind k) {
  constexpr std::string_view kTurnStart =
      "as the first action of your turn, one card a turn; it costs that action (W-12.3)";
  switch (k) {
    case CardKind::kReconnaissance:
      return {"Reconnaissance",
              "look at up to four enemy pieces standing side by side; only you see them (W-12.4)",
              kTurnStart};
    case CardKind::kInitiative:
      return {"Initiative",
              "one action moves up to three different pieces, none of them attacking (W-12.5)",
              kTurnStart};
    case CardKind::kCombinedAttack:
      return {"Combined attack",
              "one action lets one infantry, one cavalry and one artillery piece attack in turn, "
              "the artillery by firing (W-12.6)",
              kTurnStart};
    case CardKind::kBattleLust:
      return {"Battle Lust", "one of your pieces is 1 stronger for one fight (W-12.7)",
              "when your piece attacks or is attacked and strengths decide, before they are "
              "shown, in either player's turn; it costs no action (W-12.7)"};
    case CardKind::kArtilleryBarrage:
      return {"Artillery barrage",
              "one action in which every artillery piece of a group standing side by side "
              "fires once (W-12.8)",
              kTurnStart};
  }
  return {"?", "", ""};
}

bool card_of_name(std::string_view name, CardKind& out) {
  for (int k = 0; k < waterloo::kNumCardKinds; ++k)
    if (waterloo::card_name(CardKind(k)) == name) {
      out = CardKind(k);
      return true;
    }
  return false;
}

ChoiceWords choice_words(std::string_view token, const WaterlooView& v) {
  const auto colon = token.find(':');
  const std::string_view prefix = token.substr(0, colon);
  const std::string_view rest = colon == std::string_view::npos ? "" : token.substr(colon + 1);
  auto card_detail = [](std::string_view name) {
    CardKind k;
    if (!card_of_name(name, k)) return std::string();
    const CardWords c = card_words(k);
    return std::string(c.title) + ": " + std::string(c.what) + ". Played " + std::string(c.when) +
           ".";
  };
  if (token == "end")
    return {"End your turn", "", "Actions not used are lost; the other side plays (W-7.4)."};
  if (token == "done")
    return {v.card.active ? "Stop the " + std::string(card_words(v.card.kind).title) + " card here"
                          : std::string("Stop here"),
            "", "What the card still allows is given up."};
  if (token == "early:yes")
    return {"Start the battle three turns early", "",
            "At 09:30: the French move first in every turn and 14 French pieces start in "
            "reserve (W-14.1)."};
  if (token == "early:no") return {"Start at 11:00 as usual", "", "No early start (W-14.1)."};
  if (token == "lust:yes")
    return {"Play Battle Lust: your piece is 1 stronger in this fight", "",
            card_detail("battle-lust")};
  if (token == "lust:no") return {"Do not play Battle Lust", "", card_detail("battle-lust")};
  if (prefix == "take") return {"Take the " + card_title(rest) + " card", "", card_detail(rest)};
  if (prefix == "discard")
    return {"Discard the " + card_title(rest) + " card", "", card_detail(rest)};
  if (prefix == "card") return {"Play " + card_title(rest), "", card_detail(rest)};
  if (prefix == "fire") {
    const auto sqs = squares_in(token, v.geometry());
    if (sqs.size() != 2) return {std::string(token), "", ""};
    const int to = sqs[1];
    if (token.ends_with(":building")) {
      const int t = tile_of(v, to);
      const std::string name =
          t >= 0 ? tile_title(v.rules().tiles[std::size_t(t)].name) : std::string("the building");
      return {"Fire at " + name + " on " + square(v, to), "",
              "A hit costs it one of its hit points; fire cannot hurt the units inside until it "
              "is destroyed (W-10.3)."};
    }
    return {"Fire at " + piece_on(v, to) + " on " + square(v, to), "",
            "Your artillery on " + square(v, sqs[0]) +
                " fires: the enemy piece is removed (light infantry never are) (W-6.2)."};
  }
  if (prefix == "place" || prefix == "off" || prefix == "save" || prefix == "look" ||
      prefix == "target")
    return one_square(token, v, prefix);
  return move_words(token, v);
}

std::string waterloo_key(const waterloo::Rules& r) {
  std::string out = "Pieces (an enemy piece shows only its class until a fight shows it, W-15):\n";
  for (int k = 0; k < waterloo::kNumClasses; ++k) {
    const auto c = UnitClass(k);
    out += wrapped(std::string("  ") + class_letter(c) + " " + std::string(class_words(c)),
                   "moves " + std::string(class_moves(c)), 26);
  }
  out += wrapped("",
                 "The stronger piece wins a fight; a commander-in-chief wins every attack "
                 "it makes and loses every one made on it (W-5.2); artillery attacked from its "
                 "front wins (W-5.3).",
                 2);
  out += "Terrain (the mark before a piece):\n";
  for (char m : {'#', '^', '%', '~', '+'})
    out +=
        wrapped(std::string("  ") + m + " " + std::string(terrain_words(m)), terrain_rule(m), 26);
  out += "The die, rolled when strengths are equal (W-5.5):\n";
  for (const auto& f : die_faces()) out += wrapped("  " + f, die_face_words(f), 10);
  if (r.cards_per_kind > 0) {
    out += "Cards (W-12):\n";
    for (int k = 0; k < waterloo::kNumCardKinds; ++k) {
      const CardWords c = card_words(CardKind(k));
      out += wrapped("  " + std::string(c.title),
                     std::string(c.what) + "; played " + std::string(c.when) + ".", 21);
    }
  }
  return out;
}

std::string step_words(std::string_view token, const Geometry& g) {
  const auto colon = token.find(':');
  const std::string_view prefix = token.substr(0, colon);
  const std::string_view rest = colon == std::string_view::npos ? "" : token.substr(colon + 1);
  const auto sqs = squares_in(token, g);
  auto sq = [&](std::size_t i) {
    return i < sqs.size() ? g.square_name(sqs[i]) : std::string("?");
  };
  if (token == "end") return "ended the turn";
  if (token == "done") return "stopped the card";
  if (token == "early:yes") return "started the battle three turns early (W-14.1)";
  if (token == "early:no") return "did not start early";
  if (token == "lust:yes") return "played Battle Lust (W-12.7)";
  if (token == "lust:no") return "did not play Battle Lust";
  if (prefix == "take") return "took the " + card_title(rest) + " card";
  if (prefix == "discard") return "discarded the " + card_title(rest) + " card";
  if (prefix == "card") return "played " + card_title(rest);
  if (prefix == "fire")
    return "fired from " + sq(0) + " at " +
           (token.ends_with(":building") ? "the building on " : "") + sq(1);
  if (prefix == "place")
    return "placed " + std::string(rest.substr(0, rest.rfind('@'))) + " from the reserve on " +
           sq(0);
  if (prefix == "off") return "took the weakened heavy cavalry on " + sq(0) + " off to recover";
  if (prefix == "save") return "saved the piece on " + sq(0) + " from the pursuit";
  if (prefix == "look") return "looked at the piece on " + sq(0);
  if (prefix == "target") return "attacked " + sq(0) + " next";
  if (sqs.size() != 2) return std::string(token);
  const auto slash = token.find('/');
  if (slash == std::string_view::npos || slash + 1 >= token.size())
    return "moved " + sq(0) + " to " + sq(1);
  const int via = g.step(sqs[1], opposite(direction_of(token[slash + 1])));
  if (via < 0 || via == sqs[0]) return "attacked " + sq(1) + " from " + sq(0);
  return "attacked " + sq(1) + " from " + g.square_name(via) + ", starting on " + sq(0);
}

std::string fit_lines(std::string_view text, std::size_t width) {
  std::string out;
  for (std::size_t start = 0; start < text.size();) {
    auto end = text.find('\n', start);
    const bool newline = end != std::string_view::npos;
    if (!newline) end = text.size();
    std::string_view rest = text.substr(start, end - start);
    // Continuation lines go two further in than the line's own indentation.
    const std::size_t own = std::min(rest.find_first_not_of(' '), rest.size());
    std::string indent;
    while (indent.size() + rest.size() > width) {
      const std::size_t skip = indent.empty() ? own : 0;
      const auto cut = rest.rfind(' ', width - indent.size());
      if (cut == std::string_view::npos || cut <= skip) break;  // one word wider than the line
      out += indent + std::string(rest.substr(0, cut)) + "\n";
      rest = rest.substr(cut + 1);
      indent = std::string(own + 2, ' ');
    }
    out += indent + std::string(rest) + (newline ? "\n" : "");
    start = end + 1;
  }
  return out;
}

std::string list_choices(const std::vector<std::string>& legal, const WaterlooView& v,
                         int square_filter) {
  const Geometry& g = v.geometry();
  std::vector<std::string> shown;
  for (const auto& t : legal) {
    if (square_filter >= 0) {
      const auto sqs = squares_in(t, g);
      if (std::find(sqs.begin(), sqs.end(), square_filter) == sqs.end()) continue;
    }
    shown.push_back(t);
  }
  if (shown.size() > 14 && square_filter < 0)
    return list_legal(legal, g,
                      square_filter >= 0 ? std::optional<int>(square_filter) : std::nullopt) +
           "(`moves e5` lists one square's actions in words.)\n";
  std::size_t width = 0;
  for (const auto& t : shown) width = std::max(width, t.size());
  width = std::min<std::size_t>(width, 22);
  std::string out = "Legal moves";
  if (square_filter >= 0) out += " naming " + g.square_name(square_filter);
  out += " (" + std::to_string(shown.size()) + "):\n";
  if (shown.empty()) return out + "  none\n";
  for (const auto& t : shown)
    out += "  " + t + std::string(width + 2 - std::min(width + 1, t.size()), ' ') +
           choice_words(t, v).text + "\n";
  return out;
}

}  // namespace stratego::play
