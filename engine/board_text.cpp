#include "engine/board_text.h"

#include <array>

namespace stratego {

std::string kind_code(Kind k) {
  switch (k) {
    case kFlag:
      return "F";
    case kBomb:
      return "B";
    case kSpy:
      return "S";
    case kUnknown:
      return "?";
    case kAngerCaptain:
      return "6A";  // CW-3
    case kRangedMajor:
      return "7R";  // CW-4
    default:
      return std::to_string(int(k));
  }
}

namespace {

std::string cell(Piece p, bool colour) {
  if (p == kNoPiece) return "  . ";
  std::string body(1, piece_side(p) == kRed ? 'R' : 'b');
  body += kind_code(piece_kind(p));
  while (body.size() < 3) body.insert(body.begin(), ' ');
  body += ' ';
  if (!colour) return body;
  return (piece_side(p) == kRed ? "\x1b[31m" : "\x1b[34m") + body + "\x1b[0m";
}

// Renders any board described by a function from square to piece.
template <typename PieceAt>
std::string render(const Variant& v, PieceAt piece_at, bool colour) {
  const Geometry& g = v.geometry;
  std::string out;
  for (int row = g.height() - 1; row >= 0; --row) {
    std::string label = std::to_string(row + 1);
    out += std::string(3 - label.size(), ' ') + label + " ";
    for (int col = 0; col < g.width(); ++col) {
      const int sq = g.square(col, row);
      out += test(g.blocked(), sq) ? " ~~ " : cell(piece_at(sq), colour);
    }
    out += '\n';
  }
  out += "    ";
  for (int col = 0; col < g.width(); ++col) out += std::string("  ") + char('a' + col) + " ";
  out += '\n';
  return out;
}

}  // namespace

std::string kind_label(Kind k) {
  static const std::array<const char*, kNumKinds> names{
      "Flag",           "Spy (1)",     "Scout (2)",         "Miner (3)",       "Sergeant (4)",
      "Lieutenant (5)", "Captain (6)", "Major (7)",         "Colonel (8)",     "General (9)",
      "Marshal (10)",   "Bomb",        "Anger Captain (6)", "Ranged Major (7)"};
  return k == kUnknown ? "?" : names[k];
}

std::string render_board(const State& s, bool colour) {
  return render(
      s.variant(), [&](int sq) { return s.at(sq); }, colour);
}

std::string render_view(const View& v, bool colour) {
  return render(
      *v.variant, [&](int sq) { return v.board[sq].piece; }, colour);
}

}  // namespace stratego
