#include "bots/classic_rules_eval.h"

#include <algorithm>
#include <cmath>

#include "bots/classic_rules_paths.h"

namespace stratego::bots {
namespace {

// Piece values by kind (flag, spy, scout, miner, sergeant, lieutenant, captain, major,
// colonel, general, marshal, bomb, anger captain, ranged major); set_values() adjusts them to
// the position.
constexpr std::array<double, kNumKinds> kBaseValue{0, 10, 3, 9, 5, 8, 13, 20, 32, 50, 80, 5, 15, 24};
constexpr double kPathDecay = 0.75;   // the pull of a target per step of path cost
// Learning an unknown piece's kind: a little for any, more the more it is likely worth.
constexpr double kInfoValue = 2, kInfoShare = 0.15;
constexpr double kFlagGuard = 300;    // removing a piece about to reach our flag
constexpr double kThreatWeight = 0.9; // how surely an enemy takes what it can
constexpr double kPullWeight = 1.0;
constexpr double kPullCap = 400;
constexpr double kImmobilePenalty = 4;  // V-3, V-4: Bombs and the Flag guard where they stand
constexpr double kBackAndForthPenalty = 1.5;
constexpr double kGuardLeaves = 30, kGuardArrives = 12;  // a piece next to our flag
constexpr double kSecondStep = 0.3;  // weight of what can reach our flag in two moves
constexpr int kDangerReach = 5;  // path cost beyond which a piece is no danger to our flag

const std::array<double, 256>& decay_powers() {
  static const std::array<double, 256> table = [] {
    std::array<double, 256> t{};
    for (std::size_t d = 0; d < t.size(); ++d) t[d] = std::pow(kPathDecay, double(d));
    t[kNoPath] = 0;
    return t;
  }();
  return table;
}

constexpr KindMask reach_at(int step, const Variant& v) {
  if (step == 1) return KindMask(0xffff);
  KindMask m = kind_bit(kScout);
  if (step == 2) {
    m |= kind_bit(kRangedMajor);  // CW-4 (only present in armies that have it)
    if (v.captain_two_step) m |= kind_bit(kCaptain);  // C-4.5
  }
  return m;
}

}  // namespace

ClassicRulesEval::ClassicRulesEval(const View& view, const EnemyKnowledge& know)
    : view_(view), v_(*view.variant), g_(view.variant->geometry), know_(know), me_(view.viewer),
      enemy_(other(view.viewer)) {
  set_values();
  find_flag_danger();
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
}

void ClassicRulesEval::find_flag_danger() {
  for (int sq = 0; sq < g_.num_squares(); ++sq)
    if (mine(sq) && kind_at(sq) == kFlag) flag_sq_ = sq;
  if (flag_sq_ < 0) return;
  flag_exposure_ = flag_exposure(-1, -1, -1);
  // Path cost from our flag: every square counts one, our own pieces (which an attacker must
  // go through) two; enemy pieces end a path.
  std::array<std::uint8_t, kMaxSquares> dist;
  path_costs_from(g_, flag_sq_, dist, [&](int u) {
    if (dist[u] >= kDangerReach || (u != flag_sq_ && theirs(u))) return 0;
    return u != flag_sq_ && mine(u) ? 2 : 1;
  });
  for (int sq = 0; sq < g_.num_squares(); ++sq) {
    if (!theirs(sq) || dist[sq] > kDangerReach) continue;
    double attacker = 0;
    const KindProbs& b = know_.belief(sq);
    for (Kind k : kAllKinds)
      if (v_.can_move(k) && v_.can_attack(k)) attacker += b[k];
    danger_[sq] = attacker * std::pow(0.5, double(dist[sq] - 1));
  }
}

void ClassicRulesEval::path_costs(int target, std::array<std::uint8_t, kMaxSquares>& dist) const {
  // Our own pieces are in the way but will move; other enemy pieces block (a path may end on
  // one: that is where a piece stands after taking it).
  path_costs_from(g_, target, dist, [&](int u) {
    if (u == target) return 1;
    return theirs(u) ? 0 : mine(u) ? 3 : 1;
  });
}

void ClassicRulesEval::find_targets() {
  for (int sq = 0; sq < g_.num_squares(); ++sq) {
    if (!theirs(sq)) continue;
    Target t;
    t.sq = sq;
    bool any = false;
    for (Kind a : kAllKinds) {
      if (v_.army[a] == 0 || !v_.can_attack(a) || !v_.can_move(a)) continue;
      double p_win = 0, p_removed = 0;
      t.value[a] = std::max(0.0, attack_value(a, 0, sq, p_win, p_removed));
      any = any || ((my_kinds_ & kind_bit(a)) && t.value[a] > 0);
    }
    if (!any) continue;
    path_costs(sq, t.dist);
    targets_.push_back(t);
  }
}

double ClassicRulesEval::attack_value(Kind a, int bonus, int sq, double& p_win,
                                      double& p_removed) const {
  const KindProbs& b = know_.belief(sq);
  double ev = 0, worth = 0;
  p_win = p_removed = 0;
  for (Kind k : kAllKinds) {
    if (b[k] <= 0) continue;
    if (k != kFlag) worth += b[k] * theirs_[k];
    if (k == kFlag) {  // C-5.5
      ev += b[k] * kWinValue;
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
        ev -= b[k] * mine_[a];
        break;
      case Outcome::kBothRemoved:
        ev += b[k] * (theirs_[k] - mine_[a]);
        p_removed += b[k];
        break;
    }
  }
  if (kind_at(sq) == kUnknown) {  // V-6: only a Scout's attack shows a silent defender
    const double info = kInfoValue + kInfoShare * worth;
    ev += (!v_.silent_defence || a == kScout) ? info : info * 0.3;
  }
  return ev + kFlagGuard * danger_[sq] * p_removed;
}

double ClassicRulesEval::enemy_gain(int e, Kind a, KindMask reach) const {
  const KindProbs& b = know_.belief(e);
  double gain = 0;
  for (Kind k : kAllKinds) {
    if (b[k] <= 0 || !(reach & kind_bit(k)) || !v_.can_move(k) || !v_.can_attack(k)) continue;
    switch (resolve_combat(k, a, v_)) {
      case Outcome::kAttackerWins: gain += b[k] * mine_[a]; break;
      case Outcome::kDefenderWins: gain -= b[k] * theirs_[k]; break;
      case Outcome::kBothRemoved: gain += b[k] * (mine_[a] - theirs_[k]); break;
    }
  }
  return gain;
}

double ClassicRulesEval::threat(Kind a, int x, int ignore, int vacated, int occupied) const {
  double worst = 0, sum = 0;
  auto add = [&](double gain) {
    if (gain <= 0) return;
    sum += gain;
    worst = std::max(worst, gain);
  };
  auto enemy_on = [&](int sq) {
    return sq != vacated && sq != ignore && sq != occupied && theirs(sq);
  };
  auto empty = [&](int sq) {
    return sq != occupied && (sq == vacated || view_.board[sq].piece == kNoPiece);
  };
  for (Direction d : kDirections)
    for (int step = 1;; ++step) {
      const int sq = step_from(g_, x, d, step);
      if (sq < 0 || test(g_.blocked(), sq)) break;
      if (empty(sq)) continue;
      if (enemy_on(sq)) add(enemy_gain(sq, a, reach_at(step, v_)));
      break;
    }
  if (v_.captain_two_step)  // C-4.5: a Captain may turn after its first step
    for (Direction dv : {kNorth, kSouth})
      for (Direction dh : {kEast, kWest}) {
        const int via1 = step_from(g_, x, dh), via2 = step_from(g_, x, dv);
        if (via1 < 0 || via2 < 0) continue;
        const int sq = step_from(g_, via1, dv);
        auto open = [&](int via) { return !test(g_.blocked(), via) && empty(via); };
        if (enemy_on(sq) && (open(via1) || open(via2)))
          add(enemy_gain(sq, a, kind_bit(kCaptain)));
      }
  return kThreatWeight * (worst + 0.2 * (sum - worst));
}

double ClassicRulesEval::relief(int e, int mover_from, double p_removed) const {
  if (p_removed <= 0) return 0;
  double sum = 0;
  for (Direction d : kDirections) {
    const int sq = step_from(g_, e, d);
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

double ClassicRulesEval::flag_exposure(int removed, int vacated, int occupied) const {
  auto empty = [&](int sq) {
    return sq != occupied &&
           (sq == vacated || sq == removed || view_.board[sq].piece == kNoPiece);
  };
  // The likeliest enemy piece of a kind in `hits` to move onto q next turn.
  auto arrival = [&](int q, KindMask hits) {
    double best = 0;
    for (Direction d : kDirections)
      for (int step = 1;; ++step) {
        const int sq = step_from(g_, q, d, step);
        if (sq < 0 || test(g_.blocked(), sq)) break;
        if (empty(sq)) continue;
        if (theirs(sq) && sq != removed) {
          const KindProbs& b = know_.belief(sq);
          const KindMask kinds = hits & reach_at(step, v_);
          double p = 0;
          for (Kind k : kAllKinds)
            if ((kinds & kind_bit(k)) && v_.can_move(k) && v_.can_attack(k)) p += b[k];
          best = std::max(best, p);
        }
        break;
      }
    return best;
  };
  // Squares from which the flag can be hit next turn: next to it, or down an open line (a
  // Scout, or two squares for a Ranged piece or a Captain). Per line, the likeliest arrival.
  double second = 0;
  for (Direction d : kDirections) {
    double line = 0;
    for (int step = 1;; ++step) {
      const int q = step_from(g_, flag_sq_, d, step);
      if (q < 0 || test(g_.blocked(), q) || !empty(q)) break;
      line = std::max(line, arrival(q, reach_at(step, v_)));
    }
    second += line;
  }
  return threat(kFlag, flag_sq_, removed, vacated, occupied) + kSecondStep * kWinValue * second;
}

double ClassicRulesEval::flag_cover(int f, int t, double p_take) const {
  if (flag_sq_ < 0 || f == flag_sq_) return 0;
  // The move empties f and fills t (or, losing its attack, only empties f).
  const double after = theirs(t) ? p_take * flag_exposure(t, f, t) +
                                       (1 - p_take) * flag_exposure(-1, f, -1)
                                 : flag_exposure(-1, f, t);
  const Bitboard guard_squares = g_.neighbours(square_bb(flag_sq_));
  double s = flag_exposure_ - after;
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
    case MoveType::kDeclineRescue: return -1;  // any piece back is worth more
    case MoveType::kAngerStop: return 0;       // stays where it is: the baseline
    case MoveType::kRanged: {                  // CW-4: the attacker stays where it is
      const int f = m.from(), t = m.to();
      const Kind a = kind_at(f);
      double p_win = 0, p_removed = 0;
      const double ev = attack_value(a, 0, t, p_win, p_removed);
      return ev + (1 - p_win) * threat(a, f) + relief(t, f, p_removed);
    }
    default: break;
  }
  const int f = m.from(), t = m.to();
  const Kind a = kind_at(f);
  const double stay = threat(a, f);
  const bool back_row = g_.row(t) == v_.back_row(enemy_);
  if (theirs(t)) {
    const int bonus = m.type() == MoveType::kAngerAttack ? view_.anger_wins : 0;
    double p_win = 0, p_removed = 0;
    const double ev = attack_value(a, bonus, t, p_win, p_removed);
    double s = ev + stay - p_win * threat(a, t, t, f) + relief(t, f, p_removed);
    s += p_win * kPullWeight * (pull(a, t) - pull(a, f)) + flag_cover(f, t, p_win);
    if (back_row) s += p_win * rescue_bonus(f, a);
    return s;
  }
  if (a == kFlag && back_row) return kWinValue;  // V-4
  double s = stay - threat(a, t, -1, f) + kPullWeight * (pull(a, t) - pull(a, f));
  s += flag_cover(f, t, 0);
  if (a == kFlag || a == kBomb) s -= kImmobilePenalty;
  if (back_row) s += rescue_bonus(f, a);
  const TwoSquareRun& run = view_.runs[me_];
  if (run.count > 0 && f == run.to && t == run.from) s -= kBackAndForthPenalty;
  return s;
}

}  // namespace stratego::bots
