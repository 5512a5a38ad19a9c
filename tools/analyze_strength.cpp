// `stratego analyze strength`: how strong set-ups play. Each candidate set-up (arguments or
// --file) plays games against a field of opponent set-ups with the same bot on both sides,
// both colours, every candidate the same games (common random numbers); the table gives the
// score with its 95% interval, the Elo to the field, how the games ended, and the paired
// difference to the best. --race finds the best with fewer games; --why says where a set-up
// is weak (text and an SVG heat map). Everything is kept in --db FILE, so a killed run
// resumes and more --games extend it. docs/setup-strength.md.
#include <filesystem>
#include <iostream>
#include <optional>
#include <sstream>

#include "engine/error.h"
#include "engine/file_io.h"
#include "engine/setup.h"
#include "engine/variant_loader.h"
#include "eval/priors/setup_mixture.h"
#include "ladder/mpi.h"
#include "ladder/run_lock.h"
#include "strength/job.h"
#include "strength/lab.h"
#include "strength/racing.h"
#include "strength/report.h"
#include "strength/why.h"
#include "strength/why_svg.h"
#include "tools/analyze.h"
#include "tools/seed_option.h"

namespace stratego::analyze {
using namespace strength;

namespace {

struct StrengthOptions {
  std::vector<std::string> setups;
  std::string file, variant = "classic", field = "human", bot = "rules", db, svg, validate;
  std::int64_t nodes = 0;
  std::uint64_t seed = 1;
  int games = 400, jobs = 1, resamples = 1000;
  bool race = false, why = false, quiet = false, split = false, mpi = false;
  RaceOptions race_opt;
  std::string bound = "paired-t";
  // The measure: "fitted" (a model of real games, no games played), "bots" (bot play), or ""
  // (fitted for a variant with a built-in model unless an option of bot play is given).
  std::string measure, model;
  FitOptions fit;  // --fit FILE: fit a model instead (its variant and seed are the ones above)
  std::vector<std::string> bot_options_given;  // set by the callback
};

}  // namespace

OpenAnalysis::OpenAnalysis(const std::string& db, const Settings& s,
                           const std::vector<std::string>& field, int jobs, bool quiet,
                           ladder::MpiPool* pool)
    : lock(db.empty() ? nullptr : std::make_unique<ladder::RunLock>(db)),
      store(db, s, field),
      lab(store, LabOptions{jobs, pool, nullptr, quiet}) {}

// The field's set-up lines for the settings (human: the compiled-in training split of the
// variant's human set-ups; own: none, the bot sets up; else a file).
std::vector<std::string> field_lines(const Variant& v, Settings& s, const std::string& field) {
  if (field == "own") {
    s.field = "own";
    return {};
  }
  if (field == "human") {
    s.field = "human";
    const auto mix = eval::SetupMixture::for_variant(v);
    if (!mix || mix->training_count() == 0)
      throw InputError("--field human: there are no human set-ups for " + v.spec +
                       "; give --field FILE or --field own");
    std::vector<std::string> out;
    for (int j = 0; j < mix->training_count(); ++j) out.push_back(mix->training_line(j));
    return out;
  }
  s.field = "file";
  s.field_file = field;
  const SetupFile f = read_setup_file(field, v);
  if (f.lines.empty()) throw InputError(field + ": no set-up lines for the field");
  return f.lines;
}

// The candidates of the command line: each argument (a set-up line) and each line of --file,
// validated; an error names the argument or file line and the square.
std::vector<std::pair<std::string, std::string>> candidate_lines(
    const Variant& v, const std::vector<std::string>& args, const std::string& file) {
  std::vector<std::pair<std::string, std::string>> out;
  for (std::size_t i = 0; i < args.size(); ++i) {
    try {
      parse_setup(v, kRed, args[i]);
    } catch (const InputError& e) {
      throw InputError("set-up argument " + std::to_string(i + 1) + ": " + e.what());
    }
    out.push_back({args[i], "arg " + std::to_string(i + 1)});
  }
  if (!file.empty()) {
    const SetupFile f = read_setup_file(file, v);
    const std::string name = std::filesystem::path(file).filename().string();
    for (std::size_t i = 0; i < f.lines.size(); ++i)
      out.push_back({f.lines[i], name + ":" + std::to_string(f.line_numbers[i])});
  }
  return out;
}

namespace {

// Waterloo: the set-up token lines of a file (blank lines and # comments skipped), each with
// its label FILE:LINE.
std::vector<std::pair<std::string, std::string>> token_file_lines(const std::string& path) {
  std::istringstream in(read_text_file(path));
  const std::string name = std::filesystem::path(path).filename().string();
  std::vector<std::pair<std::string, std::string>> out;
  int n = 0;
  for (std::string line; std::getline(in, line);) {
    ++n;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    const auto first = line.find_first_not_of(" \t");
    if (first == std::string::npos || line[first] == '#') continue;
    out.push_back({line.substr(first), name + ":" + std::to_string(n)});
  }
  return out;
}

// Waterloo's candidates (set-up tokens of one army, all the same army, each checked on a
// fresh game as the referee would) and field (own, or a file of the other army's token lines).
std::vector<std::pair<std::string, std::string>> waterloo_inputs(
    const std::shared_ptr<const Variant>& v, const StrengthOptions& o, Settings& s,
    std::vector<std::string>& field) {
  std::vector<std::pair<std::string, std::string>> lines;
  for (std::size_t i = 0; i < o.setups.size(); ++i)
    lines.push_back({o.setups[i], "arg " + std::to_string(i + 1)});
  if (!o.file.empty())
    for (auto& l : token_file_lines(o.file)) lines.push_back(l);
  std::optional<Side> army;
  std::string first;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const auto& [line, label] = lines[i];
    const std::string where =
        label.rfind("arg ", 0) == 0 ? "set-up argument " + std::to_string(i + 1) : label;
    Side side;
    try {
      side = waterloo_side_of(v, line);
    } catch (const InputError& e) {
      throw InputError(where + ": " + e.what());
    }
    if (army && side != *army)
      throw InputError(where + ": a " + (side == kRed ? "Allied" : "French") + " set-up, but " +
                       first + " is " + (*army == kRed ? "Allied" : "French") +
                       " (a Waterloo analysis compares set-ups of one army)");
    if (!army) army = side, first = where;
  }
  field = waterloo_field_lines(v, army, o.field, s);
  return lines;
}

}  // namespace

