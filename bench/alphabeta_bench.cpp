// alphabeta speed: nodes (moves made, chance outcomes included) per second of whole decisions
// on the fixed Classic and Barrage middle-game positions of bench/search_bench.cpp
// (bots/search_position.h), with a node budget, 1 thread (the baseline) and 2 threads over the
// worlds; `Waterloo/...`: the expectimax of search/waterloo_expectimax.h on the two Waterloo
// Standard positions of `stratego bench`, with Star2 (the default) and without chance pruning. The
// ratio report at the end gives each position's speed-up from 1 to 2 threads, measured in the same
// run. Wall-clock time. `Small/...`: decisions of 2,000 nodes, where what a decision costs besides
// its nodes (tables, samplers, belief) shows.
#include <benchmark/benchmark.h>

#include <string>

#include "bench/ratio_reporter.h"
#include "bots/search_position.h"

namespace stratego {
namespace {

constexpr std::int64_t kNodesPerDecision = 400000, kSmallDecision = 2000;

void decide(benchmark::State& state, bots::SearchPosition p, int threads, bool chance,
            std::int64_t budget, const char* star) {
  bots::PrimedSearch primed(p, threads, "alphabeta");
  if (!chance) primed.searcher().set_option("chance", "false");
  if (star) primed.searcher().set_option("star", star);
  bots::Limits limits;
  limits.nodes = budget;
  std::int64_t nodes = 0;
  for (auto _ : state) nodes += primed.search(limits).nodes;
  state.counters["nodes/s"] = benchmark::Counter(double(nodes), benchmark::Counter::kIsRate);
}

void register_all() {
  const struct {
    const char* name;
    bots::SearchPosition position;
  } positions[] = {
      {"classic-middle", {"classic", 2, 120}},
      {"barrage-middle", {"barrage", 5, 60}},
  };
  for (bool chance : {true, false})
    for (const auto& [name, p] : positions)
      for (int threads : {1, 2}) {
        const std::string id = std::string(chance ? "AlphaBeta/" : "NoChanceNodes/") + name +
                               (threads == 1 ? "/baseline" : "/2threads");
        benchmark::RegisterBenchmark(id.c_str(), decide, p, threads, chance, kNodesPerDecision,
                                     nullptr)
            ->UseRealTime()
            ->Unit(benchmark::kMillisecond);
      }
  const struct {
    const char* name;
    bots::SearchPosition position;
  } waterloo[] = {
      {"standard-early", {"waterloo-standard", 7, 40}},
      {"standard-middle", {"waterloo-standard", 8, 200}},
  };
  for (const char* star : {"star2", "none"})
    for (const auto& [name, p] : waterloo)
      for (int threads : {1, 2}) {
        const std::string id = std::string("Waterloo/") + star + "/" + name +
                               (threads == 1 ? "/baseline" : "/2threads");
        benchmark::RegisterBenchmark(id.c_str(), decide, p, threads, true, kNodesPerDecision, star)
            ->UseRealTime()
            ->Unit(benchmark::kMillisecond);
      }
  for (const auto& [name, p] : positions)
    for (int threads : {1, 2}) {
      const std::string id =
          std::string("Small/") + name + (threads == 1 ? "/baseline" : "/2threads");
      benchmark::RegisterBenchmark(id.c_str(), decide, p, threads, true, kSmallDecision, nullptr)
          ->UseRealTime()
          ->Unit(benchmark::kMicrosecond);
    }
}

}  // namespace
}  // namespace stratego

int main(int argc, char** argv) {
  return stratego::run_with_ratios(argc, argv, stratego::register_all);
}
