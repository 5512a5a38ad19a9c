// `stratego match`: N refereed games between two bots (built-in names, cmd:COMMAND or
// ucc:COMMAND), sides alternating, records appended to --out as games finish, and at the end
// W/D/L, score, Elo with a 95% interval and the result reasons (as JSON with --json).
#include <iomanip>
#include <iostream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "engine/error.h"
#include "engine/variant_loader.h"
#include "protocol/bot_spec.h"
#include "referee/match.h"
#include "tools/commands.h"
#include "tools/match_report.h"
#include "tools/seed_option.h"

namespace stratego {
namespace {

using referee::MatchSettings;
using referee::MatchSummary;

std::string score_text(double points, int games) {
  std::ostringstream s;
  s << std::fixed << std::setprecision(1) << points << "/" << games;
  return s.str();
}

}  // namespace

void register_match_command(CLI::App& app) {
  struct Options {
    std::string variant = "classic", bot1, bot2, tc, setups, out;
    int games = 2, concurrency = 1;
    std::int64_t movetime = 0, nodes = 0;
    std::uint64_t seed = 1;
    bool json = false, quiet = false;
  };
  auto o = std::make_shared<Options>();
  auto* cmd = app.add_subcommand("match", "Play a match of refereed games between two bots");
  cmd->add_option("--variant,-v", o->variant, "Variant spec")->capture_default_str();
  cmd->add_option("--bot1", o->bot1,
                  "First bot: a built-in name, cmd:COMMAND or ucc:COMMAND ({seed} in a ucc: "
                  "command becomes that bot's seed for the game)")
      ->required();
  cmd->add_option("--bot2", o->bot2, "Second bot, as --bot1")->required();
  cmd->add_option("--games,-n", o->games, "Games to play (sides alternate)")->capture_default_str();
  auto* movetime = cmd->add_option("--movetime", o->movetime, "Milliseconds per decision");
  cmd->add_option("--tc", o->tc,
                  "Game clock BASE+INC in seconds (60+0.5), or in ms with a suffix (500+10ms)")
      ->excludes(movetime);
  cmd->add_option("--nodes", o->nodes, "Search budget per decision, passed to the bots");
  cmd->add_option("--seed", o->seed, "Seed of game 1; game i gets seed+i-1")
      ->check(seed_validator())
      ->capture_default_str();
  cmd->add_option("--setups", o->setups, "A file of set-up lines to draw from (classic family)");
  cmd->add_option("--concurrency,-j", o->concurrency, "Games played at once")
      ->capture_default_str();
  cmd->add_option("--out,-o", o->out, "Append every finished game's record to this file");
  cmd->add_flag("--json", o->json, "Print the summary as one JSON object on the last line");
  cmd->add_flag("--quiet,-q", o->quiet, "No line per game");
  cmd->callback([o] {
    referee::MatchSettings st;
    st.variant = std::make_shared<const Variant>(load_variant(o->variant));
    st.variant_spec = o->variant;
    st.games = o->games;
    st.seed = o->seed;
    if (o->movetime < 0) throw InputError("--movetime must not be negative");
    if (o->nodes < 0) throw InputError("--nodes must not be negative");
    if (!o->tc.empty()) st.time = referee::parse_time_control(o->tc);
    st.time.movetime_ms = o->movetime;
    st.time.nodes = o->nodes;
    if (!o->setups.empty()) {
      if (st.variant->family == Family::kWaterloo)
        throw InputError(
            "--setups: set-up files are for the classic family; Waterloo bots set up themselves");
      st.setups = read_setup_file(o->setups, *st.variant);
    }
    st.concurrency = o->concurrency;
    st.on_note = [](const std::string& note) { std::cerr << "note: " << note << std::endl; };
    st.out_path = o->out;
    st.names[0] = o->bot1;
    st.names[1] = o->bot2;
    double points = 0;
    int done = 0;
    if (!o->quiet) {
      st.on_game = [&](const referee::GameReport& r) {
        ++done;
        if (r.bot1_score >= 0) points += r.bot1_score;
        const std::string& red = r.bot1_side == kRed ? o->bot1 : o->bot2;
        const std::string& blue = r.bot1_side == kRed ? o->bot2 : o->bot1;
        const Winner w = r.outcome.winner;
        const char* result = w == Winner::kRed    ? "1-0"
                             : w == Winner::kBlue ? "0-1"
                             : w == Winner::kDraw ? "1/2"
                                                  : "*";
        std::cout << "game " << r.index + 1 << "/" << o->games << " (seed " << r.seed
                  << "): " << red << " (red) vs " << blue << " (blue) " << result << " "
                  << referee::reason_key(r.outcome);
        if (referee::is_forfeit(r.outcome)) std::cout << " [" << r.outcome.detail << "]";
        std::cout << "; " << o->bot1 << " " << score_text(points, done) << std::endl;
      };
    }
    const referee::BotFactory bot1 = [spec = o->bot1] {
      return protocol::make_bot_from_spec(spec);
    };
    const referee::BotFactory bot2 = [spec = o->bot2] {
      return protocol::make_bot_from_spec(spec);
    };
    const referee::MatchSummary m = referee::run_match(bot1, bot2, st);
    if (!o->quiet || !o->json) print_summary(m, o->variant);
    if (!o->out.empty() && !o->quiet) std::cout << "records appended to " << o->out << "\n";
    if (o->json) {
      nlohmann::json j = summary_json(m, o->variant);
      j["seed"] = o->seed;
      std::cout << j.dump() << std::endl;
    }
  });
}

}  // namespace stratego
