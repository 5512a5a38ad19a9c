#include "search/pimc.h"

#include <algorithm>
#include <memory>

#include "search/thread_jobs.h"

namespace stratego::search {

PimcResult run_pimc(const AlphaBetaParams& p, const PimcBudget& budget,
                    std::span<const std::uint32_t> root, const State& prototype,
                    const CombatBelief& belief, const WorldSampler& sample,
                    const std::atomic<bool>& stop, PimcTables& tables) {
  using Clock = std::chrono::steady_clock;
  const auto start = Clock::now();
  const int worlds = std::max(1, p.worlds);
  const int threads = std::clamp(p.threads, 1, worlds);
  const Side searcher = prototype.side_to_move();
  std::vector<Move> moves;
  for (std::uint32_t k : root) moves.push_back(Move::from_raw(std::uint16_t(k)));
  // Per world: its result, if searched.
  std::vector<WorldResult> results(static_cast<std::size_t>(worlds));
  std::vector<char> done(std::size_t(worlds), 0);
  const WorldBudget shares(budget, worlds, threads, stop);

  const std::span<TranspositionTable> thread_tables = tables.for_search(threads, p.tt_bytes);
  auto work = [&](int t) {
    TranspositionTable& tt = thread_tables[std::size_t(t)];
    auto ab = std::make_unique<AlphaBeta>(p, searcher, belief, tt);
    State world = prototype;
    for (int w = t; w < worlds; w += threads) {
      if (shares.over(w)) break;
      sample(t, world);
      results[std::size_t(w)] = ab->search(world, moves, shares.limits(w));
      done[std::size_t(w)] = 1;
    }
  };
  run_thread_jobs(threads, work);

  PimcResult out;
  out.root.resize(root.size());
  for (std::size_t i = 0; i < root.size(); ++i) out.root[i].key = root[i];
  out.min_depth = 1 << 30;
  for (int w = 0; w < worlds; ++w) {
    if (!done[std::size_t(w)]) continue;
    const WorldResult& r = results[std::size_t(w)];
    ++out.worlds;
    out.nodes += r.nodes;
    out.min_depth = std::min(out.min_depth, r.depth);
    out.max_depth = std::max(out.max_depth, r.depth);
    for (std::size_t i = 0; i < root.size(); ++i) out.root[i].score_sum += r.scores[i];
    ++out.root[std::size_t(r.best)].votes;
  }
  if (out.worlds == 0) out.min_depth = 0;
  // The best by votes or by summed scores; ties to the other measure, then the earlier move.
  std::size_t best = 0;
  for (std::size_t i = 1; i < out.root.size(); ++i) {
    const RootScore &a = out.root[i], &b = out.root[best];
    const bool better =
        p.votes ? (a.votes > b.votes || (a.votes == b.votes && a.score_sum > b.score_sum))
                : (a.score_sum > b.score_sum || (a.score_sum == b.score_sum && a.votes > b.votes));
    if (better) best = i;
  }
  out.best = root.empty() ? 0 : root[best];
  if (out.worlds > 0) {
    const double mean = out.root[best].score_sum / out.worlds / kScoreScale;
    out.win_probability = std::clamp((mean + 1) / 2, 0.0, 1.0);
  }
  out.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  return out;
}

}  // namespace stratego::search
