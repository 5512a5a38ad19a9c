#include "eval/exact_marginals.h"

namespace stratego::eval {

std::int64_t count_states(const std::vector<int>& counts) {
  std::int64_t s = 1;
  for (int c : counts) {
    s *= c + 1;
    if (s > (std::int64_t{1} << 40)) return s;
  }
  return s;
}

std::optional<Eigen::MatrixXd> exact_marginals(const Eigen::MatrixXd& weights,
                                               const std::vector<IdMask>& masks,
                                               const std::vector<int>& counts,
                                               std::int64_t max_states) {
  const int n = int(masks.size()), m = int(counts.size());
  const std::int64_t states = count_states(counts);
  if (states > max_states) return std::nullopt;
  // stride[k]: the index step of one more use of identity k.
  std::vector<std::int64_t> stride(std::size_t(m), 1);
  for (int k = 1; k < m; ++k)
    stride[std::size_t(k)] = stride[std::size_t(k - 1)] * (counts[std::size_t(k - 1)] + 1);
  std::int64_t full = 0;
  for (int k = 0; k < m; ++k) full += stride[std::size_t(k)] * counts[std::size_t(k)];
  // used(state, k) from the index.
  auto used = [&](std::int64_t s, int k) {
    return int(s / stride[std::size_t(k)] % (counts[std::size_t(k)] + 1));
  };
  // Every state that i pieces reach has its uses summing to i: layer the states by that sum, so
  // each pass visits each state once.
  std::vector<std::vector<std::int64_t>> layer(std::size_t(n + 1));
  for (std::int64_t s = 0; s < states; ++s) {
    int total = 0;
    for (int k = 0; k < m; ++k) total += used(s, k);
    if (total <= n) layer[std::size_t(total)].push_back(s);
  }
  std::vector<double> fwd(std::size_t(states), 0.0), bwd(std::size_t(states), 0.0);
  // fwd is per layer, but layers are disjoint, so one array holds them all.
  fwd[0] = 1.0;
  for (int i = 0; i < n; ++i)
    for (std::int64_t s : layer[std::size_t(i)]) {
      const double z = fwd[std::size_t(s)];
      if (z == 0) continue;
      for (int k = 0; k < m; ++k)
        if (((masks[std::size_t(i)] >> k) & 1) && used(s, k) < counts[std::size_t(k)])
          fwd[std::size_t(s + stride[std::size_t(k)])] += z * weights(i, k);
    }
  const double total = fwd[std::size_t(full)];
  if (!(total > 0)) return std::nullopt;
  bwd[std::size_t(full)] = 1.0;
  Eigen::MatrixXd out = Eigen::MatrixXd::Zero(n, m);
  for (int i = n - 1; i >= 0; --i)
    for (std::int64_t s : layer[std::size_t(i)]) {
      const double f = fwd[std::size_t(s)];
      double b = 0;
      for (int k = 0; k < m; ++k) {
        if (!((masks[std::size_t(i)] >> k) & 1) || used(s, k) >= counts[std::size_t(k)]) continue;
        const double after = bwd[std::size_t(s + stride[std::size_t(k)])];
        if (after == 0) continue;
        b += weights(i, k) * after;
        out(i, k) += f * weights(i, k) * after / total;
      }
      bwd[std::size_t(s)] = b;
    }
  return out;
}

}  // namespace stratego::eval
