// The browser's end-of-game replay (serve/replay.h) of a Stratego Waterloo game: both sides'
// beliefs at every position, as the classic replay has them (eval/belief_model.h).
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>

#include "engine/file_io.h"
#include "serve/replay.h"
#include "support/command_run.h"

namespace stratego {
namespace {

// A whole Waterloo Standard game of two `rules` bots, its record's text.
std::string waterloo_record() {
  const std::string path = test_support::unique_temp_path("serve_replay_waterloo.rec");
  std::filesystem::remove(path);
  const auto r = test_support::run_stratego(
      "match --bot1 rules --bot2 rules --variant waterloo-standard --games 1 --seed 5 --quiet "
      "--out " +
      path);
  EXPECT_EQ(r.status, 0) << r.out;
  const std::string text = read_text_file(path);
  std::filesystem::remove(path);
  return text;
}

// The browser's replay of a Waterloo game carries both sides' beliefs, each piece's
// probabilities by the unit tokens the page names pieces by, the truth among them.
TEST(ServeReplay, WaterlooReplayShowsBothSidesBeliefs) {
  const serve::Replay r = serve::make_replay(waterloo_record());
  EXPECT_EQ(r.family, "waterloo");
  ASSERT_EQ(r.moves.size(), r.positions.size());
  int pieces = 0;
  for (std::size_t n = 0; n < r.positions.size(); n += 20) {
    const nlohmann::json& pos = r.positions[n];
    for (const char* side : {"red", "blue"})
      for (const auto& piece : pos["beliefs"][side]) {
        double sum = 0;
        for (const auto& [token, p] : piece["probs"].items()) sum += p.get<double>();
        EXPECT_NEAR(sum, 1.0, 0.03) << piece.dump();
        // The truth at that square, by its token: given a positive probability.
        const auto& squares = pos["squares"];
        const auto at = std::find(squares.begin(), squares.end(), piece["square"]);
        ASSERT_NE(at, squares.end());
        const auto& truth = pos["board"][std::size_t(at - squares.begin())];
        ASSERT_FALSE(truth.is_null()) << piece.dump();
        std::string token = truth["token"];
        token = token.substr(0, token.find('('));
        EXPECT_TRUE(piece["probs"].contains(token)) << token << " " << piece.dump();
        ++pieces;
      }
  }
  EXPECT_GT(pieces, 20);
}
}  // namespace
}  // namespace stratego
