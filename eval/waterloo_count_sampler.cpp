#include "eval/waterloo_count_sampler.h"

#include <string>

#include "engine/error.h"

namespace stratego::eval {

std::int64_t CountSampler::state_space(const std::vector<int>& counts) {
  std::int64_t states = 1;
  for (int c : counts) {
    if (c <= 0) continue;
    states *= c + 1;
    if (states > kMaxStates) return states;
  }
  return states;
}

CountSampler::CountSampler(std::vector<std::uint64_t> masks, std::vector<int> counts)
    : n_(int(masks.size())), counts_(std::move(counts)) {
  if (counts_.size() > 64) throw InputError("count sampler: more than 64 columns");
  int total_count = 0;
  for (std::size_t c = 0; c < counts_.size(); ++c) {
    if (counts_[c] < 0) throw InputError("count sampler: a negative count");
    total_count += counts_[c];
    if (counts_[c] > 0) live_.push_back(int(c));
  }
  states_ = state_space(counts_);
  if (states_ > kMaxStates)
    throw InputError(std::string("count sampler: ") + std::to_string(states_) +
                     " count states exceed the limit of " + std::to_string(kMaxStates));
  // Mixed radix over the live columns; the start state holds every count.
  std::int64_t stride = 1;
  for (int c : live_) {
    stride_.push_back(stride);
    radix_.push_back(counts_[std::size_t(c)] + 1);
    start_ += stride * counts_[std::size_t(c)];
    stride *= counts_[std::size_t(c)] + 1;
  }
  masks_.resize(masks.size());
  for (std::size_t i = 0; i < masks.size(); ++i)
    for (std::size_t k = 0; k < live_.size(); ++k)
      if (masks[i] >> live_[k] & 1) masks_[i] |= std::uint64_t(1) << k;
  if (total_count != n_) return;  // total_ stays 0: the counts cannot be met
  state_total_.resize(std::size_t(states_));
  for (std::int64_t s = 0; s < states_; ++s) {
    int t = 0;
    for (std::size_t k = 0; k < live_.size(); ++k) t += digit(s, int(k));
    state_total_[std::size_t(s)] = t;
  }
  const auto S = std::size_t(states_);
  completions_.assign(std::size_t(n_ + 1) * S, 0.0);
  completions_[std::size_t(n_) * S + 0] = 1.0;  // nothing left to place, nothing left open
  for (int i = n_ - 1; i >= 0; --i) {
    const double* next = &completions_[std::size_t(i + 1) * S];
    double* here = &completions_[std::size_t(i) * S];
    const int left = n_ - i;
    for (std::int64_t s = 0; s < states_; ++s) {
      if (state_total_[std::size_t(s)] != left) continue;
      double sum = 0;
      for (std::uint64_t m = masks_[std::size_t(i)]; m; m &= m - 1) {
        const int k = __builtin_ctzll(m);
        if (digit(s, k) > 0) sum += next[s - stride_[std::size_t(k)]];
      }
      here[s] = sum;
    }
  }
  total_ = completions_[std::size_t(start_)];
}

void CountSampler::sample(Rng& rng, std::vector<int>& column_of) const {
  column_of.resize(std::size_t(n_));
  const auto S = std::size_t(states_);
  std::int64_t s = start_;
  for (int i = 0; i < n_; ++i) {
    const double* next = &completions_[std::size_t(i + 1) * S];
    const double here = completions_[std::size_t(i) * S + std::size_t(s)];
    double u = rng.uniform01() * here;
    int pick = -1;
    for (std::uint64_t m = masks_[std::size_t(i)]; m; m &= m - 1) {
      const int k = __builtin_ctzll(m);
      if (digit(s, k) == 0) continue;
      const double w = next[s - stride_[std::size_t(k)]];
      if (w <= 0) continue;
      pick = k;  // the last positive choice absorbs rounding at the top end
      if (u < w) break;
      u -= w;
    }
    column_of[std::size_t(i)] = live_[std::size_t(pick)];
    s -= stride_[std::size_t(pick)];
  }
}

Eigen::MatrixXd CountSampler::marginals() const {
  Eigen::MatrixXd out = Eigen::MatrixXd::Zero(n_, Eigen::Index(counts_.size()));
  const auto S = std::size_t(states_);
  // reach[s]: weight of the assignments of pieces 0..i-1 that leave state s open.
  std::vector<double> reach(S, 0.0), next_reach(S, 0.0);
  reach[std::size_t(start_)] = 1.0;
  for (int i = 0; i < n_; ++i) {
    const double* after = &completions_[std::size_t(i + 1) * S];
    std::fill(next_reach.begin(), next_reach.end(), 0.0);
    const int left = n_ - i;
    for (std::int64_t s = 0; s < states_; ++s) {
      const double r = reach[std::size_t(s)];
      if (r == 0 || state_total_[std::size_t(s)] != left) continue;
      for (std::uint64_t m = masks_[std::size_t(i)]; m; m &= m - 1) {
        const int k = __builtin_ctzll(m);
        if (digit(s, k) == 0) continue;
        const std::int64_t t = s - stride_[std::size_t(k)];
        const double w = r * after[t];
        if (w <= 0) continue;
        out(i, live_[std::size_t(k)]) += w;
        next_reach[std::size_t(t)] += r;
      }
    }
    reach.swap(next_reach);
  }
  if (total_ > 0) out /= total_;
  return out;
}

}  // namespace stratego::eval
