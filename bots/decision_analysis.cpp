#include "bots/decision_analysis.h"

#include <algorithm>

#include "engine/move.h"
#include "engine/waterloo/action.h"
#include "engine/waterloo/notation.h"
#include "eval/belief.h"
#include "eval/belief_model.h"

namespace stratego::bots {
namespace {

template <class View>
DecisionAnalysis forced(std::string bot, std::string action, std::uint32_t key, const View& view) {
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

// The row's target belief, largest first.
void set_target(ActionRow& r, std::vector<std::pair<std::string, double>> target) {
  std::stable_sort(target.begin(), target.end(),
                   [](const auto& x, const auto& y) { return x.second > y.second; });
  r.target = std::move(target);
}

}  // namespace

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
    r.attacker = kind_name(piece_kind(view.board[std::size_t(m.from())].piece));
  }
}

void mark_attacks(DecisionAnalysis& a, const waterloo::WaterlooView& view) {
  for (ActionRow& r : a.rows) {
    const waterloo::Action act = waterloo::Action::from_raw(r.key);
    if (act.type() != waterloo::ActionType::kMove && act.type() != waterloo::ActionType::kFire)
      continue;
    const auto& target = view.board[std::size_t(act.to())];
    const auto& attacker = view.board[std::size_t(act.from())];
    if (!target || !attacker || target->side() == attacker->side()) continue;
    r.attack = true;
    r.target_square = act.to();
    waterloo::SeenUnit plain = *attacker;  // without who-has-seen-it and last-attack marks
    plain.revealed = 0;
    plain.last_attack = waterloo::kNeverAttacked;
    r.attacker = waterloo::unit_token(plain);
  }
}

DecisionAnalysis forced_analysis(std::string bot, std::string action, std::uint32_t key,
                                 const View& view) {
  return forced(std::move(bot), std::move(action), key, view);
}

DecisionAnalysis forced_analysis(std::string bot, std::string action, std::uint32_t key,
                                 const waterloo::WaterlooView& view) {
  return forced(std::move(bot), std::move(action), key, view);
}

void fill_target_beliefs(DecisionAnalysis& a, const eval::PieceTracker& tracker,
                         const eval::Marginals& marginals, const std::string& whose) {
  a.belief = whose;
  for (ActionRow& r : a.rows) {
    if (!r.attack) continue;
    r.target.clear();
    const int piece = tracker.piece_at(r.target_square);
    if (piece < 0) continue;
    std::vector<std::pair<std::string, double>> target;
    for (Kind k : marginals.kinds)
      target.push_back({std::string(kind_name(k)), marginals.prob(tracker, piece, k)});
    set_target(r, std::move(target));
  }
}

void fill_target_beliefs(DecisionAnalysis& a, const eval::BeliefTable& table,
                         const std::string& whose) {
  a.belief = whose;
  for (ActionRow& r : a.rows) {
    if (!r.attack) continue;
    r.target.clear();
    for (const eval::PieceBelief& b : table.pieces) {
      if (b.square != r.target_square) continue;
      std::vector<std::pair<std::string, double>> target;
      for (std::size_t j = 0; j < table.names.size(); ++j)
        if (table.groups[j] == b.group) target.push_back({table.names[j], b.p[j]});
      set_target(r, std::move(target));
    }
  }
}

}  // namespace stratego::bots
