// The fitted strength measure (strength/strength_model.h, strength/setup_features.h,
// `analyze strength --fit` and `--measure fitted`): the fitter against a slow obvious
// minimiser of the same objective and against known coefficients, the split of a table of real
// games (deterministic, disjoint, independent of the rows' order), the model file read strictly
// (a bad file is refused naming the file and line), the features of a known set-up, and the
// command's choice of measure.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <set>

#include "engine/error.h"
#include "engine/rng.h"
#include "engine/variant_loader.h"
#include "strength/real_games.h"
#include "strength/setup_features.h"
#include "strength/strength_model.h"
#include "support/command_run.h"

namespace stratego::strength {
namespace {

// Random games with features x ~ N(0, 1)-ish and a win drawn from the logistic model.
void fitted_test_games(std::uint64_t seed, int n, const std::vector<double>& w, double c,
                       std::vector<std::vector<double>>& x, std::vector<int>& won) {
  Rng rng(seed);
  x.clear();
  won.clear();
  for (int i = 0; i < n; ++i) {
    std::vector<double> row;
    double z = c;
    for (std::size_t k = 0; k < w.size(); ++k) {
      // the sum of three uniforms, centred, with a different scale per column
      const double u = (rng.uniform01() + rng.uniform01() + rng.uniform01() - 1.5) * double(k + 1);
      row.push_back(u);
      z += w[k] * u;
    }
    x.push_back(row);
    won.push_back(rng.uniform01() < 1 / (1 + std::exp(-z)));
  }
}

// The slow obvious fit: plain gradient descent on the same objective, many small steps.
PairwiseFit slow_fit(const std::vector<std::vector<double>>& x, const std::vector<int>& won,
                     double l2) {
  const std::size_t n = x.size(), k = x[0].size();
  std::vector<double> s(k, 0.0);
  for (const auto& row : x)
    for (std::size_t j = 0; j < k; ++j) s[j] += row[j] * row[j] / double(n);
  PairwiseFit f;
  f.w.assign(k, 0.0);
  for (int it = 0; it < 200000; ++it) {
    double gc = 0;
    std::vector<double> gw(k, 0.0);
    for (std::size_t i = 0; i < n; ++i) {
      const double p = 1 / (1 + std::exp(-f.predict_logit(x[i])));
      gc += p - won[i];
      for (std::size_t j = 0; j < k; ++j) gw[j] += (p - won[i]) * x[i][j];
    }
    for (std::size_t j = 0; j < k; ++j) gw[j] += l2 * s[j] * f.w[j];  // (w s)^2 / 2 per column
    const double step = 0.5 / double(n);
    f.intercept -= step * gc;
    double biggest = std::abs(gc);
    for (std::size_t j = 0; j < k; ++j) {
      f.w[j] -= step * gw[j] / std::max(1.0, s[j]);
      biggest = std::max(biggest, std::abs(gw[j]));
    }
    if (biggest < 1e-9) break;
  }
  return f;
}

TEST(StrengthFitted, FitterAgreesWithASlowGradientDescent) {
  std::vector<std::vector<double>> x;
  std::vector<int> won;
  fitted_test_games(3, 150, {0.9, -0.4, 0.2}, -0.3, x, won);
  for (double l2 : {0.0, 3.0, 30.0}) {
    const PairwiseFit fast = fit_pairwise(x, won, l2), slow = slow_fit(x, won, l2);
    EXPECT_NEAR(fast.intercept, slow.intercept, 1e-5) << "l2 " << l2;
    for (std::size_t j = 0; j < fast.w.size(); ++j)
      EXPECT_NEAR(fast.w[j], slow.w[j], 1e-5) << "l2 " << l2 << " w" << j;
    EXPECT_LE(pairwise_objective(fast, x, won, l2), pairwise_objective(slow, x, won, l2) + 1e-9);
  }
}

TEST(StrengthFitted, FitterRecoversKnownCoefficients) {
  const std::vector<double> w{0.8, -0.5, 0.0, 0.3};
  std::vector<std::vector<double>> x;
  std::vector<int> won;
  fitted_test_games(11, 40000, w, -0.2, x, won);
  const PairwiseFit f = fit_pairwise(x, won, 1.0);
  EXPECT_NEAR(f.intercept, -0.2, 0.04);
  for (std::size_t j = 0; j < w.size(); ++j) EXPECT_NEAR(f.w[j], w[j], 0.03) << "w" << j;
  // A strong penalty shrinks every coefficient towards 0, the intercept not.
  const PairwiseFit shrunk = fit_pairwise(x, won, 1e5);
  for (std::size_t j = 0; j < w.size(); ++j)
    EXPECT_LT(std::abs(shrunk.w[j]), std::abs(f.w[j]) + 1e-3);
  EXPECT_NEAR(shrunk.intercept, f.intercept, 0.1);
  // Cross-validation ranks the true signal above nothing.
  EXPECT_GT(cross_validated_auc(x, won, 1.0, 5, 1), 0.6);
}

TEST(StrengthFitted, SplitIsDeterministicDisjointAndIndependentOfOrder) {
  EXPECT_EQ(game_id_hash("a"), 0xaf63dc4c8601ec8cULL);  // the FNV-1a test vector
  EXPECT_EQ(game_id_hash(""), 0xcbf29ce484222325ULL);
  const Variant v = load_variant("barrage");
  const auto games =
      read_real_games(std::string(STRATEGO_DATA_DIR) + "/outcomes/barrage_games.csv", v);
  std::set<std::string> fitting, held;
  for (const RealGame& g : games) (held_out_game(g.id) ? held : fitting).insert(g.id);
  EXPECT_EQ(fitting.size(), 816u);
  EXPECT_EQ(held.size(), 750u);
  EXPECT_EQ(fitting.size() + held.size(), games.size());  // every game once, ids distinct
  for (const std::string& id : held) EXPECT_EQ(fitting.count(id), 0u);
  // The same split again, and on the rows reversed: it depends on the id alone.
  std::vector<RealGame> reversed(games.rbegin(), games.rend());
  for (const RealGame& g : reversed) EXPECT_EQ(held_out_game(g.id), held.count(g.id) == 1);
}

TEST(StrengthFitted, ModelFileRoundTripsAndTheBuiltInOneLoads) {
  const Variant v = load_variant("barrage");
  const auto m = StrengthModel::builtin(v);
  ASSERT_TRUE(m.has_value());
  EXPECT_EQ(m->variant, "barrage");
  EXPECT_FALSE(m->weights.empty());
  const StrengthModel again = StrengthModel::parse(m->format(), "again");
  EXPECT_EQ(again.format(), m->format());
  EXPECT_FALSE(StrengthModel::builtin(load_variant("classic")).has_value());
  // f is the weighted sum of the features.
  const FeatureComputer fc(v);
  const std::vector<double> x = fc.compute("AAAAAAAABMAAAAAAAAAKAAAAAAAAAAAAAADCDALE");
  double f = 0;
  for (const auto& [name, w] : m->weights) f += w * x[std::size_t(feature_index(name))];
  EXPECT_NEAR(m->value(x), f, 1e-12);
}

TEST(StrengthFitted, BadModelFilesNameTheLine) {
  const std::string head = "# comment\nstratego-strength-model 1\nvariant barrage\n";
  struct Case {
    std::string text, error;
  };
  const std::vector<Case> cases = {
      {head + "red_advantage 0\nweight nonsense 1\n", "m:5: unknown feature 'nonsense'"},
      {head + "red_advantage x\n", "m:4: red_advantage 'x' is not a finite number"},
      {head + "red_advantage 0\nweight flag_row 1e999\n", "m:5: the weight of flag_row"},
      {head + "red_advantage 0\nweight flag_row 1\nweight flag_row 2\n",
       "m:6: feature 'flag_row' is given twice"},
      {head + "red_advantage 0\nbias 1\n", "m:5: unknown line 'bias'"},
      {"stratego-strength-model 2\n", "m:1: format version 2 is not known"},
      {"variant barrage\n", "m:1: expected the header"},
      {head + "weight flag_row 1\n", "no 'red_advantage' line"},
      {head + "red_advantage 0\n", "no 'weight' lines"},
  };
  for (const Case& c : cases) {
    try {
      StrengthModel::parse(c.text, "m");
      ADD_FAILURE() << "accepted: " << c.text;
    } catch (const InputError& e) {
      EXPECT_NE(std::string(e.what()).find(c.error), std::string::npos) << e.what();
    }
  }
}

TEST(StrengthFitted, FeaturesOfAKnownSetUp) {
  const Variant v = load_variant("barrage");
  const FeatureComputer fc(v);
  // The Flag in the corner j1 with a Bomb beside it (i1) and the General above it (j2); the
  // front row e4-j4: Scout, Spy, Scout, -, Marshal, Miner.
  const std::string line = "AAAAAAAABMAAAAAAAAAKAAAAAAAAAAAAAADCDALE";
  const std::vector<double> x = fc.compute(line);
  auto at = [&](const char* n) { return x[std::size_t(feature_index(n))]; };
  EXPECT_EQ(at("flag_row"), 0);
  EXPECT_EQ(at("flag_corner"), 1);
  EXPECT_EQ(at("bombs_beside_flag"), 1);
  EXPECT_EQ(at("pieces_near_flag"), 2);  // Bomb i1, General j2
  EXPECT_EQ(at("front_row"), 5);
  EXPECT_EQ(at("scouts_front"), 2);
  EXPECT_EQ(at("scouts_lane"), 1);   // g4 has a lake ahead, e4 not
  EXPECT_EQ(at("columns_used"), 5);  // e f g i j
  EXPECT_GT(at("neighbours_8"), 0);
  // The mirror has the same structure.
  const std::vector<double> m = fc.compute(mirror_line(line, 10));
  for (const auto& f : all_features()) {
    if (f.group != FeatureGroup::kStructure) continue;
    EXPECT_NEAR(m[std::size_t(feature_index(f.name))], at(f.name.c_str()), 1e-12) << f.name;
  }
  EXPECT_THROW(fc.compute("AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"), InputError);
}

TEST(StrengthFitted, CommandChoosesTheMeasureAndRefusesABadModel) {
  const std::string setup = "AAAAAAAABMAAAAAAAAAKAAAAAAAAAAAAAADCDALE";
  const auto fitted = test_support::run_stratego("analyze strength -v barrage " + setup);
  EXPECT_EQ(fitted.status, 0) << fitted.out;
  EXPECT_NE(fitted.out.find("# measure: fitted to real games"), std::string::npos) << fitted.out;
  const auto bots = test_support::run_stratego("analyze strength -v barrage --games 4 -q " + setup);
  EXPECT_EQ(bots.status, 0) << bots.out;
  EXPECT_EQ(bots.out.find("# measure: fitted"), std::string::npos) << bots.out;
  const auto mixed =
      test_support::run_stratego("analyze strength -v barrage --measure fitted --games 4 " + setup);
  EXPECT_EQ(mixed.status, 2) << mixed.out;
  EXPECT_NE(mixed.out.find("--games is an option of bot play"), std::string::npos) << mixed.out;
  const auto classic = test_support::run_stratego(
      "analyze strength --measure fitted "
      "BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB");  // no model before the set-up is read
  EXPECT_EQ(classic.status, 2) << classic.out;
  EXPECT_NE(classic.out.find("there is no fitted model for classic"), std::string::npos)
      << classic.out;

  const std::string bad = test_support::unique_temp_path("bad.model");
  {
    std::ofstream f(bad);
    f << "stratego-strength-model 1\nvariant barrage\nred_advantage 0\nweight flag_row one\n";
  }
  const auto refused =
      test_support::run_stratego("analyze strength -v barrage --model " + bad + " " + setup);
  EXPECT_EQ(refused.status, 2) << refused.out;
  EXPECT_NE(refused.out.find(bad + ":4: the weight of flag_row 'one' is not a finite number"),
            std::string::npos)
      << refused.out;
}

TEST(StrengthFitted, FitWritesAModelThatValidateReads) {
  // Fit on the shipped table with two features: the model file says what made it, and
  // --validate --model reads it back and reports both halves.
  const std::string out = test_support::unique_temp_path("fit.model");
  const std::string table = std::string(STRATEGO_DATA_DIR) + "/outcomes/barrage_games.csv";
  const auto fit = test_support::run_stratego("analyze strength -v barrage --fit " + table +
                                              " --features flag_corner,familiarity --out " + out);
  ASSERT_EQ(fit.status, 0) << fit.out;
  EXPECT_NE(fit.out.find("the 750 held-out games (odd FNV-1a hash of the game id) were not read"),
            std::string::npos)
      << fit.out;
  const StrengthModel m = StrengthModel::read(out);
  ASSERT_EQ(m.weights.size(), 2u);
  EXPECT_EQ(m.weights[0].first, "flag_corner");
  EXPECT_GT(m.weights[1].second, 0);  // a more usual set-up wins more often
  const auto val = test_support::run_stratego("analyze strength -v barrage --validate " + table +
                                              " --model " + out + " --resamples 20");
  ASSERT_EQ(val.status, 0) << val.out;
  for (const char* part :
       {"fitting half: AUC over 799 decisive games", "held-out half: AUC over 732 decisive games",
        "fitted minus familiarity", "model: the model's own P(Red won)"})
    EXPECT_NE(val.out.find(part), std::string::npos) << part << "\n" << val.out;
}

}  // namespace
}  // namespace stratego::strength
