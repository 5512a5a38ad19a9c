// Game records (engine/record.h, docs/formats.md): format/parse round trips and replays of
// random games of every variant, record files, and bad records refused with an InputError
// that names the line, the move number and token, or the result. Last, every reader is fed
// randomly damaged input: it may refuse it only with InputError, and never crash.
#include <gtest/gtest.h>

#include <filesystem>
#include <sstream>

#include "engine/error.h"
#include "engine/move_text.h"
#include "engine/notation.h"
#include "engine/record.h"
#include "support/random_games.h"

namespace stratego {
namespace {

using test_support::expect_input_error;
using test_support::format_specs;
using test_support::random_game;

struct Recorded {
  GameRecord record;
  State end;
};

// A record of a random game; a game cut short at max_moves ends by resignation or agreement.
Recorded record_of(const std::string& spec, std::uint64_t seed, int max_moves) {
  const auto g = random_game(spec, seed, max_moves);
  State end = g.end;
  if (!end.over()) {
    MoveList list;
    generate_moves(end, list);
    if (list.size == 0) end.declare_no_moves();
  }
  if (!end.over()) seed % 2 ? end.resign(end.side_to_move()) : end.agree_draw();
  GameRecord r;
  r.variant = spec;
  r.red_setup = g.red_setup;
  r.blue_setup = g.blue_setup;
  r.tags = {{"seed", std::to_string(seed)}, {"event", "formats test"}};
  r.moves = g.moves;
  r.result = end.result();
  return {r, end};
}

void expect_same(const GameRecord& a, const GameRecord& b) {
  EXPECT_EQ(a.variant, b.variant);
  EXPECT_EQ(a.red_setup, b.red_setup);
  EXPECT_EQ(a.blue_setup, b.blue_setup);
  EXPECT_EQ(a.start, b.start);
  EXPECT_EQ(a.tags, b.tags);
  EXPECT_TRUE(a.moves == b.moves);
  EXPECT_TRUE(a.result == b.result);
}

TEST(FormatsRecord, RoundTripAndReplayOverRandomGamesOfEveryVariant) {
  int rescue_decisions = 0;
  for (const std::string& spec : format_specs()) {
    // Rescues (V-5) come seldom in random play: more games where they can.
    const std::uint64_t seeds = spec.find("rescue") != std::string::npos ? 16 : 4;
    for (std::uint64_t seed = 1; seed <= seeds; ++seed) {
      SCOPED_TRACE(spec + " seed " + std::to_string(seed));
      const auto [r, end] = record_of(spec, seed, seed % 4 == 3 ? 60 : 100000);
      for (Move m : r.moves) rescue_decisions += m.type() != MoveType::kNormal;
      const std::string text = format_record(r);
      const GameRecord back = parse_record(text, "test");
      expect_same(back, r);
      EXPECT_EQ(format_record(back), text);
      EXPECT_TRUE(replay(back) == end) << text;

      // The same game from a position in notation part-way through.
      const std::size_t cut = r.moves.size() / 3;
      State mid = record_start(r);
      for (std::size_t i = 0; i < cut; ++i) mid.make(r.moves[i]);
      GameRecord from_mid{spec, "", "", to_notation(mid), r.tags, {}, r.result};
      from_mid.moves.assign(r.moves.begin() + std::ptrdiff_t(cut), r.moves.end());
      const GameRecord mid_back = parse_record(format_record(from_mid));
      expect_same(mid_back, from_mid);
      EXPECT_TRUE(replay(mid_back) == end);
    }
  }
  EXPECT_GT(rescue_decisions, 0);
}

TEST(FormatsRecord, DocumentedExampleReplays) {
  const std::string text =
      "stratego-record 1\n"
      "variant barrage\n"
      "red-setup AAAAAAAABAAADAAAAAAACAAAEAKAAAADAAAALAAM\n"
      "blue-setup AALMAEAAADAAAAADAAAAAAAAKAACAAAAAAAAABAA\n"
      "tag blue random\n"
      "tag red random\n"
      "tag seed 61\n"
      "moves c2-d2 f9-f1 d2-d4 j10-j7 d4-c4 f1-c1 g3-h3 c1-c3 b4-b2 f10-g10\n"
      "moves a3-a4 c3-d3 h3-h2 j7-j4\n"
      "result blue flag-captured\n";
  const GameRecord r = parse_record(text);
  EXPECT_EQ(r.moves.size(), 14u);
  EXPECT_EQ(r.tags.at("seed"), "61");
  EXPECT_EQ(format_record(r), text);
  EXPECT_EQ(replay(r).result(), (Result{Winner::kBlue, EndReason::kFlagCaptured}));
}

TEST(FormatsRecord, FilesAreWrittenWhole) {
  const auto [r, end] = record_of("duel", 9, 100000);
  const auto path = std::filesystem::temp_directory_path() / "stratego_formats_record.txt";
  write_record_file(path.string(), r);
  EXPECT_FALSE(std::filesystem::exists(path.string() + ".tmp"));
  const GameRecord back = read_record_file(path.string());
  expect_same(back, r);
  EXPECT_TRUE(replay(back) == end);
  std::filesystem::remove(path);
  expect_input_error([&] { read_record_file(path.string()); }, {path.string(), "cannot open"});
  expect_input_error([&] { write_record_file("/nonexistent/dir/r.txt", r); }, {"/nonexistent"});
  GameRecord both = r;
  both.start = to_notation(end);
  expect_input_error([&] { format_record(both); }, {"set-up lines or a start position"});
  both.red_setup.clear();
  both.blue_setup.clear();
  both.start.clear();
  expect_input_error([&] { format_record(both); }, {"set-up lines or a start position"});
}

TEST(FormatsRecord, BadRecordsAreRefused) {
  const GameRecord r = record_of("barrage", 5, 30).record;  // ends by resignation
  ASSERT_EQ(r.result.reason, EndReason::kResignation);
  const std::string text = format_record(r);
  // Lines: 1 header, 2 variant, 3 red-setup, 4 blue-setup, 5-6 tags, 7-9 moves, 10 result.
  const auto with = [&](std::string_view from, std::string_view to) {
    std::string s = text;
    s.replace(s.find(from), from.size(), to);
    return s;
  };
  const auto line_of = [&](int n) {
    std::size_t b = 0;
    for (int i = 1; i < n; ++i) b = text.find('\n', b) + 1;
    return text.substr(b, text.find('\n', b) - b);
  };
  ASSERT_TRUE(line_of(7).starts_with("moves ")) << text;
  ASSERT_TRUE(line_of(10).starts_with("result ")) << text;

  expect_input_error([&] { parse_record(with("variant", "foo bar\nvariant"), "test"); },
                     {"test:2", "unknown line 'foo'"});
  expect_input_error([&] { parse_record(with("stratego-record 1", "stratego-record 2"), "t"); },
                     {"t:1", "unsupported version"});
  expect_input_error([&] { parse_record("", "t"); }, {"t", "empty record"});
  expect_input_error([&] { parse_record(with("variant barrage", "variant nosuch"), "t"); },
                     {"t:2", "variant", "nosuch"});
  expect_input_error([&] { parse_record(with("variant barrage\n", ""), "t"); }, {"no 'variant'"});
  expect_input_error(
      [&] { parse_record(with("variant barrage\n", "variant barrage\nvariant duel\n"), "t"); },
      {"t:3", "second 'variant'", "line 2"});
  expect_input_error([&] { parse_record(with("red-setup ", "red-setup A"), "t"); },
                     {"t:3", "red-setup", "41 characters"});
  expect_input_error([&] { parse_record(with(line_of(3) + "\n" + line_of(4), "start x"), "t"); },
                     {"t:3", "start", "notation"});
  expect_input_error([&] { parse_record(with(line_of(4), line_of(4) + "\nstart x"), "t"); },
                     {"both a start line and set-up lines"});
  expect_input_error([&] { parse_record(with("blue-setup " + r.blue_setup + "\n", ""), "t"); },
                     {"red-setup and blue-setup", "or a start"});
  expect_input_error([&] { parse_record(with(line_of(5), "tag"), "t"); },
                     {"t:5", "tag needs a name"});
  std::istringstream moves_line(line_of(7));
  std::string third;
  for (int i = 0; i < 4; ++i) moves_line >> third;  // "moves", then the third token
  expect_input_error([&] { parse_record(with(" " + third + " ", " zz "), "t"); },
                     {"t:7", "move 3", "'zz'"});
  expect_input_error([&] { parse_record(with(line_of(10), "result red move-limit"), "t"); },
                     {"t:10", "result", "move-limit"});
  expect_input_error([&] { parse_record(with(line_of(10), "result red"), "t"); },
                     {"t:10", "result WINNER REASON"});

  // Illegal moves name the move number and token: c6 is a lake.
  GameRecord bad = parse_record(with(" " + third + " ", " c7-c6 "));
  expect_input_error([&] { replay(bad); }, {"move 3", "(c7-c6)", "not legal"});
  // The recorded result must be what the moves give.
  bad = r;
  bad.result = {Winner::kRed, EndReason::kFlagCaptured};
  expect_input_error([&] { replay(bad); }, {"result", "'red flag-captured'", "'none none'"});
  // A game that ended by the rules cannot be recorded as unfinished, nor go on.
  bad = record_of("barrage", 6, 100000).record;
  ASSERT_NE(bad.result.reason, EndReason::kResignation);
  const Result actual = bad.result;
  bad.result = {};
  expect_input_error([&] { replay(bad); },
                     {"result", "'none none'", std::string(end_reason_name(actual.reason))});
  bad.result = actual;
  bad.moves.push_back(bad.moves.front());
  expect_input_error([&] { replay(bad); },
                     {"move " + std::to_string(bad.moves.size()), "already over"});
}

// Random single-character damage: replace, delete or insert a character from the alphabet
// the formats use, plus a few that they never do.
std::string damaged(std::string s, Rng& rng) {
  static constexpr std::string_view kChars = "AaBbDdEeMmXx0123456789_/'!^?:,-@ R\n";
  const int edits = 1 + int(rng.below(3));
  for (int i = 0; i < edits; ++i) {
    const std::size_t at = rng.below(std::uint32_t(s.size() + 1));
    const char c = kChars[rng.below(std::uint32_t(kChars.size()))];
    switch (rng.below(3)) {
      case 0:
        if (at < s.size()) s[at] = c;
        break;
      case 1:
        if (at < s.size()) s.erase(at, 1);
        break;
      default:
        s.insert(at, 1, c);
    }
  }
  return s;
}

template <typename F>
void only_input_errors(F&& f, const std::string& input) {
  try {
    f();
  } catch (const InputError&) {
  } catch (const std::exception& e) {
    ADD_FAILURE() << "not an InputError: " << e.what() << "\ninput: " << input;
  }
}

TEST(FormatsFuzz, DamagedInputIsRefusedOnlyWithInputError) {
  Rng rng(2024);
  const auto [r, end] = record_of("barrage+rescue+silent-defence", 1, 100000);
  const std::string record = format_record(r);
  const std::string state = to_notation(end);
  const std::string view = to_notation(make_view(end, kBlue));
  const auto v = load_variant("barrage");
  for (int i = 0; i < 3000; ++i) {
    const std::string rec = damaged(record, rng);
    only_input_errors([&] { replay(parse_record(rec)); }, rec);
    const std::string st = damaged(state, rng);
    only_input_errors([&] { parse_state(st); }, st);
    const std::string vw = damaged(view, rng);
    only_input_errors([&] { parse_view(vw); }, vw);
    const std::string line = damaged(r.red_setup, rng);
    only_input_errors([&] { parse_setup(v, kBlue, line); }, line);
    const std::string token = damaged("R:E@b2", rng);
    only_input_errors([&] { parse_move(token, v.geometry); }, token);
  }
}

}  // namespace
}  // namespace stratego
