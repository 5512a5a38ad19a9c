// `stratego engine [--bot NAME]`: a built-in bot speaks the bot protocol (docs/protocol.md) on
// stdin/stdout, so any referee, including another `stratego` (`--bot1 cmd:...`), can play it.
#include <iostream>

#include "bots/registry.h"
#include "protocol/protocol_engine.h"
#include "tools/commands.h"

namespace stratego {

void register_engine_command(CLI::App& app) {
  auto bot_name = std::make_shared<std::string>("random");
  auto* cmd =
      app.add_subcommand("engine", "Serve a built-in bot over the bot protocol on stdin/stdout");
  cmd->add_option("--bot,-b", *bot_name, "The built-in bot to serve (default random)");
  cmd->callback([bot_name] {
    const auto bot = bots::make_bot(*bot_name);  // an unknown name is an InputError: exit 2
    std::ios::sync_with_stdio(false);
    protocol::serve_protocol(*bot, std::cin, std::cout);
  });
}

}  // namespace stratego
