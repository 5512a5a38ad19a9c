#include "play/play_input.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>

#include "engine/board_text.h"
#include "engine/text_util.h"

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
      if (!first && line.size() + 1 + t.size() > 96) {
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

std::string explain_illegal(std::string_view typed, const waterloo::WaterlooView& v,
                            const std::vector<std::string>& legal, Audience audience) {
  const Geometry& g = v.geometry();
  const std::string t = readable(typed);
  const std::string general = t + ": not legal now; " + hint(audience) +
                              (audience == Audience::kPage ? "" : " (`moves e5` for one square)");
  if (t.find_first_of(":@") == std::string::npos)
    if (const std::string bad = bad_square(t, g); !bad.empty()) return t + ": " + bad;
  const auto sqs = squares_in(t, g);
  if (sqs.empty() || t.find(':') != std::string::npos) {
    if (v.phase != waterloo::Phase::kAction && legal.size() <= 12)
      return t + ": not legal now; choose one of: " + join(legal);
    return general;
  }
  const int from = sqs[0];
  const auto& u = v.board[from];
  if (!u) return t + ": there is no piece on " + g.square_name(from);
  if (u->side() != v.viewer) return t + ": the piece on " + g.square_name(from) + " is not yours";
  if (v.phase == waterloo::Phase::kAction && v.actions_left == 0)
    return t + ": no actions left this turn; " +
           (audience == Audience::kPage ? "press End turn" : "type `end` to end it");
  const auto moves = legal_from(legal, g, from);
  if (moves.empty())
    return t + ": your piece on " + g.square_name(from) + " cannot act now; " + hint(audience);
  return t + ": not legal now; legal for your piece on " + g.square_name(from) + ": " + join(moves);
}

}  // namespace stratego::play
