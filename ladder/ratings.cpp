#include "ladder/ratings.h"

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <numeric>
#include <sstream>

namespace stratego::ladder {
namespace {

const double kScale = std::log(10.0) / 400.0;  // logistic slope per Elo point

double normal_cdf(double x) { return 0.5 * std::erfc(-x / std::sqrt(2.0)); }

std::vector<int> order_by_rating(const Ratings& r) {
  std::vector<int> idx(r.rating.size());
  std::iota(idx.begin(), idx.end(), 0);
  std::stable_sort(idx.begin(), idx.end(), [&](int a, int b) { return r.rating[a] > r.rating[b]; });
  return idx;
}

}  // namespace

double elo_expected(double diff) { return 1.0 / (1.0 + std::exp(-kScale * diff)); }

Ratings fit_ratings(int n, const std::vector<PairedResult>& results, const RatingOptions& opt) {
  Ratings out;
  out.rating.assign(std::size_t(n), opt.value);
  out.error.assign(std::size_t(n), 0);
  out.points.assign(std::size_t(n), 0);
  out.games.assign(std::size_t(n), 0);
  out.covariance = Eigen::MatrixXd::Zero(n, n);
  out.los = Eigen::MatrixXd::Constant(n, n, 0.5);
  // Scores and games per ordered pair; the fit only needs these sums.
  Eigen::MatrixXd wins = Eigen::MatrixXd::Zero(n, n), played = Eigen::MatrixXd::Zero(n, n);
  for (const auto& g : results) {
    if (g.a == g.b || g.a < 0 || g.b < 0 || g.a >= n || g.b >= n) continue;
    wins(g.a, g.b) += g.score;
    wins(g.b, g.a) += 1 - g.score;
    played(g.a, g.b) += 1;
    played(g.b, g.a) += 1;
    out.points[std::size_t(g.a)] += g.score;
    out.points[std::size_t(g.b)] += 1 - g.score;
    ++out.games[std::size_t(g.a)];
    ++out.games[std::size_t(g.b)];
  }
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      if (i != j && played(i, j) > 0) {
        wins(i, j) += opt.virtual_draws / 2;
        played(i, j) += opt.virtual_draws;
      }
  // The free parameters: participants with games, less the first of them (held at 0 while
  // fitting; the anchor or mean is applied afterwards).
  std::vector<int> active;
  for (int i = 0; i < n; ++i)
    if (out.games[std::size_t(i)] > 0) active.push_back(i);
  const int m = int(active.size());
  if (m < 2) return out;
  Eigen::VectorXd r = Eigen::VectorXd::Zero(n);
  Eigen::MatrixXd info(m - 1, m - 1);
  for (out.iterations = 1; out.iterations <= 100; ++out.iterations) {
    Eigen::VectorXd grad = Eigen::VectorXd::Zero(m - 1);
    info.setZero();
    for (int x = 0; x < m; ++x)
      for (int y = 0; y < m; ++y) {
        const int i = active[std::size_t(x)], j = active[std::size_t(y)];
        if (i == j || played(i, j) == 0) continue;
        const double p = elo_expected(r(i) - r(j));
        const double w = played(i, j) * p * (1 - p) * kScale * kScale;
        if (x > 0) {
          grad(x - 1) += kScale * (wins(i, j) - played(i, j) * p);
          info(x - 1, x - 1) += w;
          if (y > 0) info(x - 1, y - 1) -= w;
        }
      }
    Eigen::VectorXd step = info.ldlt().solve(grad);
    if (!step.allFinite()) break;
    const double biggest = step.cwiseAbs().maxCoeff();
    if (biggest > 400) step *= 400 / biggest;  // damped while far from the optimum
    for (int x = 1; x < m; ++x) r(active[std::size_t(x)]) += step(x - 1);
    if (biggest < 1e-7) {
      out.converged = true;
      break;
    }
  }
  // Covariance with the first active participant held at 0, then moved to the anchor or mean.
  Eigen::MatrixXd held = Eigen::MatrixXd::Zero(m, m);
  held.bottomRightCorner(m - 1, m - 1) = info.inverse();
  // Moving to an anchor a is r' = r - r_a (+ value), to a mean r' = r - mean(r) (+ value):
  // both linear, so the covariance moves with the same matrix.
  int anchor_at = -1;
  for (int x = 0; x < m; ++x)
    if (active[std::size_t(x)] == opt.anchor) anchor_at = x;
  Eigen::VectorXd rv(m);
  for (int x = 0; x < m; ++x) rv(x) = r(active[std::size_t(x)]);
  Eigen::MatrixXd shift = Eigen::MatrixXd::Identity(m, m);
  if (anchor_at >= 0)
    shift.col(anchor_at) -= Eigen::VectorXd::Ones(m);
  else
    shift -= Eigen::MatrixXd::Constant(m, m, 1.0 / m);
  rv = shift * rv + Eigen::VectorXd::Constant(m, opt.value);
  const Eigen::MatrixXd cov = shift * held * shift.transpose();
  for (int x = 0; x < m; ++x) {
    const int i = active[std::size_t(x)];
    out.rating[std::size_t(i)] = rv(x);
    out.error[std::size_t(i)] = 1.96 * std::sqrt(std::max(0.0, cov(x, x)));
    for (int y = 0; y < m; ++y) {
      const int j = active[std::size_t(y)];
      out.covariance(i, j) = cov(x, y);
      if (i == j) continue;
      const double var = cov(x, x) + cov(y, y) - 2 * cov(x, y);
      out.los(i, j) = var > 0 ? normal_cdf((rv(x) - rv(y)) / std::sqrt(var)) : 0.5;
    }
  }
  return out;
}

std::string ratings_table(const std::vector<std::string>& names, const Ratings& r) {
  std::size_t width = 6;
  for (const auto& s : names) width = std::max(width, s.size());
  std::ostringstream o;
  o << std::fixed;
  o << "   # " << std::left << std::setw(int(width)) << "PLAYER" << std::right
    << " :  RATING  ERROR   POINTS  PLAYED    (%)\n";
  int rank = 0;
  for (int i : order_by_rating(r)) {
    const auto k = std::size_t(i);
    o << std::setw(4) << ++rank << " " << std::left << std::setw(int(width)) << names[k]
      << std::right << " : " << std::setw(7) << std::setprecision(1) << r.rating[k] << " "
      << std::setw(6) << std::setprecision(1) << r.error[k] << " " << std::setw(8)
      << std::setprecision(1) << r.points[k] << " " << std::setw(7) << r.games[k] << " "
      << std::setw(6) << std::setprecision(1)
      << (r.games[k] ? 100.0 * r.points[k] / r.games[k] : 0.0) << "\n";
  }
  return o.str();
}

std::string los_table(const std::vector<std::string>& names, const Ratings& r) {
  const auto order = order_by_rating(r);
  std::size_t width = 6;
  for (const auto& s : names) width = std::max(width, s.size());
  std::ostringstream o;
  o << "likelihood of superiority (%, row stronger than column)\n" << std::setw(int(width)) << "";
  for (int j : order) o << " " << std::setw(7) << names[std::size_t(j)].substr(0, 7);
  o << "\n" << std::fixed << std::setprecision(1);
  for (int i : order) {
    o << std::left << std::setw(int(width)) << names[std::size_t(i)] << std::right;
    for (int j : order) {
      if (i == j)
        o << " " << std::setw(7) << "-";
      else
        o << " " << std::setw(7) << 100 * r.los(i, j);
    }
    o << "\n";
  }
  return o.str();
}

}  // namespace stratego::ladder
