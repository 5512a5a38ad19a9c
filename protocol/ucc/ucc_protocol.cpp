#include "protocol/ucc/ucc_protocol.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <cstdlib>

#include "engine/error.h"
#include "engine/setup.h"
#include "engine/text_util.h"
#include "engine/variant_loader.h"

namespace stratego::protocol {
namespace {

using text::quoted;

using text::words;  // words between runs of blanks, newlines included

// UCC managers may write a leading '+'.
std::optional<int> parse_int(std::string_view s) {
  if (!s.empty() && s[0] == '+') s.remove_prefix(1);
  return text::parse_number<int>(s);
}

// Reads `X Y DIR [N]` from the front of w; returns how many words it used.
std::size_t read_move(const std::vector<std::string_view>& w, std::string_view line, UccMove& m) {
  auto bad = [&](const std::string& what) {
    return InputError(std::string("UCC move ") + quoted(ucc_trim(line)) + ": " + what);
  };
  if (w.size() < 3) throw bad("expected 'X Y UP|DOWN|LEFT|RIGHT [N]'");
  const auto x = parse_int(w[0]), y = parse_int(w[1]);
  if (!x) throw bad(std::string("X ") + quoted(w[0]) + " is not a whole number");
  if (!y) throw bad(std::string("Y ") + quoted(w[1]) + " is not a whole number");
  const std::string d = text::upper_case(w[2]);
  if (d == "UP")
    m.dir = UccDirection::kUp;
  else if (d == "DOWN")
    m.dir = UccDirection::kDown;
  else if (d == "LEFT")
    m.dir = UccDirection::kLeft;
  else if (d == "RIGHT")
    m.dir = UccDirection::kRight;
  else
    throw bad(std::string("direction ") + quoted(w[2]) + " is not UP, DOWN, LEFT or RIGHT");
  m.x = *x;
  m.y = *y;
  m.steps = 1;
  if (w.size() > 3 && !w[3].empty() && std::isdigit(static_cast<unsigned char>(w[3][0]))) {
    const auto n = parse_int(w[3]);
    if (!n || *n < 1)
      throw bad(std::string("multiplier ") + quoted(w[3]) + " is not a whole number of at least 1");
    m.steps = *n;
    return 4;
  }
  return 3;
}

Kind read_token(std::string_view word, std::string_view line, const char* role) {
  const auto k = word.size() == 1 ? kind_from_ucc_token(word[0]) : std::nullopt;
  if (!k)
    throw InputError(std::string("UCC confirmation ") + quoted(ucc_trim(line)) + ": " + role + " " +
                     quoted(word) + " is not a piece token (1-9, s, B, F)");
  return *k;
}

}  // namespace

std::string_view ucc_trim(std::string_view s) { return text::trim(s); }

bool ucc_starts_with(std::string_view line, std::string_view word) {
  const auto w = words(line);
  return !w.empty() && text::upper_case(w[0]) == text::upper_case(word);
}

void check_ucc_variant(const Variant& v) {
  static const Variant classic = load_variant("classic");
  auto no = [&](const std::string& why) {
    return InputError(std::string("the UCC protocol plays classic Stratego only; ") +
                      (v.spec.empty() ? v.name : v.spec) + " " + why);
  };
  if (v.family != Family::kClassic) throw no("is not of the classic family");
  if (v.width != 10 || v.height != 10 || v.lakes != classic.lakes)
    throw no("does not use the classic 10x10 board with its lakes");
  if (v.setup_rows != 4 || v.army != classic.army)
    throw no("does not use the classic army in four rows");
  if (v.rescue) throw no("has rescues (V-5), which the messages cannot carry");
  if (v.silent_defence) throw no("has silent defence (V-6): KILLS/DIES always show both ranks");
  if (v.captain_two_step)
    throw no("has two-step Captains (C-4.5), which the messages cannot carry");
}

// Tokens of the classic army: `1` the Marshal down to `9` the Scout, the reverse of our ranks.
constexpr std::string_view kTokens = "123456789sBF";
constexpr std::array<Kind, 12> kTokenKinds{kMarshal, kGeneral,    kColonel,  kMajor,
                                           kCaptain, kLieutenant, kSergeant, kMiner,
                                           kScout,   kSpy,        kBomb,     kFlag};

char ucc_token(Kind k) {
  for (std::size_t i = 0; i < kTokens.size(); ++i)
    if (kTokenKinds[i] == k) return kTokens[i];
  return '?';  // not in the classic army (check_ucc_variant keeps such games out)
}

std::optional<Kind> kind_from_ucc_token(char c) {
  auto i = kTokens.find(c);
  if (i == std::string_view::npos) {  // the letters also in the other case: `S` for the Spy
    const char other_case = std::isupper(static_cast<unsigned char>(c))
                                ? char(std::tolower(static_cast<unsigned char>(c)))
                                : char(std::toupper(static_cast<unsigned char>(c)));
    if (!std::isalpha(static_cast<unsigned char>(c))) return std::nullopt;
    i = kTokens.find(other_case);
  }
  if (i == std::string_view::npos) return std::nullopt;
  return kTokenKinds[i];
}

std::string_view ucc_direction_name(UccDirection d) {
  static constexpr std::array<std::string_view, 4> names{"UP", "DOWN", "LEFT", "RIGHT"};
  return names[std::size_t(d)];
}

int ucc_square(const Geometry& g, int x, int y) { return g.square(x, y); }
int ucc_x(const Geometry& g, int sq) { return g.col(sq); }
int ucc_y(const Geometry& g, int sq) { return g.row(sq); }

UccMove parse_ucc_move(std::string_view line) {
  const auto w = words(line);
  UccMove m;
  const std::size_t used = read_move(w, line, m);
  if (w.size() > used)
    throw InputError(std::string("UCC move ") + quoted(ucc_trim(line)) + ": unexpected " +
                     quoted(w[used]) + " after the move");
  return m;
}

std::string format_ucc_move(const UccMove& m) {
  std::string s = std::to_string(m.x) + " " + std::to_string(m.y) + " " +
                  std::string(ucc_direction_name(m.dir));
  if (m.steps > 1) s += std::string(" ") + std::to_string(m.steps);
  return s;
}

Move ucc_to_move(const Geometry& g, const UccMove& m) {
  int dx = 0, dy = 0;
  switch (m.dir) {
    case UccDirection::kUp:
      dy = -1;
      break;
    case UccDirection::kDown:
      dy = 1;
      break;
    case UccDirection::kLeft:
      dx = -1;
      break;
    case UccDirection::kRight:
      dx = 1;
      break;
  }
  const int tx = m.x + dx * m.steps, ty = m.y + dy * m.steps;
  auto on_board = [&](int x, int y) { return x >= 0 && y >= 0 && x < g.width() && y < g.height(); };
  if (!on_board(m.x, m.y))
    throw InputError(std::string("UCC move ") + quoted(format_ucc_move(m)) + ": (" +
                     std::to_string(m.x) + ", " + std::to_string(m.y) + ") is off the board");
  if (!on_board(tx, ty) || m.steps < 1)
    throw InputError(std::string("UCC move ") + quoted(format_ucc_move(m)) + " leaves the board");
  return Move::normal(ucc_square(g, m.x, m.y), ucc_square(g, tx, ty));
}

UccMove move_to_ucc(const Geometry& g, Move m) {
  const int from = m.from(), to = m.to();
  const int dx = g.col(to) - g.col(from), dy = g.row(to) - g.row(from);
  if (m.type() != MoveType::kNormal || (dx != 0) == (dy != 0))
    throw InputError(std::string("move ") + g.square_name(from) + "-" + g.square_name(to) +
                     " cannot be written in the UCC protocol (not a straight move)");
  UccMove u;
  u.x = ucc_x(g, from);
  u.y = ucc_y(g, from);
  u.dir = dx > 0   ? UccDirection::kRight
          : dx < 0 ? UccDirection::kLeft
          : dy > 0 ? UccDirection::kDown
                   : UccDirection::kUp;
  u.steps = std::abs(dx) + std::abs(dy);
  return u;
}

std::string_view ucc_outcome_name(UccOutcome o) {
  static constexpr std::array<std::string_view, 7> names{
      "OK", "ILLEGAL", "KILLS", "DIES", "BOTHDIE", "VICTORY_FLAG", "VICTORY_ATTRITION"};
  return names[std::size_t(o)];
}

UccConfirmation parse_ucc_confirmation(std::string_view line) {
  const auto w = words(line);
  UccConfirmation c;
  const std::size_t used = read_move(w, line, c.move);
  auto bad = [&](const std::string& what) {
    return InputError(std::string("UCC confirmation ") + quoted(ucc_trim(line)) + ": " + what);
  };
  if (w.size() <= used)
    throw bad("no outcome after the move (OK, ILLEGAL, KILLS, DIES, BOTHDIE, VICTORY_FLAG)");
  const std::string o = text::upper_case(w[used]);
  bool found = false;
  for (int i = 0; i < 7; ++i)
    if (o == ucc_outcome_name(UccOutcome(i)) || (i == 4 && o == "BOTH_DIE")) {
      c.outcome = UccOutcome(i);
      found = true;
    }
  if (!found)
    throw bad(std::string("outcome ") + quoted(w[used]) +
              " is not OK, ILLEGAL, KILLS, DIES, BOTHDIE or VICTORY_FLAG");
  const bool combat = c.outcome == UccOutcome::kKills || c.outcome == UccOutcome::kDies ||
                      c.outcome == UccOutcome::kBothDie;
  std::size_t next = used + 1;
  if (combat) {
    if (w.size() < used + 3)
      throw bad(std::string(ucc_outcome_name(c.outcome)) +
                " needs the attacker's and defender's tokens");
    c.attacker = read_token(w[used + 1], line, "attacker");
    c.defender = read_token(w[used + 2], line, "defender");
    next = used + 3;
  } else if (c.outcome == UccOutcome::kVictoryFlag || c.outcome == UccOutcome::kVictoryAttrition) {
    next = w.size();  // some managers add the ranks here too; they tell nothing new
  }
  if (w.size() > next)
    throw bad(std::string("unexpected ") + quoted(w[next]) + " after the outcome");
  return c;
}

std::string format_ucc_confirmation(const UccConfirmation& c) {
  std::string s = format_ucc_move(c.move) + " " + std::string(ucc_outcome_name(c.outcome));
  if (c.outcome == UccOutcome::kKills || c.outcome == UccOutcome::kDies ||
      c.outcome == UccOutcome::kBothDie) {
    s += ' ';
    s += ucc_token(c.attacker);
    s += ' ';
    s += ucc_token(c.defender);
  }
  return s;
}

UccConfirmation ucc_confirmation_of(const State& after, const PlyRecord& rec) {
  UccConfirmation c;
  c.move = move_to_ucc(after.geometry(), rec.move);
  if (rec.target == kNoPiece) return c;
  c.attacker = piece_kind(rec.mover);
  c.defender = piece_kind(rec.target);
  if (c.defender == kFlag) {
    c.outcome = UccOutcome::kVictoryFlag;
    return c;
  }
  c.outcome = rec.outcome == Outcome::kAttackerWins   ? UccOutcome::kKills
              : rec.outcome == Outcome::kDefenderWins ? UccOutcome::kDies
                                                      : UccOutcome::kBothDie;
  return c;
}

UccHello parse_ucc_hello(std::string_view line) {
  const auto w = words(line);
  auto bad = [&](const std::string& what) {
    return InputError(std::string("UCC start message ") + quoted(ucc_trim(line)) + ": " + what);
  };
  if (w.size() != 4) throw bad("expected 'RED|BLUE <opponent> <width> <height>'");
  UccHello h;
  const std::string colour = text::upper_case(w[0]);
  if (colour == "RED")
    h.side = kRed;
  else if (colour == "BLUE")
    h.side = kBlue;
  else
    throw bad(std::string("colour ") + quoted(w[0]) + " is not RED or BLUE");
  h.opponent = std::string(w[1]);
  const auto width = parse_int(w[2]), height = parse_int(w[3]);
  if (!width || !height) throw bad("width and height must be whole numbers");
  h.width = *width;
  h.height = *height;
  return h;
}

std::string format_ucc_hello(const UccHello& h) {
  std::string name = h.opponent.empty() ? std::string("unknown") : h.opponent;
  for (char& c : name)
    if (std::isspace(static_cast<unsigned char>(c))) c = '_';
  return std::string(h.side == kRed ? "RED" : "BLUE") + " " + name + " " + std::to_string(h.width) +
         " " + std::to_string(h.height);
}

std::vector<std::string> setup_to_ucc_lines(const Variant& v, Side side,
                                            std::string_view setup_line) {
  const Setup s = parse_setup(v, side, setup_line);
  std::vector<std::string> lines(std::size_t(v.setup_rows), std::string(std::size_t(v.width), '.'));
  const int first_y = side == kRed ? 0 : v.height - v.setup_rows;
  for (const auto& [sq, kind] : s.pieces)
    lines[std::size_t(ucc_y(v.geometry, sq) - first_y)][std::size_t(ucc_x(v.geometry, sq))] =
        ucc_token(kind);
  return lines;
}

std::string ucc_lines_to_setup(const Variant& v, Side side, const std::vector<std::string>& lines) {
  const std::string out = ucc_lines_to_setup_text(v, side, lines);
  try {
    parse_setup(v, side, out);
  } catch (const InputError& e) {
    throw InputError(std::string("UCC set-up of ") + (side == kRed ? "RED" : "BLUE") + ": " +
                     e.what());
  }
  return out;
}

std::string ucc_lines_to_setup_text(const Variant& v, Side side,
                                    const std::vector<std::string>& lines) {
  if (int(lines.size()) != v.setup_rows)
    throw InputError(std::string("UCC set-up: ") + std::to_string(lines.size()) +
                     " lines; expected " + std::to_string(v.setup_rows));
  const int first_y = side == kRed ? 0 : v.height - v.setup_rows;
  std::string out(std::size_t(v.setup_rows * v.width), 'A');
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const std::string_view line = ucc_trim(lines[i]);
    const std::string where =
        std::string("UCC set-up line ") + std::to_string(i + 1) + " " + quoted(line);
    if (int(line.size()) != v.width)
      throw InputError(where + ": " + std::to_string(line.size()) + " tokens; expected " +
                       std::to_string(v.width));
    for (int x = 0; x < v.width; ++x) {
      const char c = line[std::size_t(x)];
      const int sq = ucc_square(v.geometry, x, first_y + int(i));
      // Our set-up line lists the owner's rows from his back row: for Blue from the top.
      const int row_in_line = side == kRed ? int(i) : v.setup_rows - 1 - int(i);
      if (c == '.') continue;
      const auto k = kind_from_ucc_token(c);
      if (!k)
        throw InputError(where + ": token " + std::to_string(x + 1) + " " +
                         quoted(std::string(1, c)) + " (" + v.geometry.square_name(sq) +
                         ") is not a piece token (1-9, s, B, F, or . for empty)");
      out[std::size_t(row_in_line * v.width + x)] = kind_letter(*k);
    }
  }
  return out;
}

