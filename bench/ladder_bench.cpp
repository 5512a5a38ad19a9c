// The ladder's bookkeeping per game: committing one finished game (a record of a real
// Barrage game, about 1 KB) and planning one pair (two schedule rows), each one transaction.
#include <benchmark/benchmark.h>
#include <unistd.h>

#include <filesystem>

#include "ladder/schedule.h"
#include "ladder/store.h"

namespace stratego::ladder {
namespace {

std::string make_ladder() {
  const std::string path =
      std::filesystem::temp_directory_path() / ("ladder_bench_" + std::to_string(getpid()) + ".db");
  for (const char* ext : {"", "-wal", "-shm"}) std::filesystem::remove(path + ext);
  LadderConfig c;
  c.variants = {"barrage"};
  c.setups = "random";
  Store::create(path, c, {});
  Store s(path, true);
  s.add_participant("a", "random");
  s.add_participant("b", "random");
  return path;
}

void BM_PlanPair(benchmark::State& state) {
  const std::string path = make_ladder();
  Store s(path, true);
  for (auto _ : state) benchmark::DoNotOptimize(s.schedule_pair(plan_next_pair(s, {})));
  std::filesystem::remove(path);
}
BENCHMARK(BM_PlanPair)->Unit(benchmark::kMicrosecond)->Iterations(300);

void BM_CommitGame(benchmark::State& state) {
  const std::string path = make_ladder();
  Store s(path, true);
  std::vector<ScheduledGame> planned;
  for (int i = 0; i < 200; ++i)
    for (auto& g : s.schedule_pair(plan_next_pair(s, {}))) planned.push_back(g);
  FinishedGame g;
  g.result = "1-0";
  g.reason = "flag-captured";
  g.plies = 60;
  g.record = std::string(1000, 'x');
  std::size_t next = 0;
  for (auto _ : state) {
    g.s = planned[next++ % planned.size()];
    benchmark::DoNotOptimize(s.record_game(g));
  }
  std::filesystem::remove(path);
}
BENCHMARK(BM_CommitGame)->Unit(benchmark::kMicrosecond)->Iterations(400);

}  // namespace
}  // namespace stratego::ladder

BENCHMARK_MAIN();
