#include "eval/ipf.h"

#include <cmath>

namespace stratego::eval {

BalanceResult balance(const Eigen::MatrixXd& weights, const Eigen::VectorXd& row_targets,
                      const Eigen::VectorXd& col_targets, double tolerance, int max_sweeps) {
  BalanceResult r;
  r.matrix = weights;
  Eigen::MatrixXd& m = r.matrix;
  if (m.rows() == 0 || m.cols() == 0) {
    r.sweeps = 0;
    r.converged = m.rows() == 0 && (m.cols() == 0 || col_targets.cwiseAbs().maxCoeff() == 0);
    return r;
  }
  const auto scale_of = [](double target, double sum) { return sum > 0 ? target / sum : 0.0; };
  for (r.sweeps = 1; r.sweeps <= max_sweeps; ++r.sweeps) {
    const Eigen::VectorXd rows = m.rowwise().sum();
    for (Eigen::Index i = 0; i < m.rows(); ++i) m.row(i) *= scale_of(row_targets(i), rows(i));
    const Eigen::RowVectorXd cols = m.colwise().sum();
    for (Eigen::Index j = 0; j < m.cols(); ++j) m.col(j) *= scale_of(col_targets(j), cols(j));
    r.max_error = (m.rowwise().sum() - row_targets).cwiseAbs().maxCoeff();
    if (r.max_error <= tolerance) break;
  }
  r.sweeps = std::min(r.sweeps, max_sweeps);
  // A column or row that could not be reached at all stays off its target: not converged.
  const double col_error = (m.colwise().sum().transpose() - col_targets).cwiseAbs().maxCoeff();
  r.max_error = std::max(r.max_error, col_error);
  r.converged = r.max_error <= tolerance && std::isfinite(r.max_error);
  return r;
}

}  // namespace stratego::eval
