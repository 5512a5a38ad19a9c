#include "heuristic/waterloo_rules_policy.h"

#include <algorithm>

namespace stratego::heuristic::wrules {
namespace {

using waterloo::CardKind;
using waterloo::Phase;
using T = ActionInfo::Type;

// Worth of each card in the draft (W-12.2), in CardKind order: reconnaissance, initiative,
// combined attack, battle lust, artillery barrage.
constexpr double kCardWorth[waterloo::kNumCardKinds] = {2.0, 3.5, 4.0, 2.5, 5.0};
// A Battle Lust card is kept unless playing it now changes this much in expectation.
constexpr double kLustKeep = 1.5;

// W-12.7: play Battle Lust in this melee?
double lust_gain(const Model& m) {
  const auto& v = m.view();
  const int a = v.melee.attacker_sq, d = v.melee.defender_sq;
  if (a < 0 || d < 0 || !m.at(a) || !m.at(d)) return 0;
  const bool attacker = v.melee.lust_step == 0;
  auto boosted = [](Dist x) {
    for (int i = 0; i < x.n; ++i) ++x.k[std::size_t(i)].strength;
    return x;
  };
  Dist da = m.dist(a), dd = m.dist(d);
  if (v.melee.lust[0]) da = boosted(da);
  const Direction dir = Direction(v.melee.dir & 3);
  const auto base = m.odds(da, m.at(a)->army, a, a, dd, m.at(d)->army, d, dir);
  const auto with = attacker ? m.odds(boosted(da), m.at(a)->army, a, a, dd, m.at(d)->army, d, dir)
                             : m.odds(da, m.at(a)->army, a, a, boosted(dd), m.at(d)->army, d, dir);
  const double stake = m.expected_value(a) + m.expected_value(d);
  return (attacker ? with.win - base.win : base.win - with.win) * stake;
}

}  // namespace

WaterlooRulesPolicy::WaterlooRulesPolicy(std::uint64_t seed, Side side)
    : rng_(seed * 0x9e3779b97f4a7c15ull ^ (side == kRed ? 0x5275ull : 0x4275ull)) {}

void WaterlooRulesPolicy::remember(const waterloo::WaterlooView& v) {
  // W-11.1: two of my pieces on an enemy sector and no victory: that is not the card. Only
  // between actions: inside a melee the check has not been made yet (I-14).
  if (!v.rules().retreat_cards || v.rules().level == waterloo::Level::kExpert) return;
  if (v.phase != Phase::kAction || v.pursuit || v.result.over()) return;
  const Geometry& g = v.geometry();
  const Side foe = other(v.viewer);
  const int row = foe == kBlue ? 0 : g.height() - 1, third = g.width() / 3;
  for (int x = 0; x < 3; ++x) {
    int n = 0;
    for (int c = x * third; c < (x + 1) * third; ++c) {
      const auto& u = v.board[std::size_t(g.square(c, row))];
      n += u && u->side() == v.viewer;
    }
    if (n >= 2 && v.retreat_sector[foe] != -1) memory_.excluded[std::size_t(x)] = true;
  }
  if (std::all_of(memory_.excluded.begin(), memory_.excluded.end(), [](bool e) { return e; }))
    memory_.excluded = {};  // cannot be: forget, rather than stop trying
}

std::size_t WaterlooRulesPolicy::choose(const waterloo::WaterlooView& v,
                                        const std::vector<ActionInfo>& actions) {
  const Geometry& g = v.geometry();
  auto find = [&](auto pred) -> std::ptrdiff_t {
    for (std::size_t i = 0; i < actions.size(); ++i)
      if (pred(actions[i])) return std::ptrdiff_t(i);
    return -1;
  };
  auto best_card = [&](T type, bool highest) {
    std::ptrdiff_t pick = -1;
    for (std::size_t i = 0; i < actions.size(); ++i) {
      if (actions[i].type != type) continue;
      const double w = kCardWorth[int(actions[i].card)];
      if (pick < 0 || (highest ? w > kCardWorth[int(actions[std::size_t(pick)].card)]
                               : w < kCardWorth[int(actions[std::size_t(pick)].card)]))
        pick = std::ptrdiff_t(i);
    }
    return pick;
  };

  switch (v.phase) {
    case Phase::kEarlyStart: {
      // W-14.1: three more turns, but with 14 pieces (2 artillery, the Old Guard) starting
      // in reserve and one action each to place them. Declined: against itself the French
      // won about a quarter of early-start games and half of the others.
      const auto i = find([](const ActionInfo& t) { return t.type == T::kEarly && !t.yes; });
      if (i >= 0) return std::size_t(i);
      break;
    }
    case Phase::kDraft:
    case Phase::kLateDraft: {
      // Take the best card; discard the best left too (the French would take it, and the
      // Allies' late picks come from the discards).
      auto i = best_card(T::kTake, true);
      if (i < 0) i = best_card(T::kDiscard, true);
      if (i >= 0) return std::size_t(i);
      break;
    }
    default:
      break;
  }

  remember(v);
  const Model m(v);
  if (v.phase == Phase::kBattleLust) {
    const bool play = lust_gain(m) > kLustKeep;
    const auto i = find([&](const ActionInfo& t) { return t.type == T::kLust && t.yes == play; });
    if (i >= 0) return std::size_t(i);
  }
  if (v.pursuit && v.pursuer == m.me() && m.captured(m.foe()) - m.captured(m.me()) >= 4) {
    // W-13.5, I-12: the lead already wins; pursuing further only risks it.
    const auto i = find([](const ActionInfo& t) { return t.type == T::kEnd; });
    if (i >= 0) return std::size_t(i);
  }

  const Scorer scorer(m, memory_);
  std::vector<double> scores;
  if (v.phase == Phase::kChooseTarget) {
    // W-10.4: the "+" winner picks whom to attack next; never its own side.
    scores.assign(actions.size(), -1e9);
    const int w = v.melee.attacker_sq;
    for (std::size_t i = 0; i < actions.size(); ++i) {
      const int to = actions[i].to;
      if (actions[i].type != T::kTarget || to < 0 || !m.at(to) || w < 0 || !m.at(w)) continue;
      if (m.at(to)->side() == m.me()) {
        scores[i] = -m.expected_value(to);
        continue;
      }
      Direction d = kNorth;
      for (Direction dd : kDirections)
        if (w + g.delta(dd) == to) d = dd;
      const auto o = m.odds(w, w, to, d);
      scores[i] = o.gain - o.loss;
    }
  } else {
    scores = scorer.score_all(actions);
  }
  std::size_t best = 0;
  double top = -1e18;
  for (std::size_t i = 0; i < scores.size(); ++i) {
    const double s = scores[i] + rng_.uniform01() * 1e-3;  // ties broken by the seed
    if (s > top) {
      top = s;
      best = i;
    }
  }
  return best;
}

}  // namespace stratego::heuristic::wrules
