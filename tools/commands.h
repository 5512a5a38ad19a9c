// Each subcommand of the `stratego` program registers itself on the CLI11 app.
#pragma once

#include <CLI/CLI.hpp>

namespace stratego {

void register_perft_command(CLI::App& app);
void register_selfplay_command(CLI::App& app);
void register_check_command(CLI::App& app);
void register_variants_command(CLI::App& app);
void register_engine_command(CLI::App& app);
void register_match_command(CLI::App& app);
void register_tally_command(CLI::App& app);
void register_ucc_bot_command(CLI::App& app);
void register_play_command(CLI::App& app);
void register_analyze_command(CLI::App& app);
void register_bench_command(CLI::App& app);
void register_serve_command(CLI::App& app);  // only with cpp-httplib (serve/)
void register_ladder_command(CLI::App& app);
void register_train_command(CLI::App& app);

}  // namespace stratego
