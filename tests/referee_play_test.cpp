// The referee with well-behaved bots: whole games of both families end with a rule's result,
// the record it writes replays to that result, the same seed gives the same record byte for
// byte, and an adjourned game resumes from its record (or its autosave) to the same end.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>

#include "bots/random_bot.h"
#include "engine/error.h"
#include "engine/file_io.h"
#include "engine/record.h"
#include "engine/variant_loader.h"
#include "engine/waterloo/record.h"
#include "referee/referee.h"
#include "support/command_run.h"
#include "tests/support/misbehaving_bot.h"

namespace stratego::bots {
namespace {

using test_support::unique_temp_path;

referee::GameSettings play_settings(const std::string& spec, std::uint64_t seed) {
  referee::GameSettings s;
  s.variant = std::make_shared<const Variant>(load_variant(spec));
  s.variant_spec = spec;
  s.seed = seed;
  return s;
}

referee::GameOutcome random_game(const std::string& spec, std::uint64_t seed) {
  RandomBot red, blue;
  return referee::play_game(red, blue, play_settings(spec, seed));
}

// Replays a record of either family; returns the result as "WINNER REASON".
std::string replayed_result(const std::string& record) {
  if (waterloo::is_waterloo_record(record)) {
    const auto s = waterloo::replay(waterloo::parse_record(record));
    const Winner w = s.result().winner;
    return std::string(w == Winner::kRed    ? "red"
                       : w == Winner::kBlue ? "blue"
                       : w == Winner::kDraw ? "draw"
                                            : "none") +
           " " + std::string(end_reason_name(s.result().reason));
  }
  const State s = replay(parse_record(record));
  const Winner w = s.result().winner;
  return std::string(w == Winner::kRed    ? "red"
                     : w == Winner::kBlue ? "blue"
                     : w == Winner::kDraw ? "draw"
                                          : "none") +
         " " + std::string(end_reason_name(s.result().reason));
}

std::string outcome_result(const referee::GameOutcome& o) {
  const Winner w = o.winner;
  return std::string(w == Winner::kRed    ? "red"
                     : w == Winner::kBlue ? "blue"
                     : w == Winner::kDraw ? "draw"
                                          : "none") +
         " " + o.reason;
}

TEST(RefereePlay, RandomGamesOfBothFamiliesEndAndTheirRecordsReplay) {
  for (const std::string spec : {"classic", "barrage", "waterloo-standard"}) {
    const referee::GameOutcome o = random_game(spec, 11);
    EXPECT_NE(o.winner, Winner::kNone) << spec;
    EXPECT_GT(o.decisions, 10) << spec;
    EXPECT_EQ(replayed_result(o.record), outcome_result(o)) << spec << "\n" << o.record;
    EXPECT_NE(o.record.find("tag seed 11"), std::string::npos) << o.record;
    EXPECT_NE(o.record.find("tag red random"), std::string::npos) << o.record;
  }
}

TEST(RefereePlay, SameSeedGivesTheSameRecordByteForByte) {
  for (const std::string spec : {"duel", "waterloo-basic"}) {
    const referee::GameOutcome a = random_game(spec, 5), b = random_game(spec, 5),
                               c = random_game(spec, 6);
    EXPECT_EQ(a.record, b.record) << spec;
    EXPECT_NE(a.record, c.record) << spec;
  }
}

// Counts what it observes; plays at random.
struct CountingBot : RandomBot {
  int observed = 0;
  void observe(const Observation&) override { ++observed; }
};

std::size_t steps_in(const std::string& record) {
  if (waterloo::is_waterloo_record(record)) {
    const auto r = waterloo::parse_record(record);
    return r.actions.size() + (r.setup[kRed] ? 1 : 0) + (r.setup[kBlue] ? 1 : 0);
  }
  return parse_record(record).moves.size();
}

TEST(RefereePlay, AnAdjournedGameResumesFromItsRecordOrAutosave) {
  for (const std::string spec : {"classic", "waterloo-standard"}) {
    const std::string autosave = unique_temp_path("referee_autosave.txt");
    std::filesystem::remove(autosave);
    testing::MisbehavingBot adjourns(testing::Misdeed::kAdjourn, 20);
    RandomBot blue;
    referee::GameSettings st = play_settings(spec, 9);
    st.autosave_path = autosave;
    const referee::GameOutcome first = referee::play_game(adjourns, blue, st);
    EXPECT_EQ(first.reason, "adjourned") << spec;
    EXPECT_EQ(first.winner, Winner::kNone) << spec;
    EXPECT_EQ(replayed_result(first.record), "none none") << spec << "\n" << first.record;
    EXPECT_EQ(read_text_file(autosave), first.record) << spec << ": the autosave is behind";
    EXPECT_FALSE(std::filesystem::exists(autosave + ".tmp"));

    CountingBot red2, blue2;
    referee::GameSettings again = play_settings(spec, 10);
    again.resume_record = read_text_file(autosave);
    const referee::GameOutcome second = referee::play_game(red2, blue2, again);
    EXPECT_NE(second.winner, Winner::kNone) << spec;
    EXPECT_EQ(replayed_result(second.record), outcome_result(second)) << spec;
    const std::size_t before = steps_in(first.record);
    EXPECT_GT(steps_in(second.record), before) << spec;
    EXPECT_GE(std::size_t(red2.observed), before)
        << spec << ": the resumed bots did not see the game so far";
    EXPECT_NE(second.record.find("tag seed 9"), std::string::npos) << "the first seed stays";
    EXPECT_NE(second.record.find("tag resume-seed 10"), std::string::npos);
    // A finished game cannot be resumed; a record of another variant is refused.
    referee::GameSettings over = play_settings(spec, 11);
    over.resume_record = second.record;
    EXPECT_THROW(referee::play_game(red2, blue2, over), InputError) << spec;
    referee::GameSettings other_variant =
        play_settings(spec == "classic" ? "barrage" : "waterloo-basic", 11);
    other_variant.resume_record = first.record;
    EXPECT_THROW(referee::play_game(red2, blue2, other_variant), InputError) << spec;
    std::filesystem::remove(autosave);
  }
}

}  // namespace
}  // namespace stratego::bots
