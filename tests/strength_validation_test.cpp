// Validating set-up strength on real games (strength/real_games.h, strength/prediction.h,
// `analyze strength --validate`): the AUC against a brute-force count of pairs, the bootstrap
// and the logistic fit against what they promise, the fifths against a direct count, the games
// table read strictly (every error names its line), and a tiny run of the command.
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>

#include "engine/error.h"
#include "engine/rng.h"
#include "engine/variant_loader.h"
#include "strength/prediction.h"
#include "strength/real_games.h"
#include "support/command_run.h"

namespace stratego::strength {
namespace {

// The slow obvious AUC: every (positive, negative) pair, 1 if the positive is higher, 1/2 tied.
double brute_force_auc(const std::vector<double>& x, const std::vector<int>& won) {
  double count = 0, pairs = 0;
  for (std::size_t i = 0; i < x.size(); ++i)
    for (std::size_t j = 0; j < x.size(); ++j)
      if (won[i] && !won[j]) {
        pairs += 1;
        count += x[i] > x[j] ? 1 : x[i] == x[j] ? 0.5 : 0;
      }
  return pairs ? count / pairs : 0.5;
}

// Random games: x from a few values (so that ties are common), the win more likely when x is
// higher.
void random_games(std::uint64_t seed, int n, std::vector<double>& x, std::vector<int>& won) {
  Rng rng(seed);
  x.clear();
  won.clear();
  for (int i = 0; i < n; ++i) {
    const double v = double(rng.below(7)) - 3;
    x.push_back(v);
    won.push_back(rng.uniform01() < 1 / (1 + std::exp(-0.6 * v)));
  }
}

TEST(StrengthValidation, AucAgreesWithABruteForcePairCount) {
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    std::vector<double> x;
    std::vector<int> won;
    random_games(seed, 1 + int(seed * 7 % 60), x, won);
    EXPECT_NEAR(auc(x, won), brute_force_auc(x, won), 1e-12) << seed;
  }
  EXPECT_DOUBLE_EQ(auc({1, 2, 3, 4}, {0, 0, 1, 1}), 1.0);
  EXPECT_DOUBLE_EQ(auc({1, 2, 3, 4}, {1, 1, 0, 0}), 0.0);
  EXPECT_DOUBLE_EQ(auc({5, 5}, {1, 0}), 0.5);
}

TEST(StrengthValidation, BootstrapIsSeededPairedAndCoversTheEstimate) {
  std::vector<double> x;
  std::vector<int> won;
  random_games(3, 400, x, won);
  std::vector<double> minus;
  for (double v : x) minus.push_back(-v);
  const auto a = bootstrap_aucs({x, minus}, won, 200, 9),
             b = bootstrap_aucs({x, minus}, won, 200, 9);
  ASSERT_EQ(a.size(), 200u);
  EXPECT_EQ(a, b);
  std::vector<double> first;
  for (const auto& r : a) {
    EXPECT_NEAR(r[0] + r[1], 1.0, 1e-12);  // the same draws for both predictors
    first.push_back(r[0]);
  }
  const Interval i = percentile_interval(first);
  EXPECT_LT(i.low, auc(x, won));
  EXPECT_GT(i.high, auc(x, won));
  EXPECT_GT(i.high - i.low, 0.02);
  EXPECT_LT(i.high - i.low, 0.2);
  EXPECT_NE(bootstrap_aucs({x}, won, 5, 10), bootstrap_aucs({x}, won, 5, 11));
}

double log_likelihood(const Logistic& m, const std::vector<std::vector<double>>& f,
                      const std::vector<int>& won) {
  double ll = 0;
  for (std::size_t i = 0; i < f.size(); ++i) {
    const double p = m.predict(f[i]);
    ll += won[i] ? std::log(p) : std::log(1 - p);
  }
  return ll;
}

TEST(StrengthValidation, LogisticFitIsTheMaximumOfTheLikelihood) {
  std::vector<double> x;
  std::vector<int> won;
  random_games(5, 3000, x, won);
  std::vector<std::vector<double>> f;
  Rng noise(2);
  for (double v : x) f.push_back({v, noise.uniform01()});
  const Logistic m = fit_logistic(f, won);
  ASSERT_EQ(m.w.size(), 3u);
  EXPECT_NEAR(m.w[1], 0.6, 0.1);  // the slope the games were drawn with
  const double best = log_likelihood(m, f, won);
  for (std::size_t k = 0; k < 3; ++k)
    for (double step : {-1e-3, 1e-3}) {
      Logistic other = m;
      other.w[k] += step;
      EXPECT_LT(log_likelihood(other, f, won), best) << k << " " << step;
    }
}

TEST(StrengthValidation, FifthsCountTheGamesInOrder) {
  std::vector<double> x;
  std::vector<int> won;
  random_games(8, 103, x, won);
  std::vector<double> predicted(x.size(), 0.25);
  const auto fifths = by_fifths(x, won, predicted);
  ASSERT_EQ(fifths.size(), 5u);
  int games = 0, total_won = 0;
  for (std::size_t f = 0; f < 5; ++f) {
    EXPECT_GE(fifths[f].games, 20);
    EXPECT_LE(fifths[f].games, 21);
    EXPECT_LE(fifths[f].low, fifths[f].high);
    if (f) {
      EXPECT_LE(fifths[f - 1].high, fifths[f].low);
    }
    EXPECT_NEAR(fifths[f].observed, double(fifths[f].won) / fifths[f].games, 1e-12);
    EXPECT_NEAR(fifths[f].predicted, 0.25, 1e-12);
    games += fifths[f].games;
    total_won += fifths[f].won;
  }
  EXPECT_EQ(games, 103);
  int direct = 0;
  for (int w : won) direct += w;
  EXPECT_EQ(total_won, direct);
}

// The first game of data/outcomes/barrage_games.csv.
const char* kField =
    "BEAAAAAAAAMCDAAAAAAALDAAAAAAAAAAAAAAAAAKAA__AA__AAAA__AA__AAAAWAAAAAAAPPOAAAAAAANXAAAAAAAAYQ"
    "AAAAAAAA";
const char* kHeader = "game_id,field_content,game_length,result_type,winner\n";

TEST(StrengthValidation, DecodesBothSetUpsOfTheArchiveCode) {
  const Variant v = load_variant("barrage");
  const auto games =
      parse_real_games(std::string(kHeader) + "g1," + kField + ",134,4,3\r\n\n", "t.csv", v);
  ASSERT_EQ(games.size(), 1u);
  EXPECT_EQ(games[0].red, "BEAAAAAAAAMCDAAAAAAALDAAAAAAAAAAAAAAAAAK");
  // Blue's back row is the field's last ten letters, Flag (Y) on a10 and Miner (Q) on b10;
  // read backwards they end the set-up line's first row.
  EXPECT_EQ(games[0].blue, "AAAAAAAAEMAAAAAAAALBAAAAAAACDDAAAAAAAKAA");
  EXPECT_EQ(games[0].winner, RealWinner::kDraw);
  EXPECT_EQ(games[0].length, 134);
  EXPECT_EQ(games[0].result_type, 4);
  EXPECT_EQ(games[0].line, 2);
}

void expect_error(const std::string& body, const std::string& message) {
  const Variant v = load_variant("barrage");
  try {
    parse_real_games(body, "t.csv", v);
    ADD_FAILURE() << "no error for: " << body;
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find(message), std::string::npos) << e.what();
  }
}

