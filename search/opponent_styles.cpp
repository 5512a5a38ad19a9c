#include "search/opponent_styles.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace stratego::search {

const std::string& opponent_style_name(int style) {
  static const std::vector<std::string> names = {"rules", "aggressive", "passive", "uniform"};
  return names[std::size_t(style)];
}

StylePosterior StylePosterior::rules_or_uniform() {
  StylePosterior p;
  p.prior_ = {1, 0, 0, 1};
  p.prior_total_ = 2;
  return p;
}

StylePosterior StylePosterior::styles() {
  StylePosterior p;
  p.bayes_ = true;
  p.log_w_ = {std::log(0.5), std::log(1.0 / 6), std::log(1.0 / 6), std::log(1.0 / 6)};
  return p;
}

StyleWeights StylePosterior::weights() const {
  StyleWeights w{};
  if (bayes_) {
    double sum = 0;
    for (std::size_t i = 0; i < w.size(); ++i) sum += (w[i] = std::exp(log_w_[i]));
    for (double& x : w) x /= sum;
    return w;
  }
  // The last style in use takes 1 - the others, as the old beta's uniform took 1 - beta.
  int last = -1;
  for (int s = 0; s < kStyleCount; ++s)
    if (prior_[std::size_t(s)] > 0) last = s;
  double others = 0;
  for (int s = 0; s < last; ++s) {
    if (prior_[std::size_t(s)] <= 0) continue;
    w[std::size_t(s)] =
        (counts_[std::size_t(s)] + prior_[std::size_t(s)]) / (moves_ + prior_total_);
    others += w[std::size_t(s)];
  }
  if (last >= 0) w[std::size_t(last)] = 1 - others;
  return w;
}

void StylePosterior::update(const StyleWeights& likelihood) {
  for (double l : likelihood)
    if (!std::isfinite(l) || l < 0) return;
  if (bayes_)
    update_bayes(likelihood);
  else
    update_shares(likelihood);
}

void StylePosterior::update_bayes(const StyleWeights& likelihood) {
  StyleWeights log_l{};
  double top = -INFINITY;
  for (int s = 0; s < kStyleCount; ++s) {
    const std::size_t i = std::size_t(s);
    const double l = s == kUniformStyle
                         ? likelihood[i]
                         : (1 - kSlip) * likelihood[i] + kSlip * likelihood[kUniformStyle];
    log_l[i] = l > 0 ? std::log(l) : -INFINITY;
    top = std::max(top, log_l[i]);
  }
  if (!std::isfinite(top)) return;  // no style explains the move
  // Log space against the best, so no product of many moves underflows.
  double sum = 0;
  for (std::size_t i = 0; i < log_l.size(); ++i) {
    log_w_[i] += log_l[i] - top;
    if (!(log_w_[i] > -700)) log_w_[i] = -700;
  }
  const double max_w = *std::max_element(log_w_.begin(), log_w_.end());
  for (double x : log_w_) sum += std::exp(x - max_w);
  const double norm = max_w + std::log(sum);
  // Every style keeps at least the floor: w = floor + (1 - styles * floor) * posterior.
  for (double& x : log_w_) x = std::log(kFloor + (1 - kStyleCount * kFloor) * std::exp(x - norm));
  moves_ += 1;
}

void StylePosterior::update_shares(const StyleWeights& likelihood) {
  const StyleWeights w = weights();
  StyleWeights r{};
  double sum = 0;
  for (std::size_t i = 0; i < r.size(); ++i)
    sum += (r[i] = w[i] > 0 && likelihood[i] > 0 ? w[i] * likelihood[i] : 0);
  if (!(sum > 0) || !std::isfinite(sum)) return;  // no style explains the move
  for (std::size_t i = 0; i < r.size(); ++i) counts_[i] += r[i] / sum;
  moves_ += 1;
}

}  // namespace stratego::search
