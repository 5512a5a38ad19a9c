#include "heuristic/classic_play_style.h"

namespace stratego::heuristic {
namespace {

// In rules-score units (a Marshal is 80): large enough to turn the default's close calls,
// small against a known win or loss of a piece.
constexpr double kUnknownAttack = 40;  // aggressive +, passive -
constexpr double kAdvance = 5;         // per row towards the enemy (passive: per row back)
constexpr double kScoutMove = 10, kScoutProbe = 15;
constexpr double kForbidden = -1e9;  // a move the style does not allow

// Rows m goes towards the enemy's back row (negative: back).
int rows_forward(const View& view, Move m) {
  const Geometry& g = view.variant->geometry;
  const int d = g.row(m.to()) - g.row(m.from());
  return view.viewer == kRed ? d : -d;
}

bool plain(Move m) {
  return m.type() == MoveType::kNormal || m.type() == MoveType::kAngerAttack ||
         m.type() == MoveType::kRanged;
}

bool onto_unknown(const View& view, Move m) {
  const Piece p = view.board[m.to()].piece;
  return p != kNoPiece && piece_side(p) != view.viewer && piece_kind(p) == kUnknown;
}

// How many of the viewer's living pieces have moved.
int moved_pieces(const View& view) {
  int moved = 0;
  for (const ViewSquare& vs : view.board)
    if (vs.piece != kNoPiece && piece_side(vs.piece) == view.viewer && (vs.flags & kMovedFlag))
      ++moved;
  return moved;
}

// Forbids the moves `allowed` refuses, unless it refuses every move.
template <class Allowed>
void forbid_all_but(std::span<const Move> moves, std::span<double> scores, Allowed allowed) {
  bool any = false;
  for (Move m : moves) any = any || allowed(m);
  if (!any) return;
  for (std::size_t i = 0; i < moves.size(); ++i)
    if (!allowed(moves[i])) scores[i] += kForbidden;
}

// turtle and reactive: an attack only on the enemy piece that just attacked (reactive: or just
// stepped next to one of ours), and it stands where it went; other moves by at most kShufflers
// pieces, inside the viewer's own set-up rows.
void stay_home(PlayStyle s, const View& view, std::span<const Move> moves, std::span<double> scores,
               const std::optional<ObservedMove>& last) {
  const Bitboard home = view.variant->setup_zone(view.viewer);
  const bool few_moved = moved_pieces(view) < kShufflers;
  const bool answerable = last && last->move.is_normal() &&
                          last->outcome == Outcome::kAttackerWins &&
                          (last->attack || s == PlayStyle::kReactive);
  forbid_all_but(moves, scores, [&](Move m) {
    if (!plain(m)) return true;
    const Piece target = view.board[m.to()].piece;
    if (target != kNoPiece) return answerable && m.to() == last->move.to();
    return test(home, m.to()) && (few_moved || (view.board[m.from()].flags & kMovedFlag));
  });
}

void few_pieces(const View& view, std::span<const Move> moves, std::span<double> scores) {
  if (moved_pieces(view) < kFewPieces) return;
  forbid_all_but(moves, scores,
                 [&](Move m) { return !plain(m) || (view.board[m.from()].flags & kMovedFlag); });
}

}  // namespace

const std::vector<std::string>& play_style_names() {
  static const std::vector<std::string> names = {"default",     "aggressive", "passive",
                                                 "scout-heavy", "few-pieces", "near-random",
                                                 "turtle",      "reactive"};
  return names;
}

std::optional<PlayStyle> parse_play_style(std::string_view name) {
  const auto& names = play_style_names();
  for (std::size_t i = 0; i < names.size(); ++i)
    if (names[i] == name) return PlayStyle(i);
  return std::nullopt;
}

const std::string& play_style_name(PlayStyle s) { return play_style_names()[std::size_t(s)]; }

void apply_play_style(PlayStyle s, const View& view, std::span<const Move> moves,
                      std::span<double> scores, Rng& rng,
                      const std::optional<ObservedMove>& last_enemy) {
  switch (s) {
    case PlayStyle::kDefault:
      return;
    case PlayStyle::kTurtle:
    case PlayStyle::kReactive:
      return stay_home(s, view, moves, scores, last_enemy);
    case PlayStyle::kFewPieces:
      return few_pieces(view, moves, scores);
    case PlayStyle::kNearRandom:
      if (rng.uniform01() < kNearRandomShare)
        for (double& x : scores) x = rng.uniform01();
      return;
    default:
      break;
  }
  for (std::size_t i = 0; i < moves.size(); ++i) {
    const Move m = moves[i];
    if (!plain(m)) continue;
    const bool unknown = onto_unknown(view, m);
    const int forward = rows_forward(view, m);
    switch (s) {
      case PlayStyle::kAggressive:
        scores[i] += (unknown ? kUnknownAttack : 0) + kAdvance * forward;
        break;
      case PlayStyle::kPassive:
        scores[i] -= (unknown ? kUnknownAttack : 0) + kAdvance * forward;
        break;
      case PlayStyle::kScoutHeavy:
        if (piece_kind(view.board[m.from()].piece) == kScout)
          scores[i] += kScoutMove + (unknown ? kScoutProbe : 0);
        break;
      default:
        break;
    }
  }
}

}  // namespace stratego::heuristic
