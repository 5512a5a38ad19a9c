// The parts of `stratego analyze` (tools/analyze_*.cpp): beliefs along a game record, set-up
// log-probabilities, fitting the set-up priors, and the accuracy measurement of beliefs.
#pragma once

#include <CLI/CLI.hpp>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "eval/priors/setup_model.h"
#include "ladder/run_lock.h"
#include "strength/lab.h"
#include "strength/setup_features.h"
#include "strength/store.h"
#include "strength/strength_model.h"

namespace stratego::ladder {
class MpiPool;
}

namespace stratego::analyze {

void register_setup(CLI::App* analyze);      // analyze setup FILE --variant V [--squares]
void register_fit(CLI::App* analyze);        // analyze fit --variant V --data FILE [--out F]
void register_accuracy(CLI::App* analyze);   // analyze accuracy --variant V --data FILE ...
void register_strength(CLI::App* analyze);   // analyze strength SETUP... | --file F [--race] ...
void register_generate(CLI::App* analyze);   // analyze generate --variant V [--out FILE] ...
void register_decisions(CLI::App* analyze);  // analyze decisions RECORD --side S --bot B ...

// The prior for a variant: the file given (a `.prior` written by `analyze fit`), else the
// compiled-in one (eval/priors/setup_model.h).
std::shared_ptr<const eval::SetupModel> load_prior(const Variant& v, const std::string& file);

// A strength analysis open for games (analyze strength, analyze generate): with --db FILE its
// run lock, taken first; the store of its settings, field and games; the lab that plays into it.
struct OpenAnalysis {
  OpenAnalysis(const std::string& db, const strength::Settings& s,
               const std::vector<std::string>& field, int jobs, bool quiet, ladder::MpiPool* pool);
  std::unique_ptr<ladder::RunLock> lock;
  strength::Store store;
  strength::Lab lab;
};

// The field's set-up lines for --field (human: the compiled-in training split of the variant's
// human set-ups; own: none, the bot sets up; else a file), with s.field and s.field_file set.
std::vector<std::string> field_lines(const Variant& v, strength::Settings& s,
                                     const std::string& field);  // analyze_strength.cpp
// Waterloo's field for --field: own (none, the bot sets up the other army) or a file of the
// other army's set-up token lines, each checked (against `army`'s other army when known);
// human is refused (there are no human Waterloo set-ups). Sets s.field and s.field_file.
std::vector<std::string> waterloo_field_lines(const std::shared_ptr<const Variant>& v,
                                              std::optional<Side> army, const std::string& field,
                                              strength::Settings& s);  // analyze_strength.cpp

// `analyze strength --validate FILE` (analyze_validate.cpp): scores every set-up of a table of
// real games (strength/real_games.h) with the measure of these settings, then says how well the
// score difference predicts the winner, beside the familiarity baseline.
struct ValidateOptions {
  std::string file, db, field = "human";
  std::string model;    // fitted: a model file instead of the built-in one
  bool fitted = false;  // the fitted measure (no games) instead of bot play
  bool halves = true;   // also the fitting half and the held-out half apart
  strength::Settings settings;
  int games = 400, jobs = 1, resamples = 1000;
  bool quiet = false;
};
void run_validation(const ValidateOptions& o, ladder::MpiPool* pool);

// The fitted measure of a variant (analyze_fitted.cpp): the model (the file given, else the
// built-in one; InputError if the variant has none) and the features it needs.
struct FittedMeasure {
  strength::StrengthModel model;
  strength::FeatureComputer features;
};
FittedMeasure fitted_measure(const Variant& v, const std::string& model_file);
// The values f of the variant's human field set-ups (the training split of its human set-ups),
// against which a fitted score is the expected score.
std::vector<double> fitted_field_values(const FittedMeasure& m);

// `analyze strength --fit FILE --out MODEL` (analyze_fitted.cpp): fits the pairwise model on the
// fitting half of a table of real games, the penalty chosen by cross-validation there.
struct FitOptions {
  std::string file, out, features = "all", command;
  std::string variant = "barrage";
  int folds = 5;
  std::uint64_t seed = 1;
};
void run_fit(const FitOptions& o);
// `analyze strength` with the fitted measure: the table of the set-ups' fitted scores.
void run_fitted_table(const Variant& v, const std::string& model_file,
                      const std::vector<std::pair<std::string, std::string>>& lines);

// Runs a command that plays strength games (analyze strength, analyze generate): body(null)
// without --mpi; with it (under mpirun) body(pool) on rank 0 only, the other ranks playing
// the games it sends (tools/analyze_mpi.cpp). An error on rank 0 ends every rank, exit 2.
void with_strength_ranks(bool mpi, const std::function<void(ladder::MpiPool*)>& body);

}  // namespace stratego::analyze
