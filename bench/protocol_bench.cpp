// The bot protocol end to end: whole random-vs-random classic games between two subprocess
// bots (`stratego engine --bot random`, driven by ProtocolBot) through the referee. Reports
// time per game (use --benchmark_repetitions and quote the median), plies per game and the
// round trips per second that implies. With fresh processes per game, also the start-up cost.
//   build/release/bench/protocol_bench --benchmark_repetitions=5
//   --benchmark_report_aggregates_only=true
#include <benchmark/benchmark.h>

#include "engine/variant_loader.h"
#include "protocol/protocol_bot.h"
#include "referee/referee.h"

namespace stratego::bots {
namespace {

const std::string kEngine = std::string(STRATEGO_BINARY) + " engine --bot random";

referee::GameSettings classic_settings(std::uint64_t seed) {
  referee::GameSettings s;
  s.variant = std::make_shared<const Variant>(load_variant("classic"));
  s.variant_spec = "classic";
  s.seed = seed;
  s.time.movetime_ms = 5000;
  return s;
}

void report(benchmark::State& state, std::int64_t decisions, std::int64_t games) {
  state.counters["decisions_per_game"] = benchmark::Counter(double(decisions) / double(games));
  state.counters["decisions_per_s"] =
      benchmark::Counter(double(decisions), benchmark::Counter::kIsRate);
}

// Both programs stay up between games, as in a match.
void BM_ProtocolClassicGame(benchmark::State& state) {
  protocol::ProtocolBot red(kEngine), blue(kEngine);
  std::uint64_t seed = 1;
  std::int64_t decisions = 0, games = 0;
  for (auto _ : state) {
    const referee::GameOutcome g = referee::play_game(red, blue, classic_settings(seed++));
    if (g.reason == "crash" || g.reason == "protocol-error" || g.reason == "time-forfeit")
      state.SkipWithError(("game ended by a fault: " + g.detail).c_str());
    decisions += g.decisions;
    ++games;
  }
  report(state, decisions, games);
}
BENCHMARK(BM_ProtocolClassicGame)->Unit(benchmark::kMillisecond)->MinTime(3.0)->UseRealTime();

// Fresh processes for every game: the handshake and process start-up included.
void BM_ProtocolClassicGameWithStartup(benchmark::State& state) {
  std::uint64_t seed = 1;
  std::int64_t decisions = 0, games = 0;
  for (auto _ : state) {
    protocol::ProtocolBot red(kEngine), blue(kEngine);
    const referee::GameOutcome g = referee::play_game(red, blue, classic_settings(seed++));
    decisions += g.decisions;
    ++games;
  }
  report(state, decisions, games);
}
BENCHMARK(BM_ProtocolClassicGameWithStartup)
    ->Unit(benchmark::kMillisecond)
    ->MinTime(3.0)
    ->UseRealTime();

}  // namespace
}  // namespace stratego::bots

BENCHMARK_MAIN();
