// Engine speed on one core: move generation over fixed position sets (bitboard generator vs
// the slow reference generator of reference/ as the same-run baseline), make+unmake, and
// whole random games with the repetition rules on.
#include <benchmark/benchmark.h>

#include "bench/bench_positions.h"
#include "bench/ratio_reporter.h"
#include "engine/movegen.h"
#include "engine/setup.h"
#include "engine/variant_loader.h"
#include "reference/movegen.h"

namespace stratego {
namespace {

// The position set of a benchmark name's variant part: "classic", or "classic-chase" for the
// positions with a chase on.
const std::vector<State>& positions_of(const std::string& set) {
  const auto dash = set.find("-chase");
  return dash == std::string::npos ? fixed_bench_positions(set)
                                   : chase_bench_positions(set.substr(0, dash));
}

void movegen_bitboard(benchmark::State& st, const std::string& variant) {
  const auto& ps = positions_of(variant);
  MoveList list;
  std::int64_t moves = 0;
  for (auto _ : st) {
    for (const State& s : ps) {
      generate_moves(s, list);
      moves += list.size;
    }
    benchmark::DoNotOptimize(list.size);
  }
  st.counters["moves/s"] = benchmark::Counter(double(moves), benchmark::Counter::kIsRate);
}

void movegen_reference(benchmark::State& st, const std::string& variant) {
  const auto& ps = positions_of(variant);
  std::int64_t moves = 0;
  for (auto _ : st) {
    for (const State& s : ps) moves += std::int64_t(reference::legal_moves(s).size());
  }
  st.counters["moves/s"] = benchmark::Counter(double(moves), benchmark::Counter::kIsRate);
}

void make_unmake(benchmark::State& st, const std::string& variant) {
  std::vector<State> ps = fixed_bench_positions(variant);
  MoveList list;
  std::int64_t n = 0;
  for (auto _ : st) {
    for (State& s : ps) {
      generate_moves(s, list);
      for (Move m : list) {
        s.make(m);
        s.unmake();
      }
      n += list.size;
    }
  }
  st.counters["make+unmake/s"] = benchmark::Counter(double(n), benchmark::Counter::kIsRate);
}

void random_games(benchmark::State& st, const std::string& variant) {
  auto v = std::make_shared<const Variant>(load_variant(variant));
  Rng rng(7);
  MoveList list;
  std::int64_t plies = 0, games = 0;
  for (auto _ : st) {
    st.PauseTiming();
    State s = initial_state(v, random_setup(*v, kRed, rng), random_setup(*v, kBlue, rng));
    st.ResumeTiming();
    while (!s.over()) {
      generate_moves(s, list);
      if (list.size == 0) break;
      s.make(list[int(rng.below(std::uint32_t(list.size)))]);
      ++plies;
    }
    ++games;
  }
  st.counters["plies/s"] = benchmark::Counter(double(plies), benchmark::Counter::kIsRate);
  st.counters["games/s"] = benchmark::Counter(double(games), benchmark::Counter::kIsRate);
  st.counters["plies/game"] = double(plies) / double(games);
}

void register_all() {
  for (const std::string v : {"classic", "barrage"}) {
    // C-6.2's cost where it works: positions with a chase on.
    const std::string chase = v + "-chase";
    benchmark::RegisterBenchmark(("MoveGen/" + chase + "/bitboard").c_str(), movegen_bitboard,
                                 chase);
    benchmark::RegisterBenchmark(("MoveGen/" + chase + "/baseline").c_str(), movegen_reference,
                                 chase);
    benchmark::RegisterBenchmark(("MoveGen/" + v + "/bitboard").c_str(), movegen_bitboard, v);
    benchmark::RegisterBenchmark(("MoveGen/" + v + "/baseline").c_str(), movegen_reference, v);
    benchmark::RegisterBenchmark(("MakeUnmake/" + v).c_str(), make_unmake, v);
    benchmark::RegisterBenchmark(("RandomGame/" + v + "/bitboard").c_str(), random_games, v);
  }
}

}  // namespace
}  // namespace stratego

int main(int argc, char** argv) {
  return stratego::run_with_ratios(argc, argv, stratego::register_all);
}
