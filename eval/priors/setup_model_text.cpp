// The text format of set-up priors (eval/data/*.prior): a header that fixes the shape (variant,
// zone, symbols and counts, validation figures) and one line per parameter vector. Numbers are
// written with 6 significant digits.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <sstream>

#include "engine/error.h"
#include "eval/priors/setup_model.h"

namespace stratego::eval {
namespace {

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
      if (end == w[i].c_str() || *end != '\0' || !std::isfinite(x))
        fail("'" + w[i] + "' is not a number");
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
    if (model_letters != letters || model.counts_ != counts ||
        (empties > 0) != (model.index_of_[kEmptySymbol] >= 0))
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
      if (key == "variant" && w.size() == 2)
        name = w[1];
      else if (key == "source")
        source = line.size() > 7 ? line.substr(7) : "";
      else if (key == "width")
        shape.width = int(numbers(w, 1, 1)[0]);
      else if (key == "rows")
        shape.setup_rows = int(numbers(w, 1, 1)[0]);
      else if (key == "lakes")
        for (double x : numbers(w, 1, w.size() - 1)) lakes.push_back(int(x));
      else if (key == "symbols" && w.size() == 2)
        letters = w[1];
      else if (key == "counts")
        for (double x : numbers(w, 1, w.size() - 1)) counts.push_back(int(x));
      else if (key == "structure")
        structure = numbers(w, 1, 1)[0] != 0;
      else if (key == "smoothing")
        smoothing = numbers(w, 1, 1)[0];
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
