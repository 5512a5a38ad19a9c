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
  stratego::register_train_command(app);
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    // Every bad option the same way as any bad input: `error: ...`, status 2 (README).
    std::cerr << "error: " << e.what() << "\n";
    const CLI::App* at = &app;  // the deepest command given
    while (!at->get_subcommands().empty()) at = at->get_subcommands().front();
    if (e.get_name() == "RequiredError" && at->get_subcommands().empty() &&
        at->get_require_subcommand_min() > 0) {
      // `stratego` or `stratego ladder` alone: show what there is to choose from.
      std::cerr << "\n" << at->help();
      if (at == &app) std::cerr << "New here? `stratego play` is a game against the computer.\n";
    } else {
      std::cerr << "Run with --help for more information.\n";
    }
    return 2;
  } catch (const stratego::InputError& e) {
    std::cerr << "error: " << e.what() << "\n";
    return 2;
  } catch (const std::exception& e) {
    // A last resort: every cause known is an InputError above; whatever else escapes still
    // ends with a message and status 2, not an abort.
    std::cerr << "error: " << e.what() << "\n";
    return 2;
  }
  return 0;
}
