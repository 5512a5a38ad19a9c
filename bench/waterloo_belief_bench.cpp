// Waterloo belief speed on one core, on a Standard game played at random to its middle (step
// 100, the Allied player's belief): observing one step (average over the game's steps so far),
// building the posterior (counting tables and the template world), one consistent sample, and
// one determinization (into a reused world, and as a new state).
#include <benchmark/benchmark.h>

#include "fixtures/waterloo_tracked_game.h"

namespace stratego::waterloo {
namespace {

constexpr Side kViewer = kRed;

const fixtures::TrackedGame& game() {
  static const fixtures::TrackedGame g = [] {
    fixtures::TrackedGame t("waterloo-standard");
    t.keep_history = true;
    Rng rng(2026);
    ActionList list;
    while (t.steps < 100 || t.s.is_chance() || t.s.current_player() != kViewer) t.step(rng, list);
    return t;
  }();
  return g;
}

void observe_steps(benchmark::State& st) {
  const auto& g = game();
  const auto& history = g.history[kViewer];
  for (auto _ : st) {
    eval::WaterlooBelief belief(g.start[kViewer]);
    for (const eval::ViewedStep& s : history) belief.observe(s.step, s.after);
    benchmark::DoNotOptimize(belief.possible_sectors());
  }
  st.SetItemsProcessed(std::int64_t(st.iterations()) * std::int64_t(history.size()));
  st.counters["steps"] = double(history.size());
}

void posterior(benchmark::State& st) {
  const eval::WaterlooBelief& belief = game().belief[kViewer];
  std::size_t pieces = 0;
  for (auto _ : st) {
    const eval::WaterlooPosterior post = belief.posterior();
    pieces = post.pieces().size();
    benchmark::DoNotOptimize(pieces);
  }
  st.counters["hidden pieces"] = double(pieces);
}

void sample(benchmark::State& st) {
  const eval::WaterlooPosterior post = game().belief[kViewer].posterior();
  Rng rng(1);
  std::vector<int> assign;
  for (auto _ : st) {
    post.sample(rng, assign);
    benchmark::DoNotOptimize(assign.data());
  }
}

void determinize_into(benchmark::State& st) {
  const eval::WaterlooPosterior post = game().belief[kViewer].posterior();
  Rng rng(1);
  WaterlooState world = post.determinize(rng);
  world.set_keep_history(false);
  for (auto _ : st) {
    post.determinize(rng, world);
    benchmark::DoNotOptimize(world.core().units.data());
  }
}

void determinize_new(benchmark::State& st) {
  const eval::WaterlooPosterior post = game().belief[kViewer].posterior();
  Rng rng(1);
  for (auto _ : st) {
    const WaterlooState world = post.determinize(rng);
    benchmark::DoNotOptimize(world.core().units.data());
  }
}

BENCHMARK(observe_steps)->Unit(benchmark::kMicrosecond);
BENCHMARK(posterior)->Unit(benchmark::kMicrosecond);
BENCHMARK(sample)->Unit(benchmark::kMicrosecond);
BENCHMARK(determinize_into)->Unit(benchmark::kMicrosecond);
BENCHMARK(determinize_new)->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace stratego::waterloo

BENCHMARK_MAIN();
