#include "engine/notation.h"

#include <cctype>

#include "engine/notation_position.h"
#include "engine/text_util.h"

namespace stratego {
namespace {

using notation_detail::parse_position;
using notation_detail::Position;
using notation_detail::side_case;

char piece_char(Piece p) {
  const Kind k = piece_kind(p);
  const char c = k == kUnknown ? 'X' : kind_letter(k);
  return piece_side(p) == kRed ? c : char(std::tolower(c));
}

std::string format(const Position& p) {
  const Geometry& g = p.variant->geometry;
  std::string out;
  if (p.is_view) out += std::string(side_name(p.viewer)) + "-view ";
  out += p.variant->spec + " ";
  for (int row = g.height() - 1; row >= 0; --row) {
    int empty = 0;
    auto flush = [&] {
      if (empty) out += std::to_string(empty);
      empty = 0;
    };
    for (int col = 0; col < g.width(); ++col) {
      const int sq = g.square(col, row);
      const ViewSquare& cell = p.board[std::size_t(sq)];
      if (test(g.blocked(), sq)) {
        flush();
        out += '_';
      } else if (cell.piece == kNoPiece) {
        ++empty;
      } else {
        flush();
        out += piece_char(cell.piece);
        if (cell.flags & kMovedFlag) out += '\'';
        if (cell.flags & kRevealedFlag) out += '!';
        if (cell.flags & kRescuerFlag) out += '^';
      }
    }
    flush();
    if (row > 0) out += '/';
  }
  out += p.stm == kRed ? " r " : " b ";
  out += std::to_string(p.moves_played);
  if (p.variant->no_attack_limit > 0) out += "/" + std::to_string(p.quiet_moves);
  out += " ";
  for (Side s : {kRed, kBlue}) {
    const TwoSquareRun& r = p.runs[s];
    if (r == TwoSquareRun{}) {
      out += "-";
    } else {
      out += g.square_name(r.from) + g.square_name(r.to) + ":" + std::to_string(r.count);
      for (int k = 1; p.variant->border_runs && k < r.count; ++k) {
        const BorderSpan b = r.crossed[std::size_t(k)];
        out += "/" + (b.empty() ? std::string("-") : g.square_name(b.lo) + g.square_name(b.hi));
      }
    }
    out += s == kRed ? "," : " ";
  }
  for (Side s : {kRed, kBlue}) {
    std::string list;
    for (Kind k : text::kKindsByLetter) {
      list.append(std::size_t(p.shown[s][k]), side_case(s, kind_letter(k)));
      for (int i = 0; i < p.silent[s][k]; ++i) (list += side_case(s, kind_letter(k))) += '?';
    }
    list.append(std::size_t(p.unknown[s]), side_case(s, 'X'));
    out += (list.empty() ? "-" : list) + (s == kRed ? "," : " ");
  }
  out += std::to_string(p.rescues[kRed]) + "," + std::to_string(p.rescues[kBlue]) + " ";
  if (p.anger_wins > 0)  // appended piece by piece: GCC 12 warns falsely about "A" + string
    ((out += 'A') += std::to_string(p.anger_wins) + "@" + g.square_name(p.anger_square)) += ' ';
  else
    out += (p.pending ? g.square_name(p.rescuer) : "-") + " ";
  if (p.result.over())
    out += std::string(text::winner_name(p.result.winner)) + ":" +
           std::string(end_reason_name(p.result.reason));
  else
    out += "-";
  return out;
}

Position from_state(const State& s) {
  Position p;
  p.variant = s.variant_ptr();
  for (int sq : squares(s.occupied())) p.board[std::size_t(sq)] = {s.at(sq), s.flags(sq)};
  p.stm = s.side_to_move();
  p.moves_played = s.moves_played();
  p.quiet_moves = s.quiet_moves();
  for (Side side : {kRed, kBlue}) {
    p.runs[side] = s.run(side);
    for (Kind k : kAllKinds) {
      p.silent[side][k] = s.captured_silent(side, k);
      p.shown[side][k] = s.captured(side, k) - p.silent[side][k];
    }
    p.rescues[side] = s.rescues_used(side);
  }
  p.pending = s.pending_rescue();
  p.rescuer = s.rescuer_square();
  p.anger_wins = s.anger_wins();
  p.anger_square = s.anger_square();
  p.result = s.result();
  return p;
}

}  // namespace

std::string to_notation(const State& s) { return format(from_state(s)); }

std::string to_notation(const View& v) {
  Position p;
  p.variant = v.variant;
  p.is_view = true;
  p.viewer = v.viewer;
  p.board = v.board;
  p.stm = v.side_to_move;
  p.moves_played = v.moves_played;
  p.quiet_moves = v.quiet_moves;
  p.runs = v.runs;
  for (Side s : {kRed, kBlue}) {
    for (Kind k : kAllKinds) p.shown[s][k] = v.captured_known[s][k];
    p.unknown[s] = v.captured_unknown[s];
    p.rescues[s] = v.rescues_used[s];
  }
  p.pending = v.pending_rescue;
  p.rescuer = v.rescuer_square;
  p.anger_wins = v.anger_wins;
  p.anger_square = v.anger_square;
  p.result = v.result;
  return format(p);
}

State parse_state(std::string_view text) {
  const Position p = parse_position(text, false);
  State s(p.variant);
  for (int sq = 0; sq < p.variant->geometry.num_squares(); ++sq) {
    const ViewSquare& cell = p.board[std::size_t(sq)];
    if (cell.piece != kNoPiece)
      s.put(sq, piece_side(cell.piece), piece_kind(cell.piece), cell.flags);
  }
  s.set_side_to_move(p.stm);
  s.set_moves_played(p.moves_played);
  s.set_quiet_moves(p.quiet_moves);
  for (Side side : {kRed, kBlue}) {
    s.set_run(side, p.runs[side]);
    for (Kind k : kAllKinds)
      s.set_captured(side, k, p.shown[side][k] + p.silent[side][k], p.silent[side][k]);
    s.set_rescues_used(side, p.rescues[side]);
  }
  s.set_pending_rescue(p.pending, p.rescuer);
  s.set_pending_anger(p.anger_square, p.anger_wins);
  s.set_result(p.result);
  return s;
}

View parse_view(std::string_view text) { return parse_view(text, nullptr); }

View parse_view(std::string_view text, std::shared_ptr<const Variant> variant) {
  const Position p = parse_position(text, true, std::move(variant));
  View v;
  v.variant = p.variant;
  v.viewer = p.viewer;
  v.board = p.board;
  v.side_to_move = p.stm;
  v.moves_played = p.moves_played;
  v.quiet_moves = p.quiet_moves;
  v.runs = p.runs;
  for (Side s : {kRed, kBlue}) {
    for (Kind k : kAllKinds) v.captured_known[s][k] = std::uint8_t(p.shown[s][k]);
    v.captured_unknown[s] = std::uint8_t(p.unknown[s]);
    v.rescues_used[s] = std::uint8_t(p.rescues[s]);
  }
  v.pending_rescue = p.pending;
  v.rescuer_square = p.pending ? p.rescuer : 0;
  v.anger_wins = p.anger_wins;
  v.anger_square = p.anger_wins > 0 ? p.anger_square : 0;
  v.result = p.result;
  return v;
}

}  // namespace stratego
