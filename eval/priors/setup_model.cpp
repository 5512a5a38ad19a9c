#include "eval/priors/setup_model.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <limits>

#include "engine/error.h"
#include "eval/priors/log_math.h"

namespace stratego::eval {

SetupModel::SetupModel(const Variant& v, std::string source)
    : variant_(v.name), source_(std::move(source)), width_(v.width), rows_(v.setup_rows) {
  index_of_.fill(-1);
  lakes_.assign(std::size_t(zone_size()), false);
  int free_squares = 0;
  for (int f = 0; f < zone_size(); ++f) {
    lakes_[std::size_t(f)] = test(v.geometry.blocked(), v.geometry.square(f % width_, f / width_));
    if (!lakes_[std::size_t(f)]) {
      order_.push_back(f);
      ++free_squares;
    }
  }
  for (Kind k : kAllKinds)
    if (v.army[k] > 0) {
      index_of_[k] = int(symbols_.size());
      symbols_.push_back(k);
      counts_.push_back(v.army[k]);
      pieces_ += v.army[k];
    }
  if (free_squares > pieces_) {
    index_of_[kEmptySymbol] = int(symbols_.size());
    symbols_.push_back(kEmptySymbol);
    counts_.push_back(free_squares - pieces_);
  }
  if (v.army[kFlag] == 1) flag_index_ = index_of_[kFlag];
  const std::size_t s = symbols_.size();
  params_.phi.assign(std::size_t(num_tied()), 0.0);
  params_.theta.assign(std::size_t(num_tied()) * s, 0.0);
  for (auto& r : params_.rel) r.assign(s, 0.0);
  params_.pair.assign(s * s, 0.0);
}

SetupModel SetupModel::uniform(const Variant& v) {
  return SetupModel(v, "uniform over legal set-ups (the set-up generator's prior; no data)");
}

SetupModel SetupModel::for_variant(const Variant& v) {
  for (const EmbeddedFile& f : builtin_prior_files()) {
    if (f.name != v.name) continue;
    SetupModel m = parse(f.text, "built-in prior " + std::string(f.name));
    const SetupModel shape = uniform(v);
    if (m.width_ == shape.width_ && m.rows_ == shape.rows_ && m.symbols_ == shape.symbols_ &&
        m.counts_ == shape.counts_ && m.lakes_ == shape.lakes_)
      return m;
  }
  return uniform(v);
}

int SetupModel::tied(int f) const {
  const int col = f % width_, half = (width_ + 1) / 2;
  return (f / width_) * half + std::min(col, width_ - 1 - col);
}

SetupModel::Relation SetupModel::relation(int width, int a, int b) {
  const int dr = std::abs(a / width - b / width), dc = std::abs(a % width - b % width);
  if (dr + dc == 1) return kAdjacent;
  if (dr == 1 && dc == 1) return kDiagonal;
  if (dr + dc == 2) return kTwoStraight;
  return kFar;
}

std::vector<int> SetupModel::symbols_of(std::string_view line) const {
  if (int(line.size()) != zone_size())
    throw InputError("set-up has " + std::to_string(line.size()) + " characters; " + variant_ +
                     " needs " + std::to_string(zone_size()));
  std::vector<int> out(line.size(), -1);
  std::vector<int> seen(symbols_.size(), 0);
  for (int f = 0; f < zone_size(); ++f) {
    const char c = line[std::size_t(f)];
    const std::string where = "set-up character " + std::to_string(f + 1);
    if (lake(f)) {
      if (c != 'A' && c != '_') throw InputError(where + ": a piece on a lake square");
      continue;
    }
    int code = -1;
    if (c == 'A') {
      code = kEmptySymbol;
    } else if (const auto k = kind_from_letter(c)) {
      code = *k;
    }
    const int idx = code < 0 ? -1 : index_of_[std::size_t(code)];
    if (idx < 0) {
      std::string what(1, c);
      throw InputError(where + ": '" + what + "' is not a piece of the " + variant_ + " army" +
                       (c == 'A' ? " (the army fills the zone)" : ""));
    }
    out[std::size_t(f)] = code;
    ++seen[std::size_t(idx)];
  }
  for (std::size_t s = 0; s < symbols_.size(); ++s)
    if (seen[s] != counts_[s]) {
      const std::string name = symbols_[s] == kEmptySymbol
                                   ? std::string("empty square")
                                   : std::string(kind_name(Kind(symbols_[s])));
      throw InputError("set-up has " + std::to_string(seen[s]) + " " + name + "(s); the " +
                       variant_ + " army has " + std::to_string(counts_[s]));
    }
  return out;
}

void SetupModel::flag_distribution(std::vector<double>& out) const {
  out.assign(std::size_t(zone_size()), kMinusInf);
  double top = kMinusInf;
  for (int f : order_) top = std::max(top, params_.phi[std::size_t(tied(f))]);
  double z = 0;
  for (int f : order_) z += std::exp(params_.phi[std::size_t(tied(f))] - top);
  for (int f : order_) out[std::size_t(f)] = params_.phi[std::size_t(tied(f))] - top - std::log(z);
}

void SetupModel::conditional(int f, const std::vector<int>& placed, const std::vector<int>& left,
                             int flag_square, std::vector<double>& out) const {
  const int n = num_symbols();
  out.assign(std::size_t(n), kMinusInf);
  const double* theta = &params_.theta[std::size_t(tied(f) * n)];
  const Relation r = structure_ && flag_square >= 0 ? relation(width_, f, flag_square) : kFar;
  std::array<int, kNumKinds + 1> near{};
  if (structure_) {
    const int col = f % width_, row = f / width_;
    const int nb[4][2] = {{col - 1, row}, {col + 1, row}, {col, row - 1}, {col, row + 1}};
    for (const auto& [c, rr] : nb) {
      if (c < 0 || c >= width_ || rr < 0 || rr >= rows_) continue;
      const int s = placed[std::size_t(rr * width_ + c)];
      if (s >= 0) ++near[std::size_t(s)];
    }
  }
  double top = kMinusInf;
  for (int s = 0; s < n; ++s) {
    if (left[std::size_t(s)] <= 0) continue;
    double l = theta[s] + std::log(double(left[std::size_t(s)]));
    if (r != kFar) l += params_.rel[r][std::size_t(s)];
    if (structure_)
      for (int t = 0; t < n; ++t)
        if (near[std::size_t(t)]) l += near[std::size_t(t)] * params_.pair[std::size_t(t * n + s)];
    out[std::size_t(s)] = l;
    top = std::max(top, l);
  }
  double z = 0;
  for (int s = 0; s < n; ++s)
    if (out[std::size_t(s)] > kMinusInf) z += std::exp(out[std::size_t(s)] - top);
  const double lz = top + std::log(z);
  for (int s = 0; s < n; ++s)
    if (out[std::size_t(s)] > kMinusInf) out[std::size_t(s)] -= lz;
}

double SetupModel::log_prob(const std::vector<int>& symbols, std::vector<double>* terms) const {
  std::vector<int> placed(std::size_t(zone_size()), -1), left(counts_);
  if (terms) terms->assign(std::size_t(zone_size()), 0.0);
  double total = 0;
  int flag_square = -1;
  std::vector<double> cond;
  if (structure_ && flag_index_ >= 0) {
    for (int f : order_)
      if (symbols[std::size_t(f)] == kFlag) flag_square = f;
    if (flag_square < 0) throw InputError("log_prob: the set-up has no Flag");
    flag_distribution(cond);
    const double t = cond[std::size_t(flag_square)];
    total += t;
    if (terms) (*terms)[std::size_t(flag_square)] = t;
    placed[std::size_t(flag_square)] = flag_index_;
    --left[std::size_t(flag_index_)];
  }
  for (int f : order_) {
    if (f == flag_square) continue;
    const int s = index_of_[std::size_t(symbols[std::size_t(f)])];
    conditional(f, placed, left, flag_square, cond);
    const double t = cond[std::size_t(s)];
    total += t;
    if (terms) (*terms)[std::size_t(f)] = t;
    placed[std::size_t(f)] = s;
    --left[std::size_t(s)];
  }
  return total;
}

double SetupModel::uniform_log_prob() const {
  // log(prod counts! / squares!)
  double lp = std::lgamma(double(order_.size()) + 1);
  for (int c : counts_) lp -= std::lgamma(double(c) + 1);
  return -lp;
}

double SetupModel::symbol_share(int f, int symbol) const {
  const int idx = index_of_[std::size_t(symbol)];
  if (idx < 0 || lake(f)) return 0;
  if (table_.empty()) return double(counts_[std::size_t(idx)]) / double(order_.size());
  return table_[std::size_t(f * num_symbols() + idx)];
}

double SetupModel::marginal(int f, Kind k) const {
  const double occupied = 1.0 - symbol_share(f, kEmptySymbol);
  return occupied > 0 ? symbol_share(f, k) / occupied : 0.0;
}

double SetupModel::flag_lift(int t, int s, int f) const {
  if (!structure_ || flag_index_ < 0) return 1.0;
  const Relation r = relation(width_, t, f);
  if (r == kFar) return 1.0;
  const int idx = index_of_[std::size_t(s)];
  if (idx < 0 || idx == flag_index_) return 1.0;
  // P(s on t | Flag on f) / P(s on t): the relation's odds, renormalised over what t can hold.
  double z = 0, mass = 0;
  for (int o = 0; o < num_symbols(); ++o) {
    if (o == flag_index_) continue;
    const double share = symbol_share(t, symbols_[std::size_t(o)]);
    z += share * std::exp(params_.rel[r][std::size_t(o)]);
    mass += share;
  }
  return z > 0 ? std::exp(params_.rel[r][std::size_t(idx)]) * mass / z : 1.0;
}

void SetupModel::set_table(std::vector<double> table, double smoothing) {
  table_ = std::move(table);
  smoothing_ = smoothing;
}

void SetupModel::set_fitted(std::string source, Validation v) {
  fitted_ = true;
  source_ = std::move(source);
  validation_ = v;
}

}  // namespace stratego::eval