std::vector<std::string> waterloo_field_lines(const std::shared_ptr<const Variant>& v,
                                              std::optional<Side> army, const std::string& field,
                                              Settings& s) {
  if (field == "human")
    throw InputError("--field human: there are no human set-ups for " + v->spec +
                     " (Waterloo); give --field own or --field FILE of the other army's set-ups");
  std::vector<std::string> out;
  if (field == "own") {
    s.field = "own";
    return out;
  }
  s.field = "file";
  s.field_file = field;
  for (const auto& [line, label] : token_file_lines(field)) {
    try {
      if (army)
        check_waterloo_setup(v, other(*army), line);
      else
        waterloo_side_of(v, line);
    } catch (const InputError& e) {
      throw InputError("--field " + label + ": " + e.what());
    }
    out.push_back(line);
  }
  if (out.empty()) throw InputError(field + ": no set-up lines for the field");
  return out;
}

namespace {

// --validate FILE: the same settings judged on real games (analyze_validate.cpp).
void run_strength_validation(const StrengthOptions& o, bool fitted, ladder::MpiPool* pool) {
  if (!o.setups.empty() || !o.file.empty() || o.race || o.why || !o.svg.empty() || o.split)
    throw InputError(
        "--validate: the set-ups are those of the games' table; it takes no set-ups, --file, "
        "--race, --why, --svg or --split-half");
  ValidateOptions vo;
  vo.file = o.validate;
  vo.db = o.db;
  vo.field = o.field;
  vo.settings.variant = o.variant;
  vo.settings.bot = o.bot;
  vo.settings.nodes = o.nodes;
  vo.settings.seed = o.seed;
  vo.games = o.games;
  vo.jobs = o.jobs;
  vo.resamples = o.resamples;
  vo.quiet = o.quiet;
  vo.fitted = fitted;
  vo.model = o.model;
  run_validation(vo, pool);
}

// Which measure: --measure as given; else fitted when the variant has a built-in model (or
// --model is given) and no option of bot play is, else bots.
bool use_fitted(const StrengthOptions& o, const Variant& v) {
  if (o.measure == "bots") return false;
  if (o.measure == "fitted") {
    if (!o.bot_options_given.empty())
      throw InputError(o.bot_options_given.front() +
                       " is an option of bot play (--measure bots); the fitted measure plays no "
                       "games");
    if (o.model.empty() && !StrengthModel::builtin(v))
      throw InputError("--measure fitted: there is no fitted model for " + v.spec +
                       " (only Barrage has real games to fit on); give --model FILE or use "
                       "--measure bots");
    return true;
  }
  if (!o.measure.empty())
    throw InputError("--measure: '" + o.measure + "' is not a measure (fitted or bots)");
  if (!o.bot_options_given.empty()) return false;
  return !o.model.empty() || StrengthModel::builtin(v).has_value();
}

void run_strength(const StrengthOptions& o, ladder::MpiPool* pool) {
  if (!o.fit.file.empty()) return run_fit(o.fit);
  const auto vp = std::make_shared<const Variant>(load_variant(o.variant));
  const Variant& v = *vp;
  const bool waterloo = v.family == Family::kWaterloo;
  if (waterloo && o.measure == "fitted")
    throw InputError("--measure fitted: there is no fitted model for " + v.spec +
                     " (Waterloo has no real games here); use --measure bots");
  const bool fitted = !waterloo && use_fitted(o, v);
  if (!o.validate.empty()) return run_strength_validation(o, fitted, pool);
  if (fitted) return run_fitted_table(v, o.model, candidate_lines(v, o.setups, o.file));
  if (o.games < 2) throw InputError("--games must be at least 2");
  if (waterloo && (o.why || !o.svg.empty()))
    throw InputError(std::string(o.why ? "--why" : "--svg") +
                     ": the per-square trace is for the classic family, not Waterloo");
  Settings s;
  s.variant = o.variant;
  s.bot = o.bot;
  s.nodes = o.nodes;
  s.seed = o.seed;
  std::vector<std::string> field;
  const auto lines =
      waterloo ? waterloo_inputs(vp, o, s, field) : candidate_lines(v, o.setups, o.file);
  if (!waterloo) field = field_lines(v, s, o.field);
  OpenAnalysis open(o.db, s, field, o.jobs, o.quiet, pool);
  Store& store = open.store;
  Lab& lab = open.lab;
  std::vector<Candidate> cands;
  for (const auto& [line, label] : lines) cands.push_back(store.add_candidate(line, label));
  if (cands.empty()) cands = store.candidates();  // --db alone: the analysis as it stands
  if (cands.empty()) throw InputError("analyze strength: give set-ups (arguments or --file)");
  int games = o.games + o.games % 2;
  if (o.race) {
    RaceOptions ro = o.race_opt;
    ro.max_games = games;
    ro.bound = parse_bound(o.bound);
    RaceOracle oracle;
    oracle.play = [&](const std::vector<int>& alive, int g) {
      std::vector<Candidate> c;
      for (int i : alive) c.push_back(cands[std::size_t(i)]);
      lab.ensure(c, g);
    };
    oracle.pairs = [&](int c, int pairs) {
      return lab.pair_scores(cands[std::size_t(c)].id, pairs);
    };
    const RaceResult r = race(int(cands.size()), oracle, ro, [&](const RaceRound& rr) {
      std::cout << "race round " << rr.round << ": " << rr.games << " games each, "
                << rr.alive.size() << " left, leader " << cands[std::size_t(rr.leader)].label
                << "\n";
    });
    std::cout << "race: " << r.games << " games in " << r.rounds << " rounds (against "
              << (long long)games * (long long)cands.size() << " for " << games << " each); bound "
              << o.bound << ", delta " << ro.delta << "\n";
    std::cout << "not separated from the leader (" << cands[std::size_t(r.leader)].label << "):";
    for (int c : r.alive) std::cout << " " << cands[std::size_t(c)].label;
    std::cout << "\nseparated (worse at the race's confidence):";
    for (std::size_t i = 0; i < r.eliminated.size(); ++i)
      std::cout << " " << cands[std::size_t(r.eliminated[i])].label << " (after "
                << r.out_at_games[i] << ")";
    std::cout << "\n";
    // The table over the games all survivors played.
    std::vector<Candidate> alive;
    for (int c : r.alive) alive.push_back(cands[std::size_t(c)]);
    std::cout << format_table(summarize(store, alive, -1), store);
  } else {
    lab.ensure(cands, games);
    std::cout << format_table(summarize(store, cands, games), store);
  }
  if (!o.quiet && lab.games_played() > 0)
    std::cout << "# " << lab.games_played() << " games played in " << lab.seconds() << " s ("
              << double(lab.games_played()) / std::max(1e-9, lab.seconds()) << " games/s, "
              << (pool && pool->workers() > 0 ? std::to_string(pool->workers() + 1) + " MPI ranks"
                                              : "-j " + std::to_string(o.jobs))
              << ")\n";
  if (o.split) {
    for (int g : {100, 400, 1600, 6400})
      if (g <= games) {
        const double r = split_half(store, cands, g);
        std::cout << "split-half reliability at " << g << " games: r = " << r << " (halves of "
                  << g / 2 << " games); Spearman-Brown for " << g << ": " << spearman_brown(r)
                  << "\n";
      }
  }
  if (o.why || !o.svg.empty()) {
    const auto table = summarize(store, cands, games);
    for (const Summary& x : table) {
      const Why w = why_of(store, lab.variant(), x.candidate, games);
      if (o.why) {
        std::cout << "\nwhy " << x.candidate.label << " (" << x.candidate.line << "), " << w.games
                  << " games:\n"
                  << why_summary(w, lab.variant()) << why_table(w, lab.variant());
      }
      if (!o.svg.empty()) {
        std::error_code ec;
        std::filesystem::create_directories(o.svg, ec);
        if (ec) throw InputError("cannot create the folder " + o.svg + ": " + ec.message());
        std::string stem = x.candidate.label;
        for (char& ch : stem)
          if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '-';
        const std::string path = (std::filesystem::path(o.svg) / (stem + ".svg")).string();
        char title[160];
        std::snprintf(title, sizeof title, "%s: score %.1f%% over %d games (%s, bot %s)",
                      x.candidate.label.c_str(), 100 * x.score.mean, x.games, o.variant.c_str(),
                      o.bot.c_str());
        write_text_file_atomically(path, why_svg(w, lab.variant(), title));
        std::cout << "heat map: " << path << "\n";
      }
    }
  }
}

}  // namespace

