// `stratego ladder`: bot-versus-bot ladders kept in one SQLite file (docs/ladder.md):
// create, add, retire and run here; ratings, sprt, export and report in ladder_results.cpp.
#include <iostream>
#include <memory>

#include "engine/error.h"
#include "engine/setup.h"
#include "engine/variant_loader.h"
#include "ladder/coordinator.h"
#include "ladder/game_job.h"
#include "ladder/mpi.h"
#include "ladder/store.h"
#include "protocol/bot_spec.h"
#include "tools/commands.h"
#include "tools/ladder_commands.h"

// The subcommands live in stratego::ladder, so that they name its types unqualified without a
// using-directive (which a unity build would carry into the next file).
namespace stratego::ladder {
namespace {

void register_create(CLI::App& group) {
  struct Options {
    std::string db, tc, setups;
    std::vector<std::string> variants;
    std::int64_t movetime = 0, nodes = 0;
    std::uint64_t seed = 1;
  };
  auto o = std::make_shared<Options>();
  auto* cmd = group.add_subcommand("create", "Make a new ladder file");
  cmd->add_option("db", o->db, "The ladder file to make")->required();
  cmd->add_option("--variant,-v", o->variants,
                  "Variant spec (repeat for several: pairs take turns)")
      ->required();
  auto* movetime = cmd->add_option("--movetime", o->movetime, "Milliseconds per decision");
  cmd->add_option("--tc", o->tc, "Game clock BASE+INC, as `match --tc`")->excludes(movetime);
  cmd->add_option("--nodes", o->nodes, "Search budget per decision, passed to the bots");
  cmd->add_option("--setups", o->setups,
                  "random (drawn per pair; the default for the classic family), own (the bots "
                  "set up; Waterloo's default), or a file of set-up lines to draw pairs from");
  cmd->add_option("--seed", o->seed, "Seed of the schedule's games")->capture_default_str();
  cmd->callback([o] {
    LadderConfig c;
    c.variants = o->variants;
    c.seed = o->seed;
    if (o->movetime < 0 || o->nodes < 0)
      throw InputError("--movetime and --nodes must not be negative");
    c.movetime_ms = o->movetime;
    c.nodes = o->nodes;
    c.tc = o->tc;
    time_control(c.movetime_ms, c.tc, c.nodes);  // checks --tc
    bool waterloo = false;
    for (const auto& v : o->variants) waterloo |= load_variant(v).family == Family::kWaterloo;
    std::vector<std::string> lines;
    if (o->setups.empty()) {
      c.setups = waterloo ? "own" : "random";
    } else if (o->setups == "random" || o->setups == "own") {
      c.setups = o->setups;
    } else {
      if (o->variants.size() != 1)
        throw InputError("--setups FILE: a ladder drawing set-ups from a file has one variant");
      c.setups = "file";
      c.setup_file = o->setups;
      lines = read_setup_file(o->setups, load_variant(o->variants[0])).lines;
      if (lines.empty()) throw InputError(o->setups + ": no set-up lines");
    }
    if (waterloo && c.setups != "own")
      throw InputError("--setups: Waterloo bots set up themselves; use --setups own");
    Store::create(o->db, c, lines);
    std::cout << "created ladder " << o->db << " (" << c.variants.size() << " variant(s), set-ups "
              << c.setups << ")\n";
  });
}

void register_add_retire(CLI::App& group) {
  auto o = std::make_shared<std::array<std::string, 3>>();
  auto* add = group.add_subcommand("add", "Add a participant (its bot must start)");
  add->add_option("db", (*o)[0], "The ladder file")->required();
  add->add_option("name", (*o)[1], "The participant's name in the ladder")->required();
  add->add_option("spec", (*o)[2],
                  "Bot spec: built-in[,option=value...], cmd:COMMAND or ucc:COMMAND")
      ->required();
  add->callback([o] {
    Store store((*o)[0], true);
    try {
      protocol::make_bot_from_spec((*o)[2]);
    } catch (const InputError&) {
      throw;
    } catch (const std::exception& e) {
      throw InputError("bot spec '" + (*o)[2] + "' does not start: " + e.what());
    }
    store.add_participant((*o)[1], (*o)[2]);
    std::cout << "added " << (*o)[1] << " (" << (*o)[2] << ")\n";
  });
  auto r = std::make_shared<std::array<std::string, 2>>();
  auto* retire = group.add_subcommand("retire", "Retire a participant (its games stay rated)");
  retire->add_option("db", (*r)[0], "The ladder file")->required();
  retire->add_option("name", (*r)[1], "The participant to retire")->required();
  retire->callback([r] {
    Store store((*r)[0], true);
    store.retire_participant((*r)[1]);
    std::cout << "retired " << (*r)[1] << "\n";
  });
}

void register_run(CLI::App& group) {
  struct Options {
    std::string db;
    std::vector<std::string> mode;
    std::int64_t games = 0;
    int jobs = 1;
    bool forever = false, mpi = false;
  };
  auto o = std::make_shared<Options>();
  auto* cmd = group.add_subcommand(
      "run", "Play the ladder's games: unfinished ones first, then --games more (in pairs)");
  cmd->add_option("db", o->db, "The ladder file")->required();
  auto* games = cmd->add_option("--games,-n", o->games, "More games to plan (rounded up to pairs)");
  cmd->add_flag("--forever", o->forever, "Plan pairs until stopped (Ctrl-C; a kill loses nothing)")
      ->excludes(games);
  cmd->add_option("--concurrency,-j", o->jobs, "Games played at once")->capture_default_str();
  cmd->add_option("--mode", o->mode, "round-robin (default), gauntlet NAME, or ladder")
      ->expected(1, 2);
  cmd->add_flag("--mpi", o->mpi, "Under mpirun: rank 0 keeps the file, the others play");
  cmd->callback([o] {
    RunOptions opt;
    opt.games = o->games;
    opt.forever = o->forever;
    opt.jobs = o->jobs;
    opt.mpi = o->mpi;
    if (o->games < 0) throw InputError("--games must not be negative");
    if (!o->mode.empty()) {
      opt.mode_given = true;
      opt.mode.mode = parse_mode(o->mode[0]);
      if (is_sprt_mode(opt.mode.mode))
        throw InputError("--mode: " + o->mode[0] + " is for `ladder sprt`");
      if ((opt.mode.mode == Mode::kGauntlet) != (o->mode.size() == 2))
        throw InputError(
            "--mode: gauntlet takes one participant's name (--mode gauntlet NAME), "
            "the other modes none");
      if (o->mode.size() == 2) opt.mode.a = o->mode[1];
    }
    if (!o->mpi) {
      const RunSummary s = run_ladder(o->db, opt);
      if (s.played == 0 && o->games == 0 && !o->forever)
        std::cout << "nothing to play: no unfinished games and no plan left (give --games N or "
                     "--forever)\n";
      else
        std::cout << "played " << s.played << " games in " << s.seconds << " s\n";
      return;
    }
    const MpiWorld w = mpi_init(nullptr, nullptr);
    if (w.rank > 0) {
      mpi_worker_loop();
      mpi_finalize();
      return;
    }
    try {
      const RunSummary s = run_ladder(o->db, opt);
      std::cout << "played " << s.played << " games in " << s.seconds << " s on " << w.size
                << " rank(s)\n";
    } catch (const std::exception& e) {
      std::cerr << "error: " << e.what() << "\n";
      mpi_abort(2);  // the other ranks wait for work: end them too
    }
    mpi_finalize();
  });
}

}  // namespace
}  // namespace stratego::ladder

namespace stratego {

void register_ladder_command(CLI::App& app) {
  auto* group = app.add_subcommand("ladder", "Bot-versus-bot ladders in one SQLite file");
  group->require_subcommand(1);
  ladder::register_create(*group);
  ladder::register_add_retire(*group);
  ladder::register_run(*group);
  register_ladder_results(*group);
}

}  // namespace stratego
