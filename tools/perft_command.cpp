// `stratego perft`: counts legal move paths to a depth, for testing move generation.
#include <chrono>
#include <iostream>

#include "engine/move_text.h"
#include "engine/notation.h"
#include "engine/perft.h"
#include "tools/commands.h"
#include "tools/start_position.h"

namespace stratego {

void register_perft_command(CLI::App& app) {
  struct Options {
    StartOptions start;
    int depth = 3;
    bool divide = false;
  };
  auto o = std::make_shared<Options>();
  auto* cmd = app.add_subcommand("perft", "Count legal move paths (full information) to a depth");
  add_start_options(cmd, o->start, true);
  cmd->add_option("--depth,-d", o->depth, "Plies to count")->check(CLI::Range(1, 12))->capture_default_str();
  cmd->add_flag("--divide", o->divide, "List each legal move with its count");
  cmd->callback([o] {
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
