// Belief tracking speed (eval/belief.h) on classic positions: Red's belief along a seeded game
// of uniformly random moves from random set-ups, with the built-in set-up prior and the default
// options. Figures: the update after one observed move (averaged over the game's first 200
// decisions, narrowing and behaviour evidence included), the marginals (IPF), preparing a
// sampler, one sample of kinds (one Metropolis-Hastings step; the counter `accept` is the
// share of steps that moved), and one determinized State, each after 0, 50, 100 and 200 moves.
// The *Mixture figures are the same with the mixture set-up prior (BeliefOptions::mixture,
// eval/priors/setup_mixture.h; BM_UpdateAfterOneMoveMixture/1 with the copying components
// conditioned the older way, eval/priors/mixture_posterior.h Copies::kCertain), and BM_ScoreSetup
// scores one human set-up under the parametric prior (arg 0) and under the mixture (arg 1);
// BM_ScoreBarrageSetup the same in Barrage, and under the placement prior alone (arg 2);
// BM_FitBarragePlacement fits a cut-down Barrage placement prior on 1 and 2 threads.
#include <benchmark/benchmark.h>
#include <tbb/task_arena.h>

#include <map>
#include <memory>
#include <vector>

#include "bench/bench_positions.h"
#include "engine/movegen.h"
#include "engine/setup.h"
#include "engine/variant_loader.h"
#include "eval/belief.h"
#include "eval/priors/setup_mixture.h"

namespace stratego {
namespace {

const ObservedGame& game() {
  static const ObservedGame g = observed_random_game(2026);
  return g;
}

// The default options of game g's variant, with or without the mixture prior.
eval::BeliefOptions options(const ObservedGame& g, bool mixture) {
  eval::BeliefOptions o = eval::default_options(*g.start.variant);
  o.mixture = mixture;
  return o;
}

const ObservedGame& barrage_game() {
  static const ObservedGame g = observed_random_game(2026, "barrage");
  return g;
}

// The belief about game g after its first plies moves (or all of them), with options(g, mixture).
std::unique_ptr<eval::Belief> belief_after(const ObservedGame& g, int plies, bool mixture) {
  auto b = std::make_unique<eval::Belief>(g.start, options(g, mixture));
  for (int t = 0; t < plies && t < int(g.moves.size()); ++t)
    b->update(g.moves[std::size_t(t)], g.views[std::size_t(t)]);
  return b;
}

const eval::Belief& belief_at(int plies, bool mixture = false) {
  static std::map<std::pair<int, bool>, std::unique_ptr<eval::Belief>> cache;
  auto& b = cache[{plies, mixture}];
  if (!b) b = belief_after(game(), plies, mixture);
  return *b;
}

void BM_UpdateAfterOneMove(benchmark::State& st) {
  const ObservedGame& g = game();
  std::int64_t updates = 0;
  for (auto _ : st) {
    st.PauseTiming();
    eval::Belief b(g.start);
    st.ResumeTiming();
    for (std::size_t t = 0; t < g.moves.size(); ++t) b.update(g.moves[t], g.views[t]);
    updates += std::int64_t(g.moves.size());
    benchmark::DoNotOptimize(b.tracker().observations());
  }
  st.SetItemsProcessed(updates);  // items_per_second: updates per second of CPU time
}
BENCHMARK(BM_UpdateAfterOneMove)->Unit(benchmark::kMicrosecond);

// Every update of game g's moves, a fresh belief with options o each time (built untimed).
void time_updates(benchmark::State& st, const ObservedGame& g, const eval::BeliefOptions& o) {
  eval::SetupMixture::for_variant(*g.start.variant);  // parsed once, outside the timing
  std::int64_t updates = 0;
  for (auto _ : st) {
    st.PauseTiming();
    eval::Belief b(g.start, o);
    st.ResumeTiming();
    for (std::size_t t = 0; t < g.moves.size(); ++t) b.update(g.moves[t], g.views[t]);
    updates += std::int64_t(g.moves.size());
    benchmark::DoNotOptimize(b.tracker().observations());
  }
  st.SetItemsProcessed(updates);
}

void BM_UpdateAfterOneMoveMixture(benchmark::State& st) {
  eval::BeliefOptions o = options(game(), true);
  o.certain_copies = st.range(0) == 1;  // the older conditioning of the copying components
  time_updates(st, game(), o);
}
// Arg 0: the copying components as noisy copies (the default); 1: as before (certain copies).
BENCHMARK(BM_UpdateAfterOneMoveMixture)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);

// Barrage: the updates of a random game's 200 moves (or fewer) under the parametric prior (arg 0)
// and under the built-in mixture (arg 1: the placement prior and the /family components).
void BM_UpdateAfterOneMoveBarrage(benchmark::State& st) {
  const ObservedGame& g = barrage_game();
  time_updates(st, g, options(g, st.range(0) == 1));
}
BENCHMARK(BM_UpdateAfterOneMoveBarrage)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);

void BM_ScoreSetup(benchmark::State& st) {
  const auto mix = eval::SetupMixture::for_variant(*game().start.variant);
  if (!mix) {
    st.SkipWithError("no built-in classic mixture");
    return;
  }
  const auto codes = mix->parametric().symbols_of(mix->training_line(17));
  for (auto _ : st)
    benchmark::DoNotOptimize(st.range(0) ? mix->log_prob(codes)
                                         : mix->parametric().log_prob(codes));
}
BENCHMARK(BM_ScoreSetup)->Arg(0)->Arg(1)->Unit(benchmark::kMicrosecond);

