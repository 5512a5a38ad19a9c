#include "eval/priors/setup_mixture.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <map>
#include <mutex>
#include <sstream>
#include <tuple>

#include "engine/error.h"
#include "eval/priors/log_math.h"
#include "eval/priors/setup_fit.h"

namespace stratego::eval {
namespace {

constexpr std::uint8_t kLake = 255;
constexpr int kResampled[] = {2, 4, 8, 12, 16};
constexpr int kMaxResampled = 16;
constexpr int kLayoutResampled[] = {2, 4, 8};
constexpr int kMaxLayoutResampled = 8;
constexpr int kSwaps[] = {1, 2, 3};

char letter_of(int code) {
  if (code < 0) return '_';
  return code == kEmptySymbol ? 'A' : kind_letter(Kind(code));
}

}  // namespace

SetupMixture::SetupMixture(std::shared_ptr<const SetupModel> parametric,
                           const std::vector<std::vector<int>>& training)
    : param_(std::move(parametric)), zone_(param_->zone_size()) {
  const SetupModel& m = *param_;
  train_.reserve(training.size() * 2 * std::size_t(zone_));
  for (const auto& s : training)
    for (const auto& t : {s, mirrored(s, m.width())}) {
      const auto idx = indices_of(t);
      train_.insert(train_.end(), idx.begin(), idx.end());
    }
  // Fixed words (splitmix64 from a constant seed) so that hashes are the same in every run.
  std::uint64_t z = 0x5EED5E7u;
  zobrist_.resize(std::size_t(zone_) * std::size_t(m.num_symbols()));
  for (auto& word : zobrist_) {
    z += 0x9E3779B97F4A7C15ull;
    std::uint64_t x = z;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    word = x ^ (x >> 31);
  }
  for (int e = 0; e < entries(); ++e) exact_hash_[hash_of(entry(e))] += 1;
  if (entries() <= kMaxFamilyEntries) {
    family_.resize(std::size_t(entries()));
    for (int e = 0; e < entries(); ++e) {
      family_[std::size_t(e)] = family_of(entry(e));
      family_total_ += family_[std::size_t(e)];
      family_hash_[hash_of(entry(e))] += family_[std::size_t(e)];
    }
  }
  for (int f : m.order()) {
    const int r = f / m.width(), c = f % m.width();
    if (c + 1 < m.width() && !m.lake(f + 1)) adjacent_.push_back({f, f + 1});
    if (r + 1 < m.rows() && !m.lake(f + m.width())) adjacent_.push_back({f, f + m.width()});
  }
  // Blocks: every row, and each row's left and right half.
  const int w = m.width();
  for (int r = 0; r < m.rows(); ++r) {
    const std::string row = "row" + std::to_string(r + 1);
    std::vector<int> all, left, right;
    for (int c = 0; c < w; ++c) {
      const int f = r * w + c;
      if (m.lake(f)) continue;
      all.push_back(f);
      if (c < w / 2) left.push_back(f);
      if (c >= w - w / 2) right.push_back(f);
    }
    blocks_.push_back(all), block_names_.push_back(row);
    if (w >= 4) {
      blocks_.push_back(left), block_names_.push_back(row + "-left");
      blocks_.push_back(right), block_names_.push_back(row + "-right");
    }
  }
  block_counts_.resize(blocks_.size());
  for (std::size_t b = 0; b < blocks_.size(); ++b)
    for (int e = 0; e < entries(); ++e) ++block_counts_[b][block_key(int(b), entry(e))];
  // Patterns: layouts of classes of symbols.
  const int n = m.num_symbols(), empty = m.symbol_index(kEmptySymbol), flag = m.symbol_index(kFlag),
            bomb = m.symbol_index(kBomb);
  auto add_pattern = [&](const std::string& name, std::vector<int> special, bool model = false) {
    Pattern p;
    p.name = name + (model ? "+model" : "");
    p.model = model;
    p.class_of.assign(std::size_t(n), 0);
    for (int s : special)
      if (s >= 0) p.class_of[std::size_t(s)] = ++p.classes;
    ++p.classes;
    std::vector<int> sizes(std::size_t(p.classes), 0);
    for (int s = 0; s < n; ++s) {
      sizes[std::size_t(p.class_of[std::size_t(s)])] += m.counts()[std::size_t(s)];
      p.log_within += std::lgamma(double(m.counts()[std::size_t(s)]) + 1);
    }
    for (int c : sizes) p.log_within -= std::lgamma(double(c) + 1);
    p.class_counts = sizes;
    patterns_.push_back(std::move(p));
  };
  if (empty >= 0) add_pattern("occupied", {empty});
  add_pattern(empty >= 0 ? "flag-bombs-occupied" : "flag-bombs", {empty, flag, bomb});
  if (empty >= 0) add_pattern("flag-occupied", {empty, flag});
  if (flag >= 0) {
    add_pattern(empty >= 0 ? "flag-bombs-occupied" : "flag-bombs", {empty, flag, bomb}, true);
    if (empty >= 0) add_pattern("flag-occupied", {empty, flag}, true);
  }
  if (empty >= 0) add_pattern("occupied", {empty}, true);
  std::vector<std::uint8_t> layout(std::size_t(zone_), 0);
  for (std::size_t p = 0; p < patterns_.size(); ++p)
    for (int e = 0; e < entries(); ++e) {
      ++patterns_[p].counts[pattern_key(int(p), entry(e))];
      for (int f : m.order())
        layout[std::size_t(f)] = std::uint8_t(patterns_[p].class_of[entry(e)[f]]);
      patterns_[p].hashed[hash_of(layout.data())] += 1;
    }

  components_.push_back({Type::kParametric, "parametric"});
  if (entries() > 0) {
    components_.push_back({Type::kExact, "exact"});
    for (int r : kResampled) {
      if (r > int(m.order().size())) continue;
      Component c{Type::kResample, "resample:" + std::to_string(r)};
      c.block = r;
      components_.push_back(c);
    }
    if (!adjacent_.empty())
      for (int k : kSwaps) {
        Component c{Type::kSwap, "swap:" + std::to_string(k)};
        c.block = k;
        components_.push_back(c);
      }
    add_shift_components();
    if (!family_.empty()) {
      add_exchange_component();
      const std::size_t copying = components_.size();
      for (std::size_t i = 1; i < copying; ++i) {
        Component f = components_[i];
        f.name += "/family";
        f.family = true;
        components_.push_back(f);
      }
    }
    for (std::size_t b = 0; b < blocks_.size(); ++b)
      components_.push_back({Type::kBlock, "block:" + block_names_[b], int(b)});
  }
  if (entries() > 0)
    for (std::size_t p = 0; p < patterns_.size(); ++p) {
      components_.push_back({Type::kPattern, "pattern:" + patterns_[p].name, int(p)});
      if (patterns_[p].model)
        for (int r : kLayoutResampled) {
          if (r > int(m.order().size())) continue;
          Component c{Type::kPattern, "pattern:" + patterns_[p].name + "~" + std::to_string(r),
                      int(p)};
          c.resample = r;
          components_.push_back(c);
        }
      if (patterns_[p].model && !adjacent_.empty())
        for (int k : kSwaps) {
          Component c{Type::kPattern, "pattern:" + patterns_[p].name + "@" + std::to_string(k),
                      int(p)};
          c.swaps = k;
          components_.push_back(c);
        }
    }
  for (SetupStyle s : kAllStyles) {
    StyleDistribution d(m, s);
    if (!d.available()) continue;
    Component c{Type::kStyle, style_name(s)};
    c.style = s;
    c.block = int(styles_.size());
    styles_.push_back(d);
    components_.push_back(c);
  }
  // Until fitted: the parametric model with a little of every other component.
  weights_.assign(components_.size(), 0.01);
  weights_[0] = 1.0 - 0.01 * double(components_.size() - 1);
}

std::vector<std::uint8_t> SetupMixture::indices_of(const std::vector<int>& codes) const {
  std::vector<std::uint8_t> out(std::size_t(zone_), kLake);
  for (int f : param_->order())
    out[std::size_t(f)] = std::uint8_t(param_->symbol_index(codes[std::size_t(f)]));
  return out;
}

std::string SetupMixture::training_line(int j) const {
  const std::uint8_t* s = entry(2 * j);
  std::string line(std::size_t(zone_), '_');
  for (int f : param_->order()) line[std::size_t(f)] = letter_of(param_->symbols()[s[f]]);
  return line;
}

std::string SetupMixture::block_key(int b, const std::uint8_t* s) const {
  std::string k;
  for (int f : blocks_[std::size_t(b)]) k += char(s[f]);
  return k;
}

std::string SetupMixture::pattern_key(int p, const std::uint8_t* s) const {
  std::string k;
  for (int f : param_->order()) k += char(patterns_[std::size_t(p)].class_of[s[f]]);
  return k;
}

void SetupMixture::add_placement(std::shared_ptr<const PlacementModel> placement) {
  if (placement_) throw InputError("mixture: a second placement prior");
  placement_ = std::move(placement);
  components_.push_back({Type::kPlacement, "placement"});
  for (std::size_t p = 0; p < patterns_.size(); ++p) {
    if (!patterns_[p].model) continue;
    std::string name = patterns_[p].name;
    name = "pattern:" + name.substr(0, name.size() - std::string("+model").size()) + "+placement";
    for (int k = 0; k <= (adjacent_.empty() ? 0 : 1); ++k) {
      Component c{Type::kPattern, name + (k > 0 ? "@" + std::to_string(k) : ""), int(p)};
      c.swaps = k;
      c.placement = true;
      components_.push_back(c);
    }
  }
  weights_.resize(components_.size(), 0.0);
}

void SetupMixture::set_weights(std::vector<double> w) {
  if (w.size() != components_.size())
    throw InputError("mixture: " + std::to_string(w.size()) + " weights for " +
                     std::to_string(components_.size()) + " components");
  double sum = 0;
  for (double x : w) {
    if (!(x >= 0)) throw InputError("mixture: a weight is negative");
    sum += x;
  }
  if (!(sum > 0)) throw InputError("mixture: the weights sum to 0");
  for (double& x : w) x /= sum;
  weights_ = std::move(w);
}

std::vector<double> SetupMixture::component_log_probs(const std::vector<int>& codes,
                                                      bool weighted_only) const {
  const auto x = indices_of(codes);
  const double n2 = double(entries());
  std::vector<double> out;
  out.reserve(components_.size());
  std::vector<std::tuple<int, int, std::vector<int>>> near;  // entry, squares apart, t's there
  std::vector<std::vector<std::tuple<int, int, std::vector<int>>>> near_layouts(patterns_.size());
  for (const Component& c : components_) {
    if (weighted_only && weights_[out.size()] <= 0) {
      out.push_back(kMinusInf);
      continue;
    }
    switch (c.type) {
      case Type::kParametric:
        out.push_back(param_->log_prob(codes));
        break;
      case Type::kExact: {
        // The entries equal to x (by Zobrist hash, as the swap walks look them up), each by its
        // template weight.
        const auto& table = c.family ? family_hash_ : exact_hash_;
        const auto it = table.find(hash_of(x.data()));
        const double c0 = it == table.end() ? 0.0 : it->second;
        out.push_back(c0 > 0 ? std::log(c0 / template_total(c.family)) : kMinusInf);
        break;
      }
      case Type::kResample: {
        if (near.empty()) {
          // Every entry within kMaxResampled squares of x, with t's symbols where they differ.
          for (int e = 0; e < entries(); ++e) {
            const std::uint8_t* t = entry(e);
            int d = 0;
            for (int f : param_->order())
              if (t[f] != x[std::size_t(f)] && ++d > kMaxResampled) break;
            if (d > kMaxResampled) continue;
            std::vector<int> a(std::size_t(param_->num_symbols()), 0);
            for (int f : param_->order())
              if (t[f] != x[std::size_t(f)]) ++a[t[f]];
            near.push_back({e, d, std::move(a)});
          }
          near.push_back({-1, -1, {}});  // scanned
        }
        double top = kMinusInf;
        std::vector<double> terms;
        for (const auto& [e, d, a] : near)
          if (d >= 0 && d <= c.block) {
            terms.push_back(log_resample(c.block, d, a) + std::log(template_weight(e, c.family)));
            top = std::max(top, terms.back());
          }
        double z = 0;
        for (double t : terms) z += std::exp(t - top);
        out.push_back(terms.empty() ? kMinusInf : top + std::log(z / template_total(c.family)));
        break;
      }
      case Type::kSwap: {
        // The swaps are their own inverses, so P(x | t) is the share of the walks from x that
        // end on t: the sum over walks from x of the entries equal to the end, / pairs^K.
        auto s = x;
        const double hits =
            swap_walk(s.data(), hash_of(s.data()), c.block, c.family ? family_hash_ : exact_hash_);
        out.push_back(hits > 0 ? std::log(hits / template_total(c.family)) -
                                     c.block * std::log(double(adjacent_.size()))
                               : kMinusInf);
        break;
      }
      case Type::kShift:
        out.push_back(log_shift(c.block, x, c.family));
        break;
      case Type::kExchange:
        out.push_back(log_exchange(x, c.family));
        break;
      case Type::kBlock: {
        const auto& counts = block_counts_[std::size_t(c.block)];
        const auto it = counts.find(block_key(c.block, x.data()));
        out.push_back(it == counts.end()
                          ? kMinusInf
                          : std::log(it->second / n2) + log_uniform_rest(c.block, x.data()));
        break;
      }
      case Type::kPattern: {
        const Pattern& p = patterns_[std::size_t(c.block)];
        const std::string key = pattern_key(c.block, x.data());
        const double within = c.placement ? placement_->log_prob_within(codes, p.class_of)
                              : p.model   ? log_within_model(c.block, codes)
                                          : p.log_within;
        if (c.swaps > 0) {
          std::vector<std::uint8_t> layout(std::size_t(zone_), 0);
          for (int f : param_->order())
            layout[std::size_t(f)] = std::uint8_t(p.class_of[x[std::size_t(f)]]);
          const double hits = swap_walk(layout.data(), hash_of(layout.data()), c.swaps, p.hashed);
          out.push_back(hits > 0 ? std::log(hits / n2) -
                                       c.swaps * std::log(double(adjacent_.size())) + within
                                 : kMinusInf);
          break;
        }
        if (c.resample == 0) {
          const auto it = p.counts.find(key);
          out.push_back(it == p.counts.end() ? kMinusInf : std::log(it->second / n2) + within);
          break;
        }
        // Near layouts: every known layout within the largest resample of x's, found once per
        // pattern for all of its ~M components.
        auto& found = near_layouts[std::size_t(c.block)];
        if (found.empty()) {
          for (const auto& [u, count] : p.counts) {
            int d = 0;
            for (std::size_t i = 0; i < u.size(); ++i)
              if (u[i] != key[i] && ++d > kMaxLayoutResampled) break;
            if (d > kMaxLayoutResampled) continue;
            std::vector<int> a(std::size_t(p.classes), 0);
            for (std::size_t i = 0; i < u.size(); ++i)
              if (u[i] != key[i]) ++a[std::size_t(u[i])];
            found.push_back({d, count, std::move(a)});
          }
          found.push_back({-1, 0, {}});  // scanned
        }
        double top = kMinusInf;
        std::vector<double> terms;
        for (const auto& [d, count, a] : found) {
          if (d < 0 || d > c.resample) continue;
          terms.push_back(std::log(double(count)) + log_resample(c.resample, d, a, p.class_counts));
          top = std::max(top, terms.back());
        }
        double z = 0;
        for (double t : terms) z += std::exp(t - top);
        out.push_back(terms.empty() ? kMinusInf : top + std::log(z / n2) + within);
        break;
      }
      case Type::kPlacement:
        out.push_back(placement_->log_prob(codes));
        break;
      case Type::kStyle:
        out.push_back(styles_[std::size_t(c.block)].log_prob(codes));
        break;
    }
  }
  return out;
}

double SetupMixture::log_prob(const std::vector<int>& codes) const {
  return mix(component_log_probs(codes, true), weights_);
}

SetupMixture::Match SetupMixture::match(const std::vector<int>& codes) const {
  const auto x = indices_of(codes);
  Match m;
  const auto it = exact_hash_.find(hash_of(x.data()));
  m.exact = it == exact_hash_.end() ? 0 : int(it->second);
  int best = std::numeric_limits<int>::max();
  for (int e = 0; e < entries(); ++e) {
    const std::uint8_t* t = entry(e);
    int d = 0;
    for (int f : param_->order())
      if (t[f] != x[std::size_t(f)] && ++d > best) break;
    if (d == 0) {
      // Set-up j matches x or its mirror: count j once.
      if (e % 2 == 0 || std::memcmp(entry(e - 1), t, std::size_t(zone_)) != 0) ++m.exact_setups;
      continue;
    }
    if (d < best) best = d, m.nearest_count = 0, m.nearest_entry = e;
    if (d == best) ++m.nearest_count;
  }
  if (m.nearest_entry >= 0) m.nearest = best;
  return m;
}

std::shared_ptr<const SetupMixture> SetupMixture::for_variant(const Variant& v) {
  // Parsing a training split takes a while (classic: 46,743 lines), so each is parsed once.
  static std::mutex lock;
  static std::map<std::string, std::shared_ptr<const SetupMixture>> cache;
  const std::lock_guard<std::mutex> hold(lock);
  const SetupModel shape = SetupModel::uniform(v);
  const std::string key = v.name + ":" + std::to_string(v.width) + "x" +
                          std::to_string(v.setup_rows) + ":" + shape.format();
  if (const auto it = cache.find(key); it != cache.end()) return it->second;
  std::shared_ptr<const SetupMixture> found;
  const auto param = std::make_shared<const SetupModel>(SetupModel::for_variant(v));
  if (!param->fitted()) return cache[key] = nullptr;
  for (const EmbeddedFile& f : builtin_mixture_files())
    if (f.name == v.name)
      found = std::make_shared<const SetupMixture>(
          parse(f.text, "built-in mixture " + std::string(f.name), param));
  cache[key] = found;
  return found;
}

}  // namespace stratego::eval
