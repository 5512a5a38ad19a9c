#include "eval/priors/mixture_posterior.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "eval/priors/log_math.h"

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

// log P(observations) by a per-square table, the squares independent: share(f, s) = P(symbol
// index s on f). When every empty square is observed (in Barrage a player sees where every enemy
// piece starts), the layout of the empty squares counts once, given how many there are, and each
// known kind as P(kind | f holds a piece); else each observed symbol as share(f, s).
template <class Share>
double independent_squares_log_lik(const SetupModel& p, const std::vector<int>& obs, Share share) {
  const int empty = p.symbol_index(kEmptySymbol);
  int empties_seen = 0;
  for (int f : p.order()) empties_seen += empty >= 0 && obs[std::size_t(f)] == empty;
  const bool all_empties = empty >= 0 && empties_seen == p.counts()[std::size_t(empty)];
  double lp = 0;
  for (int f : p.order()) {
    const int s = obs[std::size_t(f)];
    if (s < 0 || (all_empties && s == empty)) continue;
    const double occupied = all_empties ? std::max(1 - share(f, empty), 1e-12) : 1.0;
    lp += std::log(std::max(share(f, s) / occupied, 1e-12));
  }
  if (!all_empties) return lp;
  // The layout of the empty squares by independent squares, given how many there are.
  const int squares = int(p.order().size());
  std::vector<double> dist(std::size_t(squares + 1), 0.0);
  dist[0] = 1;
  int done = 0;
  for (int f : p.order()) {
    const double q = std::clamp(share(f, empty), 1e-9, 1 - 1e-9);
    lp += std::log(obs[std::size_t(f)] == empty ? q : 1 - q);
    for (int k = ++done; k >= 0; --k)
      dist[std::size_t(k)] =
          dist[std::size_t(k)] * (1 - q) + (k > 0 ? dist[std::size_t(k - 1)] * q : 0);
  }
  return lp - std::log(std::max(dist[std::size_t(empties_seen)], 1e-300));
}

// The copying components resample:M, swap:K, shift:L and exchange conditioned as noisy copies:
// a square of the copied set-up t is kept with probability keep = 1 - r/n (r the squares the
// component redraws: M, 2K, the squares shift:L moves on average), else it holds a piece drawn
// by the army's shares b. So an observed symbol o on f has
//   P(o | t) = keep [t_f == o] + (1 - keep) b(o),
// the squares independently: an observed square that agrees with t costs t the chance that it
// was redrawn, and one that disagrees costs (1 - keep) b(o) instead of ruling t out. exchange
// changes only pieces: its keep (1 - 2/pieces) is per piece square, b the pieces' shares, and
// t's empty squares are kept whole (an entry whose empty squares differ from the observed ones
// gets no weight). (Copies::kCertain is the older conditioning, kept for comparison:
// C(n-d, r-d)/C(n, r) r^-d for d disagreeing squares, every agreeing one certain.) One pass over
// the training entries serves every copying component: per entry, each component's log-weight
// is the sum over the observed squares it agrees on of log(1 + keep / ((1 - keep) b(o))).
class NoisyCopies {
 public:
  NoisyCopies(const SetupMixture& m, const std::vector<double>& weights,
              const std::vector<int>& obs, Copies copies)
      : m_(m) {
    const SetupModel& p = m.parametric();
    const int squares = int(p.order().size());
    empty_ = p.symbol_index(kEmptySymbol);
    const int pieces = squares - (empty_ >= 0 ? p.counts()[std::size_t(empty_)] : 0);
    if (copies == Copies::kCertain) return;
    for (std::size_t c = 0; c < m.components().size(); ++c) {
      const auto& comp = m.components()[c];
      if (weights[c] <= 0) continue;
      int r = -1;
      if (comp.type == SetupMixture::Type::kResample) r = comp.block;
      if (comp.type == SetupMixture::Type::kSwap) r = 2 * comp.block;
      if (comp.type == SetupMixture::Type::kShift)
        r = m.shift_kernels()[std::size_t(comp.block)].moved;
      Comp k;
      k.c = c;
      k.family = comp.family;
      if (comp.type == SetupMixture::Type::kExchange) {
        // Two of the pieces change, the empty squares never.
        k.pieces_only = true;
        k.keep = std::clamp(1.0 - 2.0 / std::max(pieces, 1), 0.0, 1.0);
      } else if (r >= 0) {
        k.keep = std::clamp(1.0 - double(r) / squares, 0.0, 1.0);
      } else {
        continue;
      }
      comps_.push_back(std::move(k));
    }
    for (int f : p.order())
      if (obs[std::size_t(f)] >= 0) observed_.push_back({f, obs[std::size_t(f)]});
    for (int f : p.order())
      if (obs[std::size_t(f)] < 0) hidden_.push_back(f);
    base_.resize(p.counts().size());
    piece_base_.assign(p.counts().size(), 0.0);
    for (std::size_t s = 0; s < base_.size(); ++s) {
      base_[s] = double(p.counts()[s]) / squares;
      if (int(s) != empty_) piece_base_[s] = double(p.counts()[s]) / std::max(pieces, 1);
    }
    for (Comp& c : comps_) {
      for (const auto& [f, o] : observed_) {
        // A pieces-only copy keeps every empty square: an observed one only filters (score).
        if (c.pieces_only && o == empty_) {
          c.gain.push_back(0.0);
          continue;
        }
        const double q =
            (1 - c.keep) * (c.pieces_only ? piece_base_[std::size_t(o)] : base_[std::size_t(o)]);
        c.common += std::log(q);
        c.gain.push_back(q > 0 ? std::log1p(c.keep / q) : 1e300);
      }
    }
    for (const Comp& c : comps_) members_.push_back(c.c);
    std::sort(members_.begin(), members_.end());
  }
  bool count(std::size_t c) const {
    return std::binary_search(members_.begin(), members_.end(), c);
  }

