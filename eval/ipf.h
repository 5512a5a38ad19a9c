// Iterative proportional fitting (Sinkhorn scaling) of a non-negative pieces x identities
// weight matrix to given row and column sums: the belief's marginals (rows sum to 1, columns
// to the counts that remain). Scaling rows and columns does not change which assignments are
// possible nor their relative weights (a consistent assignment's product of entries changes by
// a constant factor), so the balanced matrix stands for the same model as the weights.
#pragma once

#include <Eigen/Core>

namespace stratego::eval {

// Stated tolerance and cap: rows within 1e-9 of their targets (columns are exact after each
// column step), at most 5000 sweeps. Masks narrowed by narrow_masks() give every allowed entry
// a place in some exact solution, and then the fit converges geometrically (typically in tens
// of sweeps); a cap hit is reported, never hidden.
constexpr double kIpfTolerance = 1e-9;
constexpr int kIpfMaxSweeps = 5000;

struct BalanceResult {
  Eigen::MatrixXd matrix;  // same shape as the weights
  int sweeps = 0;          // row step + column step pairs made
  double max_error = 0;    // largest |row sum - target| after the last sweep
  bool converged = false;  // max_error <= tolerance
};

// weights: n x m, >= 0; row_targets: n; col_targets: m, with equal totals. A row or column
// with a positive target and no positive weight cannot be fitted: the result then says
// converged = false.
BalanceResult balance(const Eigen::MatrixXd& weights, const Eigen::VectorXd& row_targets,
                      const Eigen::VectorXd& col_targets, double tolerance = kIpfTolerance,
                      int max_sweeps = kIpfMaxSweeps);

}  // namespace stratego::eval