TEST(StrengthValidation, BadTablesNameTheLineAndWhatIsWrong) {
  const std::string good = std::string("g,") + kField + ",1,1,1\n";
  const std::string h = kHeader;
  expect_error("", "t.csv: no header line");
  expect_error(h, "t.csv: no games after the header");
  expect_error("id,field\n" + good, "t.csv:1: the header must be");
  expect_error(h + good + "g,x,1\n", "t.csv:3: 3 columns; a game has 5");
  expect_error(h + "\n" + std::string("g,") + kField + ",1,1,4\n",
               "t.csv:3: winner is '4'; it must be 1 (Red), 2 (Blue) or 3 (draw)");
  expect_error(h + std::string("g,") + kField + ",-1,1,1\n", "t.csv:2: game_length is '-1'");
  expect_error(h + std::string("g,") + kField + ",1,x,1\n", "t.csv:2: result_type is 'x'");
  expect_error(h + std::string(",") + kField + ",1,1,1\n", "t.csv:2: game_id is empty");
  expect_error(h + "g,ABC,1,1,1\n", "t.csv:2: field_content has 3 letters; barrage needs 100");
  std::string field = kField;
  field[41] = 'B';  // b5, a middle square
  expect_error(h + "g," + field + ",1,1,1\n",
               "t.csv:2: field_content letter 42 (b5): 'B' in the middle rows");
  field = kField;
  field[42] = 'A';  // c5 is a lake
  expect_error(h + "g," + field + ",1,1,1\n", "letter 43 (c5): 'A' on a lake");
  field = kField;
  field[0] = 'N';  // a Blue letter in Red's rows
  expect_error(h + "g," + field + ",1,1,1\n", "letter 1 (a1): 'N' is not a Red letter");
  field = kField;
  field[99] = 'B';  // a Red letter in Blue's rows
  expect_error(h + "g," + field + ",1,1,1\n", "letter 100 (j10): 'B' is not a Blue letter");
  field = kField;
  field[1] = 'L';  // a second Marshal for Red
  expect_error(h + "g," + field + ",1,1,1\n", "t.csv:2: Red's set-up");
}

