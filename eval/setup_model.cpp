#include "eval/setup_model.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <sstream>

#include "engine/error.h"

namespace stratego::eval {
namespace {

constexpr double kMinusInf = -std::numeric_limits<double>::infinity();

char symbol_letter(int code) { return code == kEmptySymbol ? 'A' : kind_letter(Kind(code)); }

std::string number(double x) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.6g", x);
  return buf;
}

std::vector<std::string> split_words(const std::string& line) {
  std::istringstream in(line);
  std::vector<std::string> out;
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

}  // namespace

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
  for (const BuiltinPriorFile& f : builtin_prior_files()) {
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
      const std::string name = symbols_[s] == kEmptySymbol ? std::string("empty square")
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

std::string SetupModel::format() const {
  const int n = num_symbols();
  std::ostringstream out;
  out << "stratego-prior 1\nvariant " << variant_ << "\nsource " << source_ << "\nwidth " << width_
      << "\nrows " << rows_ << "\nlakes";
  for (int f = 0; f < zone_size(); ++f)
    if (lake(f)) out << ' ' << f;
  out << "\nsymbols ";
  for (int code : symbols_) out << symbol_letter(code);
  out << "\ncounts";
  for (int c : counts_) out << ' ' << c;
  out << "\nstructure " << (structure_ ? 1 : 0) << "\nsmoothing " << number(smoothing_)
      << "\nvalidation " << validation_.training << ' ' << validation_.validation << ' '
      << number(validation_.model) << ' ' << number(validation_.per_square) << ' '
      << number(validation_.uniform) << "\nphi";
  for (double x : params_.phi) out << ' ' << number(x);
  out << '\n';
  for (int t = 0; t < num_tied(); ++t) {
    out << "theta " << t;
    for (int s = 0; s < n; ++s) out << ' ' << number(params_.theta[std::size_t(t * n + s)]);
    out << '\n';
  }
  static const char* kRelNames[] = {"adjacent", "diagonal", "two"};
  for (int r = 0; r < kNumRelations; ++r) {
    out << "rel " << kRelNames[r];
    for (double x : params_.rel[std::size_t(r)]) out << ' ' << number(x);
    out << '\n';
  }
  for (int t = 0; t < n; ++t) {
    out << "pair " << t;
    for (int u = 0; u < n; ++u) out << ' ' << number(params_.pair[std::size_t(t * n + u)]);
    out << '\n';
  }
  if (!table_.empty())
    for (int f = 0; f < zone_size(); ++f) {
      out << "table " << f;
      for (int s = 0; s < n; ++s) out << ' ' << number(table_[std::size_t(f * n + s)]);
      out << '\n';
    }
  out << "end\n";
  return out.str();
}

SetupModel SetupModel::parse(std::string_view text, const std::string& origin) {
  std::istringstream in{std::string(text)};
  std::string line;
  int line_no = 0;
  auto fail = [&](const std::string& why) {
    throw InputError(origin + ":" + std::to_string(line_no) + ": " + why);
  };
  auto numbers = [&](const std::vector<std::string>& w, std::size_t first, std::size_t count) {
    if (w.size() != first + count)
      fail("'" + w[0] + "' needs " + std::to_string(count) + " numbers, not " +
           std::to_string(w.size() - first));
    std::vector<double> out;
    for (std::size_t i = first; i < w.size(); ++i) {
      char* end = nullptr;
      const double x = std::strtod(w[i].c_str(), &end);
      if (end == w[i].c_str() || *end != '\0' || !std::isfinite(x)) fail("'" + w[i] + "' is not a number");
      out.push_back(x);
    }
    return out;
  };
  // The header fixes the shape; the model is built from a synthetic variant of that shape.
  Variant shape;
  shape.army.fill(0);
  std::string name, source, letters;
  std::vector<int> lakes, counts;
  bool seen_magic = false, header_done = false, ended = false, structure = false;
  double smoothing = 0;
  Validation val;
  SetupModel model(shape, "");
  std::vector<double> table;
  std::vector<bool> theta_seen;
  auto finish_header = [&] {
    if (letters.empty() || counts.size() != letters.size())
      fail("'symbols' and 'counts' must come before the numbers and match in length");
    shape.name = name;
    shape.width = std::max(shape.width, 1);
    shape.height = 2 * shape.setup_rows + 2;
    Bitboard blocked = 0;
    for (int f : lakes) blocked |= square_bb(f);
    shape.geometry = Geometry(shape.width, shape.height, blocked);
    int empties = 0;
    for (std::size_t i = 0; i < letters.size(); ++i) {
      if (letters[i] == 'A') {
        empties = counts[i];
        continue;
      }
      const auto k = kind_from_letter(letters[i]);
      if (!k) fail(std::string("'") + letters[i] + "' is not a set-up letter");
      shape.army[*k] = counts[i];
    }
    model = SetupModel(shape, source);
    std::string model_letters;
    for (int code : model.symbols_) model_letters += symbol_letter(code);
    if (model_letters != letters || model.counts_ != counts || (empties > 0) != (model.index_of_[kEmptySymbol] >= 0))
      fail("'symbols' and 'counts' do not describe an army that fits the " +
           std::to_string(shape.width) + "x" + std::to_string(shape.setup_rows) + " zone");
    model.structure_ = structure;
    theta_seen.assign(std::size_t(model.num_tied()), false);
    header_done = true;
  };
  while (std::getline(in, line)) {
    ++line_no;
    const auto w = split_words(line);
    if (w.empty() || w[0][0] == '#') continue;
    const std::string& key = w[0];
    if (!seen_magic || key == "stratego-prior") {
      if (seen_magic || key != "stratego-prior" || w.size() != 2 || w[1] != "1")
        fail("a prior file starts with 'stratego-prior 1', once");
      seen_magic = true;
      continue;
    }
    if (ended) fail("text after 'end'");
    if (!header_done) {
      if (key == "variant" && w.size() == 2) name = w[1];
      else if (key == "source") source = line.size() > 7 ? line.substr(7) : "";
      else if (key == "width") shape.width = int(numbers(w, 1, 1)[0]);
      else if (key == "rows") shape.setup_rows = int(numbers(w, 1, 1)[0]);
      else if (key == "lakes") for (double x : numbers(w, 1, w.size() - 1)) lakes.push_back(int(x));
      else if (key == "symbols" && w.size() == 2) letters = w[1];
      else if (key == "counts") for (double x : numbers(w, 1, w.size() - 1)) counts.push_back(int(x));
      else if (key == "structure") structure = numbers(w, 1, 1)[0] != 0;
      else if (key == "smoothing") smoothing = numbers(w, 1, 1)[0];
      else if (key == "validation") {
        const auto x = numbers(w, 1, 5);
        val = {int(x[0]), int(x[1]), x[2], x[3], x[4]};
      } else if (key == "phi") {
        finish_header();
      } else {
        fail("unknown or malformed key '" + key + "'");
      }
      if (!header_done) continue;
    }
    const int n = model.num_symbols();
    if (key == "phi") {
      model.params_.phi = numbers(w, 1, std::size_t(model.num_tied()));
    } else if (key == "theta") {
      const auto x = numbers(w, 2, std::size_t(n));
      const int t = std::atoi(w[1].c_str());
      if (t < 0 || t >= model.num_tied()) fail("theta square " + w[1] + " is out of range");
      std::copy(x.begin(), x.end(), model.params_.theta.begin() + std::ptrdiff_t(t * n));
      theta_seen[std::size_t(t)] = true;
    } else if (key == "rel" && w.size() >= 2) {
      const int r = w[1] == "adjacent" ? 0 : w[1] == "diagonal" ? 1 : w[1] == "two" ? 2 : -1;
      if (r < 0) fail("unknown relation '" + w[1] + "'");
      model.params_.rel[std::size_t(r)] = numbers(w, 2, std::size_t(n));
    } else if (key == "pair") {
      const auto x = numbers(w, 2, std::size_t(n));
      const int t = std::atoi(w[1].c_str());
      if (t < 0 || t >= n) fail("pair symbol " + w[1] + " is out of range");
      std::copy(x.begin(), x.end(), model.params_.pair.begin() + std::ptrdiff_t(t * n));
    } else if (key == "table") {
      const auto x = numbers(w, 2, std::size_t(n));
      const int f = std::atoi(w[1].c_str());
      if (f < 0 || f >= model.zone_size()) fail("table square " + w[1] + " is out of range");
      if (table.empty()) table.assign(std::size_t(model.zone_size() * n), 0.0);
      std::copy(x.begin(), x.end(), table.begin() + std::ptrdiff_t(f * n));
    } else if (key == "end") {
      ended = true;
    } else {
      fail("unknown key '" + key + "'");
    }
  }
  if (!ended) fail("the file ends without 'end'");
  for (bool seen : theta_seen)
    if (!seen) fail("a 'theta' line is missing");
  model.set_table(std::move(table), smoothing);
  model.fitted_ = val.training > 0;
  model.validation_ = val;
  return model;
}

}  // namespace stratego::eval
