// One decision's search: root parallelism over oneTBB. Each thread grows its own ISMCTS tree
// from its own determinizations and random stream; at the end the root statistics are added
// up and the most visited action wins. Root parallelism was chosen because determinizations
// already make each tree a different sample of the hidden information, so independent trees
// lose little against a shared one, need no locks or virtual loss (nothing to race on: clean
// under ThreadSanitizer), and scale with the cores; with one thread and an iteration budget a
// search is exactly reproducible, and with N threads too (each thread's share is fixed).
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <functional>
#include <span>
#include <vector>

#include "search/ismcts.h"
#include "search/settled_stop.h"
#include "search/thread_jobs.h"

namespace stratego::search {

struct SearchResult {
  std::uint32_t best = 0;      // key of the chosen root action
  std::vector<RootStat> root;  // every root action tried, summed over threads
  std::uint64_t iterations = 0;
  std::uint64_t nodes = 0;        // tree nodes visited, summed over iterations
  double win_probability = 0.5;   // the chosen action's mean value for the searcher
  std::vector<std::uint32_t> pv;  // thread 0's most visited line
  double seconds = 0;
  bool settled = false;  // a timed search ended early: the leader could not be caught
};

struct Progress {
  std::uint64_t iterations = 0, nodes = 0;
  double seconds = 0;
};

// sample(thread, rng, world): overwrites world with a determinization; called concurrently
// from the threads (thread = 0 .. threads-1) with their own rng, so it may touch only what
// belongs to that thread. prototype: any world of the game (each thread copies it once, so
// later samples reuse its buffers). root_prior: empty, or a prior over root_actions (same
// order) for the root's PUCT selection.
template <class Game, class Sampler>
SearchResult run_search(const Params& params, const Budget& budget,
                        std::span<const std::uint32_t> root_actions,
                        const typename Game::World& prototype, Sampler&& sample,
                        const std::atomic<bool>& stop,
                        const std::function<void(const Progress&)>& progress = {},
                        std::span<const double> root_prior = {}) {
  using SteadyClock = std::chrono::steady_clock;
  const auto start = SteadyClock::now();
  const int threads = std::max(1, params.threads);
  const auto n_threads = static_cast<std::size_t>(threads);
  std::vector<std::vector<RootStat>> stats(n_threads);
  std::vector<std::uint64_t> iterations(n_threads), nodes(n_threads);
  std::vector<std::uint32_t> pv;
  std::atomic<std::uint64_t> shared_iterations{0}, shared_nodes{0};
  std::atomic<bool> out_of_budget{false}, settled{false};
  constexpr int kPublishPeriod = 64;
  const bool settle = budget.stop_when_settled && budget.time_ms > 0;
  SettledStop settled_stop(settle ? threads : 0, settle ? root_actions.size() : 0, kPublishPeriod);
  const double budget_seconds = double(budget.time_ms) / 1000.0;
  // Each thread publishes its results with a release; the caller reads them after an
  // acquire. oneTBB's join orders them too, but ThreadSanitizer cannot see inside the
  // uninstrumented library, so this makes the ordering visible to it.

  auto work = [&](int t) {
    Tree<Game> tree(params, params.seed + 0x9e3779b97f4a7c15ull * std::uint64_t(t));
    tree.reset(root_actions, root_prior);
    Rng rng(params.seed ^ (0xa0761d6478bd642full * std::uint64_t(t + 1)));
    typename Game::World world = prototype;
    // A thread's share of an iteration or node budget; -1: no such limit (a share may be 0:
    // with fewer iterations than threads, some threads do none).
    const std::int64_t my_iterations =
        budget.iterations > 0
            ? budget.iterations / threads + (t < budget.iterations % threads ? 1 : 0)
            : -1;
    const std::int64_t my_nodes = budget.nodes > 0 ? (budget.nodes + threads - 1) / threads : -1;
    auto last_report = SteadyClock::now();
    std::uint64_t done = 0, visited = 0;
    std::vector<std::uint64_t> root_visits(settle ? root_actions.size() : 0);
    for (;;) {
      if (stop.load(std::memory_order_relaxed) || out_of_budget.load(std::memory_order_relaxed))
        break;
      if (my_iterations >= 0 && std::int64_t(done) >= my_iterations) break;
      if (my_nodes >= 0 && std::int64_t(visited) >= my_nodes) break;
      sample(t, rng, world);
      visited += std::uint64_t(tree.iterate(world));
      ++done;
      // The clock every iteration: an iteration with policy play-outs can take a millisecond.
      const auto now = SteadyClock::now();
      if (budget.time_ms > 0 && now - start >= std::chrono::milliseconds(budget.time_ms))
        out_of_budget = true;
      if (done % kPublishPeriod == 0) {
        const std::uint64_t so_far =
            shared_iterations.fetch_add(kPublishPeriod, std::memory_order_relaxed) + kPublishPeriod;
        if (settle) {
          tree.root_visits(root_visits);
          settled_stop.publish(t, root_visits);
          if (settled_stop.settled(so_far, std::chrono::duration<double>(now - start).count(),
                                   budget_seconds)) {
            settled.store(true, std::memory_order_relaxed);
            out_of_budget.store(true, std::memory_order_relaxed);
          }
        }
        if (t == 0 && progress && now - last_report >= std::chrono::milliseconds(500)) {
          last_report = now;
          progress(Progress{shared_iterations.load(), visited * std::uint64_t(threads),
                            std::chrono::duration<double>(now - start).count()});
        }
      }
    }
    stats[std::size_t(t)] = tree.root_stats();
    iterations[std::size_t(t)] = done;
    nodes[std::size_t(t)] = visited;
    if (t == 0) pv = tree.principal_line(8);
    shared_nodes.fetch_add(visited);
  };
  run_thread_jobs(threads, work);
  SearchResult result;
  for (int t = 0; t < threads; ++t) {
    result.iterations += iterations[std::size_t(t)];
    result.nodes += nodes[std::size_t(t)];
    for (const RootStat& s : stats[std::size_t(t)]) {
      auto it = std::find_if(result.root.begin(), result.root.end(),
                             [&](const RootStat& r) { return r.key == s.key; });
      if (it == result.root.end()) {
        result.root.push_back(s);
      } else {
        it->visits += s.visits;
        it->reward += s.reward;
      }
    }
  }
  // Most visits; ties (e.g. a search stopped at once) go to the better mean, then the
  // earlier root action, so the choice never depends on thread timing.
  auto rank = [&](std::uint32_t key) {
    return std::size_t(std::find(root_actions.begin(), root_actions.end(), key) -
                       root_actions.begin());
  };
  const RootStat* best = nullptr;
  for (const RootStat& r : result.root) {
    if (!best || r.visits > best->visits ||
        (r.visits == best->visits &&
         (r.reward * double(best->visits) > best->reward * double(r.visits) ||
          (r.reward * double(best->visits) == best->reward * double(r.visits) &&
           rank(r.key) < rank(best->key)))))
      best = &r;
  }
  result.best = best ? best->key : root_actions.front();
  result.win_probability = best && best->visits ? best->reward / double(best->visits) : 0.5;
  result.pv = std::move(pv);
  result.seconds = std::chrono::duration<double>(SteadyClock::now() - start).count();
  result.settled = settled.load(std::memory_order_relaxed);
  return result;
}

}  // namespace stratego::search
