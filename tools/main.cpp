// `stratego`: one program, one subcommand per job (see README.md, "Command reference").
#include <iostream>

#include "engine/error.h"
#include "tools/commands.h"

int main(int argc, char** argv) {
  CLI::App app{"stratego: engine and tools for Stratego-family games"};
  app.require_subcommand(1);
  app.set_version_flag("--version", "stratego 0.1.0");
  stratego::register_perft_command(app);
  stratego::register_selfplay_command(app);
  stratego::register_check_command(app);
  stratego::register_variants_command(app);
  stratego::register_engine_command(app);
  stratego::register_match_command(app);
  stratego::register_tally_command(app);
  stratego::register_ucc_bot_command(app);
  stratego::register_play_command(app);
  stratego::register_analyze_command(app);
  stratego::register_bench_command(app);
#ifdef STRATEGO_HAVE_SERVE
  stratego::register_serve_command(app);
#endif
  stratego::register_ladder_command(app);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e);
  } catch (const stratego::InputError& e) {
    std::cerr << "error: " << e.what() << "\n";
    return 2;
  }
  return 0;
}
