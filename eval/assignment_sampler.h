// Draws complete assignments of identities to pieces that satisfy every mask and every count
// exactly, distributed as the model says. Family-neutral (eval/assignment.h).
//
// The target: pi(a) proportional to prod_i w[i][a_i] over the consistent assignments a, where
// w is the model's pieces x identities weight matrix (prior x evidence). It is the balanced
// matrix of eval/ipf.h that is passed in: on consistent assignments it gives the same pi.
//
// How: an independence Metropolis-Hastings chain. Each step draws a proposal piece by piece
// (most constrained pieces first); piece i takes identity k with probability proportional to
// w[i][k] * left[k] / expected[k] (left: the count of k not yet given out; expected: the weight
// of k in the rows not yet drawn, so the draw steers back when it drifts from the counts),
// over the k that keep the rest completable by Hall's condition (HallIndex). So every proposal
// is consistent, every consistent assignment can be proposed, and its proposal probability q(a)
// is known exactly. The proposal replaces the current assignment with probability
// min(1, pi(a')q(a) / (pi(a)q(a'))). The chain's stationary distribution is exactly pi; a
// fresh sampler first makes `burn_in` steps. Successive samples are dependent (a rejected step
// repeats the previous one): acceptance_rate() says how often a step moves.
#pragma once

#include <Eigen/Core>
#include <cstdint>
#include <vector>

#include "engine/rng.h"
#include "eval/assignment.h"

namespace stratego::eval {

class AssignmentSampler {
 public:
  static constexpr int kDefaultBurnIn = 16;

  // weights: n x m, > 0 on every pair its mask allows; masks: n, narrowed (narrow_masks); counts:
  // m. Throws InputError if no assignment fits.
  AssignmentSampler(const Eigen::MatrixXd& weights, std::vector<IdMask> masks,
                    std::vector<int> counts, std::uint64_t seed, int burn_in = kDefaultBurnIn);

  // One step of the chain; the identity index of each piece.
  const std::vector<int>& next();
  // A draw of the proposal alone (consistent, but distributed as q, not pi).
  const std::vector<int>& propose();

  std::int64_t steps() const { return steps_; }
  double acceptance_rate() const { return steps_ ? double(accepted_) / double(steps_) : 0.0; }
  int pieces() const { return int(masks_.size()); }

 private:
  // Draws into proposal_ and returns log(pi~(a) / q(a)) for it.
  double draw();

  int n_ = 0, m_ = 0;
  std::vector<double> w_;  // row-major n x m
  std::vector<IdMask> masks_;
  std::vector<int> counts_, order_;
  std::vector<double> col_sums_;
  HallIndex hall_, hall_start_;
  Rng rng_;
  int burn_in_ = 0;
  std::vector<int> current_, proposal_;
  double current_log_ratio_ = 0;
  bool started_ = false;
  std::int64_t steps_ = 0, accepted_ = 0;
  // scratch
  std::vector<int> left_;
  std::vector<double> expected_;
};

}  // namespace stratego::eval
