#include "eval/priors/setup_fit.h"

#include <algorithm>
#include <cmath>

#include "engine/error.h"
#include "engine/rng.h"

namespace stratego::eval {

std::vector<int> mirrored(const std::vector<int>& symbols, int width) {
  std::vector<int> out(symbols.size());
  for (std::size_t f = 0; f < symbols.size(); ++f) {
    const int col = int(f) % width;
    out[f] = symbols[f - std::size_t(col) + std::size_t(width - 1 - col)];
  }
  return out;
}

SetupData split_setups(const SetupModel& model, const std::vector<std::string>& lines,
                       const std::vector<int>& line_numbers, const std::string& origin) {
  SetupData d;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    std::vector<int> s;
    try {
      s = model.symbols_of(lines[i]);
    } catch (const InputError& e) {
      const int line = i < line_numbers.size() ? line_numbers[i] : int(i) + 1;
      throw InputError(origin + ":" + std::to_string(line) + ": " + e.what());
    }
    ((i + 1) % kValidationEvery == 0 ? d.validation : d.training).push_back(std::move(s));
  }
  return d;
}

double mean_log_prob(const SetupModel& m, const std::vector<std::vector<int>>& setups) {
  double total = 0;
  for (const auto& s : setups) total += m.log_prob(s);
  return setups.empty() ? 0.0 : total / double(setups.size());
}

namespace {

// Parameter layout of the flat vector Adam works on.
struct Layout {
  std::size_t phi, theta, rel, pair, size;
  Layout(const SetupModel& m) {
    const std::size_t t = std::size_t(m.num_tied()), n = std::size_t(m.num_symbols());
    phi = 0;
    theta = phi + t;
    rel = theta + t * n;
    pair = rel + SetupModel::kNumRelations * n;
    size = pair + n * n;
  }
};

std::vector<double> flatten(const SetupModel::Params& p, const Layout& l) {
  std::vector<double> x(l.size);
  std::copy(p.phi.begin(), p.phi.end(), x.begin() + std::ptrdiff_t(l.phi));
  std::copy(p.theta.begin(), p.theta.end(), x.begin() + std::ptrdiff_t(l.theta));
  for (std::size_t r = 0; r < p.rel.size(); ++r)
    std::copy(p.rel[r].begin(), p.rel[r].end(),
              x.begin() + std::ptrdiff_t(l.rel + r * p.rel[r].size()));
  std::copy(p.pair.begin(), p.pair.end(), x.begin() + std::ptrdiff_t(l.pair));
  return x;
}

void unflatten(const std::vector<double>& x, const Layout& l, SetupModel::Params& p) {
  std::copy(x.begin() + std::ptrdiff_t(l.phi), x.begin() + std::ptrdiff_t(l.theta), p.phi.begin());
  std::copy(x.begin() + std::ptrdiff_t(l.theta), x.begin() + std::ptrdiff_t(l.rel),
            p.theta.begin());
  for (std::size_t r = 0; r < p.rel.size(); ++r) {
    const auto b = x.begin() + std::ptrdiff_t(l.rel + r * p.rel[r].size());
    std::copy(b, b + std::ptrdiff_t(p.rel[r].size()), p.rel[r].begin());
  }
  std::copy(x.begin() + std::ptrdiff_t(l.pair), x.end(), p.pair.begin());
}

// Adds d log P(setup) / d parameters to grad (the teacher-forced steps of log_prob).
void add_gradient(const SetupModel& m, const Layout& l, const std::vector<int>& symbols,
                  std::vector<double>& grad, std::vector<double>& cond) {
  const int n = m.num_symbols(), w = m.width();
  std::vector<int> placed(std::size_t(m.zone_size()), -1), left(m.counts());
  int flag_square = -1;
  const bool flag_step = m.structure() && m.has_flag_step();
  const int flag_index = m.symbol_index(kFlag);
  if (flag_step) {
    for (int f : m.order())
      if (symbols[std::size_t(f)] == kFlag) flag_square = f;
    m.flag_distribution(cond);
    for (int f : m.order())
      grad[l.phi + std::size_t(m.tied(f))] +=
          double(f == flag_square) - std::exp(cond[std::size_t(f)]);
    placed[std::size_t(flag_square)] = flag_index;
    --left[std::size_t(flag_index)];
  }
  for (int f : m.order()) {
    if (f == flag_square) continue;
    const int a = m.symbol_index(symbols[std::size_t(f)]);
    m.conditional(f, placed, left, flag_square, cond);
    const auto r = flag_square >= 0 ? SetupModel::relation(w, f, flag_square) : SetupModel::kFar;
    int near[kNumKinds + 1] = {};
    if (m.structure()) {
      const int col = f % w, row = f / w;
      const int nb[4][2] = {{col - 1, row}, {col + 1, row}, {col, row - 1}, {col, row + 1}};
      for (const auto& [c, rr] : nb)
        if (c >= 0 && c < w && rr >= 0 && rr < m.rows() && placed[std::size_t(rr * w + c)] >= 0)
          ++near[placed[std::size_t(rr * w + c)]];
    }
    const std::size_t theta = l.theta + std::size_t(m.tied(f) * n);
    for (int s = 0; s < n; ++s) {
      if (!std::isfinite(cond[std::size_t(s)])) continue;
      const double g = double(s == a) - std::exp(cond[std::size_t(s)]);
      grad[theta + std::size_t(s)] += g;
      if (!m.structure()) continue;
      if (r != SetupModel::kFar) grad[l.rel + std::size_t(r * n + s)] += g;
      for (int t = 0; t < n; ++t)
        if (near[t]) grad[l.pair + std::size_t(t * n + s)] += g * near[t];
    }
    placed[std::size_t(f)] = a;
    --left[std::size_t(a)];
  }
}

// Mirror-averaged share of each symbol per square, smoothed towards the army's shares by a
// Dirichlet weight alpha picked by leave-one-out log-likelihood on the training set.
void fit_table(SetupModel& m, const std::vector<std::vector<int>>& training) {
  const int n = m.num_symbols(), z = m.zone_size();
  std::vector<double> count(std::size_t(z * n), 0.0);
  for (const auto& s : training) {
    const auto mir = mirrored(s, m.width());
    for (int f : m.order()) {
      count[std::size_t(f * n + m.symbol_index(s[std::size_t(f)]))] += 1;
      count[std::size_t(f * n + m.symbol_index(mir[std::size_t(f)]))] += 1;
    }
  }
  std::vector<double> base(static_cast<std::size_t>(n), 0.0);
  for (int s = 0; s < n; ++s)
    base[std::size_t(s)] = double(m.counts()[std::size_t(s)]) / double(m.order().size());
  const double total = 2.0 * double(training.size());
  double best_alpha = 1, best = -1e300;
  for (double alpha : {0.5, 1.0, 2.0, 5.0, 10.0, 20.0, 50.0, 100.0, 200.0, 500.0}) {
    double loo = 0;
    for (const auto& s : training) {
      const auto mir = mirrored(s, m.width());
      for (int f : m.order()) {
        const int a = m.symbol_index(s[std::size_t(f)]), b = m.symbol_index(mir[std::size_t(f)]);
        const double held = count[std::size_t(f * n + a)] - 1.0 - double(a == b);
        loo += std::log((held + alpha * base[std::size_t(a)]) / (total - 2.0 + alpha));
      }
    }
    if (loo > best) {
      best = loo;
      best_alpha = alpha;
    }
  }
  std::vector<double> table(std::size_t(z * n), 0.0);
  for (int f : m.order())
    for (int s = 0; s < n; ++s)
      table[std::size_t(f * n + s)] =
          (count[std::size_t(f * n + s)] + best_alpha * base[std::size_t(s)]) /
          (total + best_alpha);
  m.set_table(std::move(table), best_alpha);
}

}  // namespace

