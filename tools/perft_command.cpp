// `stratego perft`: counts legal move paths to a depth, for testing move generation.
#include <chrono>
#include <iomanip>
#include <iostream>

#include "engine/classic_family.h"
#include "engine/error.h"
#include "engine/perft.h"
#include "engine/waterloo/family.h"
#include "tools/commands.h"
#include "tools/start_position.h"
#include "tools/waterloo_commands.h"

namespace stratego {
namespace {

// The count, its timing, and for Waterloo the chance mode and the weighted count.
template <GameFamily F>
void run_perft(typename F::State& s, int depth, bool divide, ChanceMode mode, Rng& rng) {
  constexpr bool waterloo = F::kFamily == Family::kWaterloo;
  std::cout << "position " << F::notation(s) << "\n";
  const auto t0 = std::chrono::steady_clock::now();
  PerftCount total;
  if (divide && !F::is_chance(s) && !F::over(s)) {
    for (const auto& [a, c] : perft_divide<F>(s, depth, mode, rng)) {
      std::cout << F::action_text(s, a) << ": " << c.paths << "\n";
      total.paths += c.paths;
      total.expected += c.expected;
    }
  } else {
    total = perft<F>(s, depth, mode, rng);
  }
  const double sec = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::cout << "perft " << depth;
  if (waterloo)
    std::cout << " (chance " << (mode == ChanceMode::kEnumerate ? "enumerate" : "sample") << ")";
  std::cout << ": " << total.paths << "  (" << sec << " s, "
            << static_cast<std::uint64_t>(double(total.paths) / (sec > 0 ? sec : 1e-9))
            << " paths/s)\n";
  if (waterloo && mode == ChanceMode::kEnumerate)
    std::cout << "expected decision paths (chance weighted by probability): "
              << std::setprecision(10) << total.expected << "\n";
}

}  // namespace

void register_perft_command(CLI::App& app) {
  struct Options {
    StartOptions start;
    int depth = 3;
    bool divide = false;
    std::string chance = "enumerate";
  };
  auto o = std::make_shared<Options>();
  auto* cmd = app.add_subcommand("perft",
                                 "Count legal move paths (full information) to a depth. Waterloo "
                                 "variants: the start is after both "
                                 "random set-ups (seeded); depth counts decisions; chance events "
                                 "(die, Prussian draws, retreat cards) "
                                 "are enumerated with their probabilities by default, or sampled "
                                 "with the seed (--chance sample)");
  add_start_options(cmd, o->start, true);
  cmd->add_option("--depth,-d", o->depth, "Plies to count")
      ->check(CLI::Range(1, 12))
      ->capture_default_str();
  cmd->add_flag("--divide", o->divide, "List each legal move with its count");
  cmd->add_option(
         "--chance", o->chance,
         "Waterloo: enumerate (every chance outcome a branch, plus the probability-weighted "
         "count) or sample (one outcome per chance node, drawn with the seed)")
      ->capture_default_str();
  cmd->callback([o] {
    if (o->chance != "enumerate" && o->chance != "sample")
      throw InputError("--chance: enumerate or sample");
    const ChanceMode mode = o->chance == "enumerate" ? ChanceMode::kEnumerate : ChanceMode::kSample;
    Rng rng(o->start.seed);
    if (starts_waterloo(o->start)) {
      waterloo::WaterlooState s = make_waterloo_start(o->start, rng);
      s.set_keep_history(true);  // perft undoes every step
      run_perft<waterloo::WaterlooFamily>(s, o->depth, o->divide, mode, rng);
    } else {
      State s = make_start(o->start, rng).state;
      run_perft<ClassicFamily>(s, o->depth, o->divide, mode, rng);
    }
  });
}

}  // namespace stratego