void register_strength(CLI::App* analyze) {
  auto o = std::make_shared<StrengthOptions>();
  auto* cmd = analyze->add_subcommand(
      "strength", "How strong set-ups play: games against a field, with intervals and why");
  cmd->add_option("setups", o->setups, "Set-up lines to analyse");
  cmd->add_option("--file,-f", o->file, "A file of set-up lines to analyse");
  cmd->add_option("--variant,-v", o->variant,
                  "Variant (classic family, or Waterloo: set-up tokens of one army)")
      ->capture_default_str();
  cmd->add_option("--games,-n", o->games, "Games per set-up (both colours; rounded up to pairs)")
      ->capture_default_str();
  cmd->add_option("--field", o->field,
                  "Opponent set-ups: human (the variant's human data), own (the bot's), or a file")
      ->capture_default_str();
  cmd->add_option("--bot", o->bot, "The bot of both sides (a spec, e.g. ismcts,iterations=200)")
      ->capture_default_str();
  cmd->add_option("--nodes", o->nodes, "Search budget per decision passed to the bots");
  cmd->add_option("--seed", o->seed, "Seed of the opponents and games")
      ->check(seed_validator())
      ->capture_default_str();
  cmd->add_option("-j,--jobs", o->jobs, "Games at once")->capture_default_str();
  cmd->add_option("--db", o->db,
                  "Keep the analysis in this SQLite file (resume, extend); default: in memory");
  cmd->add_flag("--race", o->race,
                "Race: drop set-ups separated from the leader as games come in (--games: most)");
  cmd->add_option("--batch", o->race_opt.batch, "Race: games per round")->capture_default_str();
  cmd->add_option("--delta", o->race_opt.delta, "Race: error probability of losing the best")
      ->capture_default_str();
  cmd->add_option("--bound", o->bound, "Race: paired-t or bernstein")->capture_default_str();
  cmd->add_flag("--why", o->why, "Per square: lost, revealed, taken by what; the flag's way");
  cmd->add_option("--svg", o->svg, "Write a heat map per set-up into this folder");
  cmd->add_flag("--split-half", o->split,
                "Split-half reliability of the scores at 100, 400, 1600 games");
  cmd->add_option("--validate", o->validate,
                  "A table of real games (data/outcomes/): how well the scores predict them");
  cmd->add_option("--resamples", o->resamples, "--validate: bootstrap draws over games")
      ->capture_default_str();
  cmd->add_option("--measure", o->measure,
                  "fitted (a model of real games; the default for barrage) or bots (bot play; "
                  "the default elsewhere, and whenever an option of bot play is given)");
  cmd->add_option("--model", o->model, "--measure fitted: a model file instead of the built-in");
  cmd->add_option("--fit", o->fit.file,
                  "Fit the model on the fitting half of this table of real games (needs --out)");
  cmd->add_option("--out", o->fit.out, "--fit: write the model here");
  cmd->add_option("--features", o->fit.features,
                  "--fit: all, structure, familiarity, or feature names separated by commas")
      ->capture_default_str();
  cmd->add_option("--folds", o->fit.folds, "--fit: cross-validation folds")->capture_default_str();
  cmd->add_flag("--quiet,-q", o->quiet, "No progress line");
  cmd->add_flag("--mpi", o->mpi,
                "Under mpirun: rank 0 keeps the analysis, the other ranks play its games");
  cmd->callback([o, cmd] {
    o->bot_options_given.clear();
    for (const char* name : {"--games", "--field", "--bot", "--nodes", "--db", "--race", "--batch",
                             "--delta", "--bound", "--why", "--svg", "--split-half", "--mpi", "-j"})
      if (cmd->count(name) > 0) o->bot_options_given.push_back(name);
    std::ostringstream line;
    line << "stratego analyze strength --variant " << o->variant << " --fit "
         << std::filesystem::path(o->fit.file).filename().string() << " --features "
         << o->fit.features << " --folds " << o->fit.folds << " --seed " << o->seed << " --out "
         << std::filesystem::path(o->fit.out).filename().string();
    o->fit.command = line.str();
    o->fit.variant = o->variant;
    o->fit.seed = o->seed;
    with_strength_ranks(o->mpi, [&](ladder::MpiPool* p) { run_strength(*o, p); });
  });
}

}  // namespace stratego::analyze
