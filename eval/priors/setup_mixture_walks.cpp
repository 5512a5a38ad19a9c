// The likelihoods of the near-copy components of the mixture set-up prior
// (eval/priors/setup_mixture.h): resample:M (a walk over the symbols), the layouts placed by the
// parametric model (pattern:P+model), the adjacent-swap walks of swap:K, and the uniform rest of
// block:B.
#include <algorithm>
#include <cmath>

#include "eval/priors/log_math.h"
#include "eval/priors/setup_mixture.h"

namespace stratego::eval {
double SetupMixture::log_resample(int m, int d, const std::vector<int>& a,
                                  const std::vector<int>& counts) const {
  // Sum over the sets S of m squares that hold the d differing ones of prod_s (t's count of s
  // on S)!, divided by C(squares, m) * m!: a walk over the symbols choosing j_s more squares of
  // symbol s among the counts - a_s that t has outside the differing squares.
  const int k = m - d;
  std::vector<double> dp(std::size_t(k + 1), 0.0), next;
  dp[0] = 1;
  for (std::size_t s = 0; s < counts.size(); ++s) {
    next.assign(std::size_t(k + 1), 0.0);
    const int b = counts[s] - a[s];
    for (int used = 0; used <= k; ++used) {
      if (dp[std::size_t(used)] == 0) continue;
      for (int j = 0; j <= b && used + j <= k; ++j)
        next[std::size_t(used + j)] +=
            dp[std::size_t(used)] * std::exp(log_choose(b, j) + std::lgamma(double(a[s] + j) + 1));
    }
    dp.swap(next);
  }
  if (!(dp[std::size_t(k)] > 0)) return kMinusInf;
  return std::log(dp[std::size_t(k)]) - log_choose(double(param_->order().size()), m) -
         std::lgamma(double(m) + 1);
}

double SetupMixture::log_within_model(int pi, const std::vector<int>& codes) const {
  const Pattern& p = patterns_[std::size_t(pi)];
  const SetupModel& m = *param_;
  const int n = m.num_symbols();
  std::vector<int> placed(std::size_t(zone_), -1), left(m.counts()), masked(std::size_t(n), 0);
  int flag_square = -1;
  // Singleton classes (the Flag, the empty squares) are fixed by the layout: place them first.
  std::vector<int> class_size(std::size_t(p.classes), 0);
  for (int s = 0; s < n; ++s) class_size[std::size_t(p.class_of[std::size_t(s)])] += 1;
  for (int f : m.order()) {
    const int s = m.symbol_index(codes[std::size_t(f)]);
    if (class_size[std::size_t(p.class_of[std::size_t(s)])] == 1) {
      placed[std::size_t(f)] = s;
      --left[std::size_t(s)];
      if (codes[std::size_t(f)] == kFlag) flag_square = f;
    }
  }
  double lp = 0;
  std::vector<double> cond;
  for (int f : m.order()) {
    if (placed[std::size_t(f)] >= 0) continue;
    const int s = m.symbol_index(codes[std::size_t(f)]), cls = p.class_of[std::size_t(s)];
    for (int t = 0; t < n; ++t)
      masked[std::size_t(t)] = p.class_of[std::size_t(t)] == cls ? left[std::size_t(t)] : 0;
    m.conditional(f, placed, masked, flag_square, cond);
    lp += cond[std::size_t(s)];
    placed[std::size_t(f)] = s;
    --left[std::size_t(s)];
  }
  return lp;
}

std::uint64_t SetupMixture::hash_of(const std::uint8_t* s) const {
  std::uint64_t h = 0;
  const std::size_t n = std::size_t(param_->num_symbols());
  for (int f : param_->order()) h ^= zobrist_[std::size_t(f) * n + s[f]];
  return h;
}

double SetupMixture::swap_walk(std::uint8_t* s, std::uint64_t h, int k,
                               const std::unordered_map<std::uint64_t, double>& table) const {
  if (k == 0) {
    const auto it = table.find(h);
    return it == table.end() ? 0.0 : it->second;
  }
  double total = 0;
  int same = 0;
  for (const auto& [a, b] : adjacent_) {
    if (s[a] == s[b]) {
      ++same;
      continue;
    }
    const std::uint64_t g = exchanged(h, s, a, b);
    std::swap(s[a], s[b]);
    total += swap_walk(s, g, k - 1, table);
    std::swap(s[a], s[b]);
  }
  // The swaps of equal contents all leave s as it is: one walk, counted `same` times.
  if (same > 0) total += same * swap_walk(s, h, k - 1, table);
  return total;
}

double SetupMixture::family_of(const std::uint8_t* s) const {
  const std::uint64_t h = hash_of(s);
  const auto count = [&](std::uint64_t g) {
    const auto it = exact_hash_.find(g);
    return it == exact_hash_.end() ? 0.0 : it->second;
  };
  double total = count(h);
  for_each_exchange(s, false, [&](int a, int b) { total += count(exchanged(h, s, a, b)); });
  return total;
}

double SetupMixture::log_uniform_rest(int b, const std::uint8_t* s) const {
  std::vector<int> left(param_->counts());
  for (int f : blocks_[std::size_t(b)]) --left[s[f]];
  double lp = -std::lgamma(double(param_->order().size() - blocks_[std::size_t(b)].size()) + 1);
  for (int c : left) lp += std::lgamma(double(c) + 1);
  return lp;
}

}  // namespace stratego::eval
