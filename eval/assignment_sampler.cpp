#include "eval/assignment_sampler.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <numeric>

#include "engine/error.h"

namespace stratego::eval {

AssignmentSampler::AssignmentSampler(const Eigen::MatrixXd& weights, std::vector<IdMask> masks,
                                     std::vector<int> counts, std::uint64_t seed, int burn_in)
    : n_(int(masks.size())),
      m_(int(counts.size())),
      masks_(std::move(masks)),
      counts_(std::move(counts)),
      hall_(masks_, counts_),
      rng_(seed),
      burn_in_(burn_in) {
  if (!hall_.feasible() || m_ > kMaxIdentities)
    throw InputError("assignment sampler: no assignment fits the masks and counts");
  // An allowed pair keeps a positive weight even if the fit drove it to (near) zero: dropping
  // it would make the proposal miss assignments the masks allow.
  constexpr double kFloor = 1e-300;
  w_.assign(std::size_t(n_) * std::size_t(m_), 0.0);
  col_sums_.assign(std::size_t(m_), 0.0);
  for (int i = 0; i < n_; ++i)
    for (int k = 0; k < m_; ++k)
      if ((masks_[std::size_t(i)] >> k) & 1) {
        const double x = std::max(weights(i, k), kFloor);
        w_[std::size_t(i * m_ + k)] = x;
        col_sums_[std::size_t(k)] += x;
      }
  order_.resize(std::size_t(n_));
  std::iota(order_.begin(), order_.end(), 0);
  std::stable_sort(order_.begin(), order_.end(), [&](int a, int b) {
    return std::popcount(masks_[std::size_t(a)]) < std::popcount(masks_[std::size_t(b)]);
  });
  hall_start_ = hall_;
  current_.assign(std::size_t(n_), -1);
  proposal_.assign(std::size_t(n_), -1);
  left_.resize(std::size_t(m_));
  expected_.resize(std::size_t(m_));
}

double AssignmentSampler::draw() {
  hall_ = hall_start_;  // copies into the storage it has: no allocation
  std::copy(counts_.begin(), counts_.end(), left_.begin());
  std::copy(col_sums_.begin(), col_sums_.end(), expected_.begin());
  // The product of w[i][k] / p(k) over the steps, kept near 1 by renormalising (each factor is
  // the step's total times expected/left, both O(1)), so one log at the end suffices.
  double ratio = 1.0, log_ratio = 0.0;
  double p[kMaxIdentities];
  for (int i : order_) {
    const IdMask mask = masks_[std::size_t(i)];
    const IdMask allowed = hall_.allowed(mask);  // also drops identities with no count left
    const double* row = &w_[std::size_t(i * m_)];
    double total = 0;
    for (IdMask rest = allowed; rest; rest &= rest - 1) {
      const int k = std::countr_zero(rest);
      const double e = std::max(expected_[std::size_t(k)], 1e-300);
      p[k] = row[k] * double(left_[std::size_t(k)]) / e;
      total += p[k];
    }
    // allowed is never empty: Hall's condition held before this piece, so some identity keeps it.
    double u = rng_.uniform01() * total;
    int chosen = std::countr_zero(allowed);
    for (IdMask rest = allowed; rest; rest &= rest - 1) {
      const int k = std::countr_zero(rest);
      chosen = k;
      if (u < p[k]) break;
      u -= p[k];
    }
    ratio *= total * row[chosen] / p[chosen];
    if (ratio > 1e100 || ratio < 1e-100) {
      log_ratio += std::log(ratio);
      ratio = 1.0;
    }
    proposal_[std::size_t(i)] = chosen;
    hall_.assign(mask, chosen);
    --left_[std::size_t(chosen)];
    for (IdMask rest = mask; rest; rest &= rest - 1) {
      const int k = std::countr_zero(rest);
      expected_[std::size_t(k)] -= row[k];
    }
  }
  return log_ratio + std::log(ratio);
}

const std::vector<int>& AssignmentSampler::propose() {
  draw();
  return proposal_;
}

const std::vector<int>& AssignmentSampler::next() {
  const int steps = started_ ? 1 : burn_in_ + 1;
  for (int s = 0; s < steps; ++s) {
    const double r = draw();
    ++steps_;
    if (!started_ || std::log(rng_.uniform01()) < r - current_log_ratio_) {
      current_.swap(proposal_);
      current_log_ratio_ = r;
      started_ = true;
      ++accepted_;
    }
  }
  return current_;
}

}  // namespace stratego::eval
