// `stratego bench`: the searches' signatures. Fixed positions of Classic, Barrage and Waterloo
// Standard (reached by seeded random play, each fed move by move to a fresh `ismcts` bot as
// its own observations), one thread, a fixed iteration budget and seed; prints the nodes
// each search visited and their total as `Nodes searched : N`, and nodes per second. Then the
// same Classic and Barrage positions for `alphabeta`, to a fixed depth over a fixed number of
// worlds, with no time limit: `Alphabeta nodes : N` (bench/signature_alphabeta.txt). The
// same binary and arguments always give the same numbers: a changed one means that search
// behaves differently (quote it in commit messages that change the search).
#include <iomanip>
#include <iostream>
#include <vector>

#include "bots/search_position.h"
#include "protocol/bot_spec.h"
#include "tools/commands.h"

namespace stratego {
namespace {

// Enough to cover the opening, the middle game and a thinned-out board of each family.
const std::vector<bots::SearchPosition> kPositions = {
    {"classic", 1, 20},           {"classic", 2, 120},
    {"classic", 3, 400},          {"barrage", 4, 10},
    {"barrage", 5, 60},           {"barrage", 6, 150},
    {"waterloo-standard", 7, 40}, {"waterloo-standard", 8, 200},
};

}  // namespace

void register_bench_command(CLI::App& app) {
  auto* cmd = app.add_subcommand(
      "bench", "Search fixed positions with a fixed seed and print the node signature");
  static std::int64_t iterations = 1000;
  static int threads = 1;
  static std::vector<std::string> options;
  static int ab_depth = 4, ab_worlds = 4, wab_depth = 2;
  cmd->add_option("--iterations", iterations, "Iterations per position")
      ->check(CLI::Range(1, 100'000'000));
  cmd->add_option("--threads", threads, "Search threads (the signature is quoted with 1)")
      ->check(CLI::Range(1, 64));
  cmd->add_option(
      "--option", options,
      "NAME=VALUE: an ismcts option for every search (the signature is quoted without)");
  cmd->add_option("--alphabeta-depth", ab_depth, "alphabeta: plies per world (signature: 4)")
      ->check(CLI::Range(1, 200));
  cmd->add_option("--alphabeta-worlds", ab_worlds, "alphabeta: worlds per position (signature: 4)")
      ->check(CLI::Range(1, 10000));
  cmd->add_option("--waterloo-alphabeta-depth", wab_depth,
                  "alphabeta in Waterloo: decisions per world (signature: 2)")
      ->check(CLI::Range(1, 200));
  cmd->callback([] {
    bots::Limits limits;
    limits.iterations = iterations;
    std::int64_t nodes = 0;
    double seconds = 0;
    std::cout << std::left;
    for (const bots::SearchPosition& p : kPositions) {
      bots::PrimedSearch primed(p, threads, "ismcts", [](bots::Bot& b) {
        for (const std::string& o : options) protocol::apply_option_setting(b, o, "bench --option");
      });
      const bots::SearchOutcome o = primed.search(limits);
      std::cout << std::setw(20) << p.variant << " seed " << p.seed << " after " << std::setw(4)
                << p.plies << " nodes " << std::setw(10) << o.nodes << " iterations/s "
                << std::setw(9) << std::int64_t(double(o.iterations) / o.seconds) << " best "
                << o.action << "\n";
      nodes += o.nodes;
      seconds += o.seconds;
    }
    std::cout << "===========================\n"
              << "Total time (ms) : " << std::int64_t(seconds * 1000) << "\n"
              << "Nodes searched  : " << nodes << "\n"
              << "Nodes/second    : " << std::int64_t(double(nodes) / seconds) << "\n";
    // alphabeta: a fixed depth, not a node budget, so that the count reflects the whole search
    // (ordering, table, pruning, chance nodes) rather than the budget.
    bots::Limits ab_limits;
    ab_limits.infinite = true;
    // One total per family: Waterloo's (expectimax over the die, Star2) is printed after the
    // classic family's, so that the lines before it stay as they were.
    auto total = [&](bool waterloo, int depth, const std::string& label) {
      std::int64_t nodes = 0;
      double seconds = 0;
      for (const bots::SearchPosition& p : kPositions) {
        if (p.variant.starts_with("waterloo") != waterloo) continue;
        bots::PrimedSearch primed(p, threads, "alphabeta");
        primed.searcher().set_option("depth", std::to_string(depth));
        primed.searcher().set_option("worlds", std::to_string(ab_worlds));
        const bots::SearchOutcome o = primed.search(ab_limits);
        std::cout << std::setw(20) << p.variant << " seed " << p.seed << " after " << std::setw(4)
                  << p.plies << " nodes " << std::setw(10) << o.nodes << " nodes/s " << std::setw(9)
                  << std::int64_t(double(o.nodes) / o.seconds) << " best " << o.action << "\n";
        nodes += o.nodes;
        seconds += o.seconds;
      }
      std::cout << "===========================\n"
                << label << " time (ms) : " << std::int64_t(seconds * 1000) << "\n"
                << label << " nodes     : " << nodes << "\n"
                << label << " nodes/s   : " << std::int64_t(double(nodes) / seconds) << "\n";
    };
    total(false, ab_depth, "Alphabeta");
    total(true, wab_depth, "Waterloo alphabeta");
  });
}

}  // namespace stratego
