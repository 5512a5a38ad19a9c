// The Waterloo `rules` bot's worth of the actions that are not plain moves or fights: the
// manoeuvre cards (W-12), judged by the single actions they would combine; Reconnaissance
// picks; the loser's saves in the pursuit (W-13.5); a worn heavy cavalry taken off to
// recover (W-8.2).
#include <algorithm>

#include "heuristic/waterloo_scoring.h"

namespace stratego::heuristic::wrules {

using waterloo::Level;

double Scorer::score_card(CardKind k) const {
  using T = ActionInfo::Type;
  if (!actions_) return -1;
  const std::vector<ActionInfo>& actions = *actions_;
  switch (k) {
    case CardKind::kInitiative: {  // W-12.5: three different pieces move in one action
      std::array<double, 3> top{};
      std::vector<std::pair<double, int>> moves;
      for (std::size_t i = 0; i < actions.size(); ++i)
        if (actions[i].type == T::kMove && base_[i] > 0)
          moves.emplace_back(base_[i], actions[i].from);
      std::sort(moves.rbegin(), moves.rend());
      std::vector<int> used;
      int n = 0;
      for (const auto& [s, from] : moves) {
        if (n == 3) break;
        if (std::find(used.begin(), used.end(), from) != used.end()) continue;
        used.push_back(from);
        top[std::size_t(n++)] = s;
      }
      return n >= 2 ? top[0] + top[1] + top[2] - 0.3 : -1;
    }
    case CardKind::kCombinedAttack: {  // W-12.6
      double inf = 0, cav = 0, art = 0;
      for (std::size_t i = 0; i < actions.size(); ++i) {
        const ActionInfo& t = actions[i];
        if (t.type == T::kAttack) {
          double& best = is_cavalry_like(likely_class(m_.dist(t.from))) ? cav : inf;
          best = std::max(best, base_[i]);
        }
        if (t.type == T::kFire) art = std::max(art, base_[i]);
      }
      const int parts = (inf > 0) + (cav > 0) + (art > 0);
      return parts >= 2 ? inf + cav + art - 0.3 : -1;
    }
    case CardKind::kArtilleryBarrage: {  // W-12.8: a connected group fires together
      const Geometry& g = m_.geo();
      Bitboard arts = 0;
      for (int sq : squares(m_.side_bb(m_.me())))
        if (likely_class(m_.dist(sq)) == UnitClass::kArtillery) arts |= square_bb(sq);
      double best = -1;
      Bitboard seen = 0;
      for (int sq : squares(arts)) {
        if (test(seen, sq)) continue;
        Bitboard group = square_bb(sq), grow = group;
        while (grow) {
          grow = g.neighbours(grow) & arts & ~group;
          group |= grow;
        }
        seen |= group;
        double sum = 0;
        int firing = 0;
        Bitboard hit = 0;
        for (int a : squares(group)) {
          double top = 0;
          int target = -1;
          for (std::size_t i = 0; i < actions.size(); ++i)
            if (actions[i].type == T::kFire && actions[i].from == a && base_[i] > top &&
                !test(hit, actions[i].to)) {
              top = base_[i];
              target = actions[i].to;
            }
          if (target >= 0) {
            hit |= square_bb(target);
            sum += top;
            ++firing;
          }
        }
        if (firing >= 2) best = std::max(best, sum - 0.3);
      }
      return best;
    }
    case CardKind::kReconnaissance: {  // W-12.4: up to four connected enemy pieces
      const Geometry& g = m_.geo();
      double best = -1;
      for (int sq : squares(m_.side_bb(m_.foe()))) {
        if (m_.at(sq)->strength >= 0) continue;
        Bitboard picked = square_bb(sq);
        double sum = score_look(sq);
        for (int n = 1; n < 4; ++n) {
          int pick = -1;
          double top = 0.1;
          for (int c : squares(g.neighbours(picked) & m_.side_bb(m_.foe()) & ~picked))
            if (score_look(c) > top) {
              top = score_look(c);
              pick = c;
            }
          if (pick < 0) break;
          picked |= square_bb(pick);
          sum += top;
        }
        best = std::max(best, sum * 0.5);
      }
      return best;
    }
    default:
      return -1;
  }
}

double Scorer::score_look(int sq) const {
  const auto& u = m_.at(sq);
  if (!u || u->strength >= 0) return 0.05;  // already known: only as a link to others
  double info = u->cls == UnitClass::kLightCavalry ? 1.0 : 0.4;
  if (u->cls == UnitClass::kLightCavalry && m_.level() != Level::kBasic) info = 2.0;
  return info;
}

double Scorer::score_save(int sq) const {
  // W-13.5: every piece saved is one the pursuer cannot capture; save the threatened first.
  const Dist& d = m_.dist(sq);
  return 0.2 + m_.danger(d, m_.at(sq)->army, sq, 1.0);
}

double Scorer::score_take_off(int sq) const {
  // W-8.2: a worn-out heavy cavalry piece goes to recover its strength, to be placed again.
  const auto& u = *m_.at(sq);
  const Dist& d = m_.dist(sq);
  if (u.damage == 0 || d.n != 1 || d.k[0].strength > 3) return -1;
  return 1.2 * u.damage - 1.0 - (pos(d, u.army, sq) - m_.danger(d, u.army, sq, kAttackWeight));
}

}  // namespace stratego::heuristic::wrules
