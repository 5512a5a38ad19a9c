#include "engine/move_text.h"

#include "engine/error.h"
#include "engine/text_util.h"

namespace stratego {

std::string move_to_text(Move m, const Geometry& g) {
  const std::string squares = g.square_name(m.from()) + "-" + g.square_name(m.to());
  switch (m.type()) {
    case MoveType::kRescue:
      return std::string("R:") + kind_letter(m.rescued_kind()) + "@" + g.square_name(m.to());
    case MoveType::kDeclineRescue:
      return "R:-";
    case MoveType::kAngerAttack:
      return "A:" + squares;
    case MoveType::kAngerStop:
      return "A:-";
    case MoveType::kRanged:
      return "F:" + squares;
    default:
      return squares;
  }
}

Move parse_move(std::string_view text, const Geometry& g) {
  auto fail = [&](const std::string& why) -> Move {
    throw InputError("move " + text::quoted(text) + ": " + why);
  };
  auto square = [&](std::string_view name) {
    const auto sq = g.parse_square(name);
    if (!sq)
      fail(text::quoted(name) + " is not a square of the " + std::to_string(g.width()) + "x" +
           std::to_string(g.height()) + " board");
    return *sq;
  };
  if (text.starts_with("R:")) {
    const std::string_view rest = text.substr(2);
    if (rest == "-") return Move::decline_rescue();
    const auto at = rest.find('@');
    if (at != 1)
      return fail("a rescue is written R:<letter>@<square> (e.g. R:E@b2), or R:- to decline");
    const auto k = kind_from_letter(rest[0]);
    if (!k) return fail(text::quoted(rest.substr(0, 1)) + " is not a piece letter (B to O)");
    return Move::rescue(*k, square(rest.substr(2)));
  }
  // The Clone Wars powers: A: an Anger follow-up attack or A:- to stop, F: a ranged attack.
  const bool anger = text.starts_with("A:"), ranged = text.starts_with("F:");
  if (anger && text == "A:-") return Move::anger_stop();
  const std::string_view body = anger || ranged ? text.substr(2) : text;
  const auto dash = body.find('-');
  if (dash == std::string_view::npos)
    return fail(anger    ? "an Anger attack is written A:<from>-<to> (e.g. A:e5-e6), or A:- to stop"
                : ranged ? "a ranged attack is written F:<from>-<to> (e.g. F:e4-e6)"
                         : "expected <from>-<to> (e.g. a4-a5), R:<letter>@<square>, R:-, "
                           "A:<from>-<to>, A:- or F:<from>-<to>");
  const int from = square(body.substr(0, dash)), to = square(body.substr(dash + 1));
  if (from == to) return fail("from and to are the same square");
  return anger    ? Move::anger_attack(from, to)
         : ranged ? Move::ranged(from, to)
                  : Move::normal(from, to);
}

}  // namespace stratego
