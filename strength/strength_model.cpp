#include "strength/strength_model.h"

#include <Eigen/Dense>
#include <cmath>
#include <numeric>
#include <sstream>

#include "engine/error.h"
#include "engine/file_io.h"
#include "engine/rng.h"
#include "strength/builtin_models.h"
#include "strength/prediction.h"
#include "strength/setup_features.h"

namespace stratego::strength {

namespace {

double sigmoid(double z) { return 1 / (1 + std::exp(-z)); }

// Root mean square of each column (1 for a column of zeros).
std::vector<double> column_scales(const std::vector<std::vector<double>>& x, std::size_t k) {
  std::vector<double> s(k, 0.0);
  for (const auto& row : x)
    for (std::size_t j = 0; j < k; ++j) s[j] += row[j] * row[j];
  for (double& v : s) v = x.empty() || v == 0 ? 1 : std::sqrt(v / double(x.size()));
  return s;
}

}  // namespace

double PairwiseFit::predict_logit(const std::vector<double>& x) const {
  double z = intercept;
  for (std::size_t k = 0; k < w.size() && k < x.size(); ++k) z += w[k] * x[k];
  return z;
}

double pairwise_objective(const PairwiseFit& f, const std::vector<std::vector<double>>& x,
                          const std::vector<int>& won, double l2) {
  const std::size_t k = f.w.size();
  const std::vector<double> s = column_scales(x, k);
  double obj = 0;
  for (std::size_t i = 0; i < x.size(); ++i) {
    const double z = f.predict_logit(x[i]);
    // -log sigmoid(z) for a win, -log(1 - sigmoid(z)) for a loss, computed stably
    const double m = won[i] ? -z : z;
    obj += m > 0 ? m + std::log1p(std::exp(-m)) : std::log1p(std::exp(m));
  }
  for (std::size_t j = 0; j < k; ++j) obj += 0.5 * l2 * (f.w[j] * s[j]) * (f.w[j] * s[j]);
  return obj;
}

PairwiseFit fit_pairwise(const std::vector<std::vector<double>>& x, const std::vector<int>& won,
                         double l2) {
  const std::size_t n = x.size(), k = n ? x[0].size() : 0;
  const std::vector<double> s = column_scales(x, k);
  // Standardised design with the intercept in column 0.
  Eigen::MatrixXd X(Eigen::Index(n), Eigen::Index(k + 1));
  Eigen::VectorXd y(static_cast<Eigen::Index>(n));
  for (std::size_t i = 0; i < n; ++i) {
    X(Eigen::Index(i), 0) = 1;
    for (std::size_t j = 0; j < k; ++j) X(Eigen::Index(i), Eigen::Index(j + 1)) = x[i][j] / s[j];
    y(Eigen::Index(i)) = double(won[i]);
  }
  Eigen::VectorXd penalty = Eigen::VectorXd::Constant(Eigen::Index(k + 1), l2);
  penalty(0) = 1e-9;  // the intercept: only enough to keep the Hessian invertible
  Eigen::VectorXd v = Eigen::VectorXd::Zero(Eigen::Index(k + 1));
  for (int it = 0; it < 100; ++it) {
    const Eigen::VectorXd p = (1.0 + (-(X * v)).array().exp()).inverse().matrix();
    const Eigen::VectorXd grad = X.transpose() * (p - y) + penalty.cwiseProduct(v);
    const Eigen::VectorXd d = (p.array() * (1 - p.array())).matrix();
    Eigen::MatrixXd h = X.transpose() * d.asDiagonal() * X;
    h.diagonal() += penalty;
    const Eigen::VectorXd step = h.ldlt().solve(grad);
    v -= step;
    if (step.lpNorm<Eigen::Infinity>() < 1e-12) break;
  }
  PairwiseFit out;
  out.intercept = v(0);
  for (std::size_t j = 0; j < k; ++j) out.w.push_back(v(Eigen::Index(j + 1)) / s[j]);
  return out;
}

double cross_validated_auc(const std::vector<std::vector<double>>& x, const std::vector<int>& won,
                           double l2, int folds, std::uint64_t seed) {
  const std::size_t n = x.size();
  std::vector<std::size_t> order(n);
  std::iota(order.begin(), order.end(), 0);
  Rng rng(seed);
  for (std::size_t i = n; i > 1; --i) std::swap(order[i - 1], order[rng.below(std::uint32_t(i))]);
  std::vector<double> pred(n, 0.0);
  for (int f = 0; f < folds; ++f) {
    std::vector<std::vector<double>> tx;
    std::vector<int> ty;
    for (std::size_t r = 0; r < n; ++r)
      if (int(r % std::size_t(folds)) != f) tx.push_back(x[order[r]]), ty.push_back(won[order[r]]);
    const PairwiseFit fit = fit_pairwise(tx, ty, l2);
    for (std::size_t r = 0; r < n; ++r)
      if (int(r % std::size_t(folds)) == f) pred[order[r]] = fit.predict_logit(x[order[r]]);
  }
  return auc(pred, won);
}

double StrengthModel::value(const std::vector<double>& features) const {
  double f = 0;
  for (std::size_t i = 0; i < weights.size(); ++i) {
    const int k = i < index_.size() ? index_[i] : feature_index(weights[i].first);
    f += weights[i].second * features[std::size_t(k)];
  }
  return f;
}

std::string StrengthModel::format() const {
  std::ostringstream out;
  out.precision(17);
  for (const std::string& c : comments) out << "#" << c << "\n";
  out << "stratego-strength-model 1\n"
      << "variant " << variant << "\n"
      << "red_advantage " << red_advantage << "\n";
  for (const auto& [name, w] : weights) out << "weight " << name << " " << w << "\n";
  return out.str();
}

StrengthModel StrengthModel::parse(std::string_view text, const std::string& origin) {
  StrengthModel m;
  m.origin = origin;
  std::istringstream in{std::string(text)};
  int n = 0;
  bool header = false, has_variant = false, has_advantage = false;
  auto fail = [&](const std::string& what) {
    throw InputError(origin + ":" + std::to_string(n) + ": " + what);
  };
  auto number = [&](const std::string& word, const std::string& what) {
    char* end = nullptr;
    const double v = std::strtod(word.c_str(), &end);
    if (word.empty() || end != word.c_str() + word.size() || !std::isfinite(v))
      fail(what + " '" + word + "' is not a finite number");
    return v;
  };
  for (std::string line; std::getline(in, line);) {
    ++n;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (!line.empty() && line[0] == '#') {
      m.comments.push_back(line.substr(1));
      continue;
    }
    std::istringstream words(line);
    std::vector<std::string> w;
    for (std::string s; words >> s;) w.push_back(s);
    if (w.empty()) continue;
    if (!header) {
      if (w.size() != 2 || w[0] != "stratego-strength-model")
        fail("expected the header 'stratego-strength-model 1', not '" + line + "'");
      if (w[1] != "1") fail("format version " + w[1] + " is not known (this stratego reads 1)");
      header = true;
    } else if (w[0] == "variant") {
      if (w.size() != 2) fail("'variant' takes one name");
      m.variant = w[1];
      has_variant = true;
    } else if (w[0] == "red_advantage") {
      if (w.size() != 2) fail("'red_advantage' takes one number");
      m.red_advantage = number(w[1], "red_advantage");
      has_advantage = true;
    } else if (w[0] == "weight") {
      if (w.size() != 3) fail("'weight' takes a feature name and a number");
      const int k = feature_index(w[1]);
      if (k < 0) fail("unknown feature '" + w[1] + "'");
      for (const auto& [name, v] : m.weights)
        if (name == w[1]) fail("feature '" + w[1] + "' is given twice");
      m.weights.push_back({w[1], number(w[2], "the weight of " + w[1])});
      m.index_.push_back(k);
    } else {
      fail("unknown line '" + w[0] + "' (expected variant, red_advantage or weight)");
    }
  }
  if (!header) fail("no 'stratego-strength-model 1' header");
  if (!has_variant) fail("no 'variant' line");
  if (!has_advantage) fail("no 'red_advantage' line");
  if (m.weights.empty()) fail("no 'weight' lines");
  return m;
}

StrengthModel StrengthModel::read(const std::string& path) {
  return parse(read_text_file(path), path);
}

std::optional<StrengthModel> StrengthModel::builtin(const Variant& v) {
  for (const EmbeddedFile& f : builtin_model_files())
    if (f.name == v.name)
      return parse(f.text, "built-in data/strength/" + std::string(f.name) + ".model");
  return std::nullopt;
}

double expected_score(double f, const std::vector<double>& field, double red_advantage) {
  if (field.empty()) return 0.5;
  double sum = 0;
  for (double o : field)
    sum += 0.5 * (sigmoid(f - o + red_advantage) + 1 - sigmoid(o - f + red_advantage));
  return sum / double(field.size());
}

}  // namespace stratego::strength