TEST(StrengthValidation, CommandPrintsTheAucsAndNamesABadLine) {
  const std::string csv = test_support::unique_temp_path("validate.csv");
  // Four games among three set-ups, both winners: enough to run every step.
  const std::string blue_a = "AA__AA__AAAA__AA__AAAAWAAAAAAAPPOAAAAAAANXAAAAAAAAYQAAAAAAAA";
  const std::string red_a = "BEAAAAAAAAMCDAAAAAAALDAAAAAAAAAAAAAAAAAK";
  const std::string red_b = "AAAAAAAABMAAAAAAAAAKAAAAAAAAAAAAAADCDALE";
  {
    std::ofstream f(csv);
    f << kHeader << "g1," << red_a << blue_a << ",10,1,1\n"
      << "g2," << red_b << blue_a << ",10,1,2\n"
      << "g3," << red_b << blue_a << ",10,1,3\n"
      << "g4," << red_a << blue_a << ",10,1,2\n";
  }
  const auto r = test_support::run_stratego("analyze strength --variant barrage --validate " + csv +
                                            " --games 4 --resamples 20 -q");
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("4 games, 3 decisive (Red won 1, Blue 2), 1 drawn; 3 distinct set-ups"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("strength difference"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("familiarity difference"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("calibration: P(Red won)"), std::string::npos) << r.out;
  {
    std::ofstream f(csv, std::ios::app);
    f << "g5," << red_a << blue_a << ",10,1,0\n";
  }
  const auto bad = test_support::run_stratego("analyze strength --variant barrage --validate " +
                                              csv + " --games 4 -q");
  EXPECT_EQ(bad.status, 2) << bad.out;
  EXPECT_NE(bad.out.find("validate.csv:6: winner is '0'"), std::string::npos) << bad.out;
  {
    std::ofstream f(csv);  // only Red wins: no AUC, refused before any game
    f << kHeader << "g1," << red_a << blue_a << ",10,1,1\n";
  }
  const auto one_sided = test_support::run_stratego(
      "analyze strength --variant barrage --validate " + csv + " --games 4000 -q");
  EXPECT_EQ(one_sided.status, 2) << one_sided.out;
  EXPECT_NE(one_sided.out.find("needs games won by Red and games won by Blue"), std::string::npos)
      << one_sided.out;
  const auto mixed = test_support::run_stratego("analyze strength --variant barrage --validate " +
                                                csv + " --race");
  EXPECT_EQ(mixed.status, 2) << mixed.out;
  EXPECT_NE(mixed.out.find("--validate: the set-ups are those of the games' table"),
            std::string::npos)
      << mixed.out;
}

}  // namespace
}  // namespace stratego::strength
