// `stratego selfplay`: a seeded game between two uniformly random players, printed move by
// move with the final board. The same seed always gives the same game.
#include <iomanip>
#include <iostream>

#include "engine/board_text.h"
#include "engine/game.h"
#include "engine/move_text.h"
#include "engine/movegen.h"
#include "engine/record.h"
#include "tools/commands.h"
#include "tools/start_position.h"
#include "tools/waterloo_commands.h"

namespace stratego {
namespace {

std::string describe_combat(const PlyRecord& rec) {
  if (rec.target == kNoPiece) return {};
  static const char* outcomes[] = {"attacker wins", "defender wins", "both removed"};
  return "  " + kind_label(piece_kind(rec.mover)) + " attacks " +
         kind_label(piece_kind(rec.target)) + ": " + outcomes[int(rec.outcome)];
}

std::string describe_result(Result r) {
  const std::string who = r.winner == Winner::kRed    ? "Red wins"
                          : r.winner == Winner::kBlue ? "Blue wins"
                                                      : "Draw";
  return who + " (" + std::string(end_reason_name(r.reason)) + ")";
}

}  // namespace

void register_selfplay_command(CLI::App& app) {
  struct Options {
    StartOptions start;
    std::string record;
    bool quiet = false;
  };
  auto o = std::make_shared<Options>();
  auto* cmd = app.add_subcommand("selfplay", "Play a seeded game between two random players");
  add_start_options(cmd, o->start, true);  // --position: both families play on from it
  cmd->add_option("--record,-o", o->record, "Write the game record to this file");
  cmd->add_flag("--quiet,-q", o->quiet, "Print only the final board and result");
  cmd->callback([o] {
    if (starts_waterloo(o->start)) {  // random legal actions, chance drawn with the seed
      run_waterloo_selfplay(o->start, o->record, o->quiet);
      return;
    }
    Rng rng(o->start.seed);
    Start start = make_start(o->start, rng);
    Game game(start.state, start.red_setup, start.blue_setup);
    if (!o->quiet)
      std::cout << "Start (" << game.state().variant().spec << ", seed " << o->start.seed << "):\n"
                << render_board(game.state()) << "\n";
    MoveList list;
    while (!game.over()) {
      generate_moves(game.state(), list);
      const Move m = list[int(rng.below(std::uint32_t(list.size)))];
      const Side mover = game.state().side_to_move();
      game.play(m);
      if (o->quiet) continue;
      std::cout << std::setw(5) << game.state().moves_played() << ". " << std::left << std::setw(5)
                << side_name(mover) << std::right << " " << move_to_text(m, game.state().geometry())
                << describe_combat(game.state().history().back()) << "\n";
    }
    std::cout << "\nFinal board after " << game.state().moves_played() << " moves:\n"
              << render_board(game.state()) << "Result: " << describe_result(game.result()) << "\n";
    if (!o->record.empty()) {
      GameRecord r = game.record();
      r.tags["seed"] = std::to_string(o->start.seed);
      r.tags["red"] = r.tags["blue"] = "random";
      write_record_file(o->record, r);
      std::cout << "Record written to " << o->record << "\n";
    }
  });
}

}  // namespace stratego
