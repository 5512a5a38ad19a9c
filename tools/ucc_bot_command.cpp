// `stratego ucc-bot [--bot NAME] [--movetime MS] [--nodes N] [--seed S]`: one of our bots plays one
// game inside a 2012 UCC competition manager, which starts this command as its AI program and talks
// to it on stdin/stdout (protocol/ucc/ucc_protocol.h, protocol/ucc/ucc_session.h). Classic only:
// the manager plays nothing else. Notes go to stderr; a message that cannot be read or that
// contradicts the game ends the program with `error: ...` and status 2.
#include <iostream>

#include "protocol/bot_spec.h"
#include "protocol/ucc/ucc_session.h"
#include "tools/commands.h"
#include "tools/seed_option.h"

namespace stratego {

void register_ucc_bot_command(CLI::App& app) {
  struct Options {
    std::string bot = "random";
    std::int64_t movetime_ms = 1000, nodes = 0;
    std::uint64_t seed = 1;
  };
  auto o = std::make_shared<Options>();
  auto* cmd = app.add_subcommand(
      "ucc-bot", "Play a built-in bot inside a 2012 UCC Stratego competition manager");
  cmd->add_option("--bot", o->bot,
                  "Bot to play: a built-in name (with options: ismcts,threads=2) or cmd:COMMAND")
      ->capture_default_str();
  cmd->add_option(
         "--movetime", o->movetime_ms,
         "Milliseconds per move given to the bot (the manager allows 2000); 0 leaves it to the bot")
      ->check(CLI::NonNegativeNumber)
      ->capture_default_str();
  cmd->add_option(
         "--nodes", o->nodes,
         "Search budget per decision given to the bot, as `match --nodes` gives it; 0: none")
      ->check(CLI::NonNegativeNumber)
      ->capture_default_str();
  cmd->add_option("--seed", o->seed, "Seed for the bot's randomness")
      ->check(seed_validator())
      ->capture_default_str();
  cmd->callback([o] {
    auto bot = protocol::make_bot_from_spec(o->bot);
    protocol::UccSessionOptions options;
    options.movetime_ms = o->movetime_ms;
    options.nodes = o->nodes;
    options.seed = o->seed;
    options.diagnostics = &std::cerr;
    protocol::run_ucc_session(*bot, std::cin, std::cout, options);
  });
}

}  // namespace stratego
