// The fitted strength measure in `stratego analyze strength` (docs/setup-strength.md, "The
// fitted measure"): --fit FILE --out MODEL fits the pairwise model (strength/strength_model.h)
// on the fitting half of a table of real games, the penalty chosen by cross-validation inside
// that half; without --fit, the table of set-ups' fitted scores (the default for a variant with
// a built-in model, Barrage), each the expected score against the human field as the model
// sees it. No games are played.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <map>
#include <sstream>

#include "engine/error.h"
#include "engine/file_io.h"
#include "engine/variant_loader.h"
#include "eval/priors/setup_mixture.h"
#include "strength/prediction.h"
#include "strength/real_games.h"
#include "strength/stats.h"
#include "tools/analyze.h"

namespace stratego::analyze {

using namespace strength;

namespace {

std::string fitted_decimals(double x, int places) {
  char buf[48];
  std::snprintf(buf, sizeof buf, "%.*f", places, x);
  return buf;
}

// The feature columns a --features word selects (all, structure, familiarity, or names).
std::vector<int> selected_features(const std::string& spec) {
  std::vector<int> out;
  const auto& all = all_features();
  if (spec == "all" || spec == "structure" || spec == "familiarity") {
    for (std::size_t k = 0; k < all.size(); ++k)
      if (spec == "all" || (spec == "structure") == (all[k].group == FeatureGroup::kStructure))
        out.push_back(int(k));
    return out;
  }
  std::istringstream in(spec);
  for (std::string name; std::getline(in, name, ',');) {
    const int k = feature_index(name);
    if (k < 0) {
      std::string known;
      for (const auto& f : all) known += " " + f.name;
      throw InputError("--features: unknown feature '" + name +
                       "' (all, structure, familiarity, or names from:" + known + ")");
    }
    out.push_back(k);
  }
  if (out.empty()) throw InputError("--features: no feature named");
  return out;
}

}  // namespace

FittedMeasure fitted_measure(const Variant& v, const std::string& model_file) {
  std::optional<StrengthModel> m;
  if (!model_file.empty())
    m = StrengthModel::read(model_file);
  else
    m = StrengthModel::builtin(v);
  if (!m)
    throw InputError("--measure fitted: there is no fitted model for " + v.spec +
                     " (only Barrage has real games to fit on); give --model FILE or use "
                     "--measure bots");
  if (m->variant != v.name)
    throw InputError(m->origin + ": the model is for " + m->variant + ", not " + v.name);
  return FittedMeasure{*m, FeatureComputer(v)};
}

std::vector<double> fitted_field_values(const FittedMeasure& m) {
  std::vector<double> out;
  const auto mix = eval::SetupMixture::for_variant(m.features.variant());
  if (mix)
    for (int j = 0; j < mix->training_count(); ++j)
      out.push_back(m.model.value(m.features.compute(mix->training_line(j))));
  return out;
}

void run_fitted_table(const Variant& v, const std::string& model_file,
                      const std::vector<std::pair<std::string, std::string>>& lines) {
  if (lines.empty()) throw InputError("analyze strength: give set-ups (arguments or --file)");
  const FittedMeasure m = fitted_measure(v, model_file);
  const std::vector<double> field = fitted_field_values(m);
  std::cout << "# measure: fitted to real games (" << m.model.origin << ")";
  if (!m.model.comments.empty()) std::cout << ";" << m.model.comments.front();
  std::cout << "\n# score: expected score against the " << field.size()
            << " human set-ups of the field as people play (both colours), by the model; f: the "
               "set-up's value (logit units); no games are played (--measure bots: bot play)\n";
  std::vector<double> f;
  for (const auto& [line, label] : lines) f.push_back(m.model.value(m.features.compute(line)));
  const double best = *std::max_element(f.begin(), f.end());
  const int fam = feature_index("familiarity");
  std::cout << "  # label                       f    score    Elo  familiarity  diff\n";
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const double score = expected_score(f[i], field, m.model.red_advantage);
    const double lp = m.features.compute(lines[i].first)[std::size_t(fam)];
    char row[200];
    std::snprintf(row, sizeof row, "%3zu %-22s %+7.3f  %5.1f%%  %+5.0f  %11.2f  %s\n", i + 1,
                  lines[i].second.c_str(), f[i], 100 * score, elo_of_score(score), lp,
                  f[i] == best ? "best" : fitted_decimals(f[i] - best, 3).c_str());
    std::cout << row;
  }
}

