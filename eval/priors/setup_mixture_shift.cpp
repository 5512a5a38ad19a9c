// The shift:L components of the mixture set-up prior (eval/priors/setup_mixture.h): a training
// set-up whose pieces are placed again one by one near where people put them, scored by summing the
// walks over the matchings of identical pieces.
#include <algorithm>
#include <cmath>
#include <cstdio>

#include "eval/priors/log_math.h"
#include "eval/priors/setup_mixture.h"

namespace stratego::eval {
namespace {

constexpr double kShiftDecays[] = {0.5, 1.0, 2.0, 3.0};

}  // namespace

void SetupMixture::add_shift_components() {
  const SetupModel& m = *param_;
  const int n = m.num_symbols(), empty = m.symbol_index(kEmptySymbol), w = m.width();
  // The matchings: every permutation of each symbol's pieces, one symbol after another.
  std::vector<std::vector<int>> matchings{{}};
  for (int s = 0; s < n; ++s) {
    if (s == empty) continue;
    const int c = m.counts()[std::size_t(s)], first = pieces_;
    pieces_ += c;
    std::vector<int> perm(static_cast<std::size_t>(c));
    for (int i = 0; i < c; ++i) perm[std::size_t(i)] = first + i;
    std::vector<std::vector<int>> next;
    do {
      for (const auto& head : matchings) {
        next.push_back(head);
        next.back().insert(next.back().end(), perm.begin(), perm.end());
      }
      if (next.size() > std::size_t(kMaxShiftMatchings)) return;
    } while (std::next_permutation(perm.begin(), perm.end()));
    matchings.swap(next);
  }
  if (pieces_ == 0) return;
  matchings_ = std::move(matchings);
  shift_pieces_.reserve(std::size_t(entries()) * std::size_t(pieces_));
  for (int e = 0; e < entries(); ++e)
    for (int s = 0; s < n; ++s)
      if (s != empty)
        for (int f : m.order())
          if (entry(e)[f] == s) shift_pieces_.push_back(std::uint8_t(f));
  for (double decay : kShiftDecays) {
    ShiftKernel k;
    k.decay = decay;
    k.k.assign(std::size_t(zone_) * std::size_t(zone_), 0.0);
    k.total.assign(std::size_t(zone_), 0.0);
    for (int f : m.order())
      for (int g : m.order()) {
        const double d = std::abs(f / w - g / w) + std::abs(f % w - g % w);
        k.total[std::size_t(f)] += k.k[std::size_t(f * zone_ + g)] = std::exp(-decay * d);
      }
    double moved = 0;
    for (std::uint8_t f : shift_pieces_) moved += 1 - 1 / k.total[f];
    k.moved = std::min(int(std::lround(2 * moved / double(std::max(entries(), 1)))),
                       int(m.order().size()));
    char name[32];
    std::snprintf(name, sizeof name, "shift:%g", decay);
    Component c{Type::kShift, name};
    c.block = int(shift_kernels_.size());
    shift_kernels_.push_back(std::move(k));
    components_.push_back(c);
  }
}

double SetupMixture::log_shift(int kernel, const std::vector<std::uint8_t>& x, bool family) const {
  const ShiftKernel& k = shift_kernels_[std::size_t(kernel)];
  const SetupModel& m = *param_;
  const int n = m.num_symbols(), empty = m.symbol_index(kEmptySymbol);
  std::vector<int> xs;
  for (int s = 0; s < n; ++s)
    if (s != empty)
      for (int f : m.order())
        if (x[std::size_t(f)] == s) xs.push_back(f);
  const std::size_t p = std::size_t(pieces_);
  std::vector<int> g(p);
  double sum = 0;
  for (int e = 0; e < entries(); ++e) {
    const std::uint8_t* t = &shift_pieces_[std::size_t(e) * p];
    const double weight = template_weight(e, family);
    for (const auto& match : matchings_) {
      // Piece i of t goes from t[i] to g[i]; the free squares are those no earlier piece took.
      double prod = 1;
      for (std::size_t i = 0; i < p; ++i) {
        g[i] = xs[std::size_t(match[i])];
        const double* row = &k.k[std::size_t(t[i]) * std::size_t(zone_)];
        double z = k.total[t[i]];
        for (std::size_t j = 0; j < i; ++j) z -= row[g[j]];
        prod *= row[g[i]] / z;
      }
      sum += weight * prod;
    }
  }
  return sum > 0 ? std::log(sum / template_total(family)) : kMinusInf;
}

}  // namespace stratego::eval