  // Each component's log-likelihood of the observations (loglik[c]).
  void score(std::vector<double>& loglik) {
    if (comps_.empty()) return;
    const int entries = m_.entries();
    const std::size_t nc = comps_.size();
    logw_.assign(std::size_t(entries) * nc, 0.0);
    std::vector<std::uint8_t> agree(observed_.size());
    const bool families =
        std::any_of(comps_.begin(), comps_.end(), [](const Comp& c) { return c.family; });
    for (int e = 0; e < entries; ++e) {
      const std::uint8_t* t = m_.entry(e);
      bool same_layout = true;  // t's empty squares where the observations have them
      for (std::size_t j = 0; j < observed_.size(); ++j) {
        const auto [f, o] = observed_[j];
        agree[j] = t[f] == o;
        same_layout = same_layout && (t[f] == empty_) == (o == empty_);
      }
      const double log_family = families ? std::log(m_.template_weight(e, true)) : 0.0;
      for (std::size_t c = 0; c < nc; ++c) {
        if (comps_[c].pieces_only && !same_layout) {
          logw_[std::size_t(e) * nc + c] = kMinusInf;
          continue;
        }
        double s = comps_[c].family ? log_family : 0.0;
        const double* g = comps_[c].gain.data();
        for (std::size_t j = 0; j < agree.size(); ++j)
          if (agree[j]) s += g[j];
        logw_[std::size_t(e) * nc + c] = s;
      }
    }
    for (std::size_t c = 0; c < nc; ++c) {
      Comp& k = comps_[c];
      for (int e = 0; e < entries; ++e) k.top = std::max(k.top, logw_[std::size_t(e) * nc + c]);
      if (k.top == kMinusInf) continue;  // no entry fits: loglik stays -infinity
      for (int e = 0; e < entries; ++e) k.z += std::exp(logw_[std::size_t(e) * nc + c] - k.top);
      loglik[k.c] = entries > 0 && k.z > 0
                        ? k.common + k.top + std::log(k.z) - std::log(m_.template_total(k.family))
                        : kMinusInf;
    }
  }

