// Perfect-information Monte Carlo over the alpha-beta of search/alphabeta.h: `worlds`
// determinizations drawn from the searcher's belief, each searched by iterative deepening as if
// every piece were known (except the targets of its own attacks: chance nodes), and the root
// move chosen by the scores summed over the worlds (or by the worlds' votes). The worlds are
// shared out over `threads` oneTBB tasks, world i to thread i mod threads, each thread with its
// own transposition table kept across its worlds (and by the caller across decisions, emptied
// for each: search/pimc_tables.h); a node budget is shared equally among the worlds, so with a
// fixed seed, thread count and node budget a decision is exactly reproducible. A time budget is
// shared among a thread's worlds still to come as it goes.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <span>
#include <vector>

#include "search/alphabeta.h"
#include "search/pimc_tables.h"

namespace stratego::search {

struct PimcBudget {
  std::int64_t nodes = 0;    // 0: none
  std::int64_t time_ms = 0;  // 0: none
};

// How a decision's budget is shared among its worlds (both families' PIMC): a node budget
// equally, a time budget among a thread's worlds still to come, as the thread goes.
class WorldBudget {
 public:
  using Clock = std::chrono::steady_clock;
  WorldBudget(const PimcBudget& b, int worlds, int threads, const std::atomic<bool>& stop)
      : b_(b),
        worlds_(worlds),
        threads_(threads),
        stop_(stop),
        world_nodes_(b.nodes > 0 ? (b.nodes + worlds - 1) / worlds : -1),
        end_(Clock::now() + std::chrono::milliseconds(b.time_ms)) {}
  // World w may not start: after the first world, once stopped or out of time.
  bool over(int w) const {
    return w != 0 &&
           (stop_.load(std::memory_order_relaxed) || (b_.time_ms > 0 && Clock::now() >= end_));
  }
  // World w's limits, from now (it is searched by thread w mod threads).
  WorldLimits limits(int w) const {
    WorldLimits lim;
    lim.nodes = world_nodes_;
    lim.stop = &stop_;
    if (b_.time_ms > 0) {
      lim.timed = true;
      const int left = (worlds_ - 1 - w) / threads_ + 1;  // this thread's worlds from w on
      lim.deadline = Clock::now() + (end_ - Clock::now()) / left;
    }
    return lim;
  }

 private:
  PimcBudget b_;
  int worlds_, threads_;
  const std::atomic<bool>& stop_;
  std::int64_t world_nodes_;
  Clock::time_point end_;
};

struct RootScore {
  std::uint32_t key = 0;
  double score_sum = 0;  // summed over the worlds searched, in score units
  int votes = 0;         // worlds in which it was the best
};

struct PimcResult {
  std::uint32_t best = 0;
  std::vector<RootScore> root;  // in the order of the root keys
  std::uint64_t nodes = 0;
  int worlds = 0;                    // worlds searched (at least their first iteration)
  int min_depth = 0, max_depth = 0;  // deepest finished iteration, over those worlds
  double seconds = 0;
  double win_probability = 0.5;  // the chosen move's mean score, as a win probability
};

// sample(thread, world): overwrites world with a determinization; called from the threads
// (thread = 0 .. threads-1) concurrently, so it may touch only that thread's things.
using WorldSampler = std::function<void(int thread, State& world)>;

// root: the searcher's legal moves as keys (Move::raw()); prototype: any world of the
// decision (copied once per thread); belief: the chance nodes' beliefs.
PimcResult run_pimc(const AlphaBetaParams& p, const PimcBudget& budget,
                    std::span<const std::uint32_t> root, const State& prototype,
                    const CombatBelief& belief, const WorldSampler& sample,
                    const std::atomic<bool>& stop, PimcTables& tables);

}  // namespace stratego::search
