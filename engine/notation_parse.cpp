#include <cctype>

#include "engine/error.h"
#include "engine/notation_position.h"
#include "engine/text_util.h"
#include "engine/variant_loader.h"

namespace stratego::notation_detail {
namespace {

[[noreturn]] void fail(std::string_view field, const std::string& why) {
  throw InputError("notation, " + std::string(field) + ": " + why);
}

std::pair<std::string_view, std::string_view> pair_field(std::string_view field,
                                                         std::string_view f) {
  const auto parts = text::split(f, ',');
  if (parts.size() != 2) fail(field, "expected red,blue, got " + text::quoted(f));
  return {parts[0], parts[1]};
}

int square_field(std::string_view field, const Geometry& g, std::string_view name) {
  const auto sq = g.parse_square(name);
  if (!sq) fail(field, text::quoted(name) + " is not a square of the board");
  return *sq;
}

void parse_board(Position& p, std::string_view f) {
  const Geometry& g = p.variant->geometry;
  const auto rows = text::split(f, '/');
  if (int(rows.size()) != g.height())
    fail("board",
         std::to_string(rows.size()) + " rows; the board has " + std::to_string(g.height()));
  for (int i = 0; i < g.height(); ++i) {
    const int row = g.height() - 1 - i;
    const std::string_view r = rows[std::size_t(i)];
    const std::string where = "row " + std::to_string(row + 1);
    int col = 0;
    auto next_square = [&]() -> int {
      if (col >= g.width())
        fail("board", where + " is wider than " + std::to_string(g.width()) + " squares");
      return g.square(col++, row);
    };
    for (std::size_t pos = 0; pos < r.size();) {
      const char c = r[pos];
      if (std::isdigit(static_cast<unsigned char>(c))) {
        std::size_t end = pos;
        while (end < r.size() && std::isdigit(static_cast<unsigned char>(r[end]))) ++end;
        const auto n = text::parse_count(r.substr(pos, end - pos));
        if (!n || *n == 0 || r[pos] == '0')
          fail("board",
               where + ": bad count of empty squares " + text::quoted(r.substr(pos, end - pos)));
        for (int k = 0; k < *n; ++k) {
          const int sq = next_square();
          if (test(g.blocked(), sq))
            fail("board", g.square_name(sq) + " is a lake, written '_', not an empty square");
        }
        pos = end;
      } else if (c == '_') {
        const int sq = next_square();
        if (!test(g.blocked(), sq)) fail("board", "'_' on " + g.square_name(sq) + ", not a lake");
        ++pos;
      } else if (std::isalpha(static_cast<unsigned char>(c))) {
        const Side side = std::isupper(static_cast<unsigned char>(c)) ? kRed : kBlue;
        const char up = char(std::toupper(static_cast<unsigned char>(c)));
        const auto kind = up == 'X' ? std::optional<Kind>(kUnknown) : kind_from_letter(up);
        const int sq = next_square();
        const std::string name = g.square_name(sq);
        if (!kind)
          fail("board", text::quoted(std::string(1, c)) + " on " + name + " is not a piece letter");
        if (test(g.blocked(), sq)) fail("board", "a piece on lake square " + name);
        std::uint8_t flags = 0;
        for (++pos; pos < r.size(); ++pos) {
          const std::string_view markers = "'!^";
          const auto m = markers.find(r[pos]);
          if (m == std::string_view::npos) break;
          const auto bit = std::uint8_t(1 << m);  // kMovedFlag, kRevealedFlag, kRescuerFlag
          if (flags & bit)
            fail("board", "marker " + text::quoted(r.substr(pos, 1)) + " twice on " + name);
          flags = std::uint8_t(flags | bit);
        }
        if (*kind == kUnknown && !p.is_view)
          fail("board", "X on " + name + ": unknown pieces appear only in a view");
        if (p.is_view && side == p.viewer && *kind == kUnknown)
          fail("board", name + ": the viewer's own pieces are never unknown");
        if (p.is_view && side != p.viewer && (*kind == kUnknown) == bool(flags & kRevealedFlag))
          fail("board", name + ": an enemy piece shows its kind exactly when it is revealed (!)");
        p.board[std::size_t(sq)] = {make_piece(side, *kind), flags};
      } else {
        fail("board", where + ": unexpected " + text::quoted(r.substr(pos, 1)));
      }
    }
    if (col != g.width())
      fail("board", where + " has " + std::to_string(col) + " squares; the board is " +
                        std::to_string(g.width()) + " wide");
  }
}

// A from-to pair of squares written together, like a4a5.
std::pair<int, int> square_pair(const Geometry& g, std::string_view sqs) {
  std::size_t split = 1;
  while (split < sqs.size() && !std::isalpha(static_cast<unsigned char>(sqs[split]))) ++split;
  return {square_field("runs", g, sqs.substr(0, split)),
          square_field("runs", g, sqs.substr(split))};
}

// C-6.1's from, to and count; under C-6.3's border runs followed by '/' and the borders each
// of the last 2, 3, ... moves crossed ('-' for none), e.g. a6a4:3/a4a6/a4a6.
TwoSquareRun parse_run(const Variant& v, std::string_view f) {
  if (f == "-") return {};
  const Geometry& g = v.geometry;
  const auto parts = text::split(f, '/');
  const auto colon = parts[0].find(':');
  const auto count = colon == std::string_view::npos
                         ? std::nullopt
                         : text::parse_count(parts[0].substr(colon + 1));
  if (!count || *count < 1 || *count > 255)
    fail("runs", "expected '-' or from, to and count like a4a5:2, got " + text::quoted(f));
  const auto [from, to] = square_pair(g, parts[0].substr(0, colon));
  TwoSquareRun run{std::uint8_t(from), std::uint8_t(to), std::uint8_t(*count)};
  if (!v.border_runs) {
    if (parts.size() > 1)
      fail("runs", "border spans " + text::quoted(f) + " need border_runs (C-6.3)");
    return run;
  }
  if (*count > std::max(v.two_squares_limit, 1) || parts.size() != std::size_t(*count))
    fail("runs", "expected a count of at most " + std::to_string(std::max(v.two_squares_limit, 1)) +
                     " followed by that many borders less one, got " + text::quoted(f));
  run.crossed[0] = {std::uint8_t(std::min(from, to)), std::uint8_t(std::max(from, to))};
  for (std::size_t k = 1; k < parts.size() && k < run.crossed.size(); ++k) {
    if (parts[k] == "-") continue;
    const auto [lo, hi] = square_pair(g, parts[k]);
    if (lo >= hi)
      fail("runs", "a border span goes from the lower square up, got " + text::quoted(parts[k]));
    run.crossed[k] = {std::uint8_t(lo), std::uint8_t(hi)};
  }
  return run;
}

void parse_captured(Position& p, Side s, std::string_view f) {
  if (f == "-") return;
  const std::string who = std::string(side_name(s)) + "'s list";
  for (std::size_t i = 0; i < f.size(); ++i) {
    const char c = f[i];
    const char up = char(std::toupper(static_cast<unsigned char>(c)));
    const auto kind = kind_from_letter(up);
    if ((!kind && up != 'X') || c != side_case(s, up))
      fail("captured", text::quoted(f.substr(i, 1)) + " in " + who + " is not a " +
                           std::string(side_name(s)) + " piece letter (" +
                           (s == kRed ? "upper" : "lower") + " case)");
    if (up == 'X') {
      if (!p.is_view || s == p.viewer)
        fail("captured", "X in " + who + ": only a view has enemy pieces of unknown kind");
      ++p.unknown[s];
    } else if (i + 1 < f.size() && f[i + 1] == '?') {
      if (p.is_view) fail("captured", "'?' in " + who + ": a view writes silent captures as X");
      ++p.silent[s][*kind];
      ++i;
    } else {
      ++p.shown[s][*kind];
    }
  }
}

// A position can hold no more pieces of a kind than the army has (docs/rules.md C-2).
void check_counts(const Position& p) {
  const Variant& v = *p.variant;
  for (Side s : {kRed, kBlue}) {
    std::array<int, kNumKinds + 1> n{};
    int total = p.unknown[s];
    for (const ViewSquare& cell : p.board)
      if (cell.piece != kNoPiece && piece_side(cell.piece) == s) {
        const Kind k = piece_kind(cell.piece);
        ++n[k == kUnknown ? kNumKinds : k];
        ++total;
      }
    for (Kind k : kAllKinds) {
      const int here = n[k] + p.shown[s][k] + p.silent[s][k];
      total += p.shown[s][k] + p.silent[s][k];
      if (here > v.army[k])
        fail("captured", std::string(side_name(s)) + " has " + std::to_string(here) + " x " +
                             std::string(kind_name(k)) +
                             " on the board and captured; the army has " +
                             std::to_string(v.army[k]));
    }
    if (total > v.army_size())
      fail("captured", std::string(side_name(s)) + " has more pieces than the army's " +
                           std::to_string(v.army_size()));
  }
}

// CW-3: "A<wins>@<square>", the Anger piece of the side to move in the middle of its chain.
void parse_anger(Position& p, std::string_view f) {
  const auto at = f.find('@');
  const auto wins =
      at == std::string_view::npos ? std::nullopt : text::parse_count(f.substr(1, at - 1));
  if (!wins || *wins < 1 || *wins >= kAngerMaxAttacks)
    fail("pending decision", "expected A<wins>@<square> with wins from 1 to " +
                                 std::to_string(kAngerMaxAttacks - 1) + " (e.g. A2@e6), got " +
                                 text::quoted(f));
  const int sq = square_field("pending decision", p.variant->geometry, f.substr(at + 1));
  const Piece piece = p.board[std::size_t(sq)].piece;
  if (piece == kNoPiece || piece_side(piece) != p.stm || piece_kind(piece) != kAngerCaptain)
    fail("pending decision", std::string(f.substr(at + 1)) +
                                 " does not hold the Anger Captain of the side to move (CW-3)");
  p.anger_wins = *wins;
  p.anger_square = sq;
}

}  // namespace

Position parse_position(std::string_view notation, bool view,
                        std::shared_ptr<const Variant> variant) {
  const auto f = text::words(notation);
  const std::size_t expected = view ? 10 : 9;
  if (f.size() != expected)
    fail("fields", "expected " + std::to_string(expected) + " (" + (view ? "view " : "") +
                       "variant board side moves runs captured rescues pending result), got " +
                       std::to_string(f.size()) +
                       (!view && !f.empty() && f[0].ends_with("-view") ? " (this is a view)" : ""));
  Position p;
  p.is_view = view;
  std::size_t i = 0;
  if (view) {
    if (f[0] != "red-view" && f[0] != "blue-view")
      fail("view", "expected red-view or blue-view, got " + text::quoted(f[0]));
    p.viewer = f[i++] == "red-view" ? kRed : kBlue;
  }
  if (variant) {
    p.variant = std::move(variant);
    ++i;
  } else {
    try {
      p.variant = std::make_shared<const Variant>(load_variant(f[i++]));
    } catch (const InputError& e) {
      fail("variant", e.what());
    }
  }
  const Variant& v = *p.variant;
  const Geometry& g = v.geometry;
  parse_board(p, f[i++]);
  if (f[i] != "r" && f[i] != "b")
    fail("side to move", "expected r or b, got " + text::quoted(f[i]));
  p.stm = f[i++] == "r" ? kRed : kBlue;
  // C-6.3: with a no-attack limit, moves played may be followed by /moves without an attack.
  const auto move_parts = text::split(f[i], '/');
  const auto moves = text::parse_count(move_parts[0]);
  if (!moves || move_parts.size() > 2)
    fail("moves played", text::quoted(f[i]) + " is not a whole number");
  p.moves_played = *moves;
  if (move_parts.size() == 2) {
    const auto quiet = text::parse_count(move_parts[1]);
    if (v.no_attack_limit == 0 || !quiet || *quiet > *moves)
      fail("moves played", text::quoted(f[i]) +
                               ": /N, the moves without an attack, needs no_attack_limit (C-6.3) "
                               "and at most the moves played");
    p.quiet_moves = *quiet;
  }
  ++i;
  const auto [red_run, blue_run] = pair_field("runs", f[i++]);
  p.runs = {parse_run(v, red_run), parse_run(v, blue_run)};
  const auto [red_cap, blue_cap] = pair_field("captured", f[i++]);
  parse_captured(p, kRed, red_cap);
  parse_captured(p, kBlue, blue_cap);
  check_counts(p);
  const auto [red_res, blue_res] = pair_field("rescues used", f[i++]);
  for (Side s : {kRed, kBlue}) {
    const auto n = text::parse_count(s == kRed ? red_res : blue_res);
    if (!n || *n > v.rescue_limit)
      fail("rescues used", "expected two counts from 0 to " + std::to_string(v.rescue_limit) +
                               ", got " + text::quoted(f[i - 1]));
    p.rescues[s] = *n;
  }
  if (f[i].starts_with("A")) {
    parse_anger(p, f[i]);
  } else if (f[i] != "-") {
    p.pending = true;
    p.rescuer = square_field("pending rescue", g, f[i]);
    const Piece at = p.board[std::size_t(p.rescuer)].piece;
    if (!v.rescue) fail("pending rescue", v.spec + " has no rescue (V-5)");
    if (at == kNoPiece || piece_side(at) != p.stm)
      fail("pending rescue", std::string(f[i]) + " does not hold a piece of the side to move");
  }
  ++i;
  if (f[i] != "-") {
    const auto colon = f[i].find(':');
    const auto w = text::winner_from_name(f[i].substr(0, colon));
    const auto r = colon == std::string_view::npos
                       ? std::nullopt
                       : end_reason_from_name(f[i].substr(colon + 1), Family::kClassic);
    if (!w || !r || *w == Winner::kNone)
      fail("result",
           "expected '-' or winner:reason like red:flag-captured, got " + text::quoted(f[i]));
    p.result = {*w, *r};
    if (const std::string why = text::result_problem(p.result); !why.empty()) fail("result", why);
  }
  return p;
}

}  // namespace stratego::notation_detail
