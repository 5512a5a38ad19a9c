// The classic `rules` bot's judgement of one decision, as the search's heuristic policy makes it
// at every ply of every play-out (search/rules_modeled_game.cpp): the mover's view, what it knows
// of the enemy, and a score for every legal move. The fast version (EvalMode::kFast) against
// the slow obvious one (kReference, the same-run baseline), which give the same scores to the
// bit (tests/classic_rules_eval_modes_test.cpp).
#include <benchmark/benchmark.h>

#include "bench/bench_positions.h"
#include "bench/ratio_reporter.h"
#include "engine/movegen.h"
#include "engine/view.h"
#include "heuristic/classic_rules_eval.h"

namespace stratego {
namespace {

void judge(benchmark::State& st, const std::string& variant, heuristic::EvalMode mode) {
  const auto& ps = fixed_bench_positions(variant);
  MoveList list;
  heuristic::EnemyKnowledge know;
  std::int64_t decisions = 0;
  double sum = 0;
  for (auto _ : st) {
    for (const State& s : ps) {
      const View view = make_view(s, s.side_to_move());
      know.reset(view.variant, view.viewer);
      know.update(view, mode);
      const heuristic::ClassicRulesEval rules(view, know, mode);
      generate_moves(s, list);
      for (Move m : list) sum += rules.score(m);
      ++decisions;
    }
    benchmark::DoNotOptimize(sum);
  }
  st.counters["decisions/s"] = benchmark::Counter(double(decisions), benchmark::Counter::kIsRate);
}

void register_all() {
  for (const char* variant : {"classic", "barrage"}) {
    const std::string name = std::string("RulesJudgement/") + variant;
    benchmark::RegisterBenchmark((name + "/baseline").c_str(), judge, variant,
                                 heuristic::EvalMode::kReference);
    benchmark::RegisterBenchmark((name + "/fast").c_str(), judge, variant,
                                 heuristic::EvalMode::kFast);
  }
}

}  // namespace
}  // namespace stratego

int main(int argc, char** argv) {
  return stratego::run_with_ratios(argc, argv, stratego::register_all);
}
