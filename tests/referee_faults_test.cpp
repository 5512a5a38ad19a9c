// The referee against misbehaving in-process bots: each misdeed loses that game with the
// matching reason (the other side wins), the record says so and replays to the same result,
// and in a match the other game still completes.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>

#include "engine/error.h"
#include "engine/file_io.h"
#include "engine/record.h"
#include "engine/record_file.h"
#include "engine/variant_loader.h"
#include "engine/waterloo/record.h"
#include "referee/match.h"
#include "support/command_run.h"
#include "tests/support/misbehaving_bot.h"

namespace stratego::bots {
namespace {

using test_support::unique_temp_path;

using testing::MisbehavingBot;
using testing::Misdeed;

referee::GameSettings settings_for(const std::string& spec, std::uint64_t seed = 3) {
  referee::GameSettings s;
  s.variant = std::make_shared<const Variant>(load_variant(spec));
  s.seed = seed;
  return s;
}

// The result a record replays to, as "WINNER REASON".
std::string replayed(std::string_view record) {
  auto word = [](Winner w) {
    return std::string(w == Winner::kRed    ? "red"
                       : w == Winner::kBlue ? "blue"
                       : w == Winner::kDraw ? "draw"
                                            : "none");
  };
  if (waterloo::is_waterloo_record(record)) {
    const auto r = waterloo::replay(waterloo::parse_record(record)).result();
    return word(r.winner) + " " + std::string(end_reason_name(r.reason));
  }
  const Result r = replay(parse_record(record)).result();
  return word(r.winner) + " " + std::string(end_reason_name(r.reason));
}

std::string outcome_words(const referee::GameOutcome& o) {
  const Winner w = o.winner;
  return std::string(w == Winner::kRed    ? "red"
                     : w == Winner::kBlue ? "blue"
                     : w == Winner::kDraw ? "draw"
                                          : "none") +
         " " + o.reason;
}

struct Case {
  Misdeed what;
  BotFault::Kind fault;
  const char* reason;
};

const Case kCases[] = {
    {Misdeed::kFault, BotFault::Kind::kTimeout, "time-forfeit"},
    {Misdeed::kFault, BotFault::Kind::kCrash, "crash"},
    {Misdeed::kFault, BotFault::Kind::kDisconnect, "disconnect"},
    {Misdeed::kFault, BotFault::Kind::kProtocolError, "protocol-error"},
    {Misdeed::kFault, BotFault::Kind::kFlood, "protocol-error"},
    {Misdeed::kFault, BotFault::Kind::kIllegal, "illegal-action"},
    {Misdeed::kRuntimeError, {}, "crash"},
    {Misdeed::kIllegalToken, {}, "illegal-action"},
    {Misdeed::kGarbage, {}, "protocol-error"},
    {Misdeed::kSlow, {}, "time-forfeit"},
    {Misdeed::kResign, {}, "resignation"},
    {Misdeed::kBadSetup, {}, "illegal-action"},
    {Misdeed::kThrowInObserve, {}, "crash"},
    {Misdeed::kThrowInNewGame, {}, "crash"},
};

// Only the slow bot's games run with a short movetime (the others have the default limit),
// and even then with room enough that a well-behaved bot on a loaded machine stays in time.
referee::TimeControl time_for(Misdeed what) {
  referee::TimeControl t;
  if (what == Misdeed::kSlow) {
    t.movetime_ms = 30;  // kSlow sleeps 300 ms: far over movetime + grace
    t.grace_ms = 120;
  }
  return t;
}

TEST(RefereeFaults, EachMisdeedLosesWithItsReasonAndTheRecordReplays) {
  for (const std::string spec : {"barrage", "waterloo-basic"}) {
    for (const Case& c : kCases) {
      for (Side bad : {kRed, kBlue}) {
        MisbehavingBot misbehaving(c.what);
        misbehaving.fault = c.fault;
        misbehaving.sleep_ms = 300;
        RandomBot good;
        referee::GameSettings st = settings_for(spec);
        st.time = time_for(c.what);
        const referee::GameOutcome o = bad == kRed ? referee::play_game(misbehaving, good, st)
                                                   : referee::play_game(good, misbehaving, st);
        const std::string where =
            spec + ", " + c.reason + ", misbehaving " + std::string(side_name(bad));
        EXPECT_EQ(o.reason, c.reason) << where << ": " << o.detail;
        EXPECT_EQ(o.winner, winner_of(other(bad))) << where;
        if (c.what != Misdeed::kResign) {
          EXPECT_FALSE(o.detail.empty()) << where;
        }
        EXPECT_EQ(replayed(o.record), outcome_words(o)) << where << "\n" << o.record;
      }
    }
  }
}

TEST(RefereeFaults, AGameClockRunsOutAndIsShownToTheBots) {
  MisbehavingBot fast(Misdeed::kNone);
  referee::GameSettings st = settings_for("classic");
  st.time.base_ms = 200;
  st.time.increment_ms = 10;
  st.time.grace_ms = 50;
  // Every decision of the slow bot takes 60 ms: its clock goes 200, 150, 100, 50, 0, and the
  // fifth decision overdraws it by more than the grace.
  struct Sleeper : MisbehavingBot {
    Sleeper() : MisbehavingBot(Misdeed::kNone) {}
    Reply decide(const Request& r, const std::atomic<bool>& stop, const InfoSink& info) override {
      std::this_thread::sleep_for(std::chrono::milliseconds(60));
      return MisbehavingBot::decide(r, stop, info);
    }
  } sleeper;
  const referee::GameOutcome o = referee::play_game(fast, sleeper, st);
  EXPECT_EQ(o.reason, "time-forfeit") << o.detail;
  EXPECT_EQ(o.winner, Winner::kRed);
  ASSERT_GE(sleeper.limits_seen.size(), 3u);
  EXPECT_LE(sleeper.limits_seen.size(), 6u) << "the overdrawn clock was forgiven";
  EXPECT_LE(sleeper.limits_seen[0].time_left_ms[kBlue], 200);  // less its set-up's time
  EXPECT_GE(sleeper.limits_seen[0].time_left_ms[kBlue], 150);
  EXPECT_LT(sleeper.limits_seen[1].time_left_ms[kBlue], 160) << "the clock was not charged";
  EXPECT_GT(sleeper.limits_seen[1].time_left_ms[kBlue], 100) << "no increment";
  EXPECT_EQ(sleeper.limits_seen[0].increment_ms[kBlue], 10);
  EXPECT_NE(o.record.find("tag time-control clock 200+10ms"), std::string::npos) << o.record;
}

TEST(RefereeFaults, DrawOffersAreAcceptedOnlyWhenMade) {
  for (const std::string spec : {"barrage", "waterloo-basic"}) {
    MisbehavingBot offers(Misdeed::kOfferDraw, 4), accepts(Misdeed::kNone);
    accepts.accepts_offers = true;
    const referee::GameOutcome agreed = referee::play_game(offers, accepts, settings_for(spec));
    EXPECT_EQ(outcome_words(agreed), "draw draw-agreed") << spec;
    EXPECT_EQ(replayed(agreed.record), "draw draw-agreed") << spec;

    // Accepting what nobody offered changes nothing: the action stands and play goes on.
    MisbehavingBot eager(Misdeed::kAcceptAny, 2);
    RandomBot other_bot;
    const referee::GameOutcome played = referee::play_game(eager, other_bot, settings_for(spec));
    EXPECT_NE(played.reason, "draw-agreed") << spec;
    EXPECT_GT(played.decisions, 10) << spec;
    // An offer nobody takes lapses.
    MisbehavingBot offers_again(Misdeed::kOfferDraw, 4);
    RandomBot declines;
    const referee::GameOutcome declined =
        referee::play_game(offers_again, declines, settings_for(spec));
    EXPECT_NE(declined.reason, "draw-agreed") << spec;
  }
}

// A match where bot1's first game goes wrong: that game is lost with the reason, the other
// game (played at the same time) completes, and both records are in the file, whole.
TEST(RefereeFaults, AMisbehavingBotLosesOneGameOfAMatchAndTheOtherCompletes) {
  const std::string out = unique_temp_path("referee_faults_match.txt");
  std::filesystem::remove(out);
  std::size_t matches = 0;
  for (const Case& c : kCases) {
    if (c.what == Misdeed::kSlow) continue;  // timed games: covered above
    ++matches;
    std::atomic<int> made{0};
    const referee::BotFactory bad = [&]() -> std::unique_ptr<Bot> {
      if (made++ > 0) return std::make_unique<RandomBot>();
      auto b = std::make_unique<MisbehavingBot>(c.what);
      b->fault = c.fault;
      return b;
    };
    const referee::BotFactory good = [] { return std::make_unique<RandomBot>(); };
    referee::MatchSettings st;
    st.variant = std::make_shared<const Variant>(load_variant("barrage"));
    st.games = 2;
    st.concurrency = 2;
    st.out_path = out;
    st.keep_reports = true;
    const referee::MatchSummary m = referee::run_match(bad, good, st);
    ASSERT_EQ(m.reports.size(), 2u);
    int forfeited = 0;
    for (const referee::GameReport& r : m.reports) {
      if (r.outcome.reason == c.reason && r.bot1_score == 0) {
        ++forfeited;
      } else {
        EXPECT_FALSE(referee::is_forfeit(r.outcome)) << r.outcome.reason << " " << r.outcome.detail;
      }
    }
    EXPECT_EQ(forfeited, 1) << c.reason;
  }
  const std::string text = read_text_file(out);
  const auto records = split_records(text, out);
  ASSERT_EQ(records.size(), 2 * matches);
  for (const auto& r : records) EXPECT_NO_THROW(replayed(r.text)) << r.text;
  std::filesystem::remove(out);
}

TEST(RefereeFaults, AnUnknownBotInAMatchIsAnInputError) {
  referee::MatchSettings st;
  st.variant = std::make_shared<const Variant>(load_variant("barrage"));
  const referee::BotFactory unknown = []() -> std::unique_ptr<Bot> {
    throw InputError("no built-in bot named 'x'");
  };
  const referee::BotFactory good = [] { return std::make_unique<RandomBot>(); };
  EXPECT_THROW(referee::run_match(unknown, good, st), InputError);
}

}  // namespace
}  // namespace stratego::bots
