// Exact sampling and exact marginals by counting, for identity problems whose columns are few:
// n pieces, piece i may take column c iff bit c of masks[i] is set, and column c must be taken
// by exactly counts[c] pieces. Every consistent assignment has the same weight (the model is
// uniform over them), so the number of completions of a partial assignment is all a sampler
// needs: a dynamic programme over the pieces in order whose state is the vector of counts still
// open. Samples are independent and exactly uniform; marginals are exact (forward-backward).
//
// Why not iterative proportional fitting and a Markov chain (eval/ipf.h, assignment_sampler.h)?
// In Waterloo the class on every block's back is public, so the pieces split into blocks of one
// army and one visible class with at most a handful of identities each (INF 3/4/5/6, LC-looking
// LC/commander/commander-in-chief...); the count state of a block is then a few hundred
// vectors, and counting is exact and cheap. Nothing here knows about Waterloo: any problem with
// a small product of (count + 1) over its columns fits.
#pragma once

#include <Eigen/Core>
#include <cstdint>
#include <vector>

#include "engine/rng.h"

namespace stratego::eval {

class CountSampler {
 public:
  // Refuses (throws InputError) a problem whose count state space exceeds kMaxStates.
  static constexpr std::int64_t kMaxStates = 1 << 16;

  CountSampler() = default;
  // masks: one per piece, over at most 64 columns; counts: one per column.
  CountSampler(std::vector<std::uint64_t> masks, std::vector<int> counts);

  int pieces() const { return n_; }
  int columns() const { return int(counts_.size()); }
  // The number of consistent assignments (0: none; counts that do not add up to the pieces
  // give 0 too). A double: it only has to be compared and divided.
  double total() const { return total_; }
  bool feasible() const { return total_ > 0; }
  // The state space size of (counts + 1) over the columns with a positive count.
  static std::int64_t state_space(const std::vector<int>& counts);

  // A uniform consistent assignment: column_of[i] = the column piece i takes. Requires feasible().
  void sample(Rng& rng, std::vector<int>& column_of) const;
  // pieces x columns: P(piece i takes column c) under the uniform model. Rows sum to 1,
  // columns to counts (exactly, up to rounding). Requires feasible().
  Eigen::MatrixXd marginals() const;

 private:
  int digit(std::int64_t state, int k) const {
    return int(state / stride_[std::size_t(k)] % radix_[std::size_t(k)]);
  }

  int n_ = 0;
  std::vector<std::uint64_t> masks_;  // over live columns (those with a positive count)
  std::vector<int> counts_;           // every column as given
  std::vector<int> live_;             // live column k -> column index
  std::vector<std::int64_t> stride_, radix_;
  std::int64_t states_ = 1, start_ = 0;
  std::vector<int> state_total_;  // sum of the digits of each state
  // completions_[i * states_ + s]: assignments of pieces i.. that use up exactly state s.
  std::vector<double> completions_;
  double total_ = 0;
};

}  // namespace stratego::eval
