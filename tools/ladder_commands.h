// The result subcommands of `stratego ladder` (ratings, sprt, export, report).
#pragma once

#include <CLI/CLI.hpp>

namespace stratego {

void register_ladder_results(CLI::App& group);

}  // namespace stratego
