// `stratego perft`: counts legal move paths to a depth, for testing move generation.
#include <chrono>
#include <iostream>

#include "engine/move_text.h"
#include "engine/notation.h"
#include "engine/perft.h"
#include "tools/commands.h"
#include "tools/start_position.h"
#include "tools/waterloo_commands.h"

namespace stratego {

void register_perft_command(CLI::App& app) {
  struct Options {
    StartOptions start;
    int depth = 3;
    bool divide = false;
    std::string chance = "enumerate";
  };
  auto o = std::make_shared<Options>();
  auto* cmd = app.add_subcommand(
      "perft",
      "Count legal move paths (full information) to a depth. Waterloo variants: the start is after both "
      "random set-ups (seeded); depth counts decisions; chance events (die, Prussian draws, retreat cards) "
      "are enumerated with their probabilities by default, or sampled with the seed (--chance sample)");
  add_start_options(cmd, o->start, true);
  cmd->add_option("--depth,-d", o->depth, "Plies to count")->check(CLI::Range(1, 12))->capture_default_str();
  cmd->add_flag("--divide", o->divide, "List each legal move with its count");
  cmd->add_option("--chance", o->chance,
                  "Waterloo: enumerate (every chance outcome a branch, plus the probability-weighted "
                  "count) or sample (one outcome per chance node, drawn with the seed)")
      ->capture_default_str();
  cmd->callback([o] {
    if (starts_waterloo(o->start)) {
      run_waterloo_perft(o->start, o->depth, o->divide, o->chance);
      return;
    }
    Rng rng(o->start.seed);
    State s = make_start(o->start, rng).state;
    std::cout << "position " << to_notation(s) << "\n";
    const auto t0 = std::chrono::steady_clock::now();
    std::uint64_t total = 0;
    if (o->divide) {
      for (const auto& [m, n] : perft_divide(s, o->depth)) {
        std::cout << move_to_text(m, s.geometry()) << ": " << n << "\n";
        total += n;
      }
    } else {
      total = perft(s, o->depth);
    }
    const double sec = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::cout << "perft " << o->depth << ": " << total << "  (" << sec << " s, "
              << static_cast<std::uint64_t>(double(total) / (sec > 0 ? sec : 1e-9)) << " paths/s)\n";
  });
}

}  // namespace stratego
