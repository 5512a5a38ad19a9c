#include "search/waterloo_expectimax.h"

#include <algorithm>
#include <bit>
#include <cstring>
#include <memory>

#include "eval/values/waterloo_evaluation.h"
#include "search/thread_jobs.h"

namespace stratego::search {
namespace {

using waterloo::ActionType;
using waterloo::UnitClass;

// Ordering bands, highest first (search/expectimax.h adds killers at 1 << 20 and a history of
// at most 1 << 21 to these).
constexpr int kWinning = 1 << 24, kEven = 1 << 23, kCard = 1 << 19, kPlace = 1 << 18;
constexpr int kLast = -(1 << 23), kLosing = -(1 << 24);

int worth(const waterloo::WaterlooState& w, int id) {
  switch (w.unit_info(id).cls) {
    case UnitClass::kCommanderInChief:
      return 30;
    case UnitClass::kCommander:
      return 10;
    case UnitClass::kArtillery:
      return 6;
    default:
      return w.unit(id).strength;
  }
}

Side side_of(const waterloo::WaterlooState& w, int id) {
  return waterloo::army_side(w.unit_info(id).army);
}

// The fight as the world's strengths say it goes: +1 won, 0 the die, -1 lost. Artillery's
// front (W-5.3) is left to the search: counted as even.
int fight(const waterloo::WaterlooState& w, int att, int def) {
  const UnitClass ka = w.unit_info(att).cls, kd = w.unit_info(def).cls;
  if (ka == UnitClass::kCommanderInChief || kd == UnitClass::kCommanderInChief) return 1;
  if (kd == UnitClass::kArtillery) return 0;
  const int a = w.melee_strength(att, true, def), d = w.melee_strength(def, false, att);
  return a > d ? 1 : a < d ? -1 : 0;
}

}  // namespace

double WaterlooExpectimaxGame::value(const World& w, int ply) {
  const double v = eval::waterloo_value(w, 1.0);
  if (!w.over()) return v;
  return 0.5 + (v - 0.5) * (1 - 1e-4 * std::min(ply, 1000));
}

std::uint64_t WaterlooExpectimaxGame::hash(const World& w) {
  const waterloo::Core& c = w.core();
  std::uint64_t h = 0x243F6A8885A308D3ull;
  auto mix = [&h](std::uint64_t x) {
    h ^= x + 0x9E3779B97F4A7C15ull + (h << 6) + (h >> 2);
    h *= 0xBF58476D1CE4E5B9ull;
  };
  // Units and board have no padding inside: read them 8 bytes at a time, into four lanes
  // mixed independently (one chain would wait on each multiplication), each round as xxHash's
  // (multiply, rotate, multiply: every input bit reaches every lane bit).
  auto bytes = [&mix](const void* p, std::size_t n) {
    const auto* b = static_cast<const unsigned char*>(p);
    std::uint64_t lane[4] = {1, 2, 3, 4};
    std::size_t i = 0;
    for (; i + 32 <= n; i += 32)
      for (int j = 0; j < 4; ++j) {
        std::uint64_t x;
        std::memcpy(&x, b + i + 8 * j, 8);
        lane[j] = std::rotl(lane[j] + x * 0xC2B2AE3D27D4EB4Full, 31) * 0x9E3779B97F4A7C15ull;
      }
    for (; i + 8 <= n; i += 8) {
      std::uint64_t x;
      std::memcpy(&x, b + i, 8);
      lane[0] = std::rotl(lane[0] + x * 0xC2B2AE3D27D4EB4Full, 31) * 0x9E3779B97F4A7C15ull;
    }
    std::uint64_t x = 0;
    std::memcpy(&x, b + i, n - i);
    for (int j = 0; j < 4; ++j) mix(lane[j]);
    mix(x);
  };
  static_assert(sizeof(waterloo::UnitState) == 6, "UnitState must have no padding");
  bytes(c.units.data(), std::size_t(w.num_units()) * sizeof(waterloo::UnitState));
  bytes(c.board.data(), c.board.size());
  bytes(c.tile_hp.data(), c.tile_hp.size());
  for (const auto& hand : c.hand) bytes(hand.data(), hand.size());
  for (const auto& played : c.played) bytes(played.data(), played.size());
  bytes(c.pool.data(), c.pool.size());
  bytes(c.discards.data(), c.discards.size());
  mix(std::uint64_t(c.phase) | std::uint64_t(c.to_move) << 8 | std::uint64_t(c.decider) << 16 |
      std::uint64_t(std::uint16_t(c.turn)) << 24 | std::uint64_t(c.used) << 40 |
      std::uint64_t(c.used_prussian) << 48 | std::uint64_t(c.card_played) << 56 |
      std::uint64_t(c.any_action) << 57 | std::uint64_t(c.attacked) << 58 |
      std::uint64_t(c.early_start) << 59 | std::uint64_t(c.pursuit) << 60 |
      std::uint64_t(c.pursuer) << 61);
  mix(std::uint64_t(std::uint16_t(c.side_turns)) |
      std::uint64_t(std::uint8_t(c.prussians_come)) << 16 |
      std::uint64_t(std::uint8_t(c.retreat_sector[0])) << 24 |
      std::uint64_t(std::uint8_t(c.retreat_sector[1])) << 32 | std::uint64_t(c.draft_step) << 40 |
      std::uint64_t(c.late_picks) << 48 | std::uint64_t(c.setups_done) << 56);
  mix(std::uint64_t(c.card) | std::uint64_t(c.card_count) << 8 |
      std::uint64_t(c.combined_used) << 16 | std::uint64_t(c.resume) << 24 |
      std::uint64_t(c.lust_step) << 32 | std::uint64_t(c.melee.attacker) << 40 |
      std::uint64_t(c.melee.defender) << 48 | std::uint64_t(c.melee.dir) << 56 |
      std::uint64_t(c.melee.lust[0]) << 60 | std::uint64_t(c.melee.lust[1]) << 61 |
      std::uint64_t(c.melee.chain) << 62);
  mix(std::uint64_t(c.card_squares));
  mix(std::uint64_t(c.card_squares >> 64));
  mix(std::uint64_t(c.captured[0]) | std::uint64_t(c.captured[1]) << 8 |
      std::uint64_t(c.result.winner) << 16 | std::uint64_t(c.result.reason) << 24 |
      std::uint64_t(c.result.kind) << 32);
  // MurmurHash3's finaliser: the table indexes by the low bits.
  h ^= h >> 33;
  h *= 0xFF51AFD7ED558CCDull;
  h ^= h >> 33;
  h *= 0xC4CEB9FE1A85EC53ull;
  return h ^ (h >> 33);
}

int WaterlooExpectimaxGame::order(const World& w, Action a) {
  switch (a.type()) {
    case ActionType::kMove: {
      const int def = w.unit_at(a.to()), att = w.unit_at(a.from());
      if (def < 0 || att < 0 || side_of(w, def) == side_of(w, att)) return 0;
      const int victim = 64 * worth(w, def) - worth(w, att);
      const int f = fight(w, att, def);
      return (f > 0 ? kWinning : f == 0 ? kEven : kLosing) + victim;
    }
    case ActionType::kFire: {
      const int t = w.unit_at(a.to());
      return a.extra() == 0 && t >= 0 ? kWinning + 64 * worth(w, t) : kCard;
    }
    case ActionType::kPlayCard:
      return kCard;
    case ActionType::kBattleLust:
      return a.extra() ? kCard : 0;
    case ActionType::kPlace:
      return kPlace;
    case ActionType::kEndTurn:
    case ActionType::kTakeOff:
      return kLast;
    default:
      return 0;
  }
}

WaterlooPimcResult run_waterloo_pimc(const WaterlooPimcParams& p, const PimcBudget& budget,
                                     const std::vector<heuristic::wrules::ActionInfo>& root,
                                     const waterloo::WaterlooState& prototype,
                                     const WaterlooWorldSampler& sample,
                                     const std::atomic<bool>& stop, WaterlooTables& tables) {
  using Clock = std::chrono::steady_clock;
  const auto start = Clock::now();
  const int worlds = std::max(1, p.worlds);
  const int threads = std::clamp(p.threads, 1, worlds);
  struct WorldOut {
    std::vector<int> index;  // per action searched: its index in root
    ExpectimaxResult r;
    bool done = false;
  };
  std::vector<WorldOut> results(static_cast<std::size_t>(worlds));
  const WorldBudget shares(budget, worlds, threads, stop);

  if (tables.bytes != p.tt_bytes) tables.tables.clear(), tables.bytes = p.tt_bytes;
  if (p.tt_bytes > 0)
    while (int(tables.tables.size()) < threads)
      tables.tables.push_back(std::make_unique<ExpectimaxTable>(p.tt_bytes));
  auto work = [&](int t) {
    auto search = std::make_unique<Expectimax<WaterlooExpectimaxGame>>(
        p.search, p.tt_bytes > 0 ? tables.tables[std::size_t(t)].get() : nullptr);
    waterloo::WaterlooState world = prototype;
    auto list = std::make_unique<waterloo::ActionList>();
    for (int w = t; w < worlds; w += threads) {
      if (shares.over(w)) break;
      sample(w, world);
      world.set_keep_history(true);  // the search undoes its actions
      // The root: this world's actions that the request names, each once.
      WorldOut& out = results[std::size_t(w)];
      std::vector<waterloo::Action> actions;
      std::vector<char> seen(root.size(), 0);
      world.legal_actions(*list);
      for (waterloo::Action a : *list) {
        const auto it = std::find(root.begin(), root.end(), heuristic::wrules::describe(world, a));
        if (it == root.end() || seen[std::size_t(it - root.begin())]) continue;
        seen[std::size_t(it - root.begin())] = 1;
        actions.push_back(a);
        out.index.push_back(int(it - root.begin()));
      }
      if (actions.empty()) continue;  // a world that does not fit the request: none is searched
      out.r = search->search(world, actions, shares.limits(w));
      out.done = true;
    }
  };
  run_thread_jobs(threads, work);

  WaterlooPimcResult res;
  res.root.resize(root.size());
  res.min_depth = 1 << 30;
  for (const WorldOut& w : results) {
    if (!w.done) continue;
    ++res.worlds;
    res.nodes += w.r.nodes;
    res.min_depth = std::min(res.min_depth, w.r.depth);
    res.max_depth = std::max(res.max_depth, w.r.depth);
    for (std::size_t i = 0; i < w.index.size(); ++i) {
      WaterlooRootScore& s = res.root[std::size_t(w.index[i])];
      s.value_sum += w.r.values[i];
      ++s.worlds;
    }
    ++res.root[std::size_t(w.index[std::size_t(w.r.best)])].votes;
  }
  if (res.worlds == 0) res.min_depth = 0;
  // The best by votes or by mean value; ties to the other measure, then the earlier action.
  std::size_t best = 0;
  for (std::size_t i = 1; i < res.root.size(); ++i) {
    const WaterlooRootScore &a = res.root[i], &b = res.root[best];
    const bool better = p.votes
                            ? (a.votes > b.votes || (a.votes == b.votes && a.mean() > b.mean()))
                            : (a.mean() > b.mean() || (a.mean() == b.mean() && a.votes > b.votes));
    if (better) best = i;
  }
  res.best = int(best);
  if (!res.root.empty() && res.root[best].worlds > 0) res.win_probability = res.root[best].mean();
  res.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  return res;
}

}  // namespace stratego::search
