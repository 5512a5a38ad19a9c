// Ratings of a ladder: maximum-likelihood Bradley–Terry on the Elo scale, a draw counted as
// half a win and half a loss (the model Ordo fits), with one virtual draw added between every
// two participants that met so that a 100% score still has a finite rating. Fitted with
// Newton's method on Eigen; the 95% intervals come from the inverse of the Hessian of the
// log-likelihood (the observed information), and so does the likelihood of superiority.
#pragma once

#include <Eigen/Dense>
#include <string>
#include <vector>

namespace stratego::ladder {

struct PairedResult {
  int a = 0, b = 0;  // participant indices
  double score = 0;  // a's score: 1, 0.5 or 0
};

struct RatingOptions {
  int anchor = -1;  // this participant's rating is `value`; -1: the mean is `value`
  double value = 0;
  double virtual_draws = 1;  // per pair of participants that met
};

struct Ratings {
  std::vector<double> rating, error;  // error: half-width of the 95% interval
  std::vector<double> points;
  std::vector<int> games;
  Eigen::MatrixXd covariance;  // of the ratings (0 rows/columns for the anchor)
  Eigen::MatrixXd los;         // los(i, j): P(i stronger than j)
  int iterations = 0;
  bool converged = false;
};

// Participants with no games get rating `value` and error 0 (and games 0). Never throws.
Ratings fit_ratings(int participants, const std::vector<PairedResult>& results,
                    const RatingOptions& options = {});

// Expected score of a rating difference on the Elo scale.
double elo_expected(double diff);

// A table like Ordo's: rank, name, rating, error, points, played, percent; best first.
std::string ratings_table(const std::vector<std::string>& names, const Ratings& r);
// The likelihood-of-superiority matrix as text, in the table's order, percentages.
std::string los_table(const std::vector<std::string>& names, const Ratings& r);

}  // namespace stratego::ladder
