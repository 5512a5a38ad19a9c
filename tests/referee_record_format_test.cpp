// The record formats hold the referee's results: every external reason (resignation,
// draw-agreed, time-forfeit, illegal-action, crash, disconnect, protocol-error) is written,
// read back and applied by replay after the last move like a resignation, in both families;
// impossible ones are rejected; a classic game forfeited at its set-up has a record too. And
// files of many records (stratego match --out) split into their records.
#include <gtest/gtest.h>

#include "engine/error.h"
#include "engine/movegen.h"
#include "engine/notation.h"
#include "engine/record.h"
#include "engine/record_file.h"
#include "engine/setup.h"
#include "engine/variant_loader.h"
#include "engine/waterloo/record.h"

namespace stratego {
namespace {

const char* const kExternal[] = {"resignation", "time-forfeit", "illegal-action",
                                 "crash",       "disconnect",   "protocol-error"};

GameRecord barrage_record(std::uint64_t seed) {
  const Variant v = load_variant("barrage");
  Rng rng(seed);
  GameRecord r;
  r.variant = "barrage";
  r.red_setup = format_setup(v, random_setup(v, kRed, rng));
  r.blue_setup = format_setup(v, random_setup(v, kBlue, rng));
  return r;
}

TEST(RefereeRecordFormat, ClassicRecordsHoldEveryExternalReason) {
  const Variant v = load_variant("barrage");
  for (const char* reason : kExternal) {
    GameRecord r = barrage_record(4);
    // Two moves, then red forfeits (or resigns): blue wins.
    State s = record_start(r);
    for (int i = 0; i < 2; ++i) {
      MoveList list;
      generate_moves(s, list);
      r.moves.push_back(list[0]);
      s.make(list[0]);
    }
    const std::string head = format_record(r);
    const std::string written =
        head.substr(0, head.rfind("result ")) + "result blue " + reason + "\n";
    const GameRecord back = parse_record(written);
    EXPECT_EQ(end_reason_name(back.result.reason), reason);
    EXPECT_EQ(back.result.winner, Winner::kBlue);
    EXPECT_EQ(format_record(back), written) << reason;
    EXPECT_EQ(replay(back).result(), back.result) << reason;  // applied after the moves
  }
}

TEST(RefereeRecordFormat, ImpossibleExternalResultsAreRejected) {
  const std::string base = format_record(barrage_record(5));
  const std::string head = base.substr(0, base.rfind("result "));
  EXPECT_THROW(parse_record(head + "result draw crash\n"), InputError);  // a forfeit has a winner
  EXPECT_THROW(parse_record(head + "result red draw-agreed\n"),
               InputError);  // an agreed draw has none
  EXPECT_THROW(parse_record(head + "result red fell-asleep\n"), InputError);
  EXPECT_THROW(waterloo::parse_record("stratego-waterloo-record 1\nvariant waterloo-basic\nresult "
                                      "red draw-agreed indecisive 0\n"),
               InputError);
  EXPECT_THROW(
      waterloo::parse_record(
          "stratego-waterloo-record 1\nvariant waterloo-basic\nresult draw crash decisive 0\n"),
      InputError);
}

TEST(RefereeRecordFormat, ANotationResultMayBeExternal) {
  Rng rng(2);
  const Variant v = load_variant("barrage");
  auto vp = std::make_shared<const Variant>(v);
  State s = initial_state(vp, random_setup(v, kRed, rng), random_setup(v, kBlue, rng));
  s.forfeit(kRed, EndReason::kTimeForfeit);
  const std::string n = to_notation(s);
  EXPECT_NE(n.find("blue:time-forfeit"), std::string::npos) << n;
  EXPECT_EQ(parse_state(n).result(), s.result());
}

TEST(RefereeRecordFormat, AClassicGameForfeitedAtItsSetupHasARecord) {
  GameRecord r = barrage_record(6);
  r.blue_setup.clear();  // blue gave no valid set-up
  r.result = {Winner::kRed, EndReason::kIllegalAction};
  const std::string text = format_record(r);
  EXPECT_EQ(text.find("blue-setup"), std::string::npos);
  const GameRecord back = parse_record(text);
  EXPECT_EQ(format_record(back), text);
  EXPECT_EQ(replay(back).result(), r.result);
  // Only then: a record without a set-up that goes on, or ends by the rules, is still wrong.
  GameRecord bad = r;
  bad.result = {Winner::kRed, EndReason::kFlagCaptured};
  EXPECT_THROW(format_record(bad), InputError);
  EXPECT_THROW(parse_record(text.substr(0, text.rfind("result ")) + "result none none\n"),
               InputError);
}

TEST(RefereeRecordFormat, WaterlooRecordsHoldEveryExternalReason) {
  for (const char* reason : kExternal) {
    const std::string text =
        std::string("stratego-waterloo-record 1\nvariant waterloo-basic\nresult red ") + reason +
        " decisive 0\n";
    const waterloo::WaterlooRecord r = waterloo::parse_record(text);
    EXPECT_EQ(end_reason_name(r.result.reason), reason);
    EXPECT_EQ(waterloo::format_record(r), text);
    EXPECT_EQ(waterloo::replay(r).result(), r.result) << reason;  // forfeited before its set-ups
  }
  const std::string drawn =
      "stratego-waterloo-record 1\nvariant waterloo-basic\nresult draw draw-agreed indecisive 0\n";
  EXPECT_EQ(waterloo::replay(waterloo::parse_record(drawn)).result().reason,
            EndReason::kDrawAgreed);
  // A replay that ends by the rules cannot also be a resignation, nor the reverse.
  EXPECT_THROW(
      waterloo::replay(waterloo::parse_record(
          "stratego-waterloo-record 1\nvariant waterloo-basic\nresult red resignation major 0\n")),
      InputError);
}

TEST(RefereeRecordFormat, FilesOfManyRecordsSplitIntoThemWithTheirLines) {
  GameRecord a = barrage_record(7), b = barrage_record(8);
  a.result = {Winner::kRed, EndReason::kCrash};
  b.result = {Winner::kDraw, EndReason::kDrawAgreed};
  const std::string w =
      "stratego-waterloo-record 1\nvariant waterloo-basic\nresult blue disconnect decisive 0\n";
  const std::string file = "# a match\n\n" + format_record(a) + "\n" + w + "\n" + format_record(b);
  const auto records = split_records(file, "m.txt");
  ASSERT_EQ(records.size(), 3u);
  EXPECT_FALSE(records[0].waterloo);
  EXPECT_TRUE(records[1].waterloo);
  EXPECT_EQ(records[0].line, 3);
  EXPECT_EQ(records[1].number, 2);
  EXPECT_EQ(parse_record(records[0].text).result, a.result);
  EXPECT_EQ(waterloo::parse_record(records[1].text).result.reason, EndReason::kDisconnect);
  EXPECT_EQ(parse_record(records[2].text).result, b.result);
  EXPECT_EQ(record_origin("m.txt", records[1], records.size()),
            "m.txt, record 2 (line " + std::to_string(records[1].line) + ")");
  EXPECT_EQ(record_origin("m.txt", records[0], 1), "m.txt");
  try {
    split_records("moves a4-a5\n" + format_record(a), "m.txt");
    FAIL() << "text before the first record was accepted";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("m.txt:1"), std::string::npos) << e.what();
  }
  EXPECT_THROW(split_records("# nothing\n", "m.txt"), InputError);
  // A record cut off mid-way (no result line) is named by its own parser.
  const std::string cut = format_record(a).substr(0, 40);
  EXPECT_THROW(parse_record(split_records(cut, "m.txt")[0].text), InputError);
}

}  // namespace
}  // namespace stratego