void run_fit(const FitOptions& o) {
  const Variant v = load_variant(o.variant);
  if (v.family == Family::kWaterloo)
    throw InputError("--fit: real games are read for the classic family, not Waterloo");
  if (o.folds < 2) throw InputError("--folds must be at least 2");
  if (o.out.empty()) throw InputError("--fit: give --out MODEL for the fitted model");
  const std::vector<int> cols = selected_features(o.features);
  const std::vector<RealGame> real = read_real_games(o.file, v);
  FeatureComputer features(v);
  std::map<std::string, std::vector<double>> cache;
  auto of = [&](const std::string& line) -> const std::vector<double>& {
    auto it = cache.find(line);
    if (it == cache.end()) it = cache.emplace(line, features.compute(line)).first;
    return it->second;
  };
  // The fitting half's decisive games: Red's features minus Blue's.
  std::vector<std::vector<double>> x, xa, xb;
  std::vector<int> won, wa, wb;
  int held = 0;
  for (const RealGame& g : real) {
    if (held_out_game(g.id)) {
      ++held;
      continue;
    }
    if (g.winner == RealWinner::kDraw) continue;
    const auto &r = of(g.red), &b = of(g.blue);
    std::vector<double> d;
    for (int k : cols) d.push_back(r[std::size_t(k)] - b[std::size_t(k)]);
    const int w = g.winner == RealWinner::kRed;
    // The two quarters for the reliability: the next bit of the same hash.
    ((game_id_hash(g.id) >> 1) & 1 ? xb : xa).push_back(d);
    ((game_id_hash(g.id) >> 1) & 1 ? wb : wa).push_back(w);
    x.push_back(std::move(d));
    won.push_back(w);
  }
  int red = 0;
  for (int w : won) red += w;
  if (red == 0 || red == int(won.size()))
    throw InputError(o.file + ": the fitting half needs games won by Red and games won by Blue");

  const std::vector<double> grid{1, 3, 10, 30, 100, 300, 1000, 3000};
  std::vector<double> cv;
  std::size_t best = 0;
  for (std::size_t i = 0; i < grid.size(); ++i) {
    cv.push_back(cross_validated_auc(x, won, grid[i], o.folds, o.seed));
    if (cv[i] >= cv[best] - 1e-12) best = i;  // a tie goes to the stronger penalty
  }
  const double l2 = grid[best];
  const PairwiseFit fit = fit_pairwise(x, won, l2);

  // Split-half reliability of the values: the model fitted on each quarter (half of the
  // fitting half) with the same penalty, the values of the human field's set-ups compared.
  const PairwiseFit fa = fit_pairwise(xa, wa, l2), fb = fit_pairwise(xb, wb, l2);
  std::vector<double> va, vb;
  if (const auto mix = eval::SetupMixture::for_variant(v))
    for (int j = 0; j < mix->training_count(); ++j) {
      const auto& all = features.compute(mix->training_line(j));
      std::vector<double> sel;
      for (int k : cols) sel.push_back(all[std::size_t(k)]);
      double a = 0, b = 0;
      for (std::size_t k = 0; k < sel.size(); ++k) a += fa.w[k] * sel[k], b += fb.w[k] * sel[k];
      va.push_back(a);
      vb.push_back(b);
    }
  const double r = correlation(va, vb);

  StrengthModel m;
  m.variant = v.name;
  m.red_advantage = fit.intercept;
  for (std::size_t k = 0; k < cols.size(); ++k)
    m.weights.push_back({all_features()[std::size_t(cols[k])].name, fit.w[k]});
  const std::string name = std::filesystem::path(o.file).filename().string();
  auto& c = m.comments;
  c.push_back(" pairwise logistic model of " + name + ", features " + o.features + ", L2 " +
              fitted_decimals(l2, 0));
  c.push_back(
      " P(Red wins) = 1 / (1 + exp(-(f(Red's set-up) - f(Blue's set-up) + red_advantage)))");
  c.push_back(" f(set-up) = sum of weight * feature (strength/setup_features.h)");
  c.push_back(" written by: " + o.command);
  c.push_back(" fitted on the fitting half: " + std::to_string(real.size() - std::size_t(held)) +
              " games, " + std::to_string(won.size()) + " decisive (Red won " +
              std::to_string(red) + "); the " + std::to_string(held) +
              " held-out games (odd FNV-1a hash of the game id) were not read");
  std::string line = " " + std::to_string(o.folds) + "-fold cross-validated AUC by L2:";
  for (std::size_t i = 0; i < grid.size(); ++i)
    line += " " + fitted_decimals(grid[i], 0) + ":" + fitted_decimals(cv[i], 3);
  c.push_back(line);
  c.push_back(" split-half reliability: values of the " + std::to_string(va.size()) +
              " human field set-ups from fits on the two halves of the fitting half, r = " +
              fitted_decimals(r, 3) + " (Spearman-Brown " + fitted_decimals(spearman_brown(r), 3) +
              ")");
  write_text_file_atomically(o.out, m.format());
  for (const std::string& l : c) std::cout << "#" << l << "\n";
  std::cout << "red_advantage " << fitted_decimals(m.red_advantage, 4) << "\n";
  for (const auto& [n, w] : m.weights)
    std::cout << "weight " << n << " " << fitted_decimals(w, 4) << "\n";
  std::cout << "wrote " << o.out << "\n";
}

}  // namespace stratego::analyze
