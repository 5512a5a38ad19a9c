// The fitted strength measure (docs/setup-strength.md, "The fitted measure"): a pairwise
// (Bradley-Terry) logistic model of real games,
//   P(Red wins) = 1 / (1 + exp(-(f(Red's set-up) - f(Blue's set-up) + c))),
// where f is linear in the set-up's features (strength/setup_features.h) and c is Red's
// advantage. Fitted with an L2 penalty on the games of the fitting half of a table of real
// games (the held-out half is never used: real_games.h, held_out_game), the penalty chosen by
// cross-validation inside the fitting half. The coefficients are a small text file
// (data/strength/*.model), compiled in, written by `stratego analyze strength --fit`.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/variant.h"

namespace stratego::strength {

// --- the fitter ---

// The fit: P(won_i) = sigmoid(intercept + sum_k w[k] x[i][k]). The penalty is
// l2/2 * sum_k (w[k] s[k])^2, s[k] the root mean square of column k (so the penalty does not
// depend on a feature's units); the intercept is not penalised. Newton's method (Eigen).
struct PairwiseFit {
  double intercept = 0;
  std::vector<double> w;
  double predict_logit(const std::vector<double>& x) const;
};
PairwiseFit fit_pairwise(const std::vector<std::vector<double>>& x, const std::vector<int>& won,
                         double l2);
// The penalised negative log-likelihood that fit_pairwise minimises (for tests and reports).
double pairwise_objective(const PairwiseFit& f, const std::vector<std::vector<double>>& x,
                          const std::vector<int>& won, double l2);

// K-fold cross-validated AUC: the games dealt into `folds` folds by a seeded shuffle, each
// fold predicted by the fit on the others; the AUC of all predictions together.
double cross_validated_auc(const std::vector<std::vector<double>>& x, const std::vector<int>& won,
                           double l2, int folds, std::uint64_t seed);

// --- the model file ---

struct StrengthModel {
  std::string origin;  // where it was read from (file name or "built-in ...")
  std::string variant;
  double red_advantage = 0;                             // c
  std::vector<std::pair<std::string, double>> weights;  // feature name, coefficient
  std::vector<std::string> comments;                    // the file's # lines, without '#'

  // f(set-up) from all of a set-up's features (all_features() order).
  double value(const std::vector<double>& features) const;
  // The text format (parse reads it back).
  std::string format() const;
  // Reads the text format; InputError "ORIGIN:LINE: ..." for anything wrong.
  static StrengthModel parse(std::string_view text, const std::string& origin);
  static StrengthModel read(const std::string& path);
  // The compiled-in model of v's base variant (data/strength/NAME.model), if any.
  static std::optional<StrengthModel> builtin(const Variant& v);

 private:
  std::vector<int> index_;  // feature index per weight
};

// The expected score of a set-up with value f against a field of values (each met once as Red
// and once as Blue): the mean of (P(win as Red) + P(win as Blue)) / 2.
double expected_score(double f, const std::vector<double>& field, double red_advantage);

}  // namespace stratego::strength
