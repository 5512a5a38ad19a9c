#include "eval/values/logistic_fit.h"

#include <algorithm>
#include <cmath>

namespace stratego::eval {
namespace {

double logistic(double z) { return 1.0 / (1.0 + std::exp(-z)); }

// log(1 + e^z) without overflow.
double softplus(double z) { return z > 0 ? z + std::log1p(std::exp(-z)) : std::log1p(std::exp(z)); }

}  // namespace

LogisticFitResult fit_logistic(const Eigen::MatrixXd& x, const Eigen::VectorXd& t, double l2,
                               int max_iterations, double tol) {
  const Eigen::Index d = x.cols();
  LogisticFitResult r;
  r.w = Eigen::VectorXd::Zero(d);
  // A feature that is 0 in every sample gets only the penalty; a tiny floor keeps the
  // Hessian invertible when l2 is 0.
  const double ridge = std::max(l2, 1e-12);
  for (r.iterations = 1; r.iterations <= max_iterations; ++r.iterations) {
    const Eigen::VectorXd z = x * r.w;
    Eigen::VectorXd p(z.size()), h(z.size());
    for (Eigen::Index i = 0; i < z.size(); ++i) {
      p[i] = logistic(z[i]);
      h[i] = std::max(p[i] * (1 - p[i]), 1e-12);
    }
    const Eigen::VectorXd grad = x.transpose() * (p - t) + l2 * r.w;
    Eigen::MatrixXd hess = x.transpose() * h.asDiagonal() * x;
    hess.diagonal().array() += ridge;
    const Eigen::VectorXd step = hess.ldlt().solve(grad);
    r.w -= step;
    if (step.cwiseAbs().maxCoeff() < tol) {
      r.converged = true;
      break;
    }
  }
  r.iterations = std::min(r.iterations, max_iterations);
  return r;
}

LogisticScore score_logistic(const Eigen::MatrixXd& x, const Eigen::VectorXd& t,
                             const Eigen::VectorXd& w) {
  LogisticScore s;
  s.samples = int(x.rows());
  if (s.samples == 0) return s;
  const Eigen::VectorXd z = x * w;
  double loss = 0;
  int decided = 0, right = 0;
  for (Eigen::Index i = 0; i < z.size(); ++i) {
    // -t log p - (1 - t) log(1 - p) with log p = -softplus(-z), log(1 - p) = -softplus(z).
    loss += t[i] * softplus(-z[i]) + (1 - t[i]) * softplus(z[i]);
    if (t[i] == 0.5) continue;
    ++decided;
    right += (z[i] > 0) == (t[i] > 0.5);
  }
  s.log_loss = loss / double(s.samples);
  s.accuracy = decided ? double(right) / decided : 0;
  return s;
}

}  // namespace stratego::eval