SetupModel fit_setup_model(const SetupModel& shape, const SetupData& data, const FitOptions& o) {
  SetupModel m = shape;
  m.set_structure(o.structure);
  const Layout l(m);
  std::vector<std::vector<int>> train;
  train.reserve(data.training.size() * 2);
  for (const auto& s : data.training) {
    train.push_back(s);
    train.push_back(mirrored(s, m.width()));
  }
  if (train.empty()) throw InputError("no training set-ups to fit a prior to");
  std::vector<double> x = flatten(m.params(), l), grad(l.size), mom(l.size, 0.0), var(l.size, 0.0);
  std::vector<double> cond;
  Rng rng(o.seed);
  const int batch = std::min<int>(o.batch, int(train.size()));
  const double n_setups = double(data.training.size());
  constexpr double kBeta1 = 0.9, kBeta2 = 0.999, kEps = 1e-8;
  for (int step = 1; step <= o.steps; ++step) {
    unflatten(x, l, m.params());
    std::fill(grad.begin(), grad.end(), 0.0);
    for (int b = 0; b < batch; ++b)
      add_gradient(m, l, train[rng.below(std::uint32_t(train.size()))], grad, cond);
    // Ascend the mean log-likelihood minus the prior's (l2 / 2) |x|^2 spread over the set-ups.
    const double rate = o.rate * (0.1 + 0.9 * (1.0 - double(step) / double(o.steps)));
    for (std::size_t i = 0; i < l.size; ++i) {
      const double g = grad[i] / double(batch) - o.l2 / n_setups * x[i];
      mom[i] = kBeta1 * mom[i] + (1 - kBeta1) * g;
      var[i] = kBeta2 * var[i] + (1 - kBeta2) * g * g;
      const double mh = mom[i] / (1 - std::pow(kBeta1, step)),
                   vh = var[i] / (1 - std::pow(kBeta2, step));
      x[i] += rate * mh / (std::sqrt(vh) + kEps);
    }
  }
  unflatten(x, l, m.params());
  fit_table(m, data.training);
  return m;
}

}  // namespace stratego::eval
