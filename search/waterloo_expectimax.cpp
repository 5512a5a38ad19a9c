#include "search/waterloo_expectimax.h"

#include <algorithm>
#include <memory>

#include "eval/waterloo_evaluation.h"
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
                                     const std::atomic<bool>& stop) {
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
  const std::int64_t world_nodes = budget.nodes > 0 ? (budget.nodes + worlds - 1) / worlds : -1;
  const auto end = start + std::chrono::milliseconds(budget.time_ms);

  auto work = [&](int t) {
    auto search = std::make_unique<Expectimax<WaterlooExpectimaxGame>>(p.search);
    waterloo::WaterlooState world = prototype;
    auto list = std::make_unique<waterloo::ActionList>();
    for (int w = t; w < worlds; w += threads) {
      if (w != 0 &&
          (stop.load(std::memory_order_relaxed) || (budget.time_ms > 0 && Clock::now() >= end)))
        break;
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
      WorldLimits lim;
      lim.nodes = world_nodes;
      lim.stop = &stop;
      if (budget.time_ms > 0) {
        lim.timed = true;
        const int left = (worlds - 1 - w) / threads + 1;  // this thread's worlds from w on
        lim.deadline = Clock::now() + (end - Clock::now()) / left;
      }
      out.r = search->search(world, actions, lim);
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
