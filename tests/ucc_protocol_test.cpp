// The 2012 UCC protocol's messages and coordinates (protocol/ucc/ucc_protocol.h): tokens, the
// mapping of UCC (x, y) onto our squares, set-up lines for both sides (Blue's are reversed), moves,
// confirmations, the start message, board lines, and the errors that name the bad line.
#include "protocol/ucc/ucc_protocol.h"

#include <gtest/gtest.h>

#include <functional>
#include <memory>

#include "engine/error.h"
#include "engine/move_text.h"
#include "engine/movegen.h"
#include "engine/setup.h"
#include "engine/variant_loader.h"
#include "engine/view.h"
#include "protocol/ucc/ucc_session.h"
#include "support/ucc_variant.h"

namespace stratego::bots {
namespace {

using testing::error_of;
using testing::ucc_variant;

// The human set-up of docs/formats.md, and its rows converted by hand to UCC tokens.
constexpr std::string_view kSetup = "IBJEIBHEBGEHEMCEHBDDHFLJGKDIFGBDGFDFDDDB";
const std::vector<std::string> kRows = {"4B384B58B6", "858Fs85B99", "5713629476", "B96797999B"};

TEST(UccProtocol, TokensAreTheReversedNumbersAndLetters) {
  EXPECT_EQ(protocol::ucc_token(kMarshal), '1');
  EXPECT_EQ(protocol::ucc_token(kGeneral), '2');
  EXPECT_EQ(protocol::ucc_token(kSergeant), '7');
  EXPECT_EQ(protocol::ucc_token(kScout), '9');
  EXPECT_EQ(protocol::ucc_token(kSpy), 's');
  EXPECT_EQ(protocol::ucc_token(kBomb), 'B');
  EXPECT_EQ(protocol::ucc_token(kFlag), 'F');
  for (Kind k : kAllKinds)
    if (ucc_variant()->army[k] > 0) {
      EXPECT_EQ(protocol::kind_from_ucc_token(protocol::ucc_token(k)), k) << kind_name(k);
    }
  EXPECT_EQ(protocol::kind_from_ucc_token('S'), kSpy);  // tolerated case
  EXPECT_EQ(protocol::kind_from_ucc_token('b'), kBomb);
  EXPECT_EQ(protocol::kind_from_ucc_token('f'), kFlag);
  EXPECT_FALSE(protocol::kind_from_ucc_token('0'));
  EXPECT_FALSE(protocol::kind_from_ucc_token('#'));
}

TEST(UccProtocol, CoordinatesAreOurColumnAndRowFromRedsBackRow) {
  const Geometry& g = ucc_variant()->geometry;
  EXPECT_EQ(protocol::ucc_square(g, 0, 0),
            *g.parse_square("a1"));  // Red's back row, the manager's top
  EXPECT_EQ(protocol::ucc_square(g, 9, 9), *g.parse_square("j10"));
  EXPECT_EQ(protocol::ucc_square(g, 3, 6), *g.parse_square("d7"));
  EXPECT_EQ(protocol::ucc_x(g, *g.parse_square("e3")), 4);
  EXPECT_EQ(protocol::ucc_y(g, *g.parse_square("e3")), 2);
  // UP is towards y = 0, our row 1; DOWN towards row 10.
  EXPECT_EQ(move_to_text(protocol::ucc_to_move(g, protocol::parse_ucc_move("0 3 DOWN")), g),
            "a4-a5");
  EXPECT_EQ(move_to_text(protocol::ucc_to_move(g, protocol::parse_ucc_move("1 6 UP 4")), g),
            "b7-b3");
  EXPECT_EQ(move_to_text(protocol::ucc_to_move(g, protocol::parse_ucc_move("5 3 LEFT 2")), g),
            "f4-d4");
  EXPECT_EQ(move_to_text(protocol::ucc_to_move(g, protocol::parse_ucc_move("5 3 RIGHT")), g),
            "f4-g4");
  EXPECT_EQ(protocol::format_ucc_move(protocol::move_to_ucc(g, parse_move("j10-j7", g))),
            "9 9 UP 3");
  EXPECT_NE(error_of([&] {
              protocol::ucc_to_move(g, protocol::parse_ucc_move("0 0 UP"));
            }).find("leaves the board"),
            std::string::npos);
  EXPECT_NE(error_of([&] {
              protocol::ucc_to_move(g, protocol::parse_ucc_move("10 0 DOWN"));
            }).find("off the board"),
            std::string::npos);
}

TEST(UccProtocol, EveryLegalMoveRoundTripsThroughTheProtocol) {
  auto v = ucc_variant();
  Rng rng(11);
  State s = initial_state(v, random_setup(*v, kRed, rng), random_setup(*v, kBlue, rng));
  MoveList list;
  int checked = 0;
  for (int ply = 0; ply < 300 && !s.over(); ++ply) {
    generate_moves(s, list);
    if (list.size == 0) break;
    for (int i = 0; i < list.size; ++i, ++checked) {
      const protocol::UccMove u = protocol::move_to_ucc(v->geometry, list[i]);
      EXPECT_EQ(protocol::ucc_to_move(v->geometry,
                                      protocol::parse_ucc_move(protocol::format_ucc_move(u))),
                list[i]);
    }
    s.make(list[int(rng.below(std::uint32_t(list.size)))]);
  }
  EXPECT_GT(checked, 1000);
}

TEST(UccProtocol, RedSetUpLinesAreOurRowsFromRowOne) {
  const auto lines = protocol::setup_to_ucc_lines(*ucc_variant(), kRed, kSetup);
  EXPECT_EQ(lines, kRows);
  EXPECT_EQ(protocol::ucc_lines_to_setup(*ucc_variant(), kRed, lines), kSetup);
}

TEST(UccProtocol, BlueSetUpLinesAreOurRowsInReverse) {
  const std::vector<std::string> reversed(kRows.rbegin(), kRows.rend());
  const auto lines = protocol::setup_to_ucc_lines(*ucc_variant(), kBlue, kSetup);
  EXPECT_EQ(lines, reversed);
  EXPECT_EQ(protocol::ucc_lines_to_setup(*ucc_variant(), kBlue, lines), kSetup);
  // Blue's Flag (the 14th letter: d9, docs/formats.md) is at UCC (3, 8): third line, y = 8.
  EXPECT_EQ(lines[2][3], 'F');
}

TEST(UccProtocol, A2012LogSetUpPutsBluesFlagOnItsBackRow) {
  // Lines of a BLUE set-up as the 2012 manager logged it; the Flag on its last line, x = 0.
  const std::vector<std::string> logged = {"967B669999", "6724898974", "BB31555583", "FB8sB479B8"};
  const auto& v = *ucc_variant();
  const stratego::Setup s = parse_setup(v, kBlue, protocol::ucc_lines_to_setup(v, kBlue, logged));
  int flags = 0;
  for (const auto& [sq, kind] : s.pieces) {
    if (kind != kFlag) continue;
    ++flags;
    EXPECT_EQ(v.geometry.square_name(sq), "a10");
  }
  EXPECT_EQ(flags, 1);
}

TEST(UccProtocol, SetUpErrorsNameTheLine) {
  const auto& v = *ucc_variant();
  auto lines = kRows;
  lines[2][4] = 'Z';
  const std::string bad_token = error_of([&] { protocol::ucc_lines_to_setup(v, kRed, lines); });
  EXPECT_NE(bad_token.find("line 3"), std::string::npos) << bad_token;
  EXPECT_NE(bad_token.find("'Z'"), std::string::npos) << bad_token;
  lines = kRows;
  lines[1] = "858Fs85B9";
  EXPECT_NE(error_of([&] { protocol::ucc_lines_to_setup(v, kRed, lines); }).find("line 2"),
            std::string::npos);
  lines = kRows;
  lines[0][0] = '9';  // a ninth Scout and only two Majors
  const std::string counts = error_of([&] { protocol::ucc_lines_to_setup(v, kBlue, lines); });
  EXPECT_NE(counts.find("UCC set-up of BLUE"), std::string::npos) << counts;
  lines = kRows;
  lines[3][0] = '.';  // Classic fills all 40 squares (C-3.1)
  EXPECT_NE(error_of([&] { protocol::ucc_lines_to_setup(v, kRed, lines); }), "(no error)");
}

TEST(UccProtocol, MovesTolerateBlanksAndCase) {
  EXPECT_EQ(protocol::parse_ucc_move("3 6 UP"),
            (protocol::UccMove{3, 6, protocol::UccDirection::kUp, 1}));
  EXPECT_EQ(protocol::parse_ucc_move("  3\t 6  up 4 \r"),
            (protocol::UccMove{3, 6, protocol::UccDirection::kUp, 4}));
  EXPECT_EQ(protocol::parse_ucc_move("0 9 Right 1"),
            (protocol::UccMove{0, 9, protocol::UccDirection::kRight, 1}));
  EXPECT_EQ(protocol::format_ucc_move({3, 6, protocol::UccDirection::kDown, 1}), "3 6 DOWN");
  EXPECT_EQ(protocol::format_ucc_move({3, 6, protocol::UccDirection::kLeft, 2}), "3 6 LEFT 2");
  EXPECT_NE(error_of([] { protocol::parse_ucc_move("3 6 SIDEWAYS"); }).find("'SIDEWAYS'"),
            std::string::npos);
  EXPECT_NE(error_of([] { protocol::parse_ucc_move("x 6 UP"); }).find("'x'"), std::string::npos);
  EXPECT_NE(error_of([] { protocol::parse_ucc_move("3 6 UP 0"); }).find("multiplier"),
            std::string::npos);
  EXPECT_NE(error_of([] { protocol::parse_ucc_move("3 6 UP 2 please"); }).find("'please'"),
            std::string::npos);
  EXPECT_NE(error_of([] { protocol::parse_ucc_move("hello"); }).find("'hello'"), std::string::npos);
}

TEST(UccProtocol, ConfirmationsAsTheManagerWritesThem) {
  // Lines of a 2012 manager log: with and without the multiplier.
  const protocol::UccConfirmation a = protocol::parse_ucc_confirmation("4 6 UP 1 OK");
  EXPECT_EQ(a.move, (protocol::UccMove{4, 6, protocol::UccDirection::kUp, 1}));
  EXPECT_EQ(a.outcome, protocol::UccOutcome::kOk);
  EXPECT_EQ(protocol::parse_ucc_confirmation("9 3 DOWN OK").move,
            (protocol::UccMove{9, 3, protocol::UccDirection::kDown, 1}));
  const protocol::UccConfirmation b = protocol::parse_ucc_confirmation("0 7 DOWN DIES 3 B");
  EXPECT_EQ(b.outcome, protocol::UccOutcome::kDies);
  EXPECT_EQ(b.attacker, kColonel);
  EXPECT_EQ(b.defender, kBomb);
  const protocol::UccConfirmation c = protocol::parse_ucc_confirmation("9 5 DOWN BOTHDIE 9 9");
  EXPECT_EQ(c.outcome, protocol::UccOutcome::kBothDie);
  EXPECT_EQ(c.attacker, kScout);
  EXPECT_EQ(protocol::parse_ucc_confirmation("1 0 LEFT 1 VICTORY_FLAG").outcome,
            protocol::UccOutcome::kVictoryFlag);
  EXPECT_EQ(protocol::parse_ucc_confirmation("4 2 UP 3 KILLS 2 s").move.steps, 3);
  const protocol::UccConfirmation d = protocol::parse_ucc_confirmation(" 2 3  right kills 8 b ");
  EXPECT_EQ(d.outcome, protocol::UccOutcome::kKills);
  EXPECT_EQ(d.defender, kBomb);
  EXPECT_EQ(protocol::format_ucc_confirmation(b), "0 7 DOWN DIES 3 B");
  EXPECT_EQ(protocol::format_ucc_confirmation({{1, 0, protocol::UccDirection::kLeft, 1},
                                               protocol::UccOutcome::kVictoryFlag,
                                               kUnknown,
                                               kUnknown}),
            "1 0 LEFT VICTORY_FLAG");
  for (const char* line : {"4 2 UP 3 KILLS 2 s", "0 0 RIGHT ILLEGAL", "5 5 LEFT BOTHDIE 4 4"})
    EXPECT_EQ(protocol::format_ucc_confirmation(protocol::parse_ucc_confirmation(line)), line);
  EXPECT_NE(error_of([] { protocol::parse_ucc_confirmation("4 6 UP WINS"); }).find("'WINS'"),
            std::string::npos);
  EXPECT_NE(
      error_of([] { protocol::parse_ucc_confirmation("4 6 UP KILLS 3"); }).find("KILLS needs"),
      std::string::npos);
  EXPECT_NE(error_of([] { protocol::parse_ucc_confirmation("4 6 UP KILLS 3 X"); }).find("'X'"),
            std::string::npos);
  EXPECT_NE(error_of([] { protocol::parse_ucc_confirmation("4 6 UP"); }).find("no outcome"),
            std::string::npos);
}

TEST(UccProtocol, ConfirmationOfAMoveJustMade) {
  auto v = ucc_variant();
  State s(v);
  const Geometry& g = v->geometry;
  s.put(*g.parse_square("b2"), kRed, kMiner);
  s.put(*g.parse_square("b3"), kBlue, kBomb);
  s.put(*g.parse_square("e2"), kRed, kFlag);
  s.put(*g.parse_square("e9"), kBlue, kFlag);
  s.put(*g.parse_square("a9"), kBlue, kScout);
  s.make(parse_move("b2-b3", g));
  EXPECT_EQ(protocol::format_ucc_confirmation(protocol::ucc_confirmation_of(s, s.history().back())),
            "1 1 DOWN KILLS 8 B");
  s.make(parse_move("a9-a3", g));
  EXPECT_EQ(protocol::format_ucc_confirmation(protocol::ucc_confirmation_of(s, s.history().back())),
            "0 8 UP 6 OK");
}

TEST(UccProtocol, StartMessage) {
  const protocol::UccHello h = protocol::parse_ucc_hello("BLUE ../../agents/vixen/vixen.py 10 10");
  EXPECT_EQ(h.side, kBlue);
  EXPECT_EQ(h.opponent, "../../agents/vixen/vixen.py");
  EXPECT_EQ(h.width, 10);
  EXPECT_EQ(protocol::parse_ucc_hello(" red  x 10 10 ").side, kRed);
  EXPECT_EQ(protocol::format_ucc_hello({kRed, "my bot", 10, 10}), "RED my_bot 10 10");
  EXPECT_NE(error_of([] { protocol::parse_ucc_hello("GREEN x 10 10"); }).find("'GREEN'"),
            std::string::npos);
  EXPECT_NE(error_of([] { protocol::parse_ucc_hello("RED x 10"); }).find("RED|BLUE"),
            std::string::npos);
}

TEST(UccProtocol, BoardLinesShowOwnTokensEnemiesAndLakes) {
  auto v = ucc_variant();
  const stratego::Setup red = parse_setup(*v, kRed, kSetup), blue = parse_setup(*v, kBlue, kSetup);
  const View view = make_view(initial_state(v, red, blue), kBlue);
  const auto board = protocol::format_ucc_board(view);
  ASSERT_EQ(board.size(), 10u);
  for (int y = 0; y < 4; ++y) EXPECT_EQ(board[std::size_t(y)], "##########");
  EXPECT_EQ(board[4], "..++..++..");
  EXPECT_EQ(board[5], "..++..++..");
  for (int y = 6; y < 10; ++y) EXPECT_EQ(board[std::size_t(y)], kRows[std::size_t(9 - y)]);
  EXPECT_EQ(protocol::parse_ucc_board(board, 10, 10), board);
  auto bad = board;
  bad[7][2] = 'x';
  const std::string e = error_of([&] { protocol::parse_ucc_board(bad, 10, 10); });
  EXPECT_NE(e.find("line 8"), std::string::npos) << e;
  EXPECT_NE(e.find("x=2"), std::string::npos) << e;
  bad = board;
  bad.pop_back();
  EXPECT_NE(error_of([&] { protocol::parse_ucc_board(bad, 10, 10); }).find("9 lines"),
            std::string::npos);
}

TEST(UccProtocol, OnlyClassicRulesTheMessagesCanCarry) {
  EXPECT_NO_THROW(protocol::check_ucc_variant(load_variant("classic")));
  EXPECT_NO_THROW(protocol::check_ucc_variant(*ucc_variant()));
  EXPECT_NO_THROW(protocol::check_ucc_variant(load_variant("classic+attacker-advantage")));
  for (const char* spec : {"barrage", "ultimate-lightning", "classic+silent-defence",
                           "classic+rescue", "waterloo-basic"})
    EXPECT_NE(error_of([&] {
                protocol::check_ucc_variant(load_variant(spec));
              }).find("classic Stratego only"),
              std::string::npos)
        << spec;
}

// The manager has no two-squares rule (C-6.1) and no chasing rule (C-6.2); our spec for its
// games switches both off by keys.
TEST(UccProtocol, UccRulesHaveNoRepetitionLimit_C_6_1) {
  auto v = ucc_variant();
  EXPECT_EQ(v->two_squares_limit, 0);
  EXPECT_FALSE(v->chase_rule);
  EXPECT_EQ(v->move_limit, 0);
  State s(v);
  const Geometry& g = v->geometry;
  s.put(*g.parse_square("a1"), kRed, kFlag);
  s.put(*g.parse_square("j10"), kBlue, kFlag);
  s.put(*g.parse_square("a4"), kRed, kMiner);
  s.put(*g.parse_square("j7"), kBlue, kMiner);
  const char* moves[] = {"a4-a5", "j7-j6", "a5-a4", "j6-j7"};
  for (int i = 0; i < 40; ++i) {
    const Move m = parse_move(moves[i % 4], g);
    ASSERT_TRUE(is_legal(s, m)) << "move " << i << " " << moves[i % 4];
    s.make(m);
  }
  State limited(std::make_shared<const Variant>(load_variant("classic+no-chase")));
  limited.put(*g.parse_square("a1"), kRed, kFlag);
  limited.put(*g.parse_square("j10"), kBlue, kFlag);
  limited.put(*g.parse_square("a4"), kRed, kMiner);
  limited.put(*g.parse_square("j7"), kBlue, kMiner);
  bool refused = false;
  for (int i = 0; i < 40 && !refused; ++i) {
    const Move m = parse_move(moves[i % 4], g);
    refused = !is_legal(limited, m);
    if (!refused) limited.make(m);
  }
  EXPECT_TRUE(refused) << "the default classic two-squares rule should stop the same moves";
}

TEST(UccProtocol, QuitLinesBecomeOurResults) {
  EXPECT_EQ(protocol::ucc_quit_to_result("QUIT ../../agents/ramen/ramen BLUE VICTORY 120 5 65"),
            "blue no-moves");
  EXPECT_EQ(protocol::ucc_quit_to_result("QUIT vixen RED SURRENDER 3 80 80"), "blue resignation");
  EXPECT_EQ(protocol::ucc_quit_to_result("quit a red draw_default 5000 10 10"), "draw move-limit");
  EXPECT_EQ(protocol::ucc_quit_to_result("QUIT b BLUE ILLEGAL 4 80 80"), "red illegal-action");
  EXPECT_EQ(protocol::ucc_quit_to_result("QUIT"), "none unknown");
}

}  // namespace
}  // namespace stratego::bots
