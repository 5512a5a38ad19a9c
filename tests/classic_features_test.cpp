// The learned value's features (eval/values/classic_features.h) against the hand-set evaluation
// they were taken from: with the hand-set weights the linear value is classic_value, on every
// position of random games in several classic-family variants.
#include "eval/values/classic_features.h"

#include <gtest/gtest.h>

#include <cmath>
#include <set>
#include <string>

#include "eval/values/classic_evaluation.h"
#include "support/random_games.h"

namespace stratego::eval {
namespace {

TEST(ClassicFeatures, HandWeightsGiveTheHandSetEvaluation) {
  for (const std::string spec : {"classic", "barrage", "ultimate-lightning", "clone-wars-powers"}) {
    int checked = 0;
    double spread = 0;
    for (std::uint64_t seed = 1; seed <= 6; ++seed) {
      test_support::random_game(spec, seed, 600, [&](const State& s) {
        if (s.over()) return;
        for (double scale : {1.0, 0.4, 2.5}) {
          const ClassicFeatures w = classic_hand_weights(s.variant(), scale);
          const double hand = classic_value(s, scale), linear = linear_classic_value(s, w);
          ASSERT_NEAR(hand, linear, 1e-9)
              << spec << " seed " << seed << " ply " << s.moves_played() << " scale " << scale;
          spread = std::max(spread, std::abs(hand - 0.5));
          ++checked;
        }
      });
    }
    EXPECT_GT(checked, 1000) << spec;
    EXPECT_GT(spread, 0.2) << spec
                           << ": the positions must differ in value for the check to mean anything";
  }
}

TEST(ClassicFeatures, AreRedMinusBlue) {
  // At the start both armies are whole and hidden: every count difference is zero; Red moves.
  const auto g = test_support::random_game("classic", 3, 0);
  const ClassicFeatures f = classic_features(g.start);
  for (Kind k : kAllKinds) {
    EXPECT_EQ(f[std::size_t(kFeatMaterial + k)], 0) << kind_name(k);
    EXPECT_EQ(f[std::size_t(kFeatRevealed + k)], 0) << kind_name(k);
  }
  EXPECT_EQ(f[kFeatToMove], 1);
  EXPECT_EQ(f[kFeatBias], 1);
  EXPECT_EQ(f[kFeatMovable], 0);
}

TEST(ClassicFeatures, NamesAreDistinct) {
  std::set<std::string> names;
  for (int i = 0; i < kNumClassicFeatures; ++i) names.emplace(classic_feature_name(i));
  EXPECT_EQ(int(names.size()), kNumClassicFeatures);
  EXPECT_EQ(classic_feature_name(kFeatMaterial + kMarshal), "material.marshal");
}

}  // namespace
}  // namespace stratego::eval
