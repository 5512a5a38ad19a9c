// Search speed: ISMCTS iterations per second on fixed Classic, Barrage and Waterloo Standard
// middle-game positions (bots/search_position.h, the positions `stratego bench` also
// searches), with 1 thread (the baseline) and 2 threads, for the default search and for the
// plain tree without the rules policy. The ratio report at the end gives
// each position's speed-up from 1 to 2 threads, measured in the same run. Wall-clock time:
// the point is how much faster a decision gets with more threads.
#include <benchmark/benchmark.h>

#include <string>

#include "bench/ratio_reporter.h"
#include "bots/search_position.h"

namespace stratego {
namespace {

// The default search plays out every leaf with the rules policy, so its iterations are much
// heavier than those of the plain tree (model_opponent=false, policy_plies=0).
constexpr std::int64_t kIterationsPerSearch = 2000, kPlainIterationsPerSearch = 100000;

void search(benchmark::State& state, bots::SearchPosition p, int threads, bool plain) {
  bots::PrimedSearch primed(p, threads);
  if (plain) {
    primed.searcher().set_option("model_opponent", "false");
    primed.searcher().set_option("policy_plies", "0");
  }
  bots::Limits limits;
  limits.iterations = plain ? kPlainIterationsPerSearch : kIterationsPerSearch;
  std::int64_t iterations = 0;
  for (auto _ : state) iterations += primed.search(limits).iterations;
  state.counters["iterations/s"] =
      benchmark::Counter(double(iterations), benchmark::Counter::kIsRate);
}

// The fixed cost of a decision, outside the iterations: belief samplers, the root prior, the
// trees and the threads, with one iteration a thread. What it costs a short decision is the part
// that does not shrink with more threads.
void decision_overhead(benchmark::State& state, bots::SearchPosition p, int threads) {
  bots::PrimedSearch primed(p, threads);
  bots::Limits limits;
  limits.iterations = threads;
  for (auto _ : state) benchmark::DoNotOptimize(primed.search(limits).iterations);
}

void register_all() {
  const struct {
    const char* name;
    bots::SearchPosition position;
  } positions[] = {
      {"classic-middle", {"classic", 2, 120}},
      {"barrage-middle", {"barrage", 5, 60}},
      {"waterloo-standard-middle", {"waterloo-standard", 8, 200}},
  };
  for (bool plain : {false, true})
    for (const auto& [name, p] : positions)
      for (int threads : {1, 2}) {
        const std::string id = std::string(plain ? "PlainSearch/" : "Search/") + name +
                               (threads == 1 ? "/baseline" : "/2threads");
        benchmark::RegisterBenchmark(id.c_str(), search, p, threads, plain)
            ->UseRealTime()
            ->Unit(benchmark::kMillisecond);
      }
  for (const auto& [name, p] : positions)
    for (int threads : {1, 2})
      benchmark::RegisterBenchmark(
          (std::string("DecisionOverhead/") + name + (threads == 1 ? "/1thread" : "/2threads"))
              .c_str(),
          decision_overhead, p, threads)
          ->UseRealTime()
          ->Unit(benchmark::kMicrosecond);
}

}  // namespace
}  // namespace stratego

int main(int argc, char** argv) {
  return stratego::run_with_ratios(argc, argv, stratego::register_all);
}
