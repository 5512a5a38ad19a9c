#include "heuristic/classic_rules_eval.h"

#include <algorithm>
#include <cmath>

#include "heuristic/classic_rules_paths.h"

namespace stratego::heuristic {
namespace {

// Piece values by kind (flag, spy, scout, miner, sergeant, lieutenant, captain, major,
// colonel, general, marshal, bomb, anger captain, ranged major); set_values() adjusts them to
// the position.
constexpr std::array<double, kNumKinds> kBaseValue{0,  10, 3,  9,  5, 8,  13,
                                                   20, 32, 50, 80, 5, 15, 24};
constexpr double kPathDecay = 0.75;  // the pull of a target per step of path cost
// Learning an unknown piece's kind: a little for any, more the more it is likely worth.
constexpr double kInfoValue = 2, kInfoShare = 0.15;
constexpr double kFlagGuard = 300;     // removing a piece about to reach our flag
constexpr double kThreatWeight = 0.9;  // how surely an enemy takes what it can
constexpr double kPullWeight = 1.0;
constexpr double kPullCap = 400;
constexpr double kImmobilePenalty = 4;  // V-3, V-4: Bombs and the Flag guard where they stand
constexpr double kBackAndForthPenalty = 1.5;
constexpr double kGuardLeaves = 30, kGuardArrives = 12;  // a piece next to our flag
constexpr double kSecondStep = 0.3;  // weight of what can reach our flag in two moves
constexpr int kDangerReach = 5;      // path cost beyond which a piece is no danger to our flag
// RulesRisk::kOn. A loss in an attack on a piece not known for sure counts
// 1 + kLossAversion * (attacker's worth / a Marshal's): a Marshal's loss to a possible Bomb twice,
// a Scout's hardly more than once. People and programs that bomb their front row, and the
// belief that did not expect it, cost a cheap prober little and a Marshal the game.
constexpr double kLossAversion = 1.0;
// Showing an unrevealed attacker (it is known from then on: the enemy runs from it, or sends
// what beats it): this share of its worth, if it survives.
constexpr double kShowCost = 0.1;
// A revealed Marshal: how much more a possible Spy next to it counts than its belief says (the
// enemy knows where the Marshal is and sends its Spy).
constexpr double kSpyFear = 4;
// Flag patience: an unmoved piece does not run, so what a dear attacker would risk itself for
// now (the chance that the piece is the Flag) a cheap one can find out later. An attacker worth
// more than twice my cheapest attacker gets this share of the Flag's worth.
constexpr double kFlagPatience = 0.25;

const std::array<double, 256>& decay_powers() {
  static const std::array<double, 256> table = [] {
    std::array<double, 256> t{};
    for (std::size_t d = 0; d < t.size(); ++d) t[d] = std::pow(kPathDecay, double(d));
    t[kNoPath] = 0;
    return t;
  }();
  return table;
}

// The square's bit, or none for -1 (flag_exposure's "no such change").
constexpr Bitboard square_bb_or_none(int sq) { return sq >= 0 ? square_bb(sq) : 0; }

constexpr KindMask reach_at(int step, const Variant& v) {
  if (step == 1) return KindMask(0xffff);
  KindMask m = kind_bit(kScout);
  if (step == 2) {
    m |= kind_bit(kRangedMajor);                      // CW-4 (only present in armies that have it)
    if (v.captain_two_step) m |= kind_bit(kCaptain);  // C-4.5
  }
  return m;
}

}  // namespace

ClassicRulesEval::ClassicRulesEval(const View& view, const EnemyKnowledge& know, EvalMode mode,
                                   RulesRisk risk)
    : view_(view),
      v_(*view.variant),
      g_(view.variant->geometry),
      know_(know),
      mode_(mode),
      risk_(risk),
      me_(view.viewer),
      enemy_(other(view.viewer)) {
  for (int sq = 0; sq < g_.num_squares(); ++sq) {
    if (mine(sq) && kind_at(sq) == kMarshal && (view_.board[sq].flags & kRevealedFlag))
      marshal_shown_ = prices_risk(risk_);
    if (mine(sq)) mine_bb_ |= square_bb(sq);
    if (theirs(sq)) theirs_bb_ |= square_bb(sq);
  }
  std::array<KindMask, 3> reaching{};  // by path length: the kinds that move, attack and reach
  for (int step = 1; step <= 3; ++step)
    for (Kind k : kAllKinds)
      if ((reach_at(step, v_) & kind_bit(k)) && v_.can_move(k) && v_.can_attack(k))
        reaching[std::size_t(step - 1)] |= kind_bit(k);
  for (int sq : squares(theirs_bb_)) {
    const KindProbs& b = know_.belief(sq);
    for (std::size_t i = 0; i < reaching.size(); ++i) {
      double p = 0;
      for (Kind k : kAllKinds)
        if (reaching[i] & kind_bit(k)) p += b[k];
      reach_prob_[std::size_t(sq)][i] = p;
    }
  }
  set_values();
  find_flag_danger();
  if (bomb_guard(risk_)) find_breaches();
  if (mode_ == EvalMode::kFast) pull_squares_ = find_pull_squares();
  find_targets();
}

bool ClassicRulesEval::mine(int sq) const {
  const Piece p = view_.board[sq].piece;
  return p != kNoPiece && piece_side(p) == me_;
}
bool ClassicRulesEval::theirs(int sq) const {
  const Piece p = view_.board[sq].piece;
  return p != kNoPiece && piece_side(p) == enemy_;
}

void ClassicRulesEval::set_values() {
  std::array<int, kNumKinds> count{};
  int movable = 0, enemies = 0;
  for (int sq = 0; sq < g_.num_squares(); ++sq) {
    enemies += theirs(sq);
    if (!mine(sq)) continue;
    const Kind k = kind_at(sq);
    ++count[k];
    if (v_.can_move(k)) {
      ++movable;
      if (v_.can_attack(k)) my_kinds_ |= kind_bit(k);
    }
  }
  mine_ = theirs_ = kBaseValue;
  mine_[kFlag] = theirs_[kFlag] = kWinValue;
  // The Spy is worth much while the enemy Marshal lives, little after.
  mine_[kSpy] = know_.remaining(kMarshal) > 0 ? 40 : 2;
  theirs_[kSpy] = count[kMarshal] > 0 ? 12 : 2;
  // Miners matter while bombs stand, the more so the fewer of them are left.
  mine_[kMiner] = know_.remaining(kBomb) > 0 ? 9 + 14.0 / std::max(1, count[kMiner]) : 5;
  mine_[kScout] = 1.5 + 8.0 / std::max(1, count[kScout]);
  mine_[kBomb] = 6;
  // Late in the game the bombs left stand between us and the flag: clearing them pays.
  const double late = 1 - double(enemies) / std::max(1, v_.army_size());
  theirs_[kBomb] = 4 + 10 * late;
  // C-7.2: without a piece that can move we lose, so the last few are worth keeping.
  if (movable <= 2)
    for (Kind k : kAllKinds)
      if (v_.can_move(k)) mine_[k] += 150.0 / std::max(1, movable);
  for (Kind k : kAllKinds)
    if (my_kinds_ & kind_bit(k)) cheapest_ = std::min(cheapest_, mine_[k]);
}

void ClassicRulesEval::find_flag_danger() {
  for (int sq = 0; sq < g_.num_squares(); ++sq)
    if (mine(sq) && kind_at(sq) == kFlag) flag_sq_ = sq;
  if (flag_sq_ < 0) return;
  for (Direction d : kDirections)
    flag_now_.line[d] = flag_line(d, -1, -1, -1, &flag_now_.line_watch[d]);
  flag_now_.threat = threat_seen(kFlag, flag_sq_, -1, -1, -1, &flag_now_.threat_watch);
  flag_exposure_ = flag_exposure(-1, -1, -1);
  // Path cost from our flag: every square counts one, our own pieces (which an attacker must
  // go through) two; enemy pieces end a path. With bomb walls, a second walk for the kinds that
  // cannot take our Bombs (every kind but the Miner, C-5.4), for which a Bomb ends a path.
  std::array<std::uint8_t, kMaxSquares> dist, walled;
  const auto walk = [&](std::array<std::uint8_t, kMaxSquares>& d, bool bombs_are_walls) {
    path_costs_from(g_, flag_sq_, d, [&](int u) {
      if (u == flag_sq_) return 1;
      if (d[u] >= kDangerReach || theirs(u)) return 0;
      if (!mine(u)) return 1;
      return bombs_are_walls && kind_at(u) == kBomb ? 0 : 2;
    });
  };
  walk(dist, false);
  if (bomb_walls(risk_)) walk(walled, true);
  for (int sq = 0; sq < g_.num_squares(); ++sq) {
    if (!theirs(sq) || dist[sq] > kDangerReach) continue;
    double attacker = 0, walled_off = 0;  // by the first walk, by the second
    const KindProbs& b = know_.belief(sq);
    for (Kind k : kAllKinds)
      if (v_.can_move(k) && v_.can_attack(k))
        (bomb_walls(risk_) && k != kMiner ? walled_off : attacker) += b[k];
    danger_[sq] = attacker * std::pow(0.5, double(dist[sq] - 1));
    if (walled_off > 0 && walled[sq] <= kDangerReach)
      danger_[sq] += walled_off * std::pow(0.5, double(walled[sq] - 1));
  }
}

void ClassicRulesEval::path_costs(int target, std::array<std::uint8_t, kMaxSquares>& dist) const {
  // Our own pieces are in the way but will move; other enemy pieces block (a path may end on
  // one: that is where a piece stands after taking it).
  if (mode_ == EvalMode::kFast)
    return target_path_costs(g_, target, theirs_bb_, mine_bb_, dist, pull_squares_);
  path_costs_from(g_, target, dist, [&](int u) {
    if (u == target) return 1;
    return theirs(u) ? 0 : mine(u) ? 3 : 1;
  });
}

// Where score() may ask for pull(): where my pieces that move stand and where a move can take
// them (a step, a Captain's two (C-4.5), a Scout's lane (C-4.4)). A rescued piece (V-5) may be
// set down elsewhere, so with rescue every square.
Bitboard ClassicRulesEval::find_pull_squares() const {
  if (v_.rescue) return ~Bitboard{0};
  Bitboard movers = 0, scouts = 0;
  for (int sq : squares(mine_bb_)) {
    if (!v_.can_move(kind_at(sq))) continue;
    movers |= square_bb(sq);
    if (kind_at(sq) == kScout) scouts |= square_bb(sq);
  }
  const Bitboard near = movers | g_.neighbours(movers);
  Bitboard wanted = near | g_.neighbours(near);
  const Bitboard empty = g_.playable() & ~mine_bb_ & ~theirs_bb_;
  for (Direction d : kDirections)
    for (Bitboard lane = g_.shift(scouts, d); lane; lane = g_.shift(lane & empty, d))
      wanted |= lane;
  return wanted & g_.playable();
}

void ClassicRulesEval::find_targets() {
  // The odds of my kinds against the first belief classes, as the first target of each class
  // has them (beyond kOddsClasses, or in kReference, worked out for every target).
  constexpr int kOddsClasses = 16;
  std::array<std::array<Odds, kNumKinds>, kOddsClasses> class_odds;
  std::array<KindMask, kOddsClasses> known{};  // by class: the kinds whose odds are in
  const int memo_classes = mode_ == EvalMode::kFast ? kOddsClasses : 0;
  for (int sq = 0; sq < g_.num_squares(); ++sq) {
    if (!theirs(sq)) continue;
    Target t;
    t.sq = sq;
    bool any = false;
    const std::uint8_t c = know_.belief_class(sq);
    for (Kind a : kAllKinds) {
      if (v_.army[a] == 0 || !v_.can_attack(a) || !v_.can_move(a)) continue;
      double p_win = 0, p_removed = 0;
      Odds o;
      if (c >= memo_classes) {  // kNoClass too
        o = odds(a, 0, know_.belief(sq));
      } else {
        if (!(known[c] & kind_bit(a))) class_odds[c][a] = odds(a, 0, know_.belief(sq));
        known[c] |= kind_bit(a);
        o = class_odds[c][a];
      }
      t.value[a] = std::max(0.0, attack_value(a, sq, o, p_win, p_removed));
      any = any || ((my_kinds_ & kind_bit(a)) && t.value[a] > 0);
    }
    if (!any) continue;
    path_costs(sq, t.dist);
    targets_.push_back(t);
  }
}

double ClassicRulesEval::attack_value(Kind a, int bonus, int sq, double& p_win,
                                      double& p_removed) const {
  return attack_value(a, sq, odds(a, bonus, know_.belief(sq)), p_win, p_removed);
}

ClassicRulesEval::Odds ClassicRulesEval::odds(Kind a, int bonus, const KindProbs& b) const {
  double ev = 0, worth = 0, p_win = 0, p_removed = 0;
  double loss = mine_[a];  // what losing the attacker counts
  const double flag_worth =
      flag_patience(risk_) && mine_[a] > 2 * cheapest_ ? kFlagPatience * kWinValue : kWinValue;
  if (prices_risk(risk_) && *std::max_element(b.begin(), b.end()) < 1)
    loss *= 1 + kLossAversion * std::min(1.0, mine_[a] / kBaseValue[kMarshal]);
  for (Kind k : kAllKinds) {
    if (b[k] <= 0) continue;
    if (k != kFlag) worth += b[k] * theirs_[k];
    if (k == kFlag) {  // C-5.5
      ev += b[k] * flag_worth;
      p_win += b[k];
      p_removed += b[k];
      continue;
    }
    switch (resolve_combat(a, k, v_, bonus)) {
      case Outcome::kAttackerWins:
        ev += b[k] * theirs_[k];
        p_win += b[k];
        p_removed += b[k];
        break;
      case Outcome::kDefenderWins:
        ev -= b[k] * loss;
        break;
      case Outcome::kBothRemoved:
        ev += b[k] * (theirs_[k] - loss);
        p_removed += b[k];
        break;
    }
  }
  return Odds{ev, worth, p_win, p_removed};
}

double ClassicRulesEval::attack_value(Kind a, int sq, const Odds& o, double& p_win,
                                      double& p_removed) const {
  double ev = o.ev;
  const double worth = o.worth;
  p_win = o.p_win;
  p_removed = o.p_removed;
  if (kind_at(sq) == kUnknown) {  // V-6: only a Scout's attack shows a silent defender
    const double info = kInfoValue + kInfoShare * worth;
    ev += (!v_.silent_defence || a == kScout) ? info : info * 0.3;
  }
  return ev + kFlagGuard * danger_[sq] * p_removed;
}

double ClassicRulesEval::enemy_gain(int e, Kind a, KindMask reach, bool spy_fear) const {
  const KindProbs& b = know_.belief(e);
  double gain = 0;
  for (Kind k : kAllKinds) {
    if (b[k] <= 0 || !(reach & kind_bit(k)) || !v_.can_move(k) || !v_.can_attack(k)) continue;
    switch (resolve_combat(k, a, v_)) {
      case Outcome::kAttackerWins:
        gain += b[k] * mine_[a] * (spy_fear && k == kSpy && b[k] < 1 ? kSpyFear : 1);
        break;
      case Outcome::kDefenderWins:
        gain -= b[k] * theirs_[k];
        break;
      case Outcome::kBothRemoved:
        gain += b[k] * (mine_[a] - theirs_[k]);
        break;
    }
  }
  return gain;
}

double ClassicRulesEval::threat(Kind a, int x, int ignore, int vacated, int occupied,
                                bool shown) const {
  return threat_seen(a, x, ignore, vacated, occupied, nullptr, shown);
}

double ClassicRulesEval::threat_seen(Kind a, int x, int ignore, int vacated, int occupied,
                                     Bitboard* seen, bool shown) const {
  const bool spy_fear = a == kMarshal && (marshal_shown_ || (shown && prices_risk(risk_)));
  double worst = 0, sum = 0;
  auto add = [&](double gain) {
    if (gain <= 0) return;
    sum += gain;
    worst = std::max(worst, gain);
  };
  auto enemy_on = [&](int sq) {
    if (seen) *seen |= square_bb(sq);
    return sq != vacated && sq != ignore && sq != occupied && theirs(sq);
  };
  auto empty = [&](int sq) {
    if (seen) *seen |= square_bb(sq);
    return sq != occupied && (sq == vacated || view_.board[sq].piece == kNoPiece);
  };
  for (Direction d : kDirections)
    for (int sq = g_.step(x, d), step = 1; sq >= 0; sq = g_.step(sq, d), ++step) {
      if (empty(sq)) continue;
      if (enemy_on(sq)) add(enemy_gain(sq, a, reach_at(step, v_), spy_fear));
      break;
    }
  if (v_.captain_two_step)  // C-4.5: a Captain may turn after its first step
    for (Direction dv : {kNorth, kSouth})
      for (Direction dh : {kEast, kWest}) {
        const int via1 = step_from(g_, x, dh), via2 = step_from(g_, x, dv);
        if (via1 < 0 || via2 < 0) continue;
        const int sq = step_from(g_, via1, dv);
        auto open = [&](int via) { return !test(g_.blocked(), via) && empty(via); };
        if (enemy_on(sq) && (open(via1) || open(via2))) add(enemy_gain(sq, a, kind_bit(kCaptain)));
      }
  return kThreatWeight * (worst + 0.2 * (sum - worst));
}

double ClassicRulesEval::relief(int e, int mover_from, double p_removed) const {
  if (p_removed <= 0) return 0;
  double sum = 0;
  for (Direction d : kDirections) {
    const int sq = g_.step(e, d);
    if (sq < 0 || sq == mover_from || !mine(sq)) continue;
    sum += std::max(0.0, enemy_gain(e, kind_at(sq), KindMask(0xffff)));
  }
  return kThreatWeight * p_removed * sum;
}

double ClassicRulesEval::pull(Kind a, int x) const {
  const auto& powers = decay_powers();
  double best = 0;
  for (const Target& t : targets_)
    if (t.value[a] > 0 && t.sq != x) best = std::max(best, t.value[a] * powers[t.dist[x]]);
  // Saturating: a step towards even a likely flag is worth less than a piece taken now.
  return best / (1 + best / kPullCap);
}

// V-5: reaching the enemy back row with a piece that may rescue brings back a captured piece.
double ClassicRulesEval::rescue_bonus(int from, Kind a) const {
  if (!v_.rescue || a == kScout || (view_.board[from].flags & kRescuerFlag) ||
      view_.rescues_used[me_] >= v_.rescue_limit)
    return 0;
  double best = 0;
  for (Kind k : kAllKinds)
    if (k != kBomb && view_.captured_known[me_][k] > 0) best = std::max(best, mine_[k]);
  return 0.7 * best;
}

const ClassicRulesEval::Standing& ClassicRulesEval::standing(int f) const {
  Standing& s = standing_[std::size_t(f)];
  if (mode_ == EvalMode::kReference || !test(standing_known_, f)) {
    const Kind a = kind_at(f);
    s = Standing{threat(a, f), pull(a, f)};
    standing_known_ |= square_bb(f);
  }
  return s;
}

double ClassicRulesEval::flag_exposure(int removed, int vacated, int occupied) const {
  const Bitboard touched =
      square_bb_or_none(removed) | square_bb_or_none(vacated) | square_bb_or_none(occupied);
  // A part none of whose squares the change touches has its value as things stand.
  auto keep = [&](Bitboard watch) { return mode_ == EvalMode::kFast && !(touched & watch); };
  double second = 0;
  for (Direction d : kDirections)
    second += keep(flag_now_.line_watch[d]) ? flag_now_.line[d]
                                            : flag_line(d, removed, vacated, occupied, nullptr);
  const double threat = keep(flag_now_.threat_watch)
                            ? flag_now_.threat
                            : threat_seen(kFlag, flag_sq_, removed, vacated, occupied, nullptr);
  return threat + kSecondStep * kWinValue * second;
}

double ClassicRulesEval::flag_line(Direction d, int removed, int vacated, int occupied,
                                   Bitboard* seen) const {
  if (mode_ == EvalMode::kFast) return flag_line_by_bitboard(d, removed, vacated, occupied, seen);
  auto empty = [&](int sq) {
    if (seen) *seen |= square_bb(sq);
    return sq != occupied && (sq == vacated || sq == removed || view_.board[sq].piece == kNoPiece);
  };
  // The likeliest enemy piece able to move onto q next turn, which stands `reach` steps (the
  // kinds of reach_at) from the flag.
  auto arrival = [&](int q, int reach) {
    double best = 0;
    for (Direction e : kDirections)
      for (int sq = g_.step(q, e), step = 1; sq >= 0; sq = g_.step(sq, e), ++step) {
        if (empty(sq)) continue;
        // reach_at() narrows as steps grow, so of the two reaches the longer one decides.
        if (theirs(sq) && sq != removed)
          best = std::max(best, reach_prob(sq, std::max(reach, step)));
        break;
      }
    return best;
  };
  double line = 0;
  for (int q = g_.step(flag_sq_, d), step = 1; q >= 0 && empty(q); q = g_.step(q, d), ++step)
    line = std::max(line, arrival(q, step));
  return line;
}

// flag_line's value by whole bitboards. The walk from each free square q of the line along each
// direction ends at the first occupied square; an enemy there arrives with reach_prob at
// max(q's step, the walk's step). reach_prob never grows with the steps (the kinds that reach
// further are fewer), so the line's value is the largest reach_prob of every enemy piece at the
// fewest steps any walk meets it with: 1 (a walk of one from the first square), 2 (a walk of one
// or two from the first or second square) or 3 and more (any walk). The set of squares
// looked at is the same as flag_line's.
double ClassicRulesEval::flag_line_by_bitboard(Direction d, int removed, int vacated, int occupied,
                                               Bitboard* seen) const {
  const Bitboard removed_bb = square_bb_or_none(removed);
  const Bitboard occ = ((mine_bb_ | theirs_bb_) & ~removed_bb & ~square_bb_or_none(vacated)) |
                       square_bb_or_none(occupied);
  // A taken piece is gone even where the taker now stands.
  const Bitboard enemy = theirs_bb_ & occ & ~removed_bb;
  std::array<Bitboard, 3> line{};  // the free squares of the line, by step 1, 2, 3 and more
  Bitboard looked = 0;
  int step = 1;
  for (int q = g_.step(flag_sq_, d); q >= 0; q = g_.step(q, d), ++step) {
    looked |= square_bb(q);
    if (test(occ, q)) break;
    line[std::size_t(std::min(step, 3) - 1)] |= square_bb(q);
  }
  const Bitboard free_line = line[0] | line[1] | line[2];
  std::array<Bitboard, 3> met{};  // enemy pieces a walk meets, by fewest steps 1, 2, 3+
  for (Direction e : kDirections) {
    met[0] |= g_.shift(line[0], e) & enemy;
    const Bitboard first = g_.shift(line[0] | line[1], e);
    met[1] |= (first | g_.shift(first & ~occ, e)) & enemy;
    for (Bitboard walk = g_.shift(free_line, e); walk; walk = g_.shift(walk & ~occ, e)) {
      looked |= walk;
      met[2] |= walk & occ & enemy;
    }
  }
  if (seen) *seen |= looked;
  double best = 0;
  for (int steps = 1; steps <= 3; ++steps)
    for (int sq : squares(met[std::size_t(steps - 1)]))
      best = std::max(best, reach_prob(sq, steps));
  return best;
}

double ClassicRulesEval::flag_cover(int f, int t, double p_take) const {
  if (flag_sq_ < 0 || f == flag_sq_) return 0;
  // The move empties f and fills t (or, losing its attack, only empties f).
  const double after =
      theirs(t) ? p_take * flag_exposure(t, f, t) + (1 - p_take) * flag_exposure(-1, f, -1)
                : flag_exposure(-1, f, t);
  const Bitboard guard_squares = g_.neighbours(square_bb(flag_sq_));
  double s = flag_exposure_ - after + bomb_guard_cover(f, t, p_take);
  if (test(guard_squares, f)) s -= kGuardLeaves;
  if (test(guard_squares, t)) s += kGuardArrives;
  return s;
}

double ClassicRulesEval::score(Move m) const {
  switch (m.type()) {
    case MoveType::kRescue: {
      const Kind k = m.rescued_kind();
      return mine_[k] - threat(k, m.to()) + kPullWeight * pull(k, m.to());
    }
    case MoveType::kDeclineRescue:
      return -1;  // any piece back is worth more
    case MoveType::kAngerStop:
      return 0;                // stays where it is: the baseline
    case MoveType::kRanged: {  // CW-4: the attacker stays where it is
      const int f = m.from(), t = m.to();
      const Kind a = kind_at(f);
      double p_win = 0, p_removed = 0;
      const double ev = attack_value(a, 0, t, p_win, p_removed);
      return ev + (1 - p_win) * standing(f).threat + relief(t, f, p_removed);
    }
    default:
      break;
  }
  const int f = m.from(), t = m.to();
  const Kind a = kind_at(f);
  const Standing& here = standing(f);
  const double stay = here.threat;
  const bool back_row = g_.row(t) == v_.back_row(enemy_);
  if (theirs(t)) {
    const int bonus = m.type() == MoveType::kAngerAttack ? view_.anger_wins : 0;
    double p_win = 0, p_removed = 0;
    const double ev = attack_value(a, bonus, t, p_win, p_removed);
    double s = ev + stay - p_win * threat(a, t, t, f, -1, true) + relief(t, f, p_removed);
    if (prices_risk(risk_) && !(view_.board[f].flags & kRevealedFlag))
      s -= p_win * kShowCost * mine_[a];
    s += p_win * kPullWeight * (pull(a, t) - here.pull) + flag_cover(f, t, p_win);
    if (back_row) s += p_win * rescue_bonus(f, a);
    return s;
  }
  if (a == kFlag && back_row) return kWinValue;  // V-4
  double s = stay - threat(a, t, -1, f) + kPullWeight * (pull(a, t) - here.pull);
  s += flag_cover(f, t, 0);
  if (a == kFlag || a == kBomb) s -= kImmobilePenalty;
  if (back_row) s += rescue_bonus(f, a);
  const TwoSquareRun& run = view_.runs[me_];
  if (run.count > 0 && f == run.to && t == run.from) s -= kBackAndForthPenalty;
  return s;
}

}  // namespace stratego::heuristic
