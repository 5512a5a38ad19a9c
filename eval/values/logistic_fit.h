// L2-regularised logistic regression by Newton's method (IRLS) on Eigen: the fit behind
// `stratego train value`. Targets may be fractional (a draw is 0.5): the loss is the
// cross-entropy -sum t log p + (1 - t) log(1 - p) + l2/2 |w|^2, convex, so Newton from w = 0
// converges in a few steps on well-posed data.
#pragma once

#include <Eigen/Dense>

namespace stratego::eval {

struct LogisticFitResult {
  Eigen::VectorXd w;
  int iterations = 0;
  bool converged = false;
};

// Rows of x are samples; t in [0, 1]. Stops when the Newton step's largest component is below
// tol or after max_iterations.
LogisticFitResult fit_logistic(const Eigen::MatrixXd& x, const Eigen::VectorXd& t, double l2,
                               int max_iterations = 50, double tol = 1e-9);

struct LogisticScore {
  double log_loss = 0;  // mean cross-entropy in nats
  double accuracy = 0;  // share of decided samples (t != 0.5) on the right side of 0.5
  int samples = 0;
};
// The predictions logistic(x w) scored against t.
LogisticScore score_logistic(const Eigen::MatrixXd& x, const Eigen::VectorXd& t,
                             const Eigen::VectorXd& w);

}  // namespace stratego::eval
