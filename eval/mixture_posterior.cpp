#include "eval/mixture_posterior.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "eval/log_math.h"

namespace stratego::eval {
namespace {

// log P(the observed symbols on `squares` | the multiset `left` is placed uniformly on them and
// `free` more squares): prod over symbols of falling factorials over the falling factorial of
// the squares.
double log_uniform_obs(const std::vector<int>& left, const std::vector<int>& seen, int squares) {
  double lp = 0;
  int total = 0;
  for (std::size_t s = 0; s < left.size(); ++s) {
    if (seen[s] > left[s]) return kMinusInf;
    lp += log_factorial(left[s]) - log_factorial(left[s] - seen[s]);
    total += seen[s];
  }
  return lp - (log_factorial(squares) - log_factorial(squares - total));
}

}  // namespace

MixturePosterior condition(const SetupMixture& m, const std::vector<int>& obs) {
  const SetupModel& p = m.parametric();
  const int n = p.num_symbols(), zone = p.zone_size(), squares = int(p.order().size());
  const auto& counts = p.counts();
  const double n2 = double(m.entries());
  const int empty = p.symbol_index(kEmptySymbol);
  std::vector<int> seen(std::size_t(n), 0), hidden;
  int observed = 0;
  for (int f : p.order()) {
    if (obs[std::size_t(f)] >= 0)
      ++seen[std::size_t(obs[std::size_t(f)])], ++observed;
    else
      hidden.push_back(f);
  }
  const std::size_t nc = m.components().size();
  std::vector<double> loglik(nc, kMinusInf);
  std::vector<std::vector<double>> pred(nc);
  std::vector<int> left(counts);
  for (int s = 0; s < n; ++s) left[std::size_t(s)] -= seen[std::size_t(s)];

  // Entries by their mismatches d against the observations (for exact and resample:M): how
  // many, and how many hold each symbol on each hidden square, for every d up to the largest M.
  int max_r = 0;
  for (const auto& comp : m.components())
    if (comp.type == SetupMixture::Type::kResample)
      max_r = std::max(max_r, comp.block);
    else if (comp.type == SetupMixture::Type::kSwap)
      max_r = std::max(max_r, 2 * comp.block);
    else if (comp.type == SetupMixture::Type::kShift)
      max_r = std::max(max_r, m.shift_kernels()[std::size_t(comp.block)].moved);
  std::vector<double> count_by_d(std::size_t(max_r + 1), 0.0);
  std::vector<std::vector<double>> symbols_by_d(std::size_t(max_r + 1),
                                                std::vector<double>(std::size_t(zone * n), 0.0));
  std::vector<int> observed_squares;
  for (int f : p.order())
    if (obs[std::size_t(f)] >= 0) observed_squares.push_back(f);
  for (int e = 0; e < m.entries(); ++e) {
    const std::uint8_t* t = m.entry(e);
    int d = 0;
    for (int f : observed_squares)
      if (t[f] != obs[std::size_t(f)] && ++d > max_r) break;
    if (d > max_r) continue;
    count_by_d[std::size_t(d)] += 1;
    double* row = symbols_by_d[std::size_t(d)].data();
    for (int f : hidden) row[f * n + t[f]] += 1;
  }
  // Patterns are conditioned once each, whichever of their components asks.
  std::vector<int> pattern_done(m.patterns().size(), -1);
  for (std::size_t c = 0; c < nc; ++c) {
    const auto& comp = m.components()[c];
    if (m.weights()[c] <= 0) continue;
    std::vector<double>& pr = pred[c];
    pr.assign(std::size_t(zone * n), 0.0);
    switch (comp.type) {
      case SetupMixture::Type::kParametric: {
        double lp = 0;
        const bool all_empties =
            empty >= 0 && seen[std::size_t(empty)] == counts[std::size_t(empty)];
        for (int f : p.order()) {
          const int s = obs[std::size_t(f)];
          if (s >= 0 && !(all_empties && s == empty))
            lp += std::log(std::max(p.symbol_share(f, p.symbols()[std::size_t(s)]), 1e-12));
        }
        if (all_empties) {
          // The layout of the empty squares by independent squares, given how many there are.
          std::vector<double> dist(std::size_t(squares + 1), 0.0);
          dist[0] = 1;
          int done = 0;
          for (int f : p.order()) {
            const double q = std::clamp(p.symbol_share(f, kEmptySymbol), 1e-9, 1 - 1e-9);
            lp += std::log(obs[std::size_t(f)] == empty ? q : 1 - q);
            for (int k = ++done; k >= 0; --k)
              dist[std::size_t(k)] =
                  dist[std::size_t(k)] * (1 - q) + (k > 0 ? dist[std::size_t(k - 1)] * q : 0);
          }
          lp -= std::log(std::max(dist[std::size_t(counts[std::size_t(empty)])], 1e-300));
        }
        loglik[c] = lp;
        for (int f : hidden)
          for (int s = 0; s < n; ++s)
            pr[std::size_t(f * n + s)] = p.symbol_share(f, p.symbols()[std::size_t(s)]);
        break;
      }
      case SetupMixture::Type::kExact:
      case SetupMixture::Type::kResample:
      case SetupMixture::Type::kSwap:
      case SetupMixture::Type::kShift: {
        // swap:K moves at most 2K squares: conditioned as resample:2K; shift:L as resample
        // of the squares it moves on average.
        const int r = comp.type == SetupMixture::Type::kExact  ? 0
                      : comp.type == SetupMixture::Type::kSwap ? 2 * comp.block
                      : comp.type == SetupMixture::Type::kShift
                          ? m.shift_kernels()[std::size_t(comp.block)].moved
                          : comp.block;
        const double keep = 1.0 - double(r) / squares;
        std::vector<double> base(static_cast<std::size_t>(n), 0.0);
        for (int s = 0; s < n; ++s) base[std::size_t(s)] = double(counts[std::size_t(s)]) / squares;
        double total = 0;
        std::vector<double> by_d(static_cast<std::size_t>(r + 1), 0.0);
        for (int d = 0; d <= r; ++d)
          by_d[std::size_t(d)] = std::exp(log_choose(squares - d, r - d) - log_choose(squares, r) -
                                          d * std::log(std::max(r, 1)));
        for (int d = 0; d <= r; ++d) {
          const double w = by_d[std::size_t(d)];
          total += w * count_by_d[std::size_t(d)];
          const auto& row = symbols_by_d[std::size_t(d)];
          for (int f : hidden)
            for (int q = 0; q < n; ++q)
              pr[std::size_t(f * n + q)] += w * keep * row[std::size_t(f * n + q)];
        }
        loglik[c] = total > 0 ? std::log(total / n2) : kMinusInf;
        if (total > 0)
          for (int f : hidden)
            for (int s = 0; s < n; ++s)
              pr[std::size_t(f * n + s)] =
                  pr[std::size_t(f * n + s)] / total + (1 - keep) * base[std::size_t(s)];
        break;
      }
      case SetupMixture::Type::kBlock: {
        const auto& block = m.blocks()[std::size_t(comp.block)];
        std::vector<bool> in_block(std::size_t(zone), false);
        for (int f : block) in_block[std::size_t(f)] = true;
        std::vector<int> seen_out(std::size_t(n), 0);
        int observed_out = 0;
        for (int f : p.order())
          if (!in_block[std::size_t(f)] && obs[std::size_t(f)] >= 0)
            ++seen_out[std::size_t(obs[std::size_t(f)])], ++observed_out;
        const int rest = squares - int(block.size());
        double top = kMinusInf;
        std::vector<std::pair<double, const std::string*>> ok;
        // Block contents as stored by SetupMixture: one char per block square, symbol index.
        std::vector<int> rest_left(counts);
        for (const auto& [content, count] : m.block_counts(comp.block)) {
          bool fits = true;
          std::copy(counts.begin(), counts.end(), rest_left.begin());
          for (std::size_t i = 0; i < block.size(); ++i) {
            const int s = static_cast<unsigned char>(content[i]), o = obs[std::size_t(block[i])];
            if (o >= 0 && o != s) {
              fits = false;
              break;
            }
            --rest_left[std::size_t(s)];
          }
          if (!fits) continue;
          const double lp = std::log(count / n2) + log_uniform_obs(rest_left, seen_out, rest);
          if (lp == kMinusInf) continue;
          ok.push_back({lp, &content});
          top = std::max(top, lp);
        }
        if (ok.empty()) break;
        double z = 0;
        for (auto& [lp, content] : ok) z += (lp = std::exp(lp - top));
        loglik[c] = top + std::log(z);
        // Outside the block the rest is uniform, so its shares are linear in the block's
        // contents: average those once.
        std::vector<double> in_block_mean(static_cast<std::size_t>(n), 0.0);
        for (const auto& [w, content] : ok)
          for (std::size_t i = 0; i < block.size(); ++i) {
            const int s = static_cast<unsigned char>((*content)[i]);
            in_block_mean[std::size_t(s)] += w / z;
            if (obs[std::size_t(block[i])] < 0) pr[std::size_t(block[i] * n + s)] += w / z;
          }
        const int free_squares = rest - observed_out;
        for (int f : hidden)
          if (!in_block[std::size_t(f)] && free_squares > 0)
            for (int s = 0; s < n; ++s)
              pr[std::size_t(f * n + s)] = (counts[std::size_t(s)] - in_block_mean[std::size_t(s)] -
                                            seen_out[std::size_t(s)]) /
                                           free_squares;
        break;
      }
      case SetupMixture::Type::kPattern: {
        if (const int done = pattern_done[std::size_t(comp.block)]; done >= 0) {
          loglik[c] = loglik[std::size_t(done)];
          pr = pred[std::size_t(done)];
          break;
        }
        pattern_done[std::size_t(comp.block)] = int(c);
        const auto& pat = m.patterns()[std::size_t(comp.block)];
        // Within each class, the observed symbols by falling factorials.
        std::vector<int> class_seen(std::size_t(pat.classes), 0);
        for (int s = 0; s < n; ++s)
          class_seen[std::size_t(pat.class_of[std::size_t(s)])] += seen[std::size_t(s)];
        double within = 0;
        for (int s = 0; s < n; ++s)
          within += log_factorial(counts[std::size_t(s)]) -
                    log_factorial(counts[std::size_t(s)] - seen[std::size_t(s)]);
        for (int k = 0; k < pat.classes; ++k)
          within -= log_factorial(pat.class_counts[std::size_t(k)]) -
                    log_factorial(pat.class_counts[std::size_t(k)] - class_seen[std::size_t(k)]);
        double total = 0;
        std::vector<double> class_weight(std::size_t(zone * pat.classes), 0.0);
        for (const auto& [layout, count] : pat.counts) {
          bool fits = true;
          std::size_t i = 0;
          for (int f : p.order()) {
            const int o = obs[std::size_t(f)];
            if (o >= 0 && pat.class_of[std::size_t(o)] != layout[i]) {
              fits = false;
              break;
            }
            ++i;
          }
          if (!fits) continue;
          total += count;
          i = 0;
          for (int f : p.order()) class_weight[std::size_t(f * pat.classes + layout[i++])] += count;
        }
        if (total <= 0) break;
        loglik[c] = std::log(total / n2) + within;
        for (int f : hidden)
          for (int s = 0; s < n; ++s) {
            const int k = pat.class_of[std::size_t(s)];
            const int free_in_class = pat.class_counts[std::size_t(k)] - class_seen[std::size_t(k)];
            if (free_in_class > 0)
              pr[std::size_t(f * n + s)] = class_weight[std::size_t(f * pat.classes + k)] / total *
                                           double(left[std::size_t(s)]) / free_in_class;
          }
        break;
      }
      case SetupMixture::Type::kStyle:
        loglik[c] = m.styles()[std::size_t(comp.block)].observe(obs, &pr);
        break;
    }
  }
  MixturePosterior out;
  out.weights.assign(nc, 0.0);
  double top = kMinusInf;
  for (std::size_t c = 0; c < nc; ++c)
    if (m.weights()[c] > 0 && loglik[c] > kMinusInf)
      top = std::max(top, std::log(m.weights()[c]) + loglik[c]);
  double z = 0;
  for (std::size_t c = 0; c < nc; ++c)
    if (m.weights()[c] > 0 && loglik[c] > kMinusInf)
      z += (out.weights[c] = std::exp(std::log(m.weights()[c]) + loglik[c] - top));
  if (!(z > 0)) {
    // Nothing explains the observations (cannot happen while uniform is a component): the
    // parametric table alone.
    out.weights.assign(nc, 0.0);
    out.weights[0] = 1;
    z = 1;
  }
  for (double& w : out.weights) w /= z;
  out.parametric = out.weights[0];
  out.others.assign(std::size_t(zone * n), 0.0);
  const double rest = 1 - out.parametric;
  if (rest > 0)
    for (std::size_t c = 1; c < nc; ++c)
      if (out.weights[c] > 0)
        for (std::size_t i = 0; i < out.others.size(); ++i)
          out.others[i] += out.weights[c] / rest * pred[c][i];
  return out;
}

}  // namespace stratego::eval
