#include "heuristic/waterloo_model.h"

#include <algorithm>

namespace stratego::heuristic::wrules {

using waterloo::Pile;
using waterloo::SeenUnit;
using waterloo::TileKind;

bool is_cavalry_like(UnitClass k) {
  return k == UnitClass::kLightCavalry || k == UnitClass::kHeavyCavalry ||
         k == UnitClass::kCommander || k == UnitClass::kCommanderInChief;
}
bool is_infantry(UnitClass k) {
  return k == UnitClass::kLightInfantry || k == UnitClass::kInfantry;
}

UnitClass likely_class(const Dist& d) {
  UnitClass best = d.k[0].cls;
  double p = 0;
  for (int i = 0; i < d.n; ++i)
    if (d.k[std::size_t(i)].p > p) {
      p = d.k[std::size_t(i)].p;
      best = d.k[std::size_t(i)].cls;
    }
  return best;
}

Model::Model(const waterloo::WaterlooView& v) : v_(v), g_(v.geometry()), me_(v.viewer) {
  tile_of_.fill(-1);
  const auto& tiles = v.rules().tiles;
  for (std::size_t t = 0; t < tiles.size() && t < 8; ++t) {
    for (int sq : squares(tiles[t].squares)) tile_of_[std::size_t(sq)] = std::int8_t(t);
    const bool intact = v.tile_hp[t] > 0;
    switch (tiles[t].kind) {
      case TileKind::kBuilding:
        buildings_ |= intact ? tiles[t].squares : 0;
        break;
      case TileKind::kHill:
        hills_ |= tiles[t].squares;
        break;
      case TileKind::kVillage:
        villages_ |= intact ? tiles[t].squares : 0;
        break;
    }
  }
  mud_ = v.rules().mud;
  for (int sq = 0; sq < g_.num_squares(); ++sq)
    if (v.board[std::size_t(sq)]) side_[v.board[std::size_t(sq)]->side()] |= square_bb(sq);
  for (const SeenUnit& u : v.piles[int(Pile::kCaptured)]) {
    if (u.cls == UnitClass::kCommander) lost_[int(u.army)][0] = true;
    if (u.cls == UnitClass::kCommanderInChief) lost_[int(u.army)][1] = true;
  }
  build_dists();
  build_threats();
}

void Model::build_dists() {
  // Counts of unseen (class, printed strength) per army: the army lists minus every piece
  // whose strength this viewer has seen (own pieces, reveals, captures).
  std::array<std::array<std::array<int, 8>, waterloo::kNumClasses>, waterloo::kNumArmies> left{};
  for (const auto& u : v_.rules().units)
    left[int(u.army)][int(u.cls)][std::min<int>(u.strength, 7)] += u.count;
  auto known = [&](const SeenUnit& u) {
    if (u.strength >= 0) --left[int(u.army)][int(u.cls)][std::min<int>(u.strength, 7)];
  };
  for (const auto& cell : v_.board)
    if (cell) known(*cell);
  for (const auto& pile : v_.piles)
    for (const SeenUnit& u : pile) known(u);
  for (int a = 0; a < waterloo::kNumArmies; ++a)
    for (int c = 0; c < waterloo::kNumClasses; ++c)
      for (int s = 0; s < 8; ++s) {
        const int n = left[std::size_t(a)][std::size_t(c)][std::size_t(s)];
        if (n > 0)
          unseen_[std::size_t(a)][std::size_t(int(waterloo::apparent_class(UnitClass(c))))].add(
              Kind{UnitClass(c), s, double(n)});
      }
  for (int sq = 0; sq < g_.num_squares(); ++sq)
    if (const auto& u = v_.board[std::size_t(sq)]) dist_[std::size_t(sq)] = dist_of(*u);
}

Dist Model::dist_of(const SeenUnit& u) const {
  Dist d;
  auto current = [&](int s) { return s > 0 ? std::max(1, s - int(u.damage)) : s; };
  if (u.strength >= 0) {
    d.add(Kind{u.cls, current(u.strength), 1.0});
    return d;
  }
  const Dist& pool = unseen_[std::size_t(int(u.army))][std::size_t(int(u.cls))];
  double total = 0;
  for (int i = 0; i < pool.n; ++i) total += pool.k[std::size_t(i)].p;
  if (total <= 0) {  // nothing unseen left of that look: trust the class shown
    const int s = u.cls == UnitClass::kInfantry        ? 3
                  : u.cls == UnitClass::kLightCavalry  ? 2
                  : u.cls == UnitClass::kHeavyCavalry  ? 4
                  : u.cls == UnitClass::kLightInfantry ? 1
                                                       : 0;
    d.add(Kind{u.cls, current(s), 1.0});
    return d;
  }
  for (int i = 0; i < pool.n; ++i) {
    Kind k = pool.k[std::size_t(i)];
    k.strength = current(k.strength);
    k.p /= total;
    d.add(k);
  }
  return d;
}

double Model::value(const Kind& k, Army a) const {
  if (v_.pursuit) return 1.0;  // W-13.5: the tally counts pieces
  const waterloo::Level lv = level();
  switch (k.cls) {
    case UnitClass::kLightInfantry:
      return 1.0 + 0.5 * k.strength;
    case UnitClass::kInfantry:
      return double(k.strength);
    case UnitClass::kLightCavalry:
      return 2.5;
    case UnitClass::kHeavyCavalry:
      return 1.0 + k.strength;
    case UnitClass::kArtillery:
      return 5.0;
    case UnitClass::kCommander:
      if (a == Army::kPrussian) return 6.0;  // W-9.3: the Prussian action
      return lost_cic(a) ? kWin : 10.0;      // W-11.2
    case UnitClass::kCommanderInChief:
      if (lv == waterloo::Level::kStandard) return kWin;                      // W-11.3
      if (lv == waterloo::Level::kExpert && a == Army::kFrench) return kWin;  // W-13.1
      return lost_commander(a) ? kWin : 20.0;                                 // W-7.1, W-11.2
  }
  return 1.0;
}

double Model::expected_value(int sq) const {
  const Dist& d = dist(sq);
  double ev = 0;
  for (int i = 0; i < d.n; ++i)
    ev += d.k[std::size_t(i)].p * value(d.k[std::size_t(i)], at(sq)->army);
  return ev;
}

int Model::modifier(UnitClass k, Side s, int sq, bool attacking, int other_sq, bool held) const {
  int m = 0;
  if (sq < 0 || sq >= g_.num_squares()) return 0;
  const int tile = tile_of_[std::size_t(sq)];
  if (is_infantry(k) && tile >= 0) {
    if (held && test(buildings_, sq) && waterloo::view_building_owner(v_, tile) == s)
      ++m;                         // W-10.2
    if (test(villages_, sq)) ++m;  // W-10.7
  }
  if (!attacking && k != UnitClass::kArtillery && k != UnitClass::kCommanderInChief &&
      test(hills_, sq) && other_sq >= 0 && !test(hills_, other_sq))
    ++m;  // W-10.5
  return m;
}

Odds Model::odds(const Dist& att, Army aa, int att_sq, int approach, const Dist& def, Army da,
                 int def_sq, Direction d) const {
  Odds o;
  const Side sa = waterloo::army_side(aa), sd = waterloo::army_side(da);
  const bool front = d == opposite(facing(sd));
  for (int i = 0; i < att.n; ++i) {
    const Kind& ka = att.k[std::size_t(i)];
    // The building bonus stays only while the attacker has not left the building.
    const int ma = modifier(ka.cls, sa, approach, true, def_sq, approach == att_sq);
    for (int j = 0; j < def.n; ++j) {
      const Kind& kd = def.k[std::size_t(j)];
      const double p = ka.p * kd.p;
      double win;
      if (kd.cls == UnitClass::kArtillery) {
        win = (!front || ka.cls == UnitClass::kLightInfantry) ? 1.0 : 0.0;  // W-5.3
      } else if (ka.cls == UnitClass::kCommanderInChief || kd.cls == UnitClass::kCommanderInChief) {
        win = 1.0;  // W-5.2
      } else {
        const int a = std::min(6, ka.strength + ma);
        const int b = std::min(6, kd.strength + modifier(kd.cls, sd, def_sq, false, approach));
        if (a != b) {
          win = a > b ? 1.0 : 0.0;
        } else if (v_.pursuit && is_cavalry_like(ka.cls) && is_cavalry_like(kd.cls)) {
          win = sa == v_.pursuer ? 1.0 : 0.0;  // W-13.5
        } else {
          win = 0.5;  // W-5.4, W-5.5: three faces of six for each colour
        }
      }
      o.win += p * win;
      o.lose += p * (1 - win);
      o.gain += p * win * value(kd, da);
      o.loss += p * (1 - win) * value(ka, aa);
    }
  }
  return o;
}

Bitboard Model::fire_targets(int sq, Side s) const {
  Bitboard out = 0;
  const int dr = facing(s) == kNorth ? 1 : -1;
  const Bitboard occ = occupied();
  if (test(hills_, sq)) {  // W-10.6: range 4, three columns, over everything
    const int col = g_.col(sq), row = g_.row(sq);
    for (int dc = -1; dc <= 1; ++dc) {
      if (col + dc < 0 || col + dc >= g_.width()) continue;
      for (int k = 1; k <= v_.rules().hill_range; ++k) {
        const int r = row + k * dr;
        if (r < 0 || r >= g_.height()) break;
        const int t = g_.square(col + dc, r);
        if (!test(buildings_, t)) out |= square_bb(t);
      }
    }
    return out;
  }
  Bitboard cur = square_bb(sq);
  for (int k = 1; k <= v_.rules().fire_range; ++k) {  // W-6.1
    cur = g_.shift(cur, facing(s));
    if (!cur) break;
    const int t = lsb(cur);
    if (test(buildings_, t)) break;  // I-9: the building takes the hit
    out |= cur;
    if (test(occ, t)) break;
  }
  return out;
}

Bitboard Model::two_action_reach(int sq, UnitClass k, Bitboard empty) const {
  const Bitboard origin = square_bb(sq);
  if (is_infantry(k)) {
    // Up to range steps, then up to range - 1 steps and an attack (W-3.1).
    const int range = k == UnitClass::kLightInfantry ? 3 : 2;
    Bitboard reach = origin;
    for (int step = 0; step < 2 * range - 1; ++step) reach |= g_.neighbours(reach) & empty;
    return g_.neighbours(reach);
  }
  if (!is_cavalry_like(k)) return 0;
  // A straight move, then a straight move ending in an attack (W-3.2).
  const Bitboard open = empty & ~buildings_;
  auto slide = [&](Bitboard from, Direction d) {
    Bitboard acc = 0, cur = from;
    while ((cur = g_.shift(cur, d) & open)) acc |= cur;
    return acc;
  };
  Bitboard first = origin;
  for (Direction d : kDirections) first |= slide(origin, d);
  Bitboard out = 0;
  for (Direction d : kDirections) out |= g_.shift(first | slide(first, d), d);
  return out & ~buildings_;
}

void Model::build_threats() {
  const Side enemy = foe();
  const Bitboard occ = occupied();
  const Bitboard empty = g_.playable() & ~occ;
  for (int sq : squares(side_[enemy])) {
    const SeenUnit& u = *at(sq);
    const Bitboard origin = square_bb(sq);
    if (u.cls == UnitClass::kArtillery) {
      for (int t : squares(fire_targets(sq, enemy))) fire_[std::size_t(t)] |= origin;
      continue;
    }
    std::array<Bitboard, 4> launch{};
    reach2_[std::size_t(sq)] = two_action_reach(sq, u.cls, empty);
    if (is_infantry(u.cls)) {
      const bool slow = u.cls == UnitClass::kInfantry && test(mud_, sq);  // W-14.3
      const int range = slow ? 1 : (u.cls == UnitClass::kLightInfantry ? 3 : 2);
      Bitboard reach = origin, frontier = origin;
      for (int step = 1; step < range; ++step) {
        frontier = g_.neighbours(frontier) & empty & ~reach;
        reach |= frontier;
      }
      launch.fill(reach);
    } else {  // cavalry-like: straight lines (W-3.2), not into buildings (W-10.2)
      for (Direction d : kDirections) {
        Bitboard cur = origin, ray = origin;
        while (true) {
          const Bitboard nxt = g_.shift(cur, d) & empty & ~buildings_;
          if (!nxt) break;
          ray |= nxt;
          cur = nxt;
        }
        launch[d] = ray;
      }
    }
    for (Direction d : kDirections) {
      Bitboard hit = g_.shift(launch[d], d);
      if (is_cavalry_like(u.cls)) hit &= ~buildings_;
      for (int t : squares(hit)) attackers_[d][std::size_t(t)] |= origin;
    }
  }
  // What each enemy piece threatens now, to value taking it.
  for (int sq : squares(side_[me_])) {
    const Dist& d = dist(sq);
    const Army a = at(sq)->army;
    double v = 0;
    for (int i = 0; i < d.n; ++i) v += d.k[std::size_t(i)].p * value(d.k[std::size_t(i)], a);
    for (Direction dir : kDirections) {
      const int approach = sq - g_.delta(dir);
      for (int e : squares(attackers_[dir][std::size_t(sq)])) {
        const Odds o = odds(dist(e), at(e)->army, e, approach, d, a, sq, dir);
        relief_[std::size_t(e)] += kAttackWeight * o.gain;
      }
    }
    const bool li = d.n == 1 && d.k[0].cls == UnitClass::kLightInfantry;
    if (!li && !test(buildings_, sq))
      for (int e : squares(fire_[std::size_t(sq)])) relief_[std::size_t(e)] += kFireWeight * v;
  }
}

double Model::danger(const Dist& d, Army a, int sq, double w, Bitboard ignore) const {
  double keep = 1.0;
  for (Direction dir : kDirections) {
    const int approach = sq - g_.delta(dir);
    for (int e : squares(attackers_[dir][std::size_t(sq)] & ~ignore)) {
      const Odds o = odds(dist(e), at(e)->army, e, approach, d, a, sq, dir);
      keep *= 1.0 - w * o.win;
    }
  }
  double v = 0;
  bool li = true, art = true;
  for (int i = 0; i < d.n; ++i) {
    v += d.k[std::size_t(i)].p * value(d.k[std::size_t(i)], a);
    li = li && d.k[std::size_t(i)].cls == UnitClass::kLightInfantry;
    art = art && d.k[std::size_t(i)].cls == UnitClass::kArtillery;
  }
  if (!li && !test(buildings_, sq))  // W-6.2, W-10.3
    for (int e : squares(fire_[std::size_t(sq)] & ~ignore)) {
      if (art && test(hills_, sq) && !test(hills_, e)) continue;  // W-10.6
      keep *= 1.0 - kFireWeight;
    }
  return v * (1.0 - keep);
}

}  // namespace stratego::heuristic::wrules
