#include "heuristic/waterloo_scoring.h"

#include <algorithm>

namespace stratego::heuristic::wrules {
namespace {

using waterloo::Level;

// Weights of the positional terms (rows advanced, guard of the own back row, goal squares).
constexpr double kGuard = 0.75;         // an own piece on an own back-row square that matters
constexpr double kGoalSquare = 4.0;     // an own piece on a candidate enemy sector
constexpr double kPlaceBonus = 0.3;     // per point of value: a reserve put to work (W-7.3)
constexpr double kVipCaution = 0.02;    // per point of a commander's value, per enemy nearby
constexpr double kReach2Weight = 0.15;  // an enemy attack two actions away (a commander's)
constexpr double kShield = 0.004;       // per point of a commander's value, a piece beside it
constexpr double kHunt = 0.5;           // pull of prey per point of expected gain
constexpr double kPreyMin = 3.0;        // expected gain below which a piece is not hunted
constexpr double kPreyMax = 20.0;       // a pull, not a plan: the attack itself is scored in full

double advance(double p) { return p + p * p / 8.0; }

double runner_weight(UnitClass k) {
  switch (k) {
    case UnitClass::kLightCavalry:
      return 1.0;
    case UnitClass::kHeavyCavalry:
      return 0.8;
    case UnitClass::kInfantry:
      return 0.45;  // (+ more for the strong ones, see pos)
    case UnitClass::kLightInfantry:
      return 0.5;
    case UnitClass::kArtillery:
      return 0.25;
    default:
      return 0.0;
  }
}

}  // namespace

Scorer::Scorer(const Model& m, const Memory& mem) : m_(m), mem_(mem) {
  const Geometry& g = m.geo();
  const Side me = m.me(), foe = m.foe();
  const int third = g.width() / 3;
  for (int x = 0; x < 3; ++x) {
    for (int c = x * third; c < (x + 1) * third; ++c) {
      own_sector_[std::size_t(x)] |= square_bb(g.square(c, me == kBlue ? 0 : g.height() - 1));
      enemy_sector_[std::size_t(x)] |= square_bb(g.square(c, foe == kBlue ? 0 : g.height() - 1));
    }
  }
  ncand_ = 0;
  for (bool e : mem.excluded) ncand_ += e ? 0 : 1;
  ncand_ = std::max(ncand_, 1);
  // W-11.1: only the own card's sector matters; Expert (W-13.2): every own sector does.
  const auto& v = m.view();
  for (int x = 0; x < 3; ++x) {
    const bool matters = m.level() == Level::kExpert ? true : v.retreat_sector[me] == x;
    if (!matters) continue;
    const int intruders = popcount(m.side_bb(foe) & own_sector_[std::size_t(x)]);
    guard_[std::size_t(x)] = kGuard * (1 + 8 * intruders);
  }
  for (int sq : squares(m.side_bb(me))) {
    const Dist& d = m.dist(sq);
    for (int i = 0; i < d.n; ++i)
      if (d.k[std::size_t(i)].cls == UnitClass::kCommander ||
          d.k[std::size_t(i)].cls == UnitClass::kCommanderInChief)
        vips_ |= square_bb(sq);
  }
  // Own pieces next to a commander keep enemies from reaching it (W-3.4: nothing jumps).
  double vip_value = 0;
  for (int sq : squares(vips_)) vip_value = std::max(vip_value, m.expected_value(sq));
  shield_ = m.geo().neighbours(vips_);
  shield_worth_ = kShield * std::min(vip_value, 500.0);
}

int Scorer::enemy_sector(int sq) const {
  for (int x = 0; x < 3; ++x)
    if (test(enemy_sector_[std::size_t(x)], sq)) return x;
  return -1;
}

double Scorer::pair_value(int x) const {
  const auto& v = m_.view();
  if (m_.level() != Level::kExpert) return mem_.excluded[std::size_t(x)] ? 0.0 : kWin / ncand_;
  if (m_.me() == kBlue && x == 1) return kWin;  // W-13.2: the Allied centre
  // Otherwise the enemy retreats and we pursue (W-13.5): a win only with a lead of 4.
  const int tally = m_.captured(m_.foe()) - m_.captured(m_.me());
  if (tally >= 4) return kWin * 0.95;
  if (v.turn >= v.rules().turn_limit - 1) return 2.0 * tally;
  return -20.0;
}

double Scorer::pos(const Dist& d, Army a, int sq) const {
  const Side me = m_.me();
  const UnitClass k = likely_class(d);
  const int p = m_.progress(me, sq);
  double s = 0;
  if (k == UnitClass::kCommander || k == UnitClass::kCommanderInChief) {
    s -= 0.3 * p;
    // Keep away from enemy pieces two or three moves off too, not only the next one.
    double v = 0;
    for (int i = 0; i < d.n; ++i) v += d.k[std::size_t(i)].p * m_.value(d.k[std::size_t(i)], a);
    const Geometry& g = m_.geo();
    double near = 0, keep = 1;
    for (int e : squares(m_.side_bb(m_.foe()) & ~square_bb(sq))) {
      const int dist = std::abs(g.col(e) - g.col(sq)) + std::abs(g.row(e) - g.row(sq));
      if (dist <= 5 && m_.at(e)->cls != UnitClass::kArtillery)
        near += 1.0 / double(1 << (dist - 1));
      if (test(m_.reach2(e), sq)) {
        const Odds o = m_.side_odds(m_.dist(e), m_.at(e)->army, e, d, a, sq);
        keep *= 1 - kReach2Weight * o.win;
      }
    }
    s -= kVipCaution * std::min(v, 100.0) * near + v * (1 - keep);
  } else {
    double w = runner_weight(k);
    if (k == UnitClass::kInfantry && d.n == 1) w += 0.1 * std::max(0, d.k[0].strength - 3);
    s += w * advance(p);
    const Geometry& g = m_.geo();
    const int x = enemy_sector(sq);
    if (x >= 0) {
      if (m_.level() != Level::kExpert) {
        if (!mem_.excluded[std::size_t(x)]) s += kGoalSquare;
      } else {
        s += (me == kBlue && x == 1) ? 2 * kGoalSquare : kGoalSquare * 0.5;
      }
    } else if (p >= g.height() - 4 && runner_weight(k) > 0) {
      // Near the enemy back row, lean towards the sectors still worth reaching.
      int best = g.width();
      for (int x2 = 0; x2 < 3; ++x2) {
        const bool want = m_.level() != Level::kExpert ? !mem_.excluded[std::size_t(x2)]
                                                       : (me != kBlue || x2 == 1);
        if (!want) continue;
        for (int t : squares(enemy_sector_[std::size_t(x2)]))
          best = std::min(best, std::abs(g.col(t) - g.col(sq)));
      }
      s -= 0.3 * best;
    }
  }
  for (int x = 0; x < 3; ++x)
    if (test(own_sector_[std::size_t(x)], sq)) s += guard_[std::size_t(x)];
  if (test(shield_, sq) && !test(vips_, sq)) s += shield_worth_;
  if (is_infantry(k) && test(m_.buildings(), sq)) s += 0.4;
  return s;
}

double Scorer::intruder_value(int sq) const {
  for (int x = 0; x < 3; ++x)
    if (test(own_sector_[std::size_t(x)], sq) && guard_[std::size_t(x)] > 0) return 30.0;
  return 0.0;
}

double Scorer::exposure_if_vacated(int sq) const {
  // A piece leaving sq may open a straight line from an enemy cavalry piece or artillery to
  // one of my commanders (W-3.2, W-6.1): count that as danger to the commander.
  double extra = 0;
  const Geometry& g = m_.geo();
  const Bitboard occ = m_.occupied() & ~square_bb(sq);
  for (int vip : squares(vips_)) {
    for (Direction d : kDirections) {
      Bitboard cur = square_bb(vip);
      bool through = false;
      int dist = 0;
      while (true) {
        cur = g.shift(cur, d);
        ++dist;
        if (!cur) break;
        const int t = lsb(cur);
        if (t == sq) through = true;
        if (!test(occ, t)) continue;
        if (!through || !test(m_.side_bb(m_.foe()), t)) break;
        const auto& u = *m_.at(t);
        const Dist& vd = m_.dist(vip);
        const Army va = m_.at(vip)->army;
        double hit = 0;
        if (is_cavalry_like(u.cls) ||
            (is_infantry(u.cls) && dist <= (u.cls == UnitClass::kInfantry ? 2 : 3)))
          hit = m_.odds(m_.dist(t), u.army, t, vip - g.delta(opposite(d)), vd, va, vip, opposite(d))
                    .gain;
        else if (u.cls == UnitClass::kArtillery && m_.facing(m_.foe()) == opposite(d) && dist <= 3)
          hit = m_.expected_value(vip);
        extra += kAttackWeight * hit;
        break;
      }
    }
  }
  return extra;
}

double Scorer::hunt(int from, int sq, int skip) const {
  auto& prey = prey_[std::size_t(from)];
  if (!prey_done_[std::size_t(from)]) {
    prey_done_[std::size_t(from)] = true;
    const Dist& d = m_.dist(from);
    const UnitClass k = likely_class(d);
    if (k == UnitClass::kArtillery || k == UnitClass::kCommanderInChief) return 0;
    const Army a = m_.at(from)->army;
    for (int e : squares(m_.side_bb(m_.foe()))) {
      if (m_.expected_value(e) < kPreyMin) continue;
      // From the side: artillery is taken from any side but its front (W-5.3).
      const Odds o = m_.side_odds(d, a, from, m_.dist(e), m_.at(e)->army, e);
      const double gain = o.gain - o.loss;
      if (gain >= kPreyMin) prey.emplace_back(e, std::min(gain, kPreyMax));
    }
  }
  const Geometry& g = m_.geo();
  const double decay = is_cavalry_like(likely_class(m_.dist(from))) ? 0.9 : 0.8;
  double best = 0;
  for (const auto& [e, gain] : prey) {
    if (e == skip) continue;
    const int dist = std::abs(g.col(e) - g.col(sq)) + std::abs(g.row(e) - g.row(sq));
    double f = 1;
    for (int i = 1; i < dist; ++i) f *= decay;
    best = std::max(best, gain * f);
  }
  return kHunt * best;
}

double Scorer::score_move(const ActionInfo& t) const {
  const Dist& d = m_.dist(t.from);
  const Army a = m_.at(t.from)->army;
  double s = pos(d, a, t.to) - pos(d, a, t.from) + hunt(t.from, t.to) - hunt(t.from, t.from);
  s += m_.danger(d, a, t.from, kAttackWeight) - m_.danger(d, a, t.to, kAttackWeight);
  if (!test(vips_, t.from))
    s -= exposure_if_vacated(t.from);  // a commander's own move is judged by pos
  if (const int x = enemy_sector(t.to); x >= 0) {
    const int others =
        popcount(m_.side_bb(m_.me()) & enemy_sector_[std::size_t(x)] & ~square_bb(t.from));
    if (others >= 1 && enemy_sector(t.from) != x) s += pair_value(x);
  }
  if (likely_class(d) == UnitClass::kArtillery)
    s += 0.35 * (best_fire_value(t.to, t.from) - best_fire_value(t.from, -1));
  return s;
}

double Scorer::score_attack(int from, int to, Direction dir, int approach) const {
  const Dist& d = m_.dist(from);
  const Army a = m_.at(from)->army;
  const Odds o = m_.odds(from, approach, to, dir);
  if (m_.view().pursuit) return o.gain - o.loss;  // W-13.5: only the tally counts
  double s = o.gain - o.loss;
  double won = pos(d, a, to) - m_.danger(d, a, to, kAttackWeight, square_bb(to)) +
               m_.threat_of(to) + intruder_value(to) + hunt(from, to, to);
  if (likely_class(d) == UnitClass::kHeavyCavalry) won -= 1.0;  // W-8.1: it weakens
  if (const int x = enemy_sector(to); x >= 0) {
    const int others =
        popcount(m_.side_bb(m_.me()) & enemy_sector_[std::size_t(x)] & ~square_bb(from));
    if (others >= 1 && enemy_sector(from) != x) won += pair_value(x);
  }
  s += o.win * won;
  s -= pos(d, a, from) - m_.danger(d, a, from, kAttackWeight) + hunt(from, from);
  if (!test(vips_, from)) s -= exposure_if_vacated(from);
  return s;
}

double Scorer::score_fire(const ActionInfo& t) const {
  if (t.type == ActionInfo::Type::kFireTile) {
    // W-10.3: only worth it against a building the enemy holds.
    const int tile = [&] {
      const auto& tiles = m_.view().rules().tiles;
      for (std::size_t i = 0; i < tiles.size(); ++i)
        if (test(tiles[i].squares, t.to)) return int(i);
      return -1;
    }();
    if (tile >= 0 &&
        popcount(m_.side_bb(m_.foe()) & m_.view().rules().tiles[std::size_t(tile)].squares) >= 2)
      return 0.6;
    return -0.1;
  }
  if (!m_.at(t.to) || m_.at(t.to)->side() == m_.me()) return -1;
  return m_.expected_value(t.to) + m_.threat_of(t.to) + intruder_value(t.to);
}

double Scorer::best_fire_value(int art_sq, int from_sq) const {
  double best = 0;
  const Bitboard enemy = m_.side_bb(m_.foe());
  for (int t : squares(m_.fire_targets(art_sq, m_.me()) & enemy)) {
    if (t == from_sq) continue;
    const auto& u = *m_.at(t);
    if (u.cls == UnitClass::kLightInfantry) continue;  // W-6.2
    best = std::max(best, m_.expected_value(t));
  }
  return best;
}

double Scorer::score_place(const ActionInfo& t) const {
  const Dist d = m_.dist_of(t.unit);
  const Army a = t.unit.army;
  double v = 0;
  for (int i = 0; i < d.n; ++i) v += d.k[std::size_t(i)].p * m_.value(d.k[std::size_t(i)], a);
  return kPlaceBonus * std::min(v, 8.0) + pos(d, a, t.to) - m_.danger(d, a, t.to, kAttackWeight);
}

double Scorer::score(const ActionInfo& t) const {
  using T = ActionInfo::Type;
  switch (t.type) {
    case T::kMove:
      return score_move(t);
    case T::kAttack:
      return score_attack(t.from, t.to, t.dir, t.to - m_.geo().delta(t.dir));
    case T::kFire:
    case T::kFireTile:
      return score_fire(t);
    case T::kPlace:
      return score_place(t);
    case T::kSave:
      return score_save(t.from);
    case T::kTakeOff:
      return score_take_off(t.from);
    case T::kLook:
      return score_look(t.to);
    case T::kEnd:
    case T::kDone:
      return 0;
    case T::kCard:
      return score_card(t.card);
    default:
      return -5;
  }
}

std::vector<double> Scorer::score_all(const std::vector<ActionInfo>& actions) const {
  actions_ = &actions;
  base_.assign(actions.size(), 0.0);
  for (std::size_t i = 0; i < actions.size(); ++i)
    if (actions[i].type != ActionInfo::Type::kCard) base_[i] = score(actions[i]);
  std::vector<double> out = base_;
  for (std::size_t i = 0; i < actions.size(); ++i)
    if (actions[i].type == ActionInfo::Type::kCard) out[i] = score_card(actions[i].card);
  return out;
}

}  // namespace stratego::heuristic::wrules
