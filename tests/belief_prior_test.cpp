// The set-up prior (eval/priors/setup_model.h): a normalised distribution over legal set-ups
// (summed over every set-up of small boards), uniform when it has no data, its text format, and the
// compiled-in priors: fitted, better than uniform on held-out set-ups, structured as people set
// up (bombs around the Flag), and with numbers that come from data/setups/ (recounted and
// refitted here).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>

#include "engine/setup.h"
#include "engine/variant_loader.h"
#include "eval/belief.h"
#include "eval/priors/setup_fit.h"
#include "support/random_games.h"
#include "support/tiny_setups.h"

namespace stratego {
namespace {

using eval::SetupModel;

using test_support::every_setup;
using test_support::tiny_variant;

void randomise(SetupModel& m, std::uint64_t seed) {
  Rng rng(seed);
  auto& p = m.params();
  for (auto* v : {&p.phi, &p.theta, &p.rel[0], &p.rel[1], &p.rel[2], &p.pair})
    for (double& x : *v) x = 2 * rng.uniform01() - 1;
  m.set_structure(true);
}

TEST(BeliefPrior, IsANormalisedDistributionOverLegalSetups) {
  for (const std::string army : {"MBBDDD", "MBDD"}) {  // filling the zone, and with empty squares
    const Variant v = tiny_variant(army);
    SetupModel m = SetupModel::uniform(v);
    const auto all = every_setup(m);
    double uniform = 0;
    for (const auto& line : all) uniform += std::exp(m.log_prob(m.symbols_of(line)));
    EXPECT_NEAR(uniform, 1.0, 1e-9) << army;
    EXPECT_NEAR(m.log_prob(m.symbols_of(all[3])), -std::log(double(all.size())), 1e-9);
    EXPECT_NEAR(m.uniform_log_prob(), -std::log(double(all.size())), 1e-9);
    randomise(m, 7);
    double total = 0;
    std::vector<double> terms;
    for (const auto& line : all) {
      const double lp = m.log_prob(m.symbols_of(line), &terms);
      double sum = 0;
      for (double t : terms) sum += t;
      EXPECT_NEAR(sum, lp, 1e-9);
      total += std::exp(lp);
    }
    EXPECT_NEAR(total, 1.0, 1e-9) << army << ": the structured model must sum to 1";
  }
}

TEST(BeliefPrior, TextFormatRoundTripsAndNamesBadLines) {
  const Variant v = load_variant("barrage");
  SetupModel m = SetupModel::uniform(v);
  randomise(m, 3);
  std::vector<double> table(std::size_t(m.zone_size() * m.num_symbols()), 1.0 / m.num_symbols());
  m.set_table(table, 5);
  const SetupModel back = SetupModel::parse(m.format(), "test");
  Rng rng(1);
  for (int n = 0; n < 20; ++n) {
    const std::string line = format_setup(v, random_setup(v, kRed, rng));
    EXPECT_NEAR(back.log_prob(back.symbols_of(line)), m.log_prob(m.symbols_of(line)), 1e-4);
  }
  std::string broken = m.format();
  broken[broken.find("phi ") + 4] = 'x';
  test_support::expect_input_error([&] { SetupModel::parse(broken, "my.prior"); },
                                   {"my.prior:", "is not a number"});
  test_support::expect_input_error([&] { SetupModel::parse("hello\n", "my.prior"); },
                                   {"my.prior:1:", "stratego-prior 1"});
  test_support::expect_input_error([&] { m.symbols_of(std::string(40, 'A')); },
                                   {"set-up has 0 flag"});
}

TEST(BeliefPrior, BuiltInPriorsAreFittedAndBeatUniformOnHeldOutSetups) {
  for (const std::string name : {"classic", "barrage", "duel", "ultimate-lightning"}) {
    const SetupModel m = SetupModel::for_variant(load_variant(name));
    ASSERT_TRUE(m.fitted()) << name;
    const auto& val = m.validation();
    EXPECT_GT(val.validation, 0) << name;
    EXPECT_GT(val.per_square, val.uniform) << name;
    EXPECT_GT(val.model, val.per_square) << name;
  }
  const SetupModel none = SetupModel::for_variant(load_variant("clone-wars"));
  EXPECT_FALSE(none.fitted());
  EXPECT_NE(none.source().find("uniform over legal set-ups"), std::string::npos);
}

TEST(BeliefPrior, PeopleBombTheirFlag) {
  const SetupModel m = SetupModel::for_variant(load_variant("classic"));
  // Frame squares: b1 is 1, next to a1 (0) and c1 (2); a1's diagonal neighbour b2 is 11.
  EXPECT_GT(m.flag_lift(1, kBomb, 0), 1.5);
  EXPECT_LT(m.flag_lift(1, kScout, 0), 0.8);
  EXPECT_DOUBLE_EQ(m.flag_lift(25, kBomb, 0), 1.0);  // far away: no evidence
  // The back row holds the Flag far more often than the front row.
  EXPECT_GT(m.marginal(0, kFlag), 10 * m.marginal(30, kFlag));
  // And beliefs use it: at the start, Red thinks Blue's back corner more likely the Flag than a
  // front-row square, where counts alone say 1/40 for both.
  Rng rng(4);
  auto v = std::make_shared<const Variant>(load_variant("classic"));
  const State s = initial_state(v, random_setup(*v, kRed, rng), random_setup(*v, kBlue, rng));
  const eval::Belief b(make_view(s, kRed));
  const eval::Marginals mg = b.marginals();
  const int corner = b.tracker().piece_at(v->geometry.square(0, 9)),
            front = b.tracker().piece_at(v->geometry.square(4, 6));
  EXPECT_GT(mg.prob(b.tracker(), corner, kFlag), 3 * mg.prob(b.tracker(), front, kFlag));
  const eval::Belief flat(make_view(s, kRed), eval::counts_only_options());
  EXPECT_NEAR(flat.marginals().prob(flat.tracker(), corner, kFlag), 1.0 / 40, 1e-9);
}

// The compiled-in numbers come from the data: the per-square table is recounted exactly, the
// validation figures are recomputed from the held-out set-ups, and a short refit of the small
// Duel data reaches the stored figure (data/setups/).
TEST(BeliefPrior, BuiltInNumbersComeFromTheDataFiles) {
  const std::filesystem::path dir = std::filesystem::path(STRATEGO_DATA_DIR) / "setups";
  ASSERT_TRUE(std::filesystem::is_directory(dir)) << dir << " is absent";
  const std::pair<std::string, std::string> files[] = {{"classic", "classic_human.txt"},
                                                       {"barrage", "barrage_human.txt"},
                                                       {"ultimate-lightning", "ultimate_human.txt"},
                                                       {"duel", "duell_human.txt"}};
  for (const auto& [name, file] : files) {
    const Variant v = load_variant(name);
    const SetupModel built_in = SetupModel::for_variant(v);
    const SetupFile f = read_setup_file((dir / file).string(), v);
    const eval::SetupData data =
        eval::split_setups(SetupModel::uniform(v), f.lines, f.line_numbers, file);
    EXPECT_EQ(built_in.validation().training, int(data.training.size())) << name;
    EXPECT_EQ(built_in.validation().validation, int(data.validation.size())) << name;
    eval::FitOptions none;
    none.steps = 0;  // the table only
    const SetupModel counted = eval::fit_setup_model(SetupModel::uniform(v), data, none);
    for (int fs = 0; fs < v.width * v.setup_rows; ++fs) {
      for (Kind k : kAllKinds) {
        if (v.army[k] == 0) continue;
        ASSERT_NEAR(counted.marginal(fs, k), built_in.marginal(fs, k), 1e-5)
            << name << " square " << fs;
      }
    }
    const double pieces = built_in.pieces();
    EXPECT_NEAR(eval::mean_log_prob(built_in, data.validation) / pieces,
                built_in.validation().model, 1e-4)
        << name;
    EXPECT_NEAR(SetupModel::uniform(v).uniform_log_prob() / pieces, built_in.validation().uniform,
                1e-4)
        << name;
    if (name == "duel") {
      eval::FitOptions quick;
      quick.steps = 400;
      const SetupModel refit = eval::fit_setup_model(SetupModel::uniform(v), data, quick);
      EXPECT_NEAR(eval::mean_log_prob(refit, data.validation) / pieces, built_in.validation().model,
                  0.15);
    }
  }
}

}  // namespace
}  // namespace stratego
