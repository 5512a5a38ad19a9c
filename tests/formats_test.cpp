// Set-up lines, move tokens and position notation (docs/formats.md): round trips over random
// games of every variant, the human set-up data of data/setups/, and bad input that must be
// refused with an InputError naming the problem and where it is. Records: formats_record_test.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>

#include "engine/error.h"
#include "engine/move_text.h"
#include "engine/notation.h"
#include "support/random_games.h"

namespace stratego {
namespace {

using test_support::expect_input_error;
using test_support::format_specs;
using test_support::random_game;

constexpr std::string_view kClassicLine = "IBJEIBHEBGEHEMCEHBDDHFLJGKDIFGBDGFDFDDDB";

std::shared_ptr<const Variant> variant_of(const std::string& spec) {
  return std::make_shared<const Variant>(load_variant(spec));
}
int sq(const Variant& v, std::string_view name) { return *v.geometry.parse_square(name); }

std::vector<std::pair<int, Kind>> sorted(std::vector<std::pair<int, Kind>> pieces) {
  std::sort(pieces.begin(), pieces.end());
  return pieces;
}

TEST(FormatsSetup, ParseFormatRoundTripAndOrientation) {
  const auto v = variant_of("classic");
  const stratego::Setup red = parse_setup(*v, kRed, kClassicLine);
  const stratego::Setup blue = parse_setup(*v, kBlue, kClassicLine);
  EXPECT_EQ(format_setup(*v, red), kClassicLine);
  EXPECT_EQ(format_setup(*v, blue), kClassicLine);
  // Letter 1 is the owner's back row, column a; letter 11 the next row forward.
  const auto kind_at = [](const stratego::Setup& s, int square) {
    for (const auto& [at, k] : s.pieces)
      if (at == square) return k;
    return kUnknown;
  };
  EXPECT_EQ(kind_at(red, sq(*v, "a1")), kMajor);
  EXPECT_EQ(kind_at(red, sq(*v, "a2")), kMiner);
  EXPECT_EQ(kind_at(red, sq(*v, "j4")), kBomb);
  EXPECT_EQ(kind_at(blue, sq(*v, "a10")), kMajor);
  EXPECT_EQ(kind_at(blue, sq(*v, "a9")), kMiner);
  EXPECT_EQ(kind_at(blue, sq(*v, "j7")), kBomb);

  Rng rng(7);
  for (const std::string& spec : format_specs()) {
    const auto var = variant_of(spec);
    for (Side side : {kRed, kBlue}) {
      const stratego::Setup s = random_setup(*var, side, rng);
      const std::string line = format_setup(*var, s);
      EXPECT_EQ(sorted(parse_setup(*var, side, line).pieces), sorted(s.pieces)) << spec;
    }
  }
}

TEST(FormatsSetup, HumanSetupFilesLoad) {
  const std::filesystem::path dir = std::filesystem::path(STRATEGO_DATA_DIR) / "setups";
  ASSERT_TRUE(std::filesystem::is_directory(dir)) << dir << " is absent";
  const std::map<std::string, std::string> files = {{"classic_human.txt", "classic"},
                                                    {"barrage_human.txt", "barrage"},
                                                    {"duell_human.txt", "duel"},
                                                    {"ultimate_human.txt", "ultimate-lightning"}};
  for (const auto& [name, spec] : files) {
    const auto v = variant_of(spec);
    const SetupFile file = read_setup_file((dir / name).string(), *v);
    std::ifstream in(dir / name);
    const auto lines = std::count(std::istreambuf_iterator<char>(in), {}, '\n');
    EXPECT_EQ(std::ptrdiff_t(file.lines.size()), lines) << name << ": every line is a set-up";
    ASSERT_GE(file.lines.size(), 2u);
    // Both sides can use every line; two lines make a game.
    const State s = initial_state(v, parse_setup(*v, kRed, file.lines.front()),
                                  parse_setup(*v, kBlue, file.lines.back()));
    EXPECT_EQ(popcount(s.occupied()), 2 * v->army_size()) << name;
  }
}

TEST(FormatsSetup, RandomSetupsAreLegalForEveryVariant) {
  std::vector<std::string> specs = format_specs();
  for (const auto& f : builtin_variant_files())
    if (!f.is_option && !f.name.starts_with("waterloo")) specs.emplace_back(f.name);  // Part C only
  Rng rng(11);
  for (const std::string& spec : specs) {
    const auto v = variant_of(spec);
    for (int i = 0; i < 50; ++i) {
      const stratego::Setup red = random_setup(*v, kRed, rng), blue = random_setup(*v, kBlue, rng);
      EXPECT_NO_THROW(validate_setup(*v, red)) << spec;
      EXPECT_NO_THROW(validate_setup(*v, blue)) << spec;
      EXPECT_NO_THROW(initial_state(v, red, blue)) << spec;
    }
  }
  // Uniform: Barrage's lone Flag lands on each of the 40 squares about equally often.
  const auto v = variant_of("barrage");
  std::map<int, int> flag_at;
  for (int i = 0; i < 8000; ++i)
    for (const auto& [at, k] : random_setup(*v, kRed, rng).pieces)
      if (k == kFlag) ++flag_at[at];
  EXPECT_EQ(flag_at.size(), 40u);
  for (const auto& [at, n] : flag_at) EXPECT_TRUE(n > 120 && n < 280) << at << ": " << n;
}

TEST(FormatsSetup, BadSetupsAreRefused) {
  const auto v = variant_of("classic");
  std::string line(kClassicLine);
  expect_input_error([&] { parse_setup(*v, kRed, line.substr(1)); }, {"39 characters", "40"});
  expect_input_error([&] { parse_setup(*v, kRed, line + "B"); }, {"41 characters"});
  std::string bad = line;
  bad[4] = 'Z';
  expect_input_error([&] { parse_setup(*v, kRed, bad); }, {"character 5", "'Z'", "e1"});
  bad = line;
  bad[4] = 'A';  // an empty square, where classic fills every square: one Major short
  expect_input_error([&] { parse_setup(*v, kRed, bad); }, {"red", "2 x major (I)", "has 3"});
  bad = line;
  bad[std::size_t(line.find('D'))] = 'E';  // a Scout made a Miner: the surplus kind is named,
  // with the squares it stands on (the Scout short is said once the Miners are right)
  expect_input_error([&] { parse_setup(*v, kBlue, bad); }, {"blue", "6 x miner (E) on ", "has 5"});
  // A lake in the set-up rows (the loader refuses such files, so build the variant by hand).
  Variant lake = load_variant("barrage");
  lake.lakes |= square_bb(sq(lake, "b1"));
  lake.geometry = Geometry(lake.width, lake.height, lake.lakes);
  const std::string barrage = "DAAAAAAAAMDAAAAAAAABAAAAAEAACAAAAAALAAKA";
  std::string on_lake = barrage;
  std::swap(on_lake[0], on_lake[1]);
  expect_input_error([&] { parse_setup(lake, kRed, on_lake); }, {"character 2", "b1", "lake"});
  EXPECT_NO_THROW(parse_setup(lake, kRed, barrage));
  // Set-ups built in code.
  stratego::Setup s = parse_setup(*v, kRed, line);
  s.pieces[0].first = sq(*v, "a5");
  expect_input_error([&] { validate_setup(*v, s); }, {"a5", "outside"});
  s.pieces[0].first = s.pieces[1].first;
  expect_input_error([&] { validate_setup(*v, s); }, {"two pieces", "b1"});
  s = parse_setup(*v, kRed, line);
  expect_input_error([&] { initial_state(v, s, s); }, {"Blue"});
  // A file names the line.
  const auto path = std::filesystem::temp_directory_path() / "stratego_formats_setups.txt";
  std::ofstream(path) << "# comment\n" << line << "\n\n" << line.substr(2) << "\n";
  expect_input_error([&] { read_setup_file(path.string(), *v); },
                     {path.string() + ":4:", "38 characters"});
  std::filesystem::remove(path);
  expect_input_error([&] { read_setup_file("/nonexistent/setups.txt", *v); },
                     {"/nonexistent/setups.txt", "cannot open"});
}

TEST(FormatsMove, TokensRoundTripAndBadTokensAreRefused) {
  const auto v = variant_of("classic");
  const Geometry& g = v->geometry;
  for (const Move m :
       {Move::normal(sq(*v, "a4"), sq(*v, "e5")), Move::rescue(kMiner, 1), Move::decline_rescue()})
    EXPECT_EQ(parse_move(move_to_text(m, g), g), m);
  EXPECT_EQ(move_to_text(Move::rescue(kMiner, 1), g), "R:E@b1");
  EXPECT_EQ(move_to_text(Move::decline_rescue(), g), "R:-");
  EXPECT_EQ(move_to_text(Move::normal(30, 40), g), "a4-a5");
  expect_input_error([&] { parse_move("a4a5", g); }, {"'a4a5'", "a4-a5"});
  expect_input_error([&] { parse_move("a4-z9", g); }, {"'a4-z9'", "'z9'", "not a square"});
  expect_input_error([&] { parse_move("a4-a11", g); }, {"'a11'"});
  expect_input_error([&] { parse_move("a4-a4", g); }, {"same square"});
  expect_input_error([&] { parse_move("R:Z@b2", g); }, {"'R:Z@b2'", "'Z'"});
  expect_input_error([&] { parse_move("R:E@k1", g); }, {"'k1'"});
  expect_input_error([&] { parse_move("R:E", g); }, {"'R:E'", "R:-"});
  expect_input_error([&] { parse_move("", g); }, {"''"});
}

// What the random games reached, so that the round trips are known to cover every field.
struct Coverage {
  int states = 0, silent = 0, pending = 0, rescuers = 0, unknown_captured = 0, over = 0;
};

void check_round_trips(const State& s, Coverage& c) {
  const std::string n = to_notation(s);
  const State back = parse_state(n);
  ASSERT_TRUE(back == s) << n;
  ASSERT_EQ(to_notation(back), n);
  for (Side side : {kRed, kBlue}) {
    const View view = make_view(s, side);
    const std::string vn = to_notation(view);
    const View vback = parse_view(vn);
    ASSERT_TRUE(vback == view) << vn;
    ASSERT_EQ(to_notation(vback), vn);
    c.unknown_captured += view.captured_unknown[other(side)];
  }
  ++c.states;
  c.pending += s.pending_rescue();
  c.rescuers += s.rescuer_bb() != 0;
  c.over += s.over();
  for (Side side : {kRed, kBlue})
    for (Kind k : kAllKinds) c.silent += s.captured_silent(side, k);
}

TEST(FormatsNotation, RoundTripsOverRandomGamesOfEveryVariant) {
  Coverage c;
  for (const std::string& spec : format_specs()) {
    const std::uint64_t seeds = spec.find("rescue") != std::string::npos ? 10 : 3;
    for (std::uint64_t seed = 1; seed <= seeds; ++seed) {
      int ply = 0;
      // Every state early on (rescues and captures cluster there in small armies), then a sample.
      random_game(spec, seed, 2000, [&](const State& s) {
        if (ply++ < 200 || ply % 13 == 0 || s.over() || s.pending_rescue()) check_round_trips(s, c);
      });
      if (HasFatalFailure()) return;
    }
  }
  EXPECT_GT(c.silent, 0);
  EXPECT_GT(c.pending, 0);
  EXPECT_GT(c.rescuers, 0);
  EXPECT_GT(c.unknown_captured, 0);
  EXPECT_GT(c.over, 0);
}

TEST(FormatsNotation, DocumentedExamplesParse) {
  const std::string state =
      "barrage+rescue+silent-defence 7m2/k'D'!5e'2/b2d'!3c'1l'/6d'!3/2__2__2/2__2__2/B9/7M2/"
      "2D'!1C'3K'E'/1L'8 r 60 f2e2:1,f7g7:1 -,- 0,0 - -";
  const State s = parse_state(state);
  EXPECT_EQ(to_notation(s), state);
  EXPECT_EQ(s.at(sq(s.variant(), "b9")), make_piece(kRed, kScout));
  EXPECT_EQ(s.flags(sq(s.variant(), "b9")), kMovedFlag | kRevealedFlag);
  EXPECT_EQ(s.run(kBlue).count, 1);
  const std::string view =
      "red-view barrage+rescue+silent-defence 7x2/x'D'!5x'2/x2d'!3x'1x'/6d'!3/2__2__2/2__2__2/"
      "B9/7M2/2D'!1C'3K'E'/1L'8 r 60 f2e2:1,f7g7:1 -,- 0,0 - -";
  EXPECT_EQ(make_view(s, kRed), parse_view(view));
  const std::string captured =
      "duel+rescue+silent-defence 8bm/4E'!^5/10/10/2__2__2/2__2__2/10/10/"
      "2C!7/M9 b 90 -,- BDDK?L,bcddeek?l 1,0 - red:no-moves";
  const State c = parse_state(captured);
  EXPECT_EQ(to_notation(c), captured);
  EXPECT_EQ(c.captured(kRed, kScout), 2);
  EXPECT_EQ(c.captured(kRed, kGeneral), 1);
  EXPECT_EQ(c.captured_silent(kRed, kGeneral), 1);
  EXPECT_EQ(c.captured_silent(kBlue, kGeneral), 1);
  EXPECT_EQ(c.flags(sq(c.variant(), "e9")), kMovedFlag | kRevealedFlag | kRescuerFlag);
  EXPECT_EQ(c.rescues_used(kRed), 1);
  EXPECT_EQ(c.result(), (Result{Winner::kRed, EndReason::kNoMoves}));
  EXPECT_EQ(to_notation(make_view(c, kBlue)),
            "blue-view duel+rescue+silent-defence 8bm/4E'!^5/10/10/2__2__2/2__2__2/10/10/2C!7/X9 b "
            "90 -,- BDDLX,bcddeekl 1,0 - red:no-moves");
  EXPECT_EQ(to_notation(make_view(c, kRed)),
            "red-view duel+rescue+silent-defence 8xx/4E'!^5/10/10/2__2__2/2__2__2/10/10/2C!7/M9 b "
            "90 -,- BDDKL,bcddeelx 1,0 - red:no-moves");
}

TEST(FormatsNotation, BadNotationIsRefused) {
  const std::string good =
      "barrage 7m2/k'D'!5e'2/b2d'!3c'1l'/6d'!3/2__2__2/2__2__2/B9/7M2/"
      "2D'!1C'3K'E'/1L'8 r 60 f2e2:1,f7g7:1 -,- 0,0 - -";
  ASSERT_NO_THROW(parse_state(good));
  const auto with = [&](std::string_view from, std::string_view to) {
    std::string s = good;
    s.replace(s.find(from), from.size(), to);
    return s;
  };
  expect_input_error([&] { parse_state("barrage r 0"); }, {"expected 9", "got 3"});
  expect_input_error([&] { parse_state(good + " -"); }, {"expected 9", "got 10"});
  expect_input_error([&] { parse_view(good); }, {"expected 10", "got 9"});
  expect_input_error([&] { parse_state("red-view " + good); }, {"this is a view"});
  expect_input_error([&] { parse_state(with("barrage", "nosuch")); }, {"variant", "nosuch"});
  expect_input_error([&] { parse_state(with("7m2/", "7z2/")); }, {"board", "'z'", "h10"});
  expect_input_error([&] { parse_state(with("7m2/", "7m3/")); }, {"board", "row 10", "wider"});
  expect_input_error([&] { parse_state(with("7m2/", "7m1/")); }, {"board", "row 10", "9 squares"});
  expect_input_error([&] { parse_state(with("B9/7M2/", "B9/")); }, {"board", "9 rows"});
  expect_input_error([&] { parse_state(with("2__2__2/B9", "2B_2__2/B9")); },
                     {"board", "lake", "c5"});
  expect_input_error([&] { parse_state(with("2__2__2/B9", "10/B9")); }, {"board", "c5", "lake"});
  expect_input_error([&] { parse_state(with("B9", "X9")); }, {"board", "a4", "view"});
  expect_input_error([&] { parse_state(with("B9", "B''9")); }, {"board", "twice", "a4"});
  expect_input_error([&] { parse_state(with(" r 60", " w 60")); }, {"side to move", "'w'"});
  expect_input_error([&] { parse_state(with(" 60 ", " -3 ")); }, {"moves played", "'-3'"});
  expect_input_error([&] { parse_state(with("f2e2:1", "z2e2:1")); }, {"runs", "'z2'"});
  expect_input_error([&] { parse_state(with("f2e2:1", "f2e2")); }, {"runs", "'f2e2'"});
  expect_input_error([&] { parse_state(with("f2e2:1,f7g7:1", "-")); }, {"runs", "red,blue"});
  expect_input_error([&] { parse_state(with(" -,- ", " b,- ")); }, {"captured", "'b'", "red"});
  expect_input_error([&] { parse_state(with(" -,- ", " -,ll ")); },
                     {"captured", "blue", "marshal"});
  expect_input_error([&] { parse_state(with(" -,- ", " X,- ")); }, {"captured", "view"});
  expect_input_error([&] { parse_state(with("0,0", "3,0")); }, {"rescues used", "'3,0'"});
  expect_input_error([&] { parse_state(with("0,0 - -", "0,0 a1 -")); }, {"pending rescue", "V-5"});
  expect_input_error([&] { parse_state(with("0,0 - -", "0,0 - red:move-limit")); },
                     {"result", "move-limit"});
  expect_input_error([&] { parse_state(with("0,0 - -", "0,0 - red")); }, {"result", "'red'"});
  expect_input_error([&] { parse_view("red-view " + good); }, {"board", "h10", "revealed"});
  expect_input_error([&] { parse_view("green-view " + good); }, {"view", "'green-view'"});
  const std::string view =
      "red-view barrage 7x2/x'D'!5x'2/x2d'!3x'1x'/6d'!3/2__2__2/2__2__2/"
      "B9/7M2/2D'!1C'3K'E'/1L'8 r 60 f2e2:1,f7g7:1 -,- 0,0 - -";
  ASSERT_NO_THROW(parse_view(view));
  const auto view_with = [&](std::string_view from, std::string_view to) {
    std::string s = view;
    s.replace(s.find(from), from.size(), to);
    return s;
  };
  expect_input_error([&] { parse_view(view_with("B9", "X9")); }, {"board", "a4", "own"});
  expect_input_error([&] { parse_view(view_with("x2d'!", "x!2d'!")); }, {"board", "a8"});
  expect_input_error([&] { parse_view(view_with("-,- 0,0", "-,k? 0,0")); }, {"captured", "'?'"});
  expect_input_error([&] { parse_view(view_with("-,- 0,0", "X,- 0,0")); }, {"captured", "X"});
}

}  // namespace
}  // namespace stratego
