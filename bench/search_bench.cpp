// Search speed: ISMCTS iterations per second on fixed Classic, Barrage and Waterloo Standard
// middle-game positions (bots/search_position.h, the positions `stratego bench` also
// searches), with 1 thread (the baseline) and 2 threads, for the default search and for the
// plain tree without the rules policy. The ratio report at the end gives
// each position's speed-up from 1 to 2 threads, measured in the same run. Wall-clock time:
// the point is how much faster a decision gets with more threads.
// StylesSearch/: the Classic position with opponent_model=styles (search/opponent_styles.h),
// 1 thread, beside Search/classic-middle/baseline (the same search with opponent_model=rules).
// DecisionOverhead/classic-middle/no_flag_race: the same one-iteration decision with flag_race=0,
// beside .../1thread, which has the default's root flag race on 32 worlds
// (bots/flag_race_choice.h). FlagRace/corner/N: one flag_falls (search/flag_race.h) with N enemy
// moves on a built corner where two Miners three steps away and a Sergeant come for a bombed Flag
// that a Lieutenant and a Captain guard (counter falls: whether the capture is forced).
// EvidenceUpdate/: the opponent-move part of an observed move on a seeded random Classic game (200
// plies, Red watching): 0 the belief update alone, 1 with policy evidence (opponent_model=rules), 2
// with the style posterior (opponent_model=styles); items are observed moves.
#include <benchmark/benchmark.h>

#include <memory>
#include <string>

#include "bench/bench_positions.h"
#include "bench/ratio_reporter.h"
#include "bots/search_position.h"
#include "engine/movegen.h"
#include "engine/setup.h"
#include "engine/variant_loader.h"
#include "eval/belief.h"
#include "search/flag_race.h"
#include "search/policy_evidence.h"

namespace stratego {
namespace {

// The default search plays out every leaf with the rules policy, so its iterations are much
// heavier than those of the plain tree (model_opponent=false, policy_plies=0).
constexpr std::int64_t kIterationsPerSearch = 2000, kPlainIterationsPerSearch = 100000;

void search(benchmark::State& state, bots::SearchPosition p, int threads, bool plain, bool styles) {
  bots::PrimedSearch primed(p, threads);
  if (styles) primed.searcher().set_option("opponent_model", "styles");
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
void decision_overhead(benchmark::State& state, bots::SearchPosition p, int threads,
                       bool flag_race) {
  bots::PrimedSearch primed(p, threads);
  if (!flag_race) primed.searcher().set_option("flag_race", "0");
  bots::Limits limits;
  limits.iterations = threads;
  for (auto _ : state) benchmark::DoNotOptimize(primed.search(limits).iterations);
}

State flag_race_corner() {
  State s(std::make_shared<const Variant>(load_variant("classic")));
  const Geometry& g = s.geometry();
  auto put = [&](const char* sq, Side side, Kind k) {
    s.put(*g.parse_square(sq), side, k, side == kBlue ? kMovedFlag : 0);
  };
  put("a1", kRed, kFlag);
  put("b1", kRed, kBomb);
  put("a2", kRed, kBomb);
  put("d2", kRed, kLieutenant);
  put("e4", kRed, kCaptain);
  put("j1", kRed, kSergeant);
  put("c3", kBlue, kMiner);
  put("b3", kBlue, kMiner);
  put("d3", kBlue, kSergeant);
  put("j10", kBlue, kFlag);
  s.set_side_to_move(kBlue);
  return s;
}

void flag_race(benchmark::State& state) {
  State s = flag_race_corner();
  const search::FlagDistances d = search::flag_distances(s, kRed);
  const int moves = int(state.range(0));
  state.counters["falls"] = search::flag_falls(s, moves, d);
  for (auto _ : state) benchmark::DoNotOptimize(search::flag_falls(s, moves, d));
  state.SetItemsProcessed(state.iterations());
}

const ObservedGame& observed_game() {
  static const ObservedGame g = observed_random_game(2027);
  return g;
}

void evidence_update(benchmark::State& state) {
  const ObservedGame& g = observed_game();
  const int mode = int(state.range(0));
  const search::Params params;
  std::int64_t moves = 0;
  for (auto _ : state) {
    state.PauseTiming();
    eval::Belief b(g.start);
    search::PolicyEvidence evidence(mode == 2);
    state.ResumeTiming();
    for (std::size_t t = 0; t < g.moves.size(); ++t) {
      const auto e = mode > 0 ? evidence.observe(b, g.moves[t], params, t) : std::nullopt;
      b.update(g.moves[t], g.views[t]);
      if (e) b.add_evidence(e->piece, e->log_likelihood);
    }
    moves += std::int64_t(g.moves.size());
    benchmark::DoNotOptimize(evidence.beta());
  }
  state.SetItemsProcessed(moves);
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
        benchmark::RegisterBenchmark(id.c_str(), search, p, threads, plain, false)
            ->UseRealTime()
            ->Unit(benchmark::kMillisecond);
      }
  benchmark::RegisterBenchmark("StylesSearch/classic-middle/1thread", search, positions[0].position,
                               1, false, true)
      ->UseRealTime()
      ->Unit(benchmark::kMillisecond);
  benchmark::RegisterBenchmark("EvidenceUpdate", evidence_update)
      ->Arg(0)
      ->Arg(1)
      ->Arg(2)
      ->Unit(benchmark::kMillisecond);
  for (const auto& [name, p] : positions)
    for (int threads : {1, 2})
      benchmark::RegisterBenchmark(
          (std::string("DecisionOverhead/") + name + (threads == 1 ? "/1thread" : "/2threads"))
              .c_str(),
          decision_overhead, p, threads, true)
          ->UseRealTime()
          ->Unit(benchmark::kMicrosecond);
  benchmark::RegisterBenchmark("DecisionOverhead/classic-middle/no_flag_race", decision_overhead,
                               positions[0].position, 1, false)
      ->UseRealTime()
      ->Unit(benchmark::kMicrosecond);
  benchmark::RegisterBenchmark("FlagRace/corner", flag_race)
      ->Arg(2)
      ->Arg(3)
      ->Arg(4)
      ->Unit(benchmark::kMicrosecond);
}

}  // namespace
}  // namespace stratego

int main(int argc, char** argv) {
  return stratego::run_with_ratios(argc, argv, stratego::register_all);
}
