#include "heuristic/waterloo_setup_plan.h"

#include <algorithm>
#include <vector>

#include "engine/waterloo/record.h"

namespace stratego::heuristic::wrules {
namespace {

using waterloo::Army;
using waterloo::TileKind;
using waterloo::UnitClass;
using waterloo::WaterlooSetup;
using waterloo::WaterlooState;

template <class T>
void shuffle(std::vector<T>& v, Rng& rng) {
  for (std::size_t i = v.size(); i > 1; --i) std::swap(v[i - 1], v[rng.below(std::uint32_t(i))]);
}

}  // namespace

WaterlooState setup_state(const waterloo::WaterlooView& v, Side side) {
  WaterlooState st(v.variant);
  waterloo::Core c = st.core();
  c.phase = waterloo::Phase::kSetup;
  c.decider = side;
  c.early_start = v.early_start;
  st.set_core(c);
  return st;
}

WaterlooSetup plan_setup(const waterloo::WaterlooView& v, Side side, Rng& rng) {
  const WaterlooState st = setup_state(v, side);
  const auto& rules = v.rules();
  const Geometry& g = v.geometry();
  const Army army = side == kBlue ? Army::kFrench : Army::kAllied;
  const int dir = side == kBlue ? 1 : -1;
  const int back = side == kBlue ? 0 : g.height() - 1;
  const Bitboard zone = st.setup_zone(side) & g.playable();
  Bitboard buildings = 0, hills = 0;
  for (const auto& t : rules.tiles) {
    if (t.kind == TileKind::kBuilding) buildings |= t.squares;
    if (t.kind == TileKind::kHill) hills |= t.squares;
  }
  const Bitboard blocked = buildings | rules.mud;  // no cavalry or artillery there (W-10.2, W-14.3)

  // Pieces to place, by class; early-start reserves held back (W-14.1, I-3).
  std::vector<int> art, hc, lc, inf, li, chiefs;
  std::vector<waterloo::UnitSpec> hold;
  if (side == kBlue && v.early_start) hold = rules.early_reserve;
  for (int id = st.army_begin(army); id < st.army_end(army); ++id) {
    const auto& info = st.unit_info(id);
    bool held = false;
    for (auto& h : hold)
      if (h.count > 0 && h.cls == info.cls && h.strength == info.strength) {
        --h.count;
        held = true;
        break;
      }
    if (held) continue;
    switch (info.cls) {
      case UnitClass::kArtillery:
        art.push_back(id);
        break;
      case UnitClass::kHeavyCavalry:
        hc.push_back(id);
        break;
      case UnitClass::kLightCavalry:
        lc.push_back(id);
        break;
      case UnitClass::kInfantry:
        inf.push_back(id);
        break;
      case UnitClass::kLightInfantry:
        li.push_back(id);
        break;
      default:
        chiefs.push_back(id);
    }
  }
  // Strongest infantry first, so that they take the front row.
  shuffle(inf, rng);
  std::stable_sort(inf.begin(), inf.end(), [&](int a, int b) {
    return st.unit_info(a).strength > st.unit_info(b).strength;
  });

  WaterlooSetup out;
  Bitboard used = 0;
  auto put = [&](int id, int sq) {
    out.placements.emplace_back(id, sq);
    used |= square_bb(sq);
  };
  // W-13.3: the garrison, from the line infantry, on the squares nearest home.
  if (side == kRed && rules.garrison > 0) {
    for (const auto& t : rules.tiles)
      if (t.name == rules.garrison_tile) {
        std::vector<int> sqs;
        for (int sq : squares(t.squares)) sqs.push_back(sq);
        std::sort(sqs.begin(), sqs.end(),
                  [&](int a, int b) { return g.row(a) * dir < g.row(b) * dir; });
        for (int i = 0; i < rules.garrison && i < int(sqs.size()); ++i) {
          std::vector<int>& from = inf.empty() ? li : inf;
          if (from.empty()) break;
          put(from.back(), sqs[std::size_t(i)]);  // the weakest: the strong ones attack
          from.pop_back();
        }
      }
  }
  const int rows = std::max(2, v.variant->setup_rows);
  auto row_squares = [&](int k) {  // k = 0 front row, 1 second, 2 the rows between, 3 back row
    std::vector<int> out_sq;
    const int lo = k == 3 ? rows - 1 : k == 2 ? 2 : k, hi = k == 2 ? rows - 2 : lo;
    for (int i = lo; i <= hi; ++i) {
      const int row = back + dir * (rows - 1 - i);
      if (row < 0 || row >= g.height()) continue;
      for (int sq : squares(g.row_bb(row) & zone & ~used)) out_sq.push_back(sq);
    }
    shuffle(out_sq, rng);
    return out_sq;
  };
  auto take = [&](std::vector<int>& from, std::vector<int>& sqs, bool may_block) {
    while (!from.empty() && !sqs.empty()) {
      auto it = std::find_if(sqs.begin(), sqs.end(),
                             [&](int sq) { return may_block || !test(blocked, sq); });
      if (it == sqs.end()) return;
      put(from.back(), *it);
      from.pop_back();
      sqs.erase(it);
    }
  };
  auto clear_line = [&](int sq) {  // nothing of a building within fire range ahead (W-6.1)
    for (int k = 1; k <= rules.fire_range; ++k) {
      const int r = g.row(sq) + dir * k;
      if (r < 0 || r >= g.height()) break;
      if (test(buildings, g.square(g.col(sq), r))) return false;
    }
    return true;
  };
  // W-10.6: a hill in the own zone carries artillery first, its front squares first.
  std::vector<int> hill_sqs;
  for (int sq : squares(hills & zone & ~blocked)) hill_sqs.push_back(sq);
  std::sort(hill_sqs.begin(), hill_sqs.end(),
            [&](int a, int b) { return g.row(a) * dir > g.row(b) * dir; });
  if (hill_sqs.size() > 2) hill_sqs.resize(2);
  take(art, hill_sqs, false);
  // The commanders on the back row, away from the edges.
  std::vector<int> back_row = row_squares(3);
  std::stable_sort(back_row.begin(), back_row.end(), [&](int a, int b) {
    auto edge = [&](int sq) { return std::abs(2 * g.col(sq) - (g.width() - 1)); };
    return edge(a) < edge(b);
  });
  take(chiefs, back_row, false);
  shuffle(back_row, rng);

  std::vector<int> front = row_squares(0);
  std::stable_partition(front.begin(), front.end(), clear_line);
  take(art, front, false);
  take(hc, front, false);
  take(inf, front, true);
  take(li, front, true);
  std::vector<int> second = row_squares(1);
  take(lc, second, false);
  take(li, second, true);
  take(inf, second, true);
  take(art, second, false);
  std::vector<int> third = row_squares(2);
  for (auto* rest : {&inf, &li, &lc, &hc, &art}) take(*rest, third, rest == &inf || rest == &li);
  for (auto* rest : {&inf, &li, &lc, &hc, &art, &chiefs}) {
    take(*rest, back_row, rest == &inf || rest == &li);
    take(*rest, front, rest == &inf || rest == &li);
    take(*rest, second, rest == &inf || rest == &li);
  }
  // Check it against the rules (W-4, W-13.3, W-14.1): a custom scenario may not fit the plan.
  try {
    WaterlooState check = st;
    check.set_keep_history(false);
    check.apply_setup(side, out);
    return out;
  } catch (const std::exception&) {
    return st.random_setup(side, rng);
  }
}

std::string planned_setup_tokens(const waterloo::WaterlooView& v, Side side, Rng& rng) {
  return waterloo::setup_tokens(setup_state(v, side), side, plan_setup(v, side, rng));
}

}  // namespace stratego::heuristic::wrules
