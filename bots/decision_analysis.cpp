#include "bots/decision_analysis.h"

#include <algorithm>

#include "engine/move.h"
#include "eval/belief.h"

namespace stratego::bots {

void mark_attacks(DecisionAnalysis& a, const View& view) {
  const Side enemy = other(view.viewer);
  for (ActionRow& r : a.rows) {
    const Move m = Move::from_raw(std::uint16_t(r.key));
    const MoveType t = m.type();
    if (t != MoveType::kNormal && t != MoveType::kAngerAttack && t != MoveType::kRanged) continue;
    const Piece target = view.board[std::size_t(m.to())].piece;
    if (target == kNoPiece || piece_side(target) != enemy) continue;
    r.attack = true;
    r.target_square = m.to();
    r.attacker = piece_kind(view.board[std::size_t(m.from())].piece);
  }
}

DecisionAnalysis forced_analysis(std::string bot, std::string action, std::uint32_t key,
                                 const View& view) {
  DecisionAnalysis a;
  a.bot = std::move(bot);
  a.chosen = action;
  a.measure = "forced";
  ActionRow only;
  only.action = std::move(action);
  only.key = key;
  a.rows.push_back(std::move(only));
  mark_attacks(a, view);
  return a;
}

void fill_target_beliefs(DecisionAnalysis& a, const eval::PieceTracker& tracker,
                         const eval::Marginals& marginals, const std::string& whose) {
  a.belief = whose;
  for (ActionRow& r : a.rows) {
    if (!r.attack) continue;
    r.target.clear();
    const int piece = tracker.piece_at(r.target_square);
    if (piece < 0) continue;
    for (Kind k : marginals.kinds) {
      r.target.push_back({k, marginals.prob(tracker, piece, k)});
    }
    std::stable_sort(r.target.begin(), r.target.end(),
                     [](const auto& x, const auto& y) { return x.second > y.second; });
  }
}

}  // namespace stratego::bots
