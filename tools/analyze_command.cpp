// Placeholder until its helper lands the real command.
#include "tools/commands.h"

namespace stratego {

void register_analyze_command(CLI::App& /*app*/) {}

}  // namespace stratego
