#include "eval/priors/placement_model.h"

#include <tbb/parallel_for.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <sstream>

#include "engine/error.h"
#include "eval/priors/log_math.h"
#include "eval/priors/setup_fit.h"

namespace stratego::eval {
namespace {

// splitmix64: the same numbers on every platform, for the fit's start and the share samples.
struct SplitMix {
  std::uint64_t z;
  std::uint64_t next() {
    std::uint64_t x = (z += 0x9E3779B97F4A7C15ull);
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
  }
  double uniform() { return double(next() >> 11) * 0x1.0p-53; }
};

// The order pieces are placed in: the Flag, the Bombs, then the highest kinds first.
int placement_rank(int code) {
  if (code == kFlag) return -2;
  if (code == kBomb) return -1;
  return kNumKinds - code;
}

}  // namespace

PlacementModel::PlacementModel(const SetupModel& shape)
    : width_(shape.width()),
      rows_(shape.rows()),
      zone_(shape.zone_size()),
      pieces_(shape.pieces()),
      symbols_(shape.num_symbols()),
      offsets_((2 * shape.width() - 1) * (2 * shape.rows() - 1)) {
  lake_.resize(std::size_t(zone_));
  for (int f = 0; f < zone_; ++f) lake_[std::size_t(f)] = shape.lake(f);
  std::vector<int> codes;
  for (int s = 0; s < symbols_; ++s) {
    const int code = shape.symbols()[std::size_t(s)];
    if (code == kEmptySymbol)
      empty_symbol_ = s;
    else
      codes.push_back(code);
  }
  std::stable_sort(codes.begin(), codes.end(),
                   [](int a, int b) { return placement_rank(a) < placement_rank(b); });
  for (int code : codes) {
    const int s = shape.symbol_index(code);
    for (int k = 0; k < shape.counts()[std::size_t(s)]; ++k) {
      piece_symbol_.push_back(s);
      piece_code_.push_back(code);
    }
  }
  same_after_.assign(std::size_t(pieces_), 0);
  for (int i = pieces_ - 2; i >= 0; --i)
    if (piece_symbol_[std::size_t(i)] == piece_symbol_[std::size_t(i + 1)])
      same_after_[std::size_t(i)] = same_after_[std::size_t(i + 1)] + 1;
}

int PlacementModel::rel_index(int c, int i, int j, int from, int to) const {
  const int pairs = pieces_ * (pieces_ - 1) / 2;
  const int dx = to % width_ - from % width_ + width_ - 1;
  const int dy = to / width_ - from / width_ + rows_ - 1;
  return int(rel_base_) +
         ((c * pairs + i * (i - 1) / 2 + j) * offsets_ + dx * (2 * rows_ - 1) + dy);
}

std::vector<int> PlacementModel::positions(const std::vector<int>& codes) const {
  std::vector<int> pos(std::size_t(pieces_), -1);
  for (int i = 0; i < pieces_; ++i) {
    for (int f = first_square(i, pos); f < zone_ && pos[std::size_t(i)] < 0; ++f)
      if (!lake_[std::size_t(f)] && codes[std::size_t(f)] == piece_code_[std::size_t(i)])
        pos[std::size_t(i)] = f;
    if (pos[std::size_t(i)] < 0) return {};
  }
  int pieces = 0;
  for (int f = 0; f < zone_; ++f)
    if (!lake_[std::size_t(f)] && codes[std::size_t(f)] != kEmptySymbol) ++pieces;
  return pieces == pieces_ ? pos : std::vector<int>{};
}

bool PlacementModel::step(int c, int i, const std::vector<int>& pos,
                          const std::vector<bool>& occupied, const std::vector<int>* region,
                          const std::vector<int>* piece_region, std::vector<int>& domain,
                          std::vector<double>& log_p) const {
  domain.clear();
  for (int f = first_square(i, pos); f < zone_; ++f)
    if (!lake_[std::size_t(f)] && !occupied[std::size_t(f)] &&
        (!region || (*region)[std::size_t(f)] == (*piece_region)[std::size_t(i)]))
      domain.push_back(f);
  // Room for the identical pieces still to come, which go on later squares.
  const std::size_t room = std::size_t(same_after_[std::size_t(i)]);
  if (domain.size() <= room) return false;
  domain.resize(domain.size() - room);
  log_p.clear();
  double top = kMinusInf;
  for (int g : domain) {
    double s = params_[std::size_t(theta_index(c, i, g))];
    for (int j = 0; j < i; ++j)
      s += params_[std::size_t(rel_index(c, i, j, pos[std::size_t(j)], g))];
    log_p.push_back(s);
    top = std::max(top, s);
  }
  double z = 0;
  for (double s : log_p) z += std::exp(s - top);
  const double log_z = top + std::log(z);
  for (double& s : log_p) s -= log_z;
  return true;
}

double PlacementModel::sequence_log_prob(int c, const std::vector<int>& pos,
                                         std::vector<double>* grad, double scale,
                                         const std::vector<int>* region,
                                         const std::vector<int>* piece_region) const {
  std::vector<bool> occupied(std::size_t(zone_), false);
  std::vector<int> domain;
  std::vector<double> log_p;
  double lp = 0;
  for (int i = 0; i < pieces_; ++i) {
    if (!step(c, i, pos, occupied, region, piece_region, domain, log_p)) return kMinusInf;
    const int at = pos[std::size_t(i)];
    const auto it = std::lower_bound(domain.begin(), domain.end(), at);
    if (it == domain.end() || *it != at) return kMinusInf;
    lp += log_p[std::size_t(it - domain.begin())];
    if (grad)
      for (std::size_t k = 0; k < domain.size(); ++k) {
        const int g = domain[k];
        const double d = scale * ((g == at ? 1.0 : 0.0) - std::exp(log_p[k]));
        (*grad)[std::size_t(theta_index(c, i, g))] += d;
        for (int j = 0; j < i; ++j)
          (*grad)[std::size_t(rel_index(c, i, j, pos[std::size_t(j)], g))] += d;
      }
    occupied[std::size_t(at)] = true;
  }
  return lp;
}

double PlacementModel::log_prob(const std::vector<int>& codes) const {
  const auto pos = positions(codes);
  return pos.empty() ? kMinusInf : mix_classes(pos, nullptr, nullptr);
}

double PlacementModel::log_prob_within(const std::vector<int>& codes,
                                       const std::vector<int>& class_of) const {
  const auto pos = positions(codes);
  if (pos.empty()) return kMinusInf;
  std::vector<int> region(std::size_t(zone_), -1), piece_region(static_cast<std::size_t>(pieces_));
  for (int i = 0; i < pieces_; ++i) {
    piece_region[std::size_t(i)] = class_of[std::size_t(piece_symbol_[std::size_t(i)])];
    region[std::size_t(pos[std::size_t(i)])] = piece_region[std::size_t(i)];
  }
  return mix_classes(pos, &region, &piece_region);
}

double PlacementModel::mix_classes(const std::vector<int>& pos, const std::vector<int>* region,
                                   const std::vector<int>* piece_region) const {
  std::vector<double> lps;
  double top = kMinusInf;
  for (int c = 0; c < classes(); ++c) {
    lps.push_back(class_weight_[std::size_t(c)] > 0
                      ? std::log(class_weight_[std::size_t(c)]) +
                            sequence_log_prob(c, pos, nullptr, 0, region, piece_region)
                      : kMinusInf);
    top = std::max(top, lps.back());
  }
  if (top == kMinusInf) return kMinusInf;
  double z = 0;
  for (double x : lps) z += std::exp(x - top);
  return top + std::log(z);
}

void PlacementModel::add_neighbour_pairs(
    std::size_t theta_base, std::size_t rel_base,
    std::vector<std::pair<std::size_t, std::size_t>>& out) const {
  for (int i = 0; i < pieces_; ++i)
    for (int f = 0; f < zone_; ++f) {
      const std::size_t q = theta_base + std::size_t(i * zone_ + f);
      if (f % width_ + 1 < width_) out.emplace_back(q, q + 1);
      if (f + width_ < zone_) out.emplace_back(q, q + std::size_t(width_));
    }
  const int rel_rows = 2 * rows_ - 1, rel_cols = 2 * width_ - 1;
  for (int pair = 0; pair < pieces_ * (pieces_ - 1) / 2; ++pair)
    for (int dx = 0; dx < rel_cols; ++dx)
      for (int dy = 0; dy < rel_rows; ++dy) {
        const std::size_t q = rel_base + std::size_t(pair * offsets_ + dx * rel_rows + dy);
        if (dy + 1 < rel_rows) out.emplace_back(q, q + 1);
        if (dx + 1 < rel_cols) out.emplace_back(q, q + std::size_t(rel_rows));
      }
}

PlacementModel PlacementModel::fit(const SetupModel& shape,
                                   const std::vector<std::vector<int>>& training, const Options& o,
                                   const std::vector<std::vector<int>>& extra) {
  if (!fits(shape))
    throw InputError("placement prior: the army has " + std::to_string(shape.pieces()) +
                     " pieces, more than " + std::to_string(kMaxPieces));
  if (o.classes < 1) throw InputError("placement prior: at least one class");
  if (o.classes * std::max(o.ensemble, 1) > kMaxClasses)
    throw InputError("placement prior: " + std::to_string(o.classes) + " classes times " +
                     std::to_string(o.ensemble) + " fits is more than " +
                     std::to_string(kMaxClasses) + " classes");
  if (o.ensemble > 1) return fit_ensemble(shape, training, o, extra);
  PlacementModel m(shape);
  const int k = o.classes;
  m.class_weight_.assign(std::size_t(k), 1.0 / k);
  m.rel_base_ = std::size_t(k) * std::size_t(m.pieces_) * std::size_t(m.zone_);
  m.params_.assign(m.rel_base_ + std::size_t(k) * std::size_t(m.pieces_ * (m.pieces_ - 1) / 2) *
                                     std::size_t(m.offsets_),
                   0.0);
  // Several classes start apart (a little noise), or EM would keep them equal.
  SplitMix rng{o.seed};
  if (k > 1)
    for (double& p : m.params_) p = 0.3 * (rng.uniform() - 0.5);
  // Each distinct placement sequence once, with the summed weight of its copies: people reuse
  // set-ups and the exchanged copies repeat, so this fits a fifth fewer sequences in Barrage.
  std::vector<std::vector<int>> data;
  std::vector<double> weight;  // per placement sequence in data
  std::map<std::vector<int>, std::size_t> index_of;
  for (const auto* set : {&training, &extra})
    for (const auto& s : *set)
      for (const auto& t : {s, mirrored(s, shape.width())})
        if (auto pos = m.positions(t); !pos.empty()) {
          const auto [it, added] = index_of.emplace(pos, data.size());
          if (added) {
            data.push_back(std::move(pos));
            weight.push_back(0.0);
          }
          weight[it->second] += set == &extra ? o.extra_weight : 1.0;
        }
  if (data.empty()) throw InputError("placement prior: no training set-up of this army");
  double n = 0;
  for (double w : weight) n += w;
  // The sequences in fixed chunks, each chunk's sums kept apart and added in chunk order: the
  // fit runs on every core and gives the same parameters on any number of them.
  constexpr std::size_t kChunk = 512;
  const std::size_t chunks = (data.size() + kChunk - 1) / kChunk;
  const auto for_each_chunk = [&](const auto& body) {
    tbb::parallel_for(std::size_t(0), chunks, [&](std::size_t chunk) {
      body(chunk, chunk * kChunk, std::min(data.size(), (chunk + 1) * kChunk));
    });
  };
  std::vector<double> resp(data.size() * std::size_t(k), 1.0 / k);
  std::vector<double> grad(m.params_.size());
  std::vector<std::vector<double>> chunk_grad(chunks, std::vector<double>(m.params_.size()));
  auto expectation = [&] {
    for_each_chunk([&](std::size_t, std::size_t begin, std::size_t end) {
      std::vector<double> lps(static_cast<std::size_t>(k));
      for (std::size_t d = begin; d < end; ++d) {
        double top = kMinusInf;
        for (int c = 0; c < k; ++c) {
          lps[std::size_t(c)] = std::log(std::max(m.class_weight_[std::size_t(c)], 1e-300)) +
                                m.sequence_log_prob(c, data[d], nullptr, 0);
          top = std::max(top, lps[std::size_t(c)]);
        }
        double z = 0;
        for (double x : lps) z += std::exp(x - top);
        for (int c = 0; c < k; ++c)
          resp[d * std::size_t(k) + std::size_t(c)] = std::exp(lps[std::size_t(c)] - top) / z;
      }
    });
    std::vector<double> total(static_cast<std::size_t>(k), 0.0);
    for (std::size_t d = 0; d < data.size(); ++d)
      for (int c = 0; c < k; ++c)
        total[std::size_t(c)] += weight[d] * resp[d * std::size_t(k) + std::size_t(c)];
    for (int c = 0; c < k; ++c) m.class_weight_[std::size_t(c)] = total[std::size_t(c)] / n;
  };
  // With class_l2 > 0 each class's parameter is a shared one (weight l2) plus the class's own
  // deviation (weight class_l2): free = [every class's deviation, in params_'s layout; the
  // shared theta; the shared rel]. Else free is params_ itself, each with weight l2.
  const bool shared = o.class_l2 > 0 && k > 1;
  const std::size_t size = m.params_.size(),
                    theta_block = std::size_t(m.pieces_) * std::size_t(m.zone_),
                    rel_block =
                        std::size_t(m.pieces_ * (m.pieces_ - 1) / 2) * std::size_t(m.offsets_);
  const auto shared_of = [&](std::size_t q) {
    return size + (q < m.rel_base_ ? q % theta_block : theta_block + (q - m.rel_base_) % rel_block);
  };
  std::vector<double> free = m.params_;  // the classes start apart
  if (shared) free.resize(size + theta_block + rel_block, 0.0);
  std::vector<double> free_grad(free.size()), m1(free.size(), 0.0), m2(free.size(), 0.0);
  const auto l2_of = [&](std::size_t q) { return q < size && shared ? o.class_l2 : o.l2; };
  // Neighbouring parameters, for the smoothness prior: in each class's and the shared block.
  std::vector<std::pair<std::size_t, std::size_t>> neighbours;
  if (o.smooth > 0) {
    for (int c = 0; c < k; ++c)
      m.add_neighbour_pairs(std::size_t(c) * theta_block, m.rel_base_ + std::size_t(c) * rel_block,
                            neighbours);
    if (shared) m.add_neighbour_pairs(size, size + theta_block, neighbours);
  }
  constexpr double kRate = 0.05, kBeta1 = 0.9, kBeta2 = 0.999;
  for (int it = 1; it <= o.iterations; ++it) {
    if (k > 1 && it % 10 == 1) expectation();
    for_each_chunk([&](std::size_t chunk, std::size_t begin, std::size_t end) {
      auto& g = chunk_grad[chunk];
      std::fill(g.begin(), g.end(), 0.0);
      for (std::size_t d = begin; d < end; ++d)
        for (int c = 0; c < k; ++c) {
          const double r = resp[d * std::size_t(k) + std::size_t(c)];
          if (r > 1e-6) m.sequence_log_prob(c, data[d], &g, weight[d] * r / n);
        }
    });
    grad = chunk_grad.front();
    for (std::size_t chunk = 1; chunk < chunks; ++chunk)
      for (std::size_t q = 0; q < grad.size(); ++q) grad[q] += chunk_grad[chunk][q];
    for (std::size_t q = 0; q < free.size(); ++q) free_grad[q] = l2_of(q) / n * free[q];
    for (const auto& [a, b] : neighbours) {
      const double d = o.smooth / n * (free[a] - free[b]);
      free_grad[a] += d;
      free_grad[b] -= d;
    }
    for (std::size_t q = 0; q < size; ++q) {
      free_grad[q] -= grad[q];
      if (shared) free_grad[shared_of(q)] -= grad[q];
    }
    const double c1 = 1 - std::pow(kBeta1, it), c2 = 1 - std::pow(kBeta2, it);
    for (std::size_t q = 0; q < free.size(); ++q) {
      const double g = free_grad[q];
      m1[q] = kBeta1 * m1[q] + (1 - kBeta1) * g;
      m2[q] = kBeta2 * m2[q] + (1 - kBeta2) * g * g;
      free[q] -= kRate * (m1[q] / c1) / (std::sqrt(m2[q] / c2) + 1e-8);
    }
    for (std::size_t q = 0; q < size; ++q)
      m.params_[q] = free[q] + (shared ? free[shared_of(q)] : 0);
  }
  if (k > 1) expectation();
  m.compute_shares();
  return m;
}

PlacementModel PlacementModel::fit_ensemble(const SetupModel& shape,
                                            const std::vector<std::vector<int>>& training,
                                            const Options& o,
                                            const std::vector<std::vector<int>>& extra) {
  std::vector<PlacementModel> fits;
  for (int e = 0; e < o.ensemble; ++e) {
    Options one = o;
    one.ensemble = 1;
    one.seed = o.seed + std::uint64_t(e);
    fits.push_back(fit(shape, training, one, extra));
  }
  // params_ is every class's theta, then every class's rel: the fits' blocks in turn.
  PlacementModel m(shape);
  for (const auto& f : fits)
    for (double w : f.class_weight_) m.class_weight_.push_back(w / o.ensemble);
  for (const auto& f : fits)
    m.params_.insert(m.params_.end(), f.params_.begin(),
                     f.params_.begin() + std::ptrdiff_t(f.rel_base_));
  m.rel_base_ = m.params_.size();
  for (const auto& f : fits)
    m.params_.insert(m.params_.end(), f.params_.begin() + std::ptrdiff_t(f.rel_base_),
                     f.params_.end());
  m.compute_shares();
  return m;
}

void PlacementModel::compute_shares() {
  std::vector<double> count(std::size_t(zone_ * symbols_), 0.0);
  SplitMix rng{0x5A3E5u};
  std::vector<int> pos(static_cast<std::size_t>(pieces_));
  std::vector<bool> occupied(static_cast<std::size_t>(zone_));
  std::vector<int> domain;
  std::vector<double> log_p;
  for (int sample = 0; sample < kShareSamples; ++sample) {
    double u = rng.uniform();
    int c = 0;
    while (c + 1 < classes() && (u -= class_weight_[std::size_t(c)]) >= 0) ++c;
    std::fill(occupied.begin(), occupied.end(), false);
    for (int i = 0; i < pieces_; ++i) {
      step(c, i, pos, occupied, nullptr, nullptr, domain, log_p);
      double v = rng.uniform();
      std::size_t pick = 0;
      while (pick + 1 < domain.size() && (v -= std::exp(log_p[pick])) >= 0) ++pick;
      pos[std::size_t(i)] = domain[pick];
      occupied[std::size_t(domain[pick])] = true;
      count[std::size_t(domain[pick] * symbols_ + piece_symbol_[std::size_t(i)])] += 1;
    }
    if (empty_symbol_ >= 0)
      for (int f = 0; f < zone_; ++f)
        if (!lake_[std::size_t(f)] && !occupied[std::size_t(f)])
          count[std::size_t(f * symbols_ + empty_symbol_)] += 1;
  }
  // Half a sample spread by the army's shares, so that no square is certain not to hold a kind.
  std::vector<double> base(std::size_t(symbols_), 0.0);
  int squares = 0;
  for (int f = 0; f < zone_; ++f) squares += lake_[std::size_t(f)] ? 0 : 1;
  for (int i = 0; i < pieces_; ++i)
    base[std::size_t(piece_symbol_[std::size_t(i)])] += 1.0 / squares;
  if (empty_symbol_ >= 0) base[std::size_t(empty_symbol_)] = double(squares - pieces_) / squares;
  shares_.assign(count.size(), 0.0);
  for (int f = 0; f < zone_; ++f)
    for (int s = 0; s < symbols_; ++s)
      shares_[std::size_t(f * symbols_ + s)] =
          lake_[std::size_t(f)]
              ? 0.0
              : (count[std::size_t(f * symbols_ + s)] + 0.5 * base[std::size_t(s)]) /
                    (kShareSamples + 0.5);
}

std::string PlacementModel::format() const {
  std::ostringstream out;
  char buf[32];
  auto number = [&](double x) {
    std::snprintf(buf, sizeof buf, " %.4g", x);
    out << buf;
  };
  out << "placement " << classes() << "\nclass-weights";
  for (double w : class_weight_) number(w);
  out << "\n";
  for (int c = 0; c < classes(); ++c)
    for (int i = 0; i < pieces_; ++i) {
      out << "theta " << c << ' ' << i;
      for (int f = 0; f < zone_; ++f) number(params_[std::size_t(theta_index(c, i, f))]);
      out << "\n";
    }
  const int pairs = pieces_ * (pieces_ - 1) / 2;
  for (int c = 0; c < classes(); ++c)
    for (int p = 0; p < pairs; ++p) {
      out << "rel " << c << ' ' << p;
      const std::size_t at = rel_base_ + std::size_t((c * pairs + p) * offsets_);
      for (int q = 0; q < offsets_; ++q) number(params_[at + std::size_t(q)]);
      out << "\n";
    }
  out << "end-placement\n";
  return out.str();
}

PlacementModel PlacementModel::parse(const SetupModel& shape, int classes, std::istream& in,
                                     const std::string& origin, int& line_no) {
  auto fail = [&](const std::string& why) {
    throw InputError(origin + ":" + std::to_string(line_no) + ": " + why);
  };
  if (!fits(shape)) fail("a placement prior is only for armies of at most 12 pieces");
  if (classes < 1 || classes > kMaxClasses)
    fail("'placement' needs a number of classes from 1 to " + std::to_string(kMaxClasses));
  PlacementModel m(shape);
  const int pairs = m.pieces_ * (m.pieces_ - 1) / 2;
  m.rel_base_ = std::size_t(classes) * std::size_t(m.pieces_) * std::size_t(m.zone_);
  m.params_.assign(m.rel_base_ + std::size_t(classes * pairs * m.offsets_), 0.0);
  std::vector<bool> seen(std::size_t(classes * (m.pieces_ + pairs)), false);
  std::string line;
  bool ended = false;
  while (!ended && std::getline(in, line)) {
    ++line_no;
    std::istringstream words(line);
    std::string key;
    words >> key;
    if (key == "end-placement") {
      ended = true;
      continue;
    }
    auto read_numbers = [&](std::size_t at, int count) {
      for (int q = 0; q < count; ++q)
        if (!(words >> m.params_[at + std::size_t(q)]) ||
            !std::isfinite(m.params_[at + std::size_t(q)]))
          fail("'" + key + "' needs " + std::to_string(count) + " numbers");
    };
    int c = -1, index = -1;
    if (key == "class-weights") {
      m.class_weight_.assign(std::size_t(classes), 0.0);
      double sum = 0;
      for (double& w : m.class_weight_) {
        if (!(words >> w) || !(w >= 0))
          fail("'class-weights' needs " + std::to_string(classes) + " weights >= 0");
        sum += w;
      }
      if (!(sum > 0)) fail("the class weights sum to 0");
      for (double& w : m.class_weight_) w /= sum;
    } else if (key == "theta" || key == "rel") {
      const int limit = key == "theta" ? m.pieces_ : pairs;
      if (!(words >> c >> index) || c < 0 || c >= classes || index < 0 || index >= limit)
        fail("'" + key + "' needs a class below " + std::to_string(classes) +
             " and an index below " + std::to_string(limit));
      const std::size_t slot =
          std::size_t(c * (m.pieces_ + pairs) + (key == "theta" ? index : m.pieces_ + index));
      if (seen[slot])
        fail("'" + key + " " + std::to_string(c) + " " + std::to_string(index) + "' twice");
      seen[slot] = true;
      if (key == "theta")
        read_numbers(std::size_t(m.theta_index(c, index, 0)), m.zone_);
      else
        read_numbers(m.rel_base_ + std::size_t((c * pairs + index) * m.offsets_), m.offsets_);
    } else {
      fail("unknown key '" + key + "' in the placement prior");
    }
  }
  if (!ended) fail("the placement prior ends without 'end-placement'");
  if (m.class_weight_.empty()) fail("the placement prior has no 'class-weights'");
  if (std::find(seen.begin(), seen.end(), false) != seen.end())
    fail("the placement prior misses a 'theta' or 'rel' line");
  m.compute_shares();
  return m;
}

}  // namespace stratego::eval
