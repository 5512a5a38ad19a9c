// The bomb guard of the classic `rules` judgement (RulesRisk::kBombGuard, off by default):
// guarding the Bombs next to our flag against a Miner that would take one and then the Flag.
#include <algorithm>

#include "heuristic/classic_rules_eval.h"

namespace stratego::heuristic {
namespace {

// Bomb guard: a Bomb next to our flag that an enemy Miner may take (C-5.4), with no guard of
// mine next to it to take the Miner before it takes the Flag, costs this share of the game,
// times how likely the enemy piece next to the Bomb is a Miner. One two steps away counts half,
// and only if no guard of mine is a move away either. In the field ladder 8 of 9 flags ismcts
// lost fell to a Miner that took the Bomb beside the Flag and the Flag on the next move, with a
// guard a move or two too far away. Off by default: the games did not show it stronger
// (bots/README.md).
constexpr double kBombGuardWeight = 0.3;

}  // namespace

bool ClassicRulesEval::guards_against(Kind a, KindMask diggers) const {
  if (!v_.can_move(a) || !v_.can_attack(a)) return false;
  for (Kind k : kAllKinds)
    if ((diggers & kind_bit(k)) && resolve_combat(a, k, v_) == Outcome::kDefenderWins) return false;
  return true;
}

void ClassicRulesEval::find_breaches() {
  if (flag_sq_ < 0) return;
  KindMask diggers = 0;  // the enemy kinds that can take a Bomb (C-5.4)
  for (Kind k : kAllKinds)
    if (v_.army[k] > 0 && v_.can_move(k) && v_.can_attack(k) &&
        resolve_combat(k, kBomb, v_) == Outcome::kAttackerWins)
      diggers |= kind_bit(k);
  if (!diggers) return;
  for (Kind k : kAllKinds) guard_kind_[k] = guards_against(k, diggers);
  auto p_dig = [&](int sq) {
    double p = 0;
    for (Kind k : kAllKinds)
      if (diggers & kind_bit(k)) p += know_.belief(sq)[k];
    return p;
  };
  const Bitboard empty = g_.playable() & ~mine_bb_ & ~theirs_bb_;
  for (Direction d : kDirections) {
    const int n = g_.step(flag_sq_, d);
    if (n < 0 || !mine(n) || kind_at(n) != kBomb) continue;
    Breach& b = breaches_[d];
    b.around = g_.neighbours(square_bb(n)) & ~square_bb(flag_sq_);
    b.ready = g_.neighbours(b.around & empty) & ~b.around;
    for (int q : squares(b.around)) {
      if (theirs(q)) b.near = std::max(b.near, p_dig(q));
      if (!test(empty, q)) continue;
      for (int r : squares(g_.neighbours(square_bb(q)) & theirs_bb_))
        b.coming = std::max(b.coming, 0.5 * p_dig(r));
    }
    for (int sq : squares((b.around | b.ready) & mine_bb_))
      if (guard_kind_[kind_at(sq)]) ++b.guards[std::size_t(b.moves_to_guard(sq))];
  }
}

double ClassicRulesEval::breach_exposure(int left, int arrived) const {
  double sum = 0;
  for (const Breach& b : breaches_) {
    std::array<int, 3> guards = b.guards;
    if (left >= 0) --guards[std::size_t(b.moves_to_guard(left))];
    if (arrived >= 0) ++guards[std::size_t(b.moves_to_guard(arrived))];
    // Next to the Bomb, the digger takes it next move: a guard must stand by it now. Two steps
    // away it needs a move more, and a guard one move away arrives in time.
    if (guards[0] <= 0) sum += b.near + (guards[1] <= 0 ? b.coming : 0);
  }
  return sum;
}

double ClassicRulesEval::bomb_guard_cover(int f, int t, double p_take) const {
  const Kind a = kind_at(f);
  if (!guard_kind_[a]) return 0;  // none is a guard unless the bomb guard is on
  const double now = breach_exposure(-1, -1);
  // An attack that fails leaves f empty and t as it was.
  const double after = theirs(t)
                           ? p_take * breach_exposure(f, t) + (1 - p_take) * breach_exposure(f, -1)
                           : breach_exposure(f, t);
  return kBombGuardWeight * kWinValue * (now - after);
}

}  // namespace stratego::heuristic