  // Adds the copying components' predictive shares, weighted by their posterior weights / rest,
  // to others (zone x symbols).
  void predict(const std::vector<double>& weights, double rest, std::vector<double>& others) const {
    if (comps_.empty()) return;
    const int n = m_.parametric().num_symbols();
    const std::size_t nc = comps_.size();
    double broad = 0;
    std::vector<double> scale(nc, 0.0);
    for (std::size_t c = 0; c < nc; ++c) {
      const Comp& k = comps_[c];
      const double w = weights[k.c] / rest;
      if (!(w > 0) || !(k.z > 0)) continue;
      scale[c] = w / k.z;
      if (!k.pieces_only) broad += w * (1 - k.keep);
    }
    for (int f : hidden_)
      for (int s = 0; s < n; ++s) others[std::size_t(f * n + s)] += broad * base_[std::size_t(s)];
    // An entry adds its symbols with the sum over components of its weight in each (times keep);
    // a pieces-only copy keeps t's empty squares whole and spreads the rest of each hidden
    // piece square by the army's piece shares. Entries of negligible weight (below 1e-12 of a
    // component's total) are skipped.
    std::vector<double> spread(std::size_t(m_.parametric().zone_size()), 0.0);
    for (int e = 0; e < m_.entries(); ++e) {
      double a = 0, whole = 0, pieces = 0;
      for (std::size_t c = 0; c < nc; ++c) {
        if (scale[c] == 0) continue;
        const double x = logw_[std::size_t(e) * nc + c] - comps_[c].top;
        if (!(x > -28)) continue;
        const double v = scale[c] * std::exp(x);
        if (!comps_[c].pieces_only) {
          a += v * comps_[c].keep;
          continue;
        }
        whole += v;
        pieces += v * comps_[c].keep;
      }
      if (a == 0 && whole == 0) continue;
      const std::uint8_t* t = m_.entry(e);
      for (int f : hidden_) {
        const bool empty = t[f] == empty_;
        others[std::size_t(f * n + t[f])] += a + (empty ? whole : pieces);
        if (!empty) spread[std::size_t(f)] += whole - pieces;
      }
    }
    for (int f : hidden_)
      if (spread[std::size_t(f)] > 0)
        for (int s = 0; s < n; ++s)
          others[std::size_t(f * n + s)] += spread[std::size_t(f)] * piece_base_[std::size_t(s)];
  }

 private:
  struct Comp {
    std::size_t c;
    bool family = false;       // entries weighed by their family weight
    bool pieces_only = false;  // exchange: only t's pieces change, never its empty squares
    double keep;        // the chance a square of t (a piece square, when pieces_only) is kept
    double common = 0;  // sum over observed squares of log((1 - keep) b(o))
    std::vector<double> gain;       // per observed square: log(1 + keep / ((1 - keep) b(o)))
    double top = kMinusInf, z = 0;  // the largest entry log-weight, and the sum of exp(. - top)
  };
  const SetupMixture& m_;
  std::vector<Comp> comps_;
  std::vector<std::size_t> members_;
  std::vector<std::pair<int, int>> observed_;  // (frame square, symbol index)
  std::vector<int> hidden_;
  std::vector<double> base_;        // the army's share of each symbol
  std::vector<double> piece_base_;  // the same among the pieces (0 for the empty square)
  int empty_ = -1;                  // the empty square's symbol index, if the army has one
  std::vector<double> logw_;        // entries x components: the sum of gains over agreeing squares
};

}  // namespace

std::vector<double> with_unlike_people(const SetupMixture& m, double unlike_people) {
  std::vector<double> w = m.weights();
  int broad = 0;
  for (const auto& c : m.components()) broad += c.broad();
  if (broad == 0 || !(unlike_people > 0)) return w;
  const double beta = std::min(unlike_people, 1.0);
  for (std::size_t c = 0; c < w.size(); ++c)
    w[c] = (1 - beta) * w[c] + (m.components()[c].broad() ? beta / broad : 0.0);
  return w;
}

