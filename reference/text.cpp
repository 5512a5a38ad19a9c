// The reference's text for failure messages: moves and the board (reference_movegen.h).
#include <sstream>

#include "reference/movegen.h"

namespace stratego::reference {
namespace {

char kind_char(Kind k) {
  constexpr char kChars[kNumKinds] = {'F', 'S', '2', '3', '4', '5', '6',
                                      '7', '8', '9', 'X', 'B', 'A', 'R'};
  return kChars[k];
}

std::string square_text(const Variant& v, int sq) {
  return std::string(1, char('a' + sq % v.width)) + std::to_string(sq / v.width + 1);
}

}  // namespace

std::string move_text(const Variant& v, Move m) {
  switch (m.type()) {
    case MoveType::kNormal:
      return square_text(v, m.from()) + "-" + square_text(v, m.to());
    case MoveType::kRescue:
      return "rescue " + std::string(kind_name(m.rescued_kind())) + "@" + square_text(v, m.to());
    case MoveType::kDeclineRescue:
      return "decline";
    case MoveType::kAngerAttack:
      return "anger " + square_text(v, m.from()) + "-" + square_text(v, m.to());
    case MoveType::kAngerStop:
      return "stop";
    case MoveType::kRanged:
      return "ranged " + square_text(v, m.from()) + "-" + square_text(v, m.to());
  }
  return "?";
}

std::string describe(const State& s) {
  const Variant& v = s.variant();
  std::ostringstream out;
  out << "variant " << v.spec << ", ply " << s.ply() << ", " << side_name(s.side_to_move())
      << " to move" << (s.pending_rescue() ? " (rescue pending)" : "")
      << (s.pending_anger() ? " (anger pending, " + std::to_string(s.anger_wins()) + " won)" : "")
      << "\n  (r = red, b = blue; X marshal, 9..2 ranks, S spy, B bomb, F flag, A anger captain, "
         "R ranged major; ~~ lake)\n";
  for (int r = v.height - 1; r >= 0; --r) {
    out << (r + 1 < 10 ? " " : "") << r + 1 << " ";
    for (int c = 0; c < v.width; ++c) {
      const int sq = r * v.width + c;
      const Piece p = s.at(sq);
      if ((v.lakes >> sq) & 1)
        out << " ~~";
      else if (p == kNoPiece)
        out << " ..";
      else
        out << ' ' << (piece_side(p) == kRed ? 'r' : 'b') << kind_char(piece_kind(p));
    }
    out << "\n";
  }
  out << "   ";
  for (int c = 0; c < v.width; ++c) out << "  " << char('a' + c);
  out << "\n  last moves:";
  const auto& h = s.history();
  for (std::size_t i = h.size() > 12 ? h.size() - 12 : 0; i < h.size(); ++i)
    out << ' ' << move_text(v, h[i].move);
  out << "\n";
  return out.str();
}

}  // namespace stratego::reference
