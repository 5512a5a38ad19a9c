// Fitting a set-up prior (eval/priors/setup_model.h) to human set-ups: maximum a posteriori with a
// Gaussian prior N(0, 1/l2) on every parameter (the smoothing that keeps small data sets such as
// Duel's 64 set-ups from overfitting), by Adam on mini-batches with a fixed seed, every set-up
// seen both as it is and mirrored. The per-square table is the mirror-averaged share of each
// symbol on each square, smoothed towards the army's shares with a Dirichlet weight chosen by
// leave-one-out likelihood on the training set.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "eval/priors/setup_model.h"

namespace stratego::eval {

struct SetupData {
  std::vector<std::vector<int>> training, validation;  // symbol codes per frame square
};

// The validation split: every 10th set-up of the file (its 10th, 20th, ... set-up line; blank
// and comment lines do not count) is held out; the rest is for fitting. Lines are parsed with
// model.symbols_of(); an error names the origin and line number.
constexpr int kValidationEvery = 10;
SetupData split_setups(const SetupModel& model, const std::vector<std::string>& lines,
                       const std::vector<int>& line_numbers, const std::string& origin);

struct FitOptions {
  bool structure = true;  // the Flag step, the relations to the Flag and same-symbol neighbours
  double l2 = 1.0;
  int steps = 3000;
  int batch = 256;
  double rate = 0.05;
  std::uint64_t seed = 1;
};

// Fits a copy of `shape` (a SetupModel::uniform of the variant) to data.training.
SetupModel fit_setup_model(const SetupModel& shape, const SetupData& data, const FitOptions& o);

// Mean log-probability in nats per set-up.
double mean_log_prob(const SetupModel& m, const std::vector<std::vector<int>>& setups);

std::vector<int> mirrored(const std::vector<int>& symbols, int width);

}  // namespace stratego::eval
