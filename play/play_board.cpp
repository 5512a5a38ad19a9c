#include "play/play_board.h"

#include <array>

#include "engine/board_text.h"
#include "engine/move_text.h"

namespace stratego::play {
namespace {

constexpr int kClassicCellWidth = 5;

// The core of a cell sits so that one-character pieces line up under the column letter.
std::string place_in_cell(const std::string& core, char suffix) {
  std::string cell(kClassicCellWidth, ' ');
  const std::size_t start = core.size() <= 1 ? 2 : core.size() >= 4 ? 0 : 1;
  cell.replace(start, core.size(), core);
  if (suffix != ' ') cell[start + core.size()] = suffix;
  return cell;
}

std::string cell_text(const View& v, int sq) {
  if (test(v.variant->geometry.blocked(), sq)) return place_in_cell("~~", ' ');
  const ViewSquare& s = v.board[sq];
  if (s.piece == kNoPiece) return place_in_cell(".", ' ');
  const Kind k = piece_kind(s.piece);
  if (piece_side(s.piece) == v.viewer)
    return place_in_cell(kind_code(k), (s.flags & kRevealedFlag) ? '*' : ' ');
  if (k == kUnknown) return place_in_cell("[?]", (s.flags & kMovedFlag) ? '\'' : ' ');
  return place_in_cell(std::string("[") + kind_code(k) + "]", ' ');
}

const char* cell_colour(const View& v, int sq) {
  if (test(v.variant->geometry.blocked(), sq)) return ansi::kLake;
  const Piece p = v.board[sq].piece;
  return p == kNoPiece ? ansi::kDim : side_colour(piece_side(p));
}

// Kinds in the order people count losses: strongest first, then the immobile ones.
constexpr std::array<Kind, kNumKinds> kListOrder{
    kMarshal,    kGeneral,  kColonel, kRangedMajor, kMajor, kAngerCaptain, kCaptain,
    kLieutenant, kSergeant, kMiner,   kScout,       kSpy,   kBomb,         kFlag};

std::string pile_text(const View& v, Side side) {
  std::string out;
  for (Kind k : kListOrder) {
    const int n = v.captured_known[side][k];
    if (n == 0) continue;
    if (!out.empty()) out += ", ";
    out += kind_label(k);
    if (n > 1) out += std::string(" x") + std::to_string(n);
  }
  if (const int hidden = v.captured_unknown[side]; hidden > 0) {
    if (!out.empty()) out += ", ";
    out += std::to_string(hidden) + " face down";
  }
  return out.empty() ? "none" : out;
}

// "your Captain (6)", "their Lieutenant (5)", "their unseen piece".
std::string piece_phrase(Side owner, Kind k, Side viewer) {
  const std::string whose = owner == viewer ? "your " : "their ";
  return whose + (k == kUnknown ? std::string("unseen piece") : kind_label(k));
}

}  // namespace

std::string paint(std::string_view text, const char* code, bool colour) {
  if (!colour) return std::string(text);
  std::string out(code);
  out.append(text).append(ansi::kReset);
  return out;
}

std::string render_player_board(const View& v, bool colour, Bitboard highlight) {
  const Geometry& g = v.variant->geometry;
  // Each player looks from his own back row, as across a real board: Red's is row 1.
  const bool turned = v.viewer != kRed;
  std::string letters = "    ";
  for (int i = 0; i < g.width(); ++i) {
    const int col = turned ? g.width() - 1 - i : i;
    letters += place_in_cell(std::string(1, char('a' + col)), ' ');
  }
  while (letters.back() == ' ') letters.pop_back();
  std::string out = letters + "\n";
  for (int i = 0; i < g.height(); ++i) {
    const int row = turned ? i : g.height() - 1 - i;
    std::string label = std::to_string(row + 1);
    std::string line = std::string(3 - label.size(), ' ') + label + " ";
    for (int j = 0; j < g.width(); ++j) {
      const int col = turned ? g.width() - 1 - j : j;
      const int sq = g.square(col, row);
      std::string cell = cell_text(v, sq);
      if (colour) {
        cell = paint(cell, cell_colour(v, sq), true);
        if (test(highlight, sq)) cell = ansi::kInverse + cell;
      }
      line += cell;
    }
    out += line + " " + label + "\n";
  }
  return out + letters + "\n";
}

std::string legend(const View& /*v*/) { return board_legend(); }

std::string board_legend() {
  return "Key: 9 your piece (9* the enemy knows it), [?] enemy piece, [?]' one that has moved, "
         "[5] one whose rank was shown, ~~ lake.\n";
}

std::string captured_text(const View& v) {
  return std::string("Captured: yours ") + pile_text(v, v.viewer) + "; theirs " +
         pile_text(v, other(v.viewer));
}

std::string describe_move(const ObservedMove& m, Side viewer, const Geometry& g) {
  const bool mine = m.mover == viewer;
  const std::string who = mine ? "you" : std::string(side_name(m.mover) == "red" ? "Red" : "Blue");
  const std::string token = move_to_text(m.move, g);
  switch (m.move.type()) {
    case MoveType::kRescue:
      return token + ": " + who + " rescued " + piece_phrase(m.mover, m.mover_kind, viewer) +
             " onto " + g.square_name(m.move.to());
    case MoveType::kDeclineRescue:
      return token + ": " + who + " declined the rescue";
    case MoveType::kAngerStop:
      return token + ": " + who + " ended the Anger attacks";
    default:
      break;
  }
  if (!m.attack) {
    if (mine) return token + ": you moved " + piece_phrase(m.mover, m.mover_kind, viewer);
    return token + ": " + who + " moved " +
           (m.mover_kind == kUnknown ? std::string("a piece")
                                     : piece_phrase(m.mover, m.mover_kind, viewer));
  }
  // Attacks read "b4xb5" as people write them; the token itself uses '-' (move_text.h).
  std::string shown = token;
  if (m.move.type() == MoveType::kNormal) shown[shown.find('-')] = 'x';
  const std::string a = piece_phrase(m.mover, m.mover_kind, viewer);
  const std::string d = piece_phrase(other(m.mover), m.target_kind, viewer);
  switch (m.outcome) {
    case Outcome::kAttackerWins:
      return shown + ": " + a + (m.target_kind == kFlag ? " captured " : " beat ") + d;
    case Outcome::kDefenderWins:
      return shown + ": " + a + " lost to " + d;
    default:
      return shown + ": " + a + " and " + d + " were both removed";
  }
}

}  // namespace stratego::play
