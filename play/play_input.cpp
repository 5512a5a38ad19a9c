#include "play/play_input.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>

#include "engine/board_text.h"
#include "engine/text_util.h"
#include "engine/waterloo/board_text.h"
#include "engine/waterloo/notation.h"
#include "play/waterloo_words.h"

namespace stratego::play {
namespace {

bool is_lower(char c) { return c >= 'a' && c <= 'z'; }
bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_alpha(char c) { return std::isalpha(static_cast<unsigned char>(c)) != 0; }

bool looks_like_square(std::string_view w) {
  if (w.size() < 2 || w.size() > 3 || !is_alpha(w[0])) return false;
  return std::all_of(w.begin() + 1, w.end(), is_digit);
}

// The typed text in token shape, case kept: "b4 b5" -> "b4-b5", "b4xb5" -> "b4-b5",
// "b4b5" -> "b4-b5"; other blanks go.
std::string normalize(std::string_view typed) {
  std::vector<std::string> words;
  std::size_t i = 0;
  while (i < typed.size()) {
    while (i < typed.size() && std::isspace(static_cast<unsigned char>(typed[i]))) ++i;
    const std::size_t b = i;
    while (i < typed.size() && !std::isspace(static_cast<unsigned char>(typed[i]))) ++i;
    if (i > b) words.emplace_back(typed.substr(b, i - b));
  }
  std::string t;
  if (words.size() == 2 && looks_like_square(words[0]) && looks_like_square(words[1])) {
    t = words[0] + "-" + words[1];
  } else {
    for (const auto& w : words) t += w;
  }
  std::string out;
  for (std::size_t k = 0; k < t.size(); ++k) {
    const char c = t[k];
    const bool between = k > 0 && k + 1 < t.size() && is_digit(t[k - 1]) && is_alpha(t[k + 1]);
    if ((c == 'x' || c == 'X') && between) {
      out += '-';
      continue;
    }
    // "b4b5": a digit then a square's letter and digit
    if (k > 0 && is_digit(t[k - 1]) && is_alpha(c) && c != 'x' && c != 'X' && k + 1 < t.size() &&
        is_digit(t[k + 1]) && t.find_first_of(":@") == std::string::npos)
      out += '-';
    out += c;
  }
  return out;
}

std::string fold(std::string_view s) { return text::lower_case(normalize(s)); }

std::string strip_direction(const std::string& folded) {
  const auto slash = folded.find('/');
  return slash == std::string::npos ? folded : folded.substr(0, slash);
}

// Candidates among `legal` whose form under `shape` equals `want`.
template <typename Shape>
std::vector<std::string> matching(const std::vector<std::string>& legal, const std::string& want,
                                  Shape shape) {
  std::vector<std::string> out;
  for (const auto& l : legal)
    if (shape(fold(l)) == want) out.push_back(l);
  return out;
}

std::string hint(Audience a) {
  return a == Audience::kPage
             ? "the pieces that can move carry a green dot, other choices are buttons"
             : "type `moves` to list the legal ones";
}

std::string join(const std::vector<std::string>& v) {
  std::string out;
  for (const auto& s : v) out += (out.empty() ? "" : " ") + s;
  return out;
}

// The legal tokens whose first square is sq.
std::vector<std::string> legal_from(const std::vector<std::string>& legal, const Geometry& g,
                                    int sq) {
  std::vector<std::string> out;
  for (const auto& l : legal) {
    const auto s = squares_in(l, g);
    if (!s.empty() && s.front() == sq) out.push_back(l);
  }
  return out;
}

// A part of t shaped like a square ("z9", "a11") that is not one of this board, or empty.
std::string bad_square(const std::string& t, const Geometry& g) {
  for (std::size_t i = 0; i < t.size(); ++i) {
    if (!is_lower(t[i]) || (i > 0 && is_alpha(t[i - 1]) && t[i - 1] != 'x') || i + 1 >= t.size() ||
        !is_digit(t[i + 1]))
      continue;
    std::size_t e = i + 1;
    while (e < t.size() && is_digit(t[e])) ++e;
    const std::string part = t.substr(i, e - i);
    if (!g.parse_square(part))
      return part + " is not a square of this board (columns a-" +
             std::string(1, char('a' + g.width() - 1)) + ", rows 1-" + std::to_string(g.height()) +
             ")";
    i = e - 1;
  }
  return {};
}

// Plain moves ("b4-b7") are read in lower case; tokens with parts ("R:E@b2") as typed.
std::string readable(std::string_view typed) {
  const std::string t = normalize(typed);
  return t.find_first_of(":@") == std::string::npos ? text::lower_case(t) : t;
}

}  // namespace

TokenMatch match_token(std::string_view typed, const std::vector<std::string>& legal) {
  TokenMatch m;
  for (const auto& l : legal)
    if (l == typed) {
      m.token = l;
      return m;
    }
  const std::string want = fold(typed);
  if (want.empty()) return m;
  const auto same = [](const std::string& s) { return s; };
  const auto after_colon = [](const std::string& s) {
    const auto c = s.rfind(':');
    return c == std::string::npos ? std::string() : s.substr(c + 1);
  };
  for (auto candidates : {matching(legal, want, same), matching(legal, want, strip_direction),
                          matching(legal, want, after_colon)}) {
    if (candidates.size() == 1) {
      m.token = candidates.front();
      return m;
    }
    if (candidates.size() > 1) {
      m.choices = candidates;
      return m;
    }
  }
  return m;
}

std::vector<int> squares_in(std::string_view token, const Geometry& g) {
  std::vector<int> out;
  // Before an '@' stands a unit or kind ("place:c2@b1": c2 is a French light cavalry).
  if (const auto at = token.rfind('@'); at != std::string_view::npos) token = token.substr(at + 1);
  for (std::size_t i = 0; i + 1 < token.size(); ++i) {
    if (!is_lower(token[i]) || !is_digit(token[i + 1])) continue;
    const bool starts =
        i == 0 || !is_alpha(token[i - 1]) ||
        ((token[i - 1] == 'x' || token[i - 1] == 'X') && i >= 2 && is_digit(token[i - 2]));
    if (!starts) continue;
    std::size_t e = i + 1;
    while (e < token.size() && is_digit(token[e])) ++e;
    if (const auto sq = g.parse_square(token.substr(i, e - i))) out.push_back(*sq);
    i = e - 1;
  }
  return out;
}

std::string list_legal(const std::vector<std::string>& legal, const Geometry& g,
                       std::optional<int> square) {
  std::vector<std::pair<std::string, std::vector<std::string>>> groups;
  int count = 0;
  for (const auto& l : legal) {
    const auto sqs = squares_in(l, g);
    if (square && std::find(sqs.begin(), sqs.end(), *square) == sqs.end()) continue;
    ++count;
    // Tokens without a square group by their first part ("card:..."); a lone one stands alone.
    std::string key = !sqs.empty() ? g.square_name(sqs.front()) : l.substr(0, l.find(':')) + ":";
    auto it =
        std::find_if(groups.begin(), groups.end(), [&](const auto& gr) { return gr.first == key; });
    if (it == groups.end()) {
      groups.push_back({key, {}});
      it = groups.end() - 1;
    }
    it->second.push_back(l);
  }
  std::string out = "Legal moves";
  if (square) out += std::string(" naming ") + g.square_name(*square);
  out += std::string(" (") + std::to_string(count) + "):\n";
  if (count == 0) return out + "  none\n";
  for (const auto& [key, tokens] : groups) {
    std::string line = "  ";
    const bool squareless = key.back() == ':';
    if (!squareless)
      line += key + ":";
    else if (tokens.size() > 1)
      line += key;
    const std::size_t indent = line.size() + 1;  // continuation lines line up with the first token
    bool first = true;
    for (const auto& t : tokens) {
      if (!first && line.size() + 1 + t.size() > 80) {
        out += line + "\n";
        line = std::string(indent - 1, ' ');
      }
      if (line.size() > 2) line += ' ';
      line += t;
      first = false;
    }
    out += line + "\n";
  }
  return out;
}

std::string list_choices(const std::vector<std::string>& legal, const View& v, int square) {
  return list_legal(legal, v.variant->geometry,
                    square < 0 ? std::nullopt : std::optional<int>(square));
}

std::string explain_illegal(std::string_view typed, const View& v,
                            const std::vector<std::string>& legal, Audience audience) {
  const Geometry& g = v.variant->geometry;
  const std::string t = readable(typed);
  if (v.pending_rescue)
    return t +
           ": not legal now: first choose a piece to rescue (R:<letter>@<square>) or decline with "
           "R:-; " +
           hint(audience);
  if (v.anger_wins > 0)
    return t + ": not legal now: your Anger Captain on " + g.square_name(v.anger_square) +
           std::string(" attacks again (A:<from>-<to>) or stops (A:-); ") + hint(audience);
  if (const std::string bad = bad_square(t, g); !bad.empty()) return t + ": " + bad;
  const auto sqs = squares_in(t, g);
  if (sqs.size() == 1 && t == g.square_name(sqs[0])) {
    const auto from = legal_from(legal, g, sqs[0]);
    if (!from.empty()) return t + ": a move names two squares; from " + t + ": " + join(from);
    const Piece p = v.board[sqs[0]].piece;
    if (p == kNoPiece) return t + ": there is no piece on " + t;
    if (piece_side(p) != v.viewer) return t + ": the piece on " + t + " is not yours";
    const Kind k = piece_kind(p);
    if (!v.variant->can_move(k)) return t + ": your " + kind_label(k) + " cannot move (C-4.3)";
    return t + ": your " + kind_label(k) + " on " + t + " has no legal move now; " + hint(audience);
  }
  if (sqs.size() != 2 || t != g.square_name(sqs[0]) + "-" + g.square_name(sqs[1]))
    return std::string("'") + std::string(typed) +
           (audience == Audience::kPage
                ? "' is not a legal move now; " + hint(audience)
                : std::string("' is neither a legal move nor a command; type a move like b4-b5, "
                              "`moves` for the legal ones, or `help`"));
  const int from = sqs[0], to = sqs[1];
  const Piece p = v.board[from].piece;
  if (p == kNoPiece) return t + ": there is no piece on " + g.square_name(from);
  if (piece_side(p) != v.viewer)
    return t + ": the piece on " + g.square_name(from) + " is not yours";
  const Kind k = piece_kind(p);
  if (!v.variant->can_move(k)) return t + ": your " + kind_label(k) + " cannot move (C-4.3)";
  if (test(g.blocked(), to)) return t + ": " + g.square_name(to) + " is a lake (C-1.1)";
  if (const Piece q = v.board[to].piece; q != kNoPiece && piece_side(q) == v.viewer)
    return t + ": your own " + kind_label(piece_kind(q)) + " stands on " + g.square_name(to);
  const auto moves = legal_from(legal, g, from);
  const std::string piece = std::string("your ") + kind_label(k) + " on " + g.square_name(from);
  if (moves.empty()) return t + ": " + piece + " has no legal move now";
  const int dc = g.col(to) - g.col(from), dr = g.row(to) - g.row(from);
  const int dist = std::abs(dc) + std::abs(dr);
  const bool two_step = v.variant->captain_two_step && rank_of(k) == 6 && dist == 2;
  std::string why;
  if (dc != 0 && dr != 0 && !two_step) {
    why = "pieces move in straight lines, never diagonally (C-4.2)";
  } else if (dist > 1 && k != kScout && !two_step) {
    why = "only Scouts move more than one square (C-4.4)";
  } else if (dist > 1 && !two_step) {
    const int step = dc != 0 ? (dc > 0 ? 1 : -1) : (dr > 0 ? g.width() : -g.width());
    for (int sq = from + step; sq != to && why.empty(); sq += step)
      if (test(g.blocked(), sq) || v.board[sq].piece != kNoPiece)
        why = std::string("the way is blocked at ") + g.square_name(sq);
  }
  if (why.empty())
    why = "not legal now (the two-squares rule C-6.1 or the chasing rule C-6.2 forbids it)";
  return t + ": " + why + "; legal for " + piece + ": " + join(moves);
}

namespace {

using waterloo::UnitClass;

bool cavalry_like(UnitClass k) {
  return k == UnitClass::kLightCavalry || k == UnitClass::kHeavyCavalry ||
         k == UnitClass::kCommander || k == UnitClass::kCommanderInChief;
}

// "your infantry (3) on c4", from the person's own view.
std::string own_piece(const waterloo::WaterlooView& v, int sq) {
  const auto& u = v.board[std::size_t(sq)];
  std::string out = "your " + std::string(class_words(u->cls));
  if (u->strength > 0 && u->cls != UnitClass::kCommanderInChief)
    out += " (" + std::to_string(std::max(1, u->strength - u->damage)) + ")";
  return out + " on " + v.geometry().square_name(sq);
}

// A legal token in a few words, for the page's list of what a piece may do instead.
std::string short_words(const std::string& token, const waterloo::WaterlooView& v) {
  const Geometry& g = v.geometry();
  const auto sqs = squares_in(token, g);
  if (sqs.size() != 2) return choice_words(token, v).text;
  const std::string to = g.square_name(sqs[1]);
  if (token.starts_with("fire:"))
    return "fire at " + to + (token.ends_with(":building") ? " (the building)" : "");
  const auto slash = token.find('/');
  if (slash == std::string::npos || slash + 1 >= token.size()) return "move to " + to;
  const auto d = waterloo::kDirectionLetters.find(token[slash + 1]);
  const int via = d == std::string::npos ? -1 : g.step(sqs[1], opposite(Direction(d)));
  return "attack " + to + (via >= 0 && via != sqs[0] ? " from " + g.square_name(via) : "");
}

std::string alternatives(const std::vector<std::string>& tokens, const waterloo::WaterlooView& v,
                         Audience a) {
  if (a == Audience::kTerminal) return join(tokens);
  std::string out;
  for (const auto& t : tokens) out += (out.empty() ? "" : ", ") + short_words(t, v);
  return out;
}

// The decisions that come before any piece moves again, and what they ask.
std::string pending_question(waterloo::Phase p) {
  using waterloo::Phase;
  switch (p) {
    case Phase::kEarlyStart:
      return "first the French choose whether to start three turns early (W-14.1)";
    case Phase::kDraft:
    case Phase::kLateDraft:
      return "this is the card draft: take or discard a card (W-12.2)";
    case Phase::kRecon:
      return "Reconnaissance: pick enemy pieces to look at, side by side, or stop (W-12.4)";
    case Phase::kBattleLust:
      return "first decide whether to play Battle Lust in this fight (W-12.7)";
    case Phase::kChooseTarget:
      return "first choose whom the winner in the building attacks next (W-10.4)";
    default:
      return {};
  }
}

// Why no fire of the artillery on `from` at `to` is legal, by W-6 and W-10 from the view alone;
// empty if none of these rules forbids it.
std::string fire_reason(const waterloo::WaterlooView& v, int from, int to) {
  const Geometry& g = v.geometry();
  const auto& target = v.board[std::size_t(to)];
  const char mark = waterloo::terrain_mark(v, to);
  if (target && target->side() == v.viewer)
    return "artillery does not fire at your own pieces (W-6.4)";
  if (!target && mark != '#' && mark != '%')
    return "artillery fires only at an enemy piece or a building (W-6.4)";
  if (target && target->cls == UnitClass::kLightInfantry)
    return "fire cannot harm light infantry, so it is no target (W-6.2)";
  if (target && mark == '#')
    return "the units inside an intact building are safe from fire; fire at the building "
           "itself (W-10.3)";
  const bool on_hill = waterloo::terrain_mark(v, from) == '^';
  if (target && target->cls == UnitClass::kArtillery && !on_hill &&
      waterloo::terrain_mark(v, to) == '^')
    return "artillery off a hill cannot fire at artillery on one (W-10.6)";
  const int ahead = v.viewer == kBlue ? 1 : -1;  // French guns face north, Allied south
  const int dc = g.col(to) - g.col(from), dr = (g.row(to) - g.row(from)) * ahead;
  if (on_hill) {
    if (std::abs(dc) > 1 || dr < 1 || dr > v.rules().hill_range)
      return "artillery on a hill fires up to " + std::to_string(v.rules().hill_range) +
             " squares ahead, in its own column or the two beside it (W-10.6)";
    return {};
  }
  if (dc != 0 || dr < 1 || dr > v.rules().fire_range)
    return "artillery fires straight ahead, 1 to " + std::to_string(v.rules().fire_range) +
           " squares, towards the enemy (W-6.1)";
  const int step = ahead * g.width();
  for (int sq = from + step; sq != to; sq += step) {
    if (waterloo::terrain_mark(v, sq) == '#')
      return "the building on " + g.square_name(sq) + " stops the shot (W-10.3)";
    if (v.board[std::size_t(sq)])
      return "the line of fire is blocked at " + g.square_name(sq) + " (W-6.1)";
  }
  return {};
}

// Why the piece on `from` cannot move to (or attack) `to`, by W-3, W-10.2 and W-14.3 from the
// view alone; empty if none of these rules forbids it.
std::string move_reason(const waterloo::WaterlooView& v, int from, int to) {
  const Geometry& g = v.geometry();
  const UnitClass k = v.board[std::size_t(from)]->cls;
  const auto& target = v.board[std::size_t(to)];
  const char mark = waterloo::terrain_mark(v, to);
  const int dc = g.col(to) - g.col(from), dr = g.row(to) - g.row(from);
  const int dist = std::abs(dc) + std::abs(dr);
  if (target && target->side() == v.viewer)
    return "your own " + std::string(class_words(target->cls)) + " stands on " + g.square_name(to) +
           " (W-3.4)";
  if (k == UnitClass::kArtillery) {
    if (target) return "artillery never attacks by moving; it fires (W-3.3, W-6)";
    if (dist > 1) return "artillery moves 1 square (W-3.1)";
    if (mark == '#') return "artillery cannot go into a building (W-10.2)";
    if (mark == '~') return "artillery cannot go into mud (W-14.3)";
    return {};
  }
  if (cavalry_like(k)) {
    const std::string who =
        k == UnitClass::kCommander || k == UnitClass::kCommanderInChief
            ? std::string("a ") + std::string(class_words(k)) + " moves as cavalry"
            : std::string("cavalry moves");
    if (dc != 0 && dr != 0) return who + " in one straight line (W-3.2)";
    if (mark == '#')
      return "cavalry and commanders can neither go into a building nor attack into one (W-10.2)";
    const int step = dc != 0 ? (dc > 0 ? 1 : -1) : (dr > 0 ? g.width() : -g.width());
    for (int sq = from + step; sq != to; sq += step) {
      if (v.board[std::size_t(sq)])
        return "the way is blocked at " + g.square_name(sq) +
               ": no piece jumps over another (W-3.4)";
      if (waterloo::terrain_mark(v, sq) == '#')
        return "cavalry cannot pass through the building on " + g.square_name(sq) + " (W-10.2)";
      if (waterloo::terrain_mark(v, sq) == '~' || waterloo::terrain_mark(v, from) == '~')
        return "in mud cavalry moves one square an action (W-14.3)";
    }
    return {};
  }
  // Infantry: up to 3 (LI) or 2 (INF) steps through empty squares, turning allowed.
  const bool light = k == UnitClass::kLightInfantry;
  const bool mud = !light && (waterloo::terrain_mark(v, from) == '~' || mark == '~');
  const int range = mud ? 1 : light ? 3 : 2;
  const std::string who = light ? "light infantry" : "infantry";
  if (dist > range)
    return mud ? who + " moves one square in or into mud (W-14.3)"
               : who + " moves up to " + std::to_string(range) + " squares (W-3.1)";
  // Squares reachable through empty squares within range - 1 steps, then one more onto `to`.
  Bitboard reach = square_bb(from), frontier = reach, empty = 0;
  for (int sq = 0; sq < g.num_squares(); ++sq)
    if (!v.board[std::size_t(sq)]) empty |= square_bb(sq);
  empty &= g.playable();
  for (int st = 1; st < range; ++st) {
    frontier = g.neighbours(frontier) & empty & ~reach;
    reach |= frontier;
  }
  if (!(g.neighbours(reach) & square_bb(to)))
    return "no path of at most " + std::to_string(range) +
           " steps through empty squares leads there: no piece jumps over another (W-3.4)";
  return {};
}

// Why a card's sub-decision does not allow this (W-12.5 - W-12.8), or empty.
std::string card_reason(const waterloo::WaterlooView& v, int from, int to, bool fire) {
  using waterloo::Phase;
  const auto& target = v.board[std::size_t(to)];
  const bool attack = fire || (target && target->side() != v.viewer);
  const UnitClass k = v.board[std::size_t(from)]->cls;
  switch (v.phase) {
    case Phase::kInitiative:
      if (attack) return "under Initiative the moves may not attack (W-12.5)";
      if (test(v.card.squares, from))
        return "under Initiative each move is by a different piece (W-12.5)";
      return {};
    case Phase::kCombined: {
      if (!attack) return "under Combined attack each piece attacks (W-12.6)";
      const int bit = k == UnitClass::kArtillery ? 4 : cavalry_like(k) ? 2 : 1;
      if (v.card.combined_used & bit)
        return std::string("under Combined attack one ") +
               (bit == 4   ? "artillery"
                : bit == 2 ? "cavalry"
                           : "infantry") +
               " piece attacks, and yours has (W-12.6)";
      return {};
    }
    case Phase::kBarrage:
      if (!fire) return "in an artillery barrage the guns only fire (W-12.8)";
      if (!test(v.card.squares, from))
        return "in a barrage only the connected artillery that has not fired yet fires (W-12.8)";
      return {};
    default:
      return {};
  }
}

}  // namespace

std::string explain_illegal(std::string_view typed, const waterloo::WaterlooView& v,
                            const std::vector<std::string>& legal, Audience audience) {
  const Geometry& g = v.geometry();
  const std::string t = readable(typed);
  const std::string general = t + ": not legal now; " + hint(audience) +
                              (audience == Audience::kPage ? "" : " (`moves e5` for one square)");
  if (t.find_first_of(":@") == std::string::npos)
    if (const std::string bad = bad_square(t, g); !bad.empty()) return t + ": " + bad;
  if (const std::string q = pending_question(v.phase); !q.empty())
    return t + ": " + q +
           (legal.size() <= 12 ? "; choose one of: " + alternatives(legal, v, audience)
                               : "; " + hint(audience));
  const bool fire = t.starts_with("fire:");
  const auto sqs = squares_in(t, g);
  if (sqs.empty() || (t.find(':') != std::string::npos && !fire)) return general;
  const int from = sqs[0];
  const auto& u = v.board[std::size_t(from)];
  if (!u) return t + ": there is no piece on " + g.square_name(from);
  if (u->side() != v.viewer)
    return t + ": the piece on " + g.square_name(from) + " is not yours (it is the " +
           unit_words(*u) + ")";
  if (v.phase == waterloo::Phase::kAction && v.actions_left == 0)
    return t + ": no actions left this turn; " +
           (audience == Audience::kPage ? "press End turn" : "type `end` to end it");
  const auto moves = legal_from(legal, g, from);
  const std::string piece = own_piece(v, from);
  std::string why;
  if (u->army == waterloo::Army::kPrussian && v.rules().prussian_turn > 0 &&
      v.turn <= v.rules().prussian_turn)
    why =
        "Prussian pieces act from turn " + std::to_string(v.rules().prussian_turn + 1) + " (W-9.3)";
  const std::string pursuit =
      !v.pursuit              ? std::string()
      : v.pursuer == v.viewer ? "in the pursuit the victor only attacks, with cavalry (W-13.5)"
                              : "in the pursuit you may only save infantry and artillery or attack "
                                "the pursuing cavalry with cavalry (W-13.5)";
  if (sqs.size() == 1 && t == g.square_name(from)) {  // a lone square: what it may do
    if (!moves.empty())
      return t + ": an action names two squares; for " + piece + ": " +
             alternatives(moves, v, audience);
    if (why.empty() && v.phase == waterloo::Phase::kInitiative && test(v.card.squares, from))
      why = "under Initiative each move is by a different piece (W-12.5)";
    if (why.empty()) why = pursuit;
    return t + ": " + piece + " cannot act now" + (why.empty() ? "" : ": " + why) + "; " +
           hint(audience);
  }
  const int to = sqs.back();
  // Artillery aimed at an enemy piece or a building fires; a click from it on one means fire.
  const bool aims = u->cls == UnitClass::kArtillery &&
                    ((v.board[std::size_t(to)] && v.board[std::size_t(to)]->side() != v.viewer) ||
                     (!v.board[std::size_t(to)] && (waterloo::terrain_mark(v, to) == '#' ||
                                                    waterloo::terrain_mark(v, to) == '%')));
  if (why.empty()) why = card_reason(v, from, to, fire || aims);
  const bool attack = v.board[std::size_t(to)] && v.board[std::size_t(to)]->side() != v.viewer;
  if (why.empty() && v.pursuit && !(attack && cavalry_like(u->cls))) why = pursuit;
  if (why.empty() && (fire || aims))
    why = u->cls != UnitClass::kArtillery ? std::string("only artillery fires (W-6)")
                                          : fire_reason(v, from, to);
  if (why.empty() && !fire && !aims) why = move_reason(v, from, to);
  if (why.empty()) why = "not legal now";
  if (moves.empty()) return t + ": " + why + "; " + piece + " cannot act now";
  return t + ": " + why + "; legal for " + piece + ": " + alternatives(moves, v, audience);
}

}  // namespace stratego::play
