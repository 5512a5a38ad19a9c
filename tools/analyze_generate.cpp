// `stratego analyze generate`: set-ups that are strong and hard to predict. Draws set-ups from
// the human prior, screens them with a few games each, races the best (strength/racing.h),
// then improves the leader by swapping two squares at a time, keeping a swap when it scores
// better over the same games; prints each with its strength interval and its log-probability
// under the prior (a famous set-up is easy to guess), and writes the best to --out (the
// set-up books of eval/data/*.book are made so). Waterloo (--army): set-up tokens of one army,
// drawn from the rules planner and uniformly at random, improved by two pieces exchanging
// places (strength/waterloo_generate.h); no prior, so no log P. docs/setup-strength.md.
#include <algorithm>
#include <cstdio>
#include <functional>
#include <iostream>
#include <optional>
#include <set>
#include <sstream>

#include "engine/error.h"
#include "engine/file_io.h"
#include "engine/setup.h"
#include "engine/variant_loader.h"
#include "ladder/run_lock.h"
#include "strength/generate.h"
#include "strength/job.h"
#include "strength/lab.h"
#include "strength/racing.h"
#include "strength/report.h"
#include "strength/waterloo_generate.h"
#include "tools/analyze.h"
#include "tools/seed_option.h"

namespace stratego::analyze {

namespace {

using namespace strength;

struct GenerateOptions {
  // field "": human for the classic family, own for Waterloo; army "": allied (Waterloo only).
  std::string variant = "barrage", field, army, bot = "rules", db, out;
  std::uint64_t seed = 1;
  int samples = 200, screen = 40, keep = 10, games = 800, swaps = 40, swap_games = 400, show = 8,
      jobs = 1;
  bool quiet = false, mpi = false;
};

std::string row(const Summary& s, const eval::SetupModel& m) {
  const double lp = prior_log_prob(m, s.candidate.line);
  char buf[256];
  std::snprintf(buf, sizeof buf,
                "%-12s %5.1f%% [%4.1f, %4.1f] %5d games  Elo %+4.0f  log P %7.2f (%.2f) %s",
                s.candidate.label.c_str(), 100 * s.score.mean, 100 * s.score.low,
                100 * s.score.high, s.games, s.elo, lp, lp / m.pieces(), s.candidate.line.c_str());
  return buf;
}

std::string waterloo_row(const Summary& s) {
  char buf[160];
  std::snprintf(buf, sizeof buf, "%-12s %5.1f%% [%4.1f, %4.1f] %5d games  Elo %+4.0f  ",
                s.candidate.label.c_str(), 100 * s.score.mean, 100 * s.score.low,
                100 * s.score.high, s.games, s.elo);
  return buf + s.candidate.line;
}

// What the families do differently: how a candidate is drawn (its line and label), changed
// by a swap (a legal set-up of the same army), shown in the table, and annotated in --out.
struct FamilyParts {
  std::function<std::pair<std::string, std::string>(int, Rng&)> draw;
  std::function<std::string(const std::string&, Rng&)> swap;
  std::function<std::string(const Summary&)> row;
  std::function<std::string(const std::string&)> note;  // after the score in --out
};

Side army_option(const GenerateOptions& o, const Variant& v) {
  if (v.family != Family::kWaterloo) {
    if (!o.army.empty())
      throw InputError("--army: only for Waterloo (" + o.variant + " set-ups play both colours)");
    return kRed;
  }
  if (o.army.empty() || o.army == "allied") return kRed;
  if (o.army == "french") return kBlue;
  throw InputError("--army: '" + o.army + "' is not an army of " + o.variant +
                   " (allied or french)");
}

void run_generate(const GenerateOptions& o, ladder::MpiPool* pool) {
  const auto vp = std::make_shared<const Variant>(load_variant(o.variant));
  const Variant& v = *vp;
  const bool waterloo = v.family == Family::kWaterloo;
  const Side army = army_option(o, v);
  Settings s;
  s.variant = o.variant;
  s.bot = o.bot;
  s.seed = o.seed;
  const std::string field_name = !o.field.empty() ? o.field : waterloo ? "own" : "human";
  const std::vector<std::string> field =
      waterloo ? waterloo_field_lines(vp, army, field_name, s) : field_lines(v, s, field_name);
  OpenAnalysis open(o.db, s, field, o.jobs, o.quiet, pool);
  Store& store = open.store;
  Lab& lab = open.lab;
  std::optional<eval::SetupModel> model;
  FamilyParts f;
  if (waterloo) {
    const std::string army_name = army == kRed ? "Allied" : "French";
    std::cout << "# " << o.variant << ", army " << army_name << " ("
              << (army == kRed ? "red" : "blue") << "), bot " << o.bot << ", field " << field_name
              << "; set-up tokens drawn from the rules planner and at random\n";
    // Half the draws planned as the rules bot plans (each with the generator's next seed),
    // half uniformly random: the planner's are stronger, the random ones more varied.
    f.draw = [&](int i, Rng& rng) {
      const bool planned = i % 2 == 0;
      const std::string line = waterloo_draw(vp, army, planned, rng);
      check_waterloo_setup(vp, army, line);  // always legal; a bug here must not go unnoticed
      return std::pair{line, std::string(planned ? "plan " : "random ")};
    };
    f.swap = [&](const std::string& line, Rng& rng) {
      return waterloo_swap_two(vp, army, line, rng);
    };
    f.row = waterloo_row;
    f.note = [](const std::string&) { return std::string(); };
  } else {
    model.emplace(eval::SetupModel::for_variant(v));
    const eval::SetupModel& m = *model;  // the lambdas below use *model: m ends with this block
    std::cout
        << "# " << o.variant << ", bot " << o.bot << ", field " << field_name << ", prior "
        << m.source()
        << "\n# log P: nats under the prior (per piece in brackets); a uniformly random set-up has "
        << m.uniform_log_prob() << "\n";
    f.draw = [&](int, Rng& rng) {
      const std::string line = sample_setup(*model, rng);
      parse_setup(v, kRed, line);  // a draw is always legal; a bug here must not go unnoticed
      return std::pair{line, std::string("draw ")};
    };
    f.swap = [&](const std::string& line, Rng& rng) {
      const std::string out = swap_two(line, v.width, rng);
      parse_setup(v, kRed, out);
      return out;
    };
    f.row = [&](const Summary& x) { return row(x, *model); };
    f.note = [&](const std::string& line) {
      char buf[64];
      std::snprintf(buf, sizeof buf, ", log P %.2f", prior_log_prob(*model, line));
      return std::string(buf);
    };
  }
  // 1. Draws (distinct lines), screened with a few games each.
  Rng rng(o.seed * 0x2545f4914f6cdd1dull + 17);
  std::vector<Candidate> drawn;
  std::set<std::string> seen;
  for (int i = 0; int(drawn.size()) < o.samples && i < 20 * o.samples; ++i) {
    const auto [line, label] = f.draw(i, rng);
    if (seen.insert(line).second)
      drawn.push_back(store.add_candidate(line, label + std::to_string(drawn.size() + 1)));
  }
  lab.ensure(drawn, o.screen);
  auto screened = summarize(store, drawn, o.screen);
  std::stable_sort(screened.begin(), screened.end(),
                   [](const Summary& a, const Summary& b) { return a.score.mean > b.score.mean; });
  std::vector<Candidate> top;
  for (int i = 0; i < o.keep && i < int(screened.size()); ++i)
    top.push_back(screened[std::size_t(i)].candidate);
  std::cout << "screened " << drawn.size() << " draws"
            << (waterloo ? " (planned and random)" : " from the prior") << " with " << o.screen
            << " games each; racing the best " << top.size() << "\n";
  // 2. Race the best of the screen.
  RaceOptions ro;
  ro.max_games = o.games;
  RaceOracle oracle;
  oracle.play = [&](const std::vector<int>& alive, int g) {
    std::vector<Candidate> c;
    for (int i : alive) c.push_back(top[std::size_t(i)]);
    lab.ensure(c, g);
  };
  oracle.pairs = [&](int c, int pairs) { return lab.pair_scores(top[std::size_t(c)].id, pairs); };
  const RaceResult r = race(int(top.size()), oracle, ro);
  std::cout << "race: " << r.games << " games in " << r.rounds << " rounds; left:";
  for (int c : r.alive) std::cout << " " << top[std::size_t(c)].label;
  std::cout << "\n";
  std::vector<Candidate> finalists;
  for (int c : r.alive) finalists.push_back(top[std::size_t(c)]);
  lab.ensure(finalists, o.games);
  // 3. Improve the leader by swaps, each judged on the same swap_games games.
  Candidate current = top[std::size_t(r.leader)];
  std::vector<Candidate> improved;
  for (int i = 1; i <= o.swaps; ++i) {
    const std::string line = f.swap(current.line, rng);
    if (line == current.line) continue;
    const Candidate c = store.add_candidate(line, "swap " + std::to_string(i));
    lab.ensure({current, c}, o.swap_games);
    const Estimate d = paired_difference(lab.pair_scores(c.id, o.swap_games / 2),
                                         lab.pair_scores(current.id, o.swap_games / 2));
    if (d.mean > 0) {
      std::printf("swap %d kept: %+.1f%% (se %.1f%%) over %d games\n", i, 100 * d.mean, 100 * d.se,
                  o.swap_games);
      current = c;
      improved.push_back(c);
    }
  }
  if (!improved.empty()) lab.ensure(improved, o.games);
  std::vector<Candidate> all = finalists;
  for (const Candidate& c : improved) all.push_back(c);
  auto table = summarize(store, all, o.games);
  std::stable_sort(table.begin(), table.end(),
                   [](const Summary& a, const Summary& b) { return a.score.mean > b.score.mean; });
  std::cout << "# the race's survivors and the kept swaps over " << o.games
            << " games each (the same games; the winners' scores are biased upwards by the "
               "selection: check them on new games with analyze strength --seed)\n";
  for (const Summary& x : table) std::cout << f.row(x) << "\n";
  if (!o.out.empty()) {
    std::ostringstream text;
    text << "# " << o.variant << " set-ups made by `stratego analyze generate --variant "
         << o.variant
         << (waterloo ? " --army " + std::string(army == kRed ? "allied" : "french")
                      : std::string())
         << " --samples " << o.samples << " --screen " << o.screen << " --keep " << o.keep
         << " --games " << o.games << " --swaps " << o.swaps << " --swap-games " << o.swap_games
         << " --bot " << o.bot << " --field " << field_name << " --seed " << o.seed
         << "`\n# score over " << o.games << " games against the field"
         << (waterloo ? "" : ", log-probability under the prior") << "\n";
    for (int i = 0; i < o.show && i < int(table.size()); ++i) {
      const Summary& x = table[std::size_t(i)];
      char buf[160];
      std::snprintf(buf, sizeof buf, "# %.1f%% [%.1f, %.1f]", 100 * x.score.mean, 100 * x.score.low,
                    100 * x.score.high);
      text << buf << f.note(x.candidate.line) << "\n" << x.candidate.line << "\n";
    }
    write_text_file_atomically(o.out, text.str());
    std::cout << "written to " << o.out << "\n";
  }
  if (!o.quiet) std::cout << "# " << lab.games_played() << " games in " << lab.seconds() << " s\n";
}

}  // namespace

void register_generate(CLI::App* analyze) {
  auto o = std::make_shared<GenerateOptions>();
  auto* cmd = analyze->add_subcommand(
      "generate", "Strong set-ups: draw from the prior, screen, race, improve by swaps");
  cmd->add_option("--variant,-v", o->variant,
                  "Variant (classic family, or Waterloo: set-up tokens of one army)")
      ->capture_default_str();
  cmd->add_option("--army", o->army,
                  "Waterloo: the army whose set-ups are generated, allied (the default) or french");
  cmd->add_option("--samples", o->samples, "Draws from the prior")->capture_default_str();
  cmd->add_option("--screen", o->screen, "Games per draw in the screen")->capture_default_str();
  cmd->add_option("--keep", o->keep, "Draws the race takes from the screen")->capture_default_str();
  cmd->add_option("--games,-n", o->games, "Most games per set-up in the race")
      ->capture_default_str();
  cmd->add_option("--swaps", o->swaps, "Swaps tried on the race's leader")->capture_default_str();
  cmd->add_option("--swap-games", o->swap_games, "Games each swap is judged on")
      ->capture_default_str();
  cmd->add_option("--show", o->show, "Set-ups written to --out")->capture_default_str();
  cmd->add_option("--out,-o", o->out, "Write the best set-ups here (a set-up file)");
  cmd->add_option("--field", o->field,
                  "Opponent set-ups: human (the classic default), own (the bot's; the Waterloo "
                  "default) or a file (Waterloo: the other army's token lines)");
  cmd->add_option("--bot", o->bot, "The bot of both sides")->capture_default_str();
  cmd->add_option("--seed", o->seed, "Seed of the draws and games")
      ->check(seed_validator())
      ->capture_default_str();
  cmd->add_option("-j,--jobs", o->jobs, "Games at once")->capture_default_str();
  cmd->add_option("--db", o->db, "Keep the games in this SQLite file");
  cmd->add_flag("--quiet,-q", o->quiet, "No progress line");
  cmd->add_flag("--mpi", o->mpi, "Under mpirun: rank 0 generates, the other ranks play the games");
  cmd->callback(
      [o] { with_strength_ranks(o->mpi, [&](ladder::MpiPool* p) { run_generate(*o, p); }); });
}

}  // namespace stratego::analyze
