// Waterloo engine speed on one core: action generation on fixed positions (taken from seeded
// random Standard games), and whole random Standard games from random set-ups (games/s,
// actions/s, actions per game). `waterloo_bench --stats [GAMES]` prints instead the result
// statistics of random games for every Waterloo variant.
#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstring>
#include <map>
#include <string>
#include <vector>

#include "fixtures/waterloo_games.h"

namespace stratego::waterloo {
namespace {

// Positions at decision points of seeded random Standard games, every 25th step.
const std::vector<WaterlooState>& positions() {
  static const std::vector<WaterlooState> ps = [] {
    std::vector<WaterlooState> out;
    auto v = fixtures::load("waterloo-standard");
    Rng rng(2026);
    static ActionList list;
    for (int game = 0; game < 8; ++game) {
      WaterlooState s(v);
      s.set_keep_history(false);
      for (int step = 0; !s.over(); ++step) {
        if (step % 25 == 0 && s.phase() == Phase::kAction && !s.is_chance()) out.push_back(s);
        fixtures::random_step(s, rng, list);
      }
    }
    return out;
  }();
  return ps;
}

void generate_actions(benchmark::State& st) {
  const auto& ps = positions();
  static ActionList list;
  std::int64_t n = 0;
  for (auto _ : st) {
    for (const WaterlooState& s : ps) {
      s.legal_actions(list);
      n += list.size;
    }
    benchmark::DoNotOptimize(list.size);
  }
  st.counters["positions"] = double(ps.size());
  st.counters["actions/s"] = benchmark::Counter(double(n), benchmark::Counter::kIsRate);
}

void random_games(benchmark::State& st, const std::string& spec) {
  auto v = fixtures::load(spec);
  Rng rng(7);
  static ActionList list;
  std::int64_t games = 0, decisions = 0, steps = 0;
  for (auto _ : st) {
    WaterlooState s(v);
    s.set_keep_history(false);
    const auto stats = fixtures::play_random(s, rng, list);
    decisions += stats.decisions;
    steps += stats.steps;
    ++games;
  }
  st.counters["games/s"] = benchmark::Counter(double(games), benchmark::Counter::kIsRate);
  st.counters["actions/s"] = benchmark::Counter(double(steps), benchmark::Counter::kIsRate);
  st.counters["actions/game"] = double(steps) / double(games);
  st.counters["decisions/game"] = double(decisions) / double(games);
}

BENCHMARK(generate_actions);
BENCHMARK_CAPTURE(random_games, standard, std::string("waterloo-standard"));
BENCHMARK_CAPTURE(random_games, basic, std::string("waterloo-basic"));
BENCHMARK_CAPTURE(random_games, expert, std::string("waterloo-expert"));

int print_stats(int games) {
  const char* specs[] = {"waterloo-basic",
                         "waterloo-standard",
                         "waterloo-expert",
                         "waterloo-expert-early-start",
                         "waterloo-expert-prussian-roll",
                         "waterloo-expert-mud",
                         "waterloo-own-terrain"};
  static ActionList list;
  for (const char* spec : specs) {
    auto v = fixtures::load(spec);
    Rng rng(1);
    std::map<std::string, int> ends;
    double turns = 0, steps = 0;
    for (int g = 0; g < games; ++g) {
      WaterlooState s(v);
      s.set_keep_history(false);
      steps += double(fixtures::play_random(s, rng, list).steps);
      turns += s.turn();
      const Result r = s.result();
      const char* who = r.winner == Winner::kRed    ? "Allies"
                        : r.winner == Winner::kBlue ? "French"
                                                    : "draw";
      ++ends[std::string(end_reason_name(r.reason)) + " " + std::string(result_kind_name(r.kind)) +
             " " + who];
    }
    std::printf("%s: %d games, average last turn %.1f, average steps %.0f\n", spec, games,
                turns / games, steps / games);
    for (const auto& [k, n] : ends)
      std::printf("  %-40s %6d  %5.1f%%\n", k.c_str(), n, 100.0 * n / games);
  }
  return 0;
}

}  // namespace
}  // namespace stratego::waterloo

int main(int argc, char** argv) {
  if (argc > 1 && std::strcmp(argv[1], "--stats") == 0)
    return stratego::waterloo::print_stats(argc > 2 ? std::atoi(argv[2]) : 1000);
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
