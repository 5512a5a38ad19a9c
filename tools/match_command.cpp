// Placeholder until its helper lands the real command.
#include "tools/commands.h"

namespace stratego {

void register_match_command(CLI::App& /*app*/) {}

}  // namespace stratego