MixturePosterior condition(const SetupMixture& m, const std::vector<int>& obs, Copies copies,
                           double unlike_people) {
  const std::vector<double> weights = with_unlike_people(m, unlike_people);
  const SetupModel& p = m.parametric();
  const int n = p.num_symbols(), zone = p.zone_size(), squares = int(p.order().size());
  const auto& counts = p.counts();
  const double n2 = double(m.entries());
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
    if (copies == Copies::kNoisy)
      break;  // only the exact component's d = 0 is needed
    else if (comp.type == SetupMixture::Type::kResample)
      max_r = std::max(max_r, comp.block);
    else if (comp.type == SetupMixture::Type::kSwap)
      max_r = std::max(max_r, 2 * comp.block);
    else if (comp.type == SetupMixture::Type::kExchange)
      max_r = std::max(max_r, 2);
    else if (comp.type == SetupMixture::Type::kShift)
      max_r = std::max(max_r, m.shift_kernels()[std::size_t(comp.block)].moved);
  // [0]: each entry counted once; [1]: by its family weight, when a /family component is weighed.
  bool families = false;
  for (std::size_t c = 0; c < m.components().size(); ++c)
    families = families || (m.components()[c].family && weights[c] > 0);
  const int weighings = families ? 2 : 1;
  std::vector<double> count_by_d[2];
  std::vector<std::vector<double>> symbols_by_d[2];
  for (int fam = 0; fam < weighings; ++fam) {
    count_by_d[fam].assign(std::size_t(max_r + 1), 0.0);
    symbols_by_d[fam].assign(std::size_t(max_r + 1),
                             std::vector<double>(std::size_t(zone * n), 0.0));
  }
  std::vector<int> observed_squares;
  for (int f : p.order())
    if (obs[std::size_t(f)] >= 0) observed_squares.push_back(f);
  for (int e = 0; e < m.entries(); ++e) {
    const std::uint8_t* t = m.entry(e);
    int d = 0;
    for (int f : observed_squares)
      if (t[f] != obs[std::size_t(f)] && ++d > max_r) break;
    if (d > max_r) continue;
    for (int fam = 0; fam < weighings; ++fam) {
      const double w = m.template_weight(e, fam == 1);
      count_by_d[fam][std::size_t(d)] += w;
      double* row = symbols_by_d[fam][std::size_t(d)].data();
      for (int f : hidden) row[f * n + t[f]] += w;
    }
  }
  NoisyCopies noisy(m, weights, obs, copies);
  noisy.score(loglik);
  // Patterns are conditioned once each, whichever of their components asks.
  std::vector<int> pattern_done(m.patterns().size(), -1);
  for (std::size_t c = 0; c < nc; ++c) {
    const auto& comp = m.components()[c];
    if (weights[c] <= 0) continue;
    std::vector<double>& pr = pred[c];
    pr.assign(std::size_t(zone * n), 0.0);
    switch (comp.type) {
      case SetupMixture::Type::kParametric:
      case SetupMixture::Type::kPlacement: {
        // A per-square table: the parametric model's, or the placement prior's shares.
        const PlacementModel* pm =
            comp.type == SetupMixture::Type::kPlacement ? m.placement() : nullptr;
        const auto share = [&](int f, int s) {
          return pm ? pm->share(f, s) : p.symbol_share(f, p.symbols()[std::size_t(s)]);
        };
        loglik[c] = independent_squares_log_lik(p, obs, share);
        for (int f : hidden)
          for (int s = 0; s < n; ++s) pr[std::size_t(f * n + s)] = share(f, s);
        break;
      }
      case SetupMixture::Type::kExact:
      case SetupMixture::Type::kResample:
      case SetupMixture::Type::kSwap:
      case SetupMixture::Type::kExchange:
      case SetupMixture::Type::kShift: {
        if (noisy.count(c)) break;  // the noisy copies: below, all in one pass
        // swap:K moves at most 2K squares: conditioned as resample:2K, exchange as resample:2;
        // shift:L as resample of the squares it moves on average.
        const int r = comp.type == SetupMixture::Type::kExact      ? 0
                      : comp.type == SetupMixture::Type::kSwap     ? 2 * comp.block
                      : comp.type == SetupMixture::Type::kExchange ? 2
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
        const int fam = comp.family ? 1 : 0;
        for (int d = 0; d <= r; ++d) {
          const double w = by_d[std::size_t(d)];
          total += w * count_by_d[fam][std::size_t(d)];
          const auto& row = symbols_by_d[fam][std::size_t(d)];
          for (int f : hidden)
            for (int q = 0; q < n; ++q)
              pr[std::size_t(f * n + q)] += w * keep * row[std::size_t(f * n + q)];
        }
        loglik[c] = total > 0 ? std::log(total / m.template_total(comp.family)) : kMinusInf;
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
    if (weights[c] > 0 && loglik[c] > kMinusInf)
      top = std::max(top, std::log(weights[c]) + loglik[c]);
  double z = 0;
  for (std::size_t c = 0; c < nc; ++c)
    if (weights[c] > 0 && loglik[c] > kMinusInf)
      z += (out.weights[c] = std::exp(std::log(weights[c]) + loglik[c] - top));
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
      if (out.weights[c] > 0 && !noisy.count(c))
        for (std::size_t i = 0; i < out.others.size(); ++i)
          out.others[i] += out.weights[c] / rest * pred[c][i];
  if (rest > 0) noisy.predict(out.weights, rest, out.others);
  return out;
}

}  // namespace stratego::eval
