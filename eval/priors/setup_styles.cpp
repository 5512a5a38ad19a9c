#include "eval/priors/setup_styles.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "engine/error.h"
#include "eval/priors/log_math.h"

namespace stratego::eval {

const char* style_name(SetupStyle s) {
  switch (s) {
    case SetupStyle::kUniform:
      return "uniform";
    case SetupStyle::kForwardBombs:
      return "forward-bombs";
    case SetupStyle::kFlagFront:
      return "flag-front";
    case SetupStyle::kHighFront:
      return "high-front";
  }
  return "?";
}

SetupStyle parse_style(const std::string& name) {
  std::string names;
  for (SetupStyle s : kAllStyles) {
    if (name == style_name(s)) return s;
    names += std::string(names.empty() ? "" : ", ") + style_name(s);
  }
  throw InputError("unknown set-up style '" + name + "' (styles: " + names + ")");
}

StyleDistribution::StyleDistribution(const SetupModel& shape, SetupStyle s)
    : style_(s),
      zone_(shape.zone_size()),
      codes_(shape.symbols()),
      counts_(shape.counts()),
      order_(shape.order()) {
  const int n = int(codes_.size());
  region_.assign(std::size_t(zone_), false);
  in_k_.assign(std::size_t(n), false);
  std::vector<int> kinds;
  if (s == SetupStyle::kForwardBombs) kinds = {kBomb};
  if (s == SetupStyle::kFlagFront) kinds = {kFlag};
  if (s == SetupStyle::kHighFront) kinds = {kMarshal, kGeneral};
  for (int k : kinds) {
    const int idx = shape.symbol_index(k);
    if (idx < 0)
      available_ = false;
    else
      in_k_[std::size_t(idx)] = true, constrained_ += counts_[std::size_t(idx)];
  }
  if (!kinds.empty()) {
    const int front = shape.rows() - 1;
    for (int c = 0; c < shape.width(); ++c) {
      const int f = front * shape.width() + c;
      if (!shape.lake(f)) region_[std::size_t(f)] = true, ++region_size_;
    }
    if (constrained_ > region_size_) available_ = false;
  }
  // Set-ups of the style: place the constrained pieces in the region, then the others anywhere.
  const double squares = double(order_.size());
  log_total_ = log_factorial(region_size_) - log_factorial(region_size_ - constrained_) +
               log_factorial(squares - constrained_);
  for (int i = 0; i < n; ++i) log_total_ -= log_factorial(counts_[std::size_t(i)]);
}

double StyleDistribution::log_prob(const std::vector<int>& symbols) const {
  if (!available_) return kMinusInf;
  for (int f : order_) {
    const auto it = std::find(codes_.begin(), codes_.end(), symbols[std::size_t(f)]);
    if (it == codes_.end()) return kMinusInf;
    if (in_k_[std::size_t(it - codes_.begin())] && !region_[std::size_t(f)]) return kMinusInf;
  }
  return -log_total_;
}

std::vector<int> StyleDistribution::sample(Rng& rng) const {
  if (!available_)
    throw InputError(std::string("set-up style ") + style_name(style_) + " does not fit this army");
  std::vector<int> out(std::size_t(zone_), -1);
  std::vector<int> free_region, constrained, others;
  for (int f : order_)
    if (region_[std::size_t(f)]) free_region.push_back(f);
  for (std::size_t i = 0; i < codes_.size(); ++i)
    for (int c = 0; c < counts_[i]; ++c) (in_k_[i] ? constrained : others).push_back(codes_[i]);
  auto shuffle = [&](std::vector<int>& v) {
    for (std::size_t i = v.size(); i > 1; --i) std::swap(v[i - 1], v[rng.below(std::uint32_t(i))]);
  };
  shuffle(free_region);
  for (std::size_t i = 0; i < constrained.size(); ++i)
    out[std::size_t(free_region[i])] = constrained[i];
  shuffle(others);
  std::size_t next = 0;
  for (int f : order_)
    if (out[std::size_t(f)] < 0) out[std::size_t(f)] = others[next++];
  return out;
}

double StyleDistribution::observe(const std::vector<int>& obs, std::vector<double>* pred) const {
  const int n = int(codes_.size());
  if (pred) pred->assign(std::size_t(zone_ * n), 0.0);
  if (!available_) return kMinusInf;
  std::vector<int> left(counts_);
  int region_left = region_size_, k_left = constrained_, observed_others = 0;
  for (int f : order_) {
    const int s = obs[std::size_t(f)];
    if (s < 0) continue;
    if (--left[std::size_t(s)] < 0) return kMinusInf;
    if (in_k_[std::size_t(s)]) {
      if (!region_[std::size_t(f)]) return kMinusInf;
      --k_left;
    } else {
      ++observed_others;
    }
    if (region_[std::size_t(f)]) --region_left;
  }
  if (k_left > region_left) return kMinusInf;
  const double squares = double(order_.size());
  const double others_left =
      squares - constrained_ - observed_others;  // squares the others still fill
  double consistent =
      log_factorial(region_left) - log_factorial(region_left - k_left) + log_factorial(others_left);
  for (int i = 0; i < n; ++i) consistent -= log_factorial(left[std::size_t(i)]);
  if (pred)
    for (int f : order_) {
      if (obs[std::size_t(f)] >= 0) continue;
      const bool in_region = region_[std::size_t(f)];
      // A region square holds a constrained kind with probability k_left / region_left; any
      // other square (and the rest of a region square's chance) draws from the others left.
      const double other_share =
          in_region ? (region_left > 0 ? double(region_left - k_left) / region_left : 0.0) : 1.0;
      for (int i = 0; i < n; ++i) {
        double p = 0;
        if (in_k_[std::size_t(i)])
          p = in_region && region_left > 0 ? double(left[std::size_t(i)]) / region_left : 0.0;
        else
          p = others_left > 0 ? other_share * double(left[std::size_t(i)]) / others_left : 0.0;
        (*pred)[std::size_t(f * n + i)] = p;
      }
    }
  return consistent - log_total_;
}

}  // namespace stratego::eval