// Barrage: one human set-up under the parametric prior (arg 0), the built-in mixture (1) and its
// placement prior alone (2, eval/priors/placement_model.h).
void BM_ScoreBarrageSetup(benchmark::State& st) {
  const auto mix = eval::SetupMixture::for_variant(load_variant("barrage"));
  if (!mix || (st.range(0) == 2 && !mix->placement())) {
    st.SkipWithError("no built-in Barrage mixture with a placement prior");
    return;
  }
  const auto codes = mix->parametric().symbols_of(mix->training_line(17));
  for (auto _ : st)
    benchmark::DoNotOptimize(st.range(0) == 0   ? mix->parametric().log_prob(codes)
                             : st.range(0) == 1 ? mix->log_prob(codes)
                                                : mix->placement()->log_prob(codes));
}
BENCHMARK(BM_ScoreBarrageSetup)->Arg(0)->Arg(1)->Arg(2)->Unit(benchmark::kMicrosecond);

// Fitting Barrage's placement prior (`stratego analyze fit`'s longest step), cut down: the first
// 500 training set-ups of the built-in mixture with 8 exchanged copies each, 8 classes, 30 Adam
// steps, on 1 thread and on 2 (the fit's sums are the same on any number: the ratio is the gain).
void BM_FitBarragePlacement(benchmark::State& st) {
  const auto mix = eval::SetupMixture::for_variant(load_variant("barrage"));
  if (!mix || !mix->placement()) {
    st.SkipWithError("no built-in Barrage mixture with a placement prior");
    return;
  }
  std::vector<std::vector<int>> training;
  for (int j = 0; j < 500 && j < mix->training_count(); ++j)
    training.push_back(mix->parametric().symbols_of(mix->training_line(j)));
  const eval::SetupMixture part(std::make_shared<const eval::SetupModel>(mix->parametric()),
                                training);
  const auto copies = part.exchanged_copies(8, 1);
  eval::PlacementModel::Options o;
  o.iterations = 30;
  o.ensemble = 1;  // one fit: an ensemble of n fits takes n times as long
  tbb::task_arena arena(int(st.range(0)));
  for (auto _ : st)
    arena.execute([&] {
      benchmark::DoNotOptimize(
          eval::PlacementModel::fit(mix->parametric(), training, o, copies).classes());
    });
}
BENCHMARK(BM_FitBarragePlacement)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_Marginals(benchmark::State& st) {
  const eval::Belief& b = belief_at(int(st.range(0)));
  int sweeps = 0;
  for (auto _ : st) {
    const eval::Marginals m = b.marginals();
    sweeps = m.sweeps;
    benchmark::DoNotOptimize(m.p.data());
  }
  st.counters["sweeps"] = sweeps;
  st.counters["open"] = double(b.tracker().unknown_pieces().size());
}
BENCHMARK(BM_Marginals)->Arg(0)->Arg(50)->Arg(100)->Arg(200)->Unit(benchmark::kMicrosecond);

void BM_PrepareSampler(benchmark::State& st) {
  const eval::Belief& b = belief_at(int(st.range(0)));
  for (auto _ : st) {
    eval::BeliefSampler s = b.sampler(7);
    benchmark::DoNotOptimize(&s);
  }
}
BENCHMARK(BM_PrepareSampler)->Arg(0)->Arg(50)->Arg(100)->Arg(200)->Unit(benchmark::kMicrosecond);

void BM_SampleKinds(benchmark::State& st) {
  eval::BeliefSampler s = belief_at(int(st.range(0)), st.range(1) != 0).sampler(7);
  s.sample_kinds();  // the burn-in
  for (auto _ : st) benchmark::DoNotOptimize(s.sample_kinds().data());
  st.counters["accept"] = s.acceptance_rate();
}
// Second argument: 1 with the mixture prior.
BENCHMARK(BM_SampleKinds)->ArgsProduct({{0, 50, 100, 200}, {0, 1}})->Unit(benchmark::kMicrosecond);

// Barrage under the built-in mixture (its placement prior conditions the samples), after 0 or 50
// plies of a random game.
void BM_SampleKindsBarrage(benchmark::State& st) {
  const auto b = belief_after(barrage_game(), int(st.range(0)), true);
  eval::BeliefSampler s = b->sampler(7);
  s.sample_kinds();  // the burn-in
  for (auto _ : st) benchmark::DoNotOptimize(s.sample_kinds().data());
  st.counters["accept"] = s.acceptance_rate();
}
BENCHMARK(BM_SampleKindsBarrage)->Arg(0)->Arg(50)->Unit(benchmark::kMicrosecond);

void BM_SampleState(benchmark::State& st) {
  eval::BeliefSampler s = belief_at(int(st.range(0))).sampler(7);
  s.sample_kinds();
  for (auto _ : st) {
    const State w = s.sample_state();
    benchmark::DoNotOptimize(w.hash());
  }
}
BENCHMARK(BM_SampleState)->Arg(0)->Arg(50)->Arg(100)->Arg(200)->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace stratego

BENCHMARK_MAIN();
