// Exact marginals of the assignment model by counting, for problems whose count state space is
// small enough: pi(a) proportional to prod_i w[i][a_i] over the assignments that fit the masks
// and counts (eval/assignment.h), P(piece i takes identity k) = sum of pi over those with a_i =
// k. A forward and a backward pass over the pieces, each state being the vector of counts used
// so far (mixed-radix index over prod (count + 1) states). Family-neutral.
//
// Why next to IPF (eval/ipf.h)? The balanced matrix is an approximation: where the counts are
// nearly tight (one movable piece left among the unmoved ones, say) it can be off by several
// per cent; these are the exact numbers the sampler's frequencies converge to, for tests and
// for analysis. The cost is (states) x (identities) per pass.
#pragma once

#include <Eigen/Core>
#include <cstdint>
#include <optional>
#include <vector>

#include "eval/assignment.h"

namespace stratego::eval {

constexpr std::int64_t kExactMaxStates = 1 << 21;

// Number of count states of the problem: prod over identities of (count + 1).
std::int64_t count_states(const std::vector<int>& counts);

// weights: n x m, used only where masks allow; nullopt if the state space exceeds max_states
// or no assignment fits.
std::optional<Eigen::MatrixXd> exact_marginals(const Eigen::MatrixXd& weights,
                                               const std::vector<IdMask>& masks,
                                               const std::vector<int>& counts,
                                               std::int64_t max_states = kExactMaxStates);

}  // namespace stratego::eval
