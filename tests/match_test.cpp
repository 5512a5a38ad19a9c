// Matches: Elo figures against values worked out by hand, the --tc syntax, sides that
// alternate with seeds seed + i, set-up lines shared by the two games of a pair, concurrency
// that changes nothing but the order games finish in, and the records file (many records in
// one file) that reads back and replays game by game.
#include "referee/match.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cmath>
#include <filesystem>

#include "bots/random_bot.h"
#include "engine/error.h"
#include "engine/file_io.h"
#include "engine/record.h"
#include "engine/record_file.h"
#include "engine/variant_loader.h"
#include "engine/waterloo/record.h"
#include "support/command_run.h"

namespace stratego::bots {
namespace {

using test_support::unique_temp_path;

TEST(MatchElo, FiguresMatchHandComputedValues) {
  // 6 wins, 2 draws, 2 losses: score 0.7; per-game variance (6*0.09 + 2*0.04 + 2*0.49)/10 =
  // 0.16, standard error sqrt(0.016) = 0.12649; 95%: 0.7 -+ 1.96*0.12649 = 0.45208 .. 0.94792;
  // Elo -400 log10(1/p - 1): 147.19 (-33.40 .. 504.03).
  const referee::EloEstimate e = referee::estimate_elo(6, 2, 2);
  EXPECT_EQ(e.games, 10);
  EXPECT_NEAR(e.score, 0.7, 1e-12);
  EXPECT_NEAR(e.score_low, 0.45208, 1e-5);
  EXPECT_NEAR(e.score_high, 0.94792, 1e-5);
  EXPECT_NEAR(e.elo, 147.19, 0.01);
  EXPECT_NEAR(e.elo_low, -33.40, 0.01);
  EXPECT_NEAR(e.elo_high, 504.03, 0.01);
  // An even match: Elo 0, symmetric interval (30/40/30: se = sqrt(0.15/100) = 0.03873,
  // upper score 0.57591, Elo 53.16).
  const referee::EloEstimate even = referee::estimate_elo(30, 40, 30);
  EXPECT_NEAR(even.elo, 0, 1e-9);
  EXPECT_NEAR(even.elo_high, 53.16, 0.01);
  EXPECT_NEAR(even.elo_low, -53.16, 0.01);
  EXPECT_EQ(referee::format_elo(147.19), "+147");
  EXPECT_EQ(referee::format_elo(-33.6), "-34");
}

TEST(MatchElo, AllWonOrAllLostHaveAnInfiniteEndAndAnExactNearEnd) {
  // 10 out of 10: the score q with q^10 = 0.025 is 0.69150, Elo 140.22; the far end infinite.
  const referee::EloEstimate won = referee::estimate_elo(10, 0, 0);
  EXPECT_EQ(won.score, 1.0);
  EXPECT_TRUE(std::isinf(won.elo) && won.elo > 0);
  EXPECT_TRUE(std::isinf(won.elo_high));
  EXPECT_NEAR(won.score_low, 0.69150, 1e-5);
  EXPECT_NEAR(won.elo_low, 140.22, 0.01);
  const referee::EloEstimate lost = referee::estimate_elo(0, 0, 10);
  EXPECT_NEAR(lost.elo_high, -140.22, 0.01);
  EXPECT_TRUE(std::isinf(lost.elo_low) && lost.elo_low < 0);
  EXPECT_EQ(referee::format_elo(won.elo), "+inf");
  EXPECT_EQ(referee::format_elo(lost.elo), "-inf");
  // All draws: score one half, no spread at all.
  const referee::EloEstimate drawn = referee::estimate_elo(0, 4, 0);
  EXPECT_NEAR(drawn.elo, 0, 1e-9);
  EXPECT_NEAR(drawn.elo_low, 0, 1e-9);
  EXPECT_TRUE(std::isnan(referee::estimate_elo(0, 0, 0).elo));
  EXPECT_EQ(referee::format_elo(referee::estimate_elo(0, 0, 0).elo), "n/a");
}

TEST(MatchTimeControl, SecondsByDefaultMillisecondsWithASuffix) {
  const referee::TimeControl a = referee::parse_time_control("60+0.5");
  EXPECT_EQ(a.base_ms, 60000);
  EXPECT_EQ(a.increment_ms, 500);
  const referee::TimeControl b = referee::parse_time_control("500+10ms");
  EXPECT_EQ(b.base_ms, 500);
  EXPECT_EQ(b.increment_ms, 10);
  EXPECT_EQ(referee::parse_time_control("90").increment_ms, 0);
  for (const char* bad : {"", "+1", "abc", "10+x", "-5+1", "0+1", "10++1", "5ms+1"}) {
    try {
      referee::parse_time_control(bad);
      ADD_FAILURE() << "accepted '" << bad << "'";
    } catch (const InputError& e) {
      EXPECT_NE(std::string(e.what()).find("--tc"), std::string::npos) << e.what();
    }
  }
}

referee::MatchSettings barrage_match(int games) {
  referee::MatchSettings st;
  st.variant = std::make_shared<const Variant>(load_variant("barrage"));
  st.games = games;
  st.seed = 40;
  st.names[0] = "one";
  st.names[1] = "two";
  st.keep_reports = true;
  return st;
}

const referee::BotFactory kRandom = [] { return std::make_unique<RandomBot>(); };

TEST(Match, RefusesMoreConcurrentGamesThanItCanRun) {
  referee::MatchSettings st = barrage_match(2);
  st.concurrency =
      referee::kMaxConcurrency + 1;  // `match --concurrency 1000` aborted making threads
  EXPECT_THROW(referee::run_match(kRandom, kRandom, st), InputError);
  st.concurrency = referee::kMaxConcurrency;
  EXPECT_EQ(referee::run_match(kRandom, kRandom, st).games, 2);
}

// A long match must not grow with its games: without keep_reports it keeps only the counts.
TEST(Match, KeepsOnlyTheCountsUnlessAskedForTheReports) {
  referee::MatchSettings st = barrage_match(6);
  st.keep_reports = false;
  const referee::MatchSummary m = referee::run_match(kRandom, kRandom, st);
  EXPECT_TRUE(m.reports.empty());
  EXPECT_EQ(m.games, 6);
  EXPECT_EQ(m.wins + m.draws + m.losses + m.adjourned, 6);
  int counted = 0;
  for (const auto& [reason, n] : m.reasons) counted += n;
  EXPECT_EQ(counted, 6);
}

TEST(Match, SidesAlternateSeedsCountUpAndTheSummaryAddsUp) {
  const referee::MatchSummary m = referee::run_match(kRandom, kRandom, barrage_match(6));
  ASSERT_EQ(m.reports.size(), 6u);
  int points2 = 0;
  for (int i = 0; i < 6; ++i) {
    const referee::GameReport& r = m.reports[std::size_t(i)];
    EXPECT_EQ(r.index, i);
    EXPECT_EQ(r.seed, 40u + std::uint64_t(i));
    EXPECT_EQ(r.bot1_side, i % 2 == 0 ? kRed : kBlue);
    const std::string red = i % 2 == 0 ? "one" : "two";
    EXPECT_NE(r.outcome.record.find("tag red " + red), std::string::npos) << r.outcome.record;
    points2 += int(2 * r.bot1_score);
  }
  EXPECT_EQ(m.wins + m.draws + m.losses, 6);
  EXPECT_EQ(2 * m.wins + m.draws, points2);
  EXPECT_EQ(m.bot1_red, 3);
  EXPECT_EQ(m.bot1_blue, 3);
  int counted = 0;
  for (const auto& [reason, n] : m.reasons) counted += n;
  EXPECT_EQ(counted, 6);
  EXPECT_EQ(m.elo.games, 6);
}

TEST(Match, ConcurrencyChangesOnlyTheFinishingOrder) {
  referee::MatchSettings one = barrage_match(4), two = barrage_match(4);
  two.concurrency = 2;
  const referee::MatchSummary a = referee::run_match(kRandom, kRandom, one),
                              b = referee::run_match(kRandom, kRandom, two);
  for (std::size_t i = 0; i < 4; ++i)
    EXPECT_EQ(a.reports[i].outcome.record, b.reports[i].outcome.record) << i;
}

TEST(Match, SetupLinesAreSharedByBothGamesOfAPair) {
  referee::MatchSettings st = barrage_match(4);
  st.setups =
      read_setup_file(std::string(STRATEGO_DATA_DIR) + "/setups/barrage_human.txt", *st.variant);
  const referee::MatchSummary m = referee::run_match(kRandom, kRandom, st);
  std::vector<GameRecord> r;
  for (const auto& g : m.reports) r.push_back(parse_record(g.outcome.record));
  EXPECT_EQ(r[0].red_setup, r[1].red_setup);
  EXPECT_EQ(r[0].blue_setup, r[1].blue_setup);
  EXPECT_NE(r[0].red_setup + r[0].blue_setup, r[2].red_setup + r[2].blue_setup);
  const auto& lines = st.setups->lines;
  for (const auto& g : r)
    EXPECT_NE(std::find(lines.begin(), lines.end(), g.red_setup), lines.end())
        << "not from the file";
  referee::MatchSettings waterloo = st;
  waterloo.variant = std::make_shared<const Variant>(load_variant("waterloo-basic"));
  EXPECT_THROW(referee::run_match(kRandom, kRandom, waterloo), InputError);
}

TEST(Match, TheRecordsFileHoldsEveryGameWholeAndReplays) {
  const std::string out = unique_temp_path("match_records.txt");
  std::filesystem::remove(out);
  referee::MatchSettings st = barrage_match(4);
  st.concurrency = 2;
  st.out_path = out;
  int calls = 0;
  st.on_game = [&](const referee::GameReport& r) {
    ++calls;
    // Written before the game is reported: the file already holds it, whole.
    const std::string text = read_text_file(out);
    EXPECT_NE(text.find(r.outcome.record), std::string::npos);
  };
  const referee::MatchSummary m = referee::run_match(kRandom, kRandom, st);
  EXPECT_EQ(calls, 4);
  // A second match appends: nothing finished is lost.
  referee::MatchSettings waterloo = st;
  waterloo.variant = std::make_shared<const Variant>(load_variant("waterloo-basic"));
  waterloo.games = 1;
  waterloo.on_game = nullptr;
  const referee::MatchSummary w = referee::run_match(kRandom, kRandom, waterloo);
  const std::string text = read_text_file(out);
  const auto records = split_records(text, out);
  ASSERT_EQ(records.size(), 5u);
  int found = 0;
  for (const auto& rec : records) {
    if (rec.waterloo) {
      EXPECT_EQ(std::string(rec.text), w.reports[0].outcome.record + "\n");
      EXPECT_EQ(waterloo::replay(waterloo::parse_record(rec.text)).result().winner,
                w.reports[0].outcome.winner);
      continue;
    }
    for (const auto& g : m.reports) {
      if (std::string(rec.text) != g.outcome.record + "\n") continue;
      ++found;
      EXPECT_EQ(replay(parse_record(rec.text)).result().winner, g.outcome.winner);
    }
  }
  EXPECT_EQ(found, 4);
  std::filesystem::remove(out);
  EXPECT_THROW(referee::run_match(kRandom, kRandom,
                                  [&] {
                                    referee::MatchSettings bad = barrage_match(1);
                                    bad.out_path = ::testing::TempDir() + "no/such/dir/records.txt";
                                    return bad;
                                  }()),
               InputError);
}

}  // namespace
}  // namespace stratego::bots