std::vector<std::string> format_ucc_board(const View& v) {
  const Geometry& g = v.variant->geometry;
  std::vector<std::string> lines(std::size_t(g.height()), std::string(std::size_t(g.width()), '.'));
  for (int sq = 0; sq < g.num_squares(); ++sq) {
    char& c = lines[std::size_t(ucc_y(g, sq))][std::size_t(ucc_x(g, sq))];
    const Piece p = v.board[std::size_t(sq)].piece;
    if (test(g.blocked(), sq))
      c = '+';
    else if (p == kNoPiece)
      c = '.';
    else if (piece_side(p) != v.viewer)
      c = '#';
    else
      c = ucc_token(piece_kind(p));
  }
  return lines;
}

std::vector<std::string> parse_ucc_board(const std::vector<std::string>& lines, int width,
                                         int height) {
  if (int(lines.size()) != height)
    throw InputError(std::string("UCC board: ") + std::to_string(lines.size()) +
                     " lines; expected " + std::to_string(height));
  std::vector<std::string> out;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const std::string_view line = ucc_trim(lines[i]);
    const std::string where = std::string("UCC board line ") + std::to_string(i + 1) +
                              " (y=" + std::to_string(i) + ") " + quoted(line);
    if (int(line.size()) != width)
      throw InputError(where + ": " + std::to_string(line.size()) + " characters; expected " +
                       std::to_string(width));
    for (std::size_t x = 0; x < line.size(); ++x) {
      const char c = line[x];
      if (c != '+' && c != '#' && c != '.' && !kind_from_ucc_token(c))
        throw InputError(where + ": " + quoted(std::string(1, c)) + " at x=" + std::to_string(x) +
                         " is not a board token (+ # . 1-9 s B F)");
    }
    out.emplace_back(line);
  }
  return out;
}

}  // namespace stratego::protocol
