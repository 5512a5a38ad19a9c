// The Clone Wars powers in the text formats and the views (docs/formats.md): move tokens A:,
// A:- and F:, the pending Anger chain in position notation (A<wins>@<square>), records that
// replay chains and ranged attacks, what each player observes, and bad input refused.
#include <gtest/gtest.h>

#include <iostream>

#include "engine/board_text.h"
#include "engine/error.h"
#include "engine/game.h"
#include "engine/move_text.h"
#include "engine/notation.h"
#include "engine/record.h"
#include "support/position_builder.h"
#include "support/random_games.h"

namespace stratego {
namespace {

using test_support::expect_input_error;

// Red's Anger Captain on e2 facing a line of Blue pieces, Red's Ranged Major on h4; flags and
// scouts far away. Red to move.
State powers_start() {
  return test_support::position("clone-wars-powers", {{"e2", kRed, kAngerCaptain},
                                                      {"e3", kBlue, kScout},
                                                      {"e4", kBlue, kMiner},
                                                      {"f4", kBlue, kMarshal},
                                                      {"h4", kRed, kRangedMajor},
                                                      {"h2", kBlue, kSergeant},
                                                      {"a1", kRed, kFlag},
                                                      {"a2", kRed, kScout},
                                                      {"j10", kBlue, kFlag},
                                                      {"j9", kBlue, kScout}});
}

TEST(FormatsPowers, MoveTokensRoundTripAndBadOnesAreRefused) {
  const Geometry& g = load_variant("clone-wars-powers").geometry;
  const int e4 = *g.parse_square("e4"), e5 = *g.parse_square("e5"), e6 = *g.parse_square("e6");
  EXPECT_EQ(move_to_text(Move::anger_attack(e5, e6), g), "A:e5-e6");
  EXPECT_EQ(move_to_text(Move::anger_stop(), g), "A:-");
  EXPECT_EQ(move_to_text(Move::ranged(e4, e6), g), "F:e4-e6");
  for (const Move m :
       {Move::anger_attack(e5, e6), Move::anger_stop(), Move::ranged(e4, e6), Move::ranged(e4, e5),
        Move::normal(e4, e5), Move::decline_rescue(), Move::rescue(kAngerCaptain, e4)}) {
    EXPECT_EQ(parse_move(move_to_text(m, g), g), m) << move_to_text(m, g);
  }
  // Every kind of decision is its own type; none is mistaken for another.
  EXPECT_EQ(Move::anger_attack(e5, e6).type(), MoveType::kAngerAttack);
  EXPECT_EQ(Move::anger_stop().type(), MoveType::kAngerStop);
  EXPECT_EQ(Move::ranged(e4, e5).type(), MoveType::kRanged);
  EXPECT_EQ(Move::decline_rescue().type(), MoveType::kDeclineRescue);
  EXPECT_NE(Move::ranged(e4, e5), Move::normal(e4, e5));
  expect_input_error([&] { parse_move("A:e5", g); }, {"'A:e5'", "A:<from>-<to>"});
  expect_input_error([&] { parse_move("F:e4", g); }, {"'F:e4'", "F:<from>-<to>"});
  expect_input_error([&] { parse_move("F:e4-e4", g); }, {"same square"});
  expect_input_error([&] { parse_move("A:e4-z4", g); }, {"'z4'", "not a square"});
  expect_input_error([&] { parse_move("R:Z@b2", g); }, {"'Z'", "B to O"});
}

TEST(FormatsPowers, PendingChainInNotationAndViews) {
  State s = powers_start();
  test_support::play(s, "e2-e3");
  ASSERT_TRUE(s.pending_anger());
  const std::string n = to_notation(s);
  EXPECT_NE(n.find(" A1@e3 "), std::string::npos) << n;
  const State back = parse_state(n);
  EXPECT_TRUE(back == s);
  EXPECT_EQ(back.anger_square(), s.anger_square());
  EXPECT_EQ(to_notation(back), n);
  // The chain is public: both players see it; letters N/n and O/o name the powered pieces.
  for (Side viewer : {kRed, kBlue}) {
    const View v = make_view(s, viewer);
    EXPECT_EQ(v.anger_wins, 1);
    EXPECT_EQ(v.anger_square, s.anger_square());
    const std::string vn = to_notation(v);
    EXPECT_NE(vn.find("N'!"), std::string::npos) << vn;  // the Anger Captain, moved and shown
    EXPECT_TRUE(parse_view(vn) == v);
    EXPECT_EQ(to_notation(parse_view(vn)), vn);
  }
  const int h4 = test_support::square_of(s, "h4");
  EXPECT_EQ(make_view(s, kRed).board[h4].piece, make_piece(kRed, kRangedMajor));
  EXPECT_EQ(make_view(s, kBlue).board[h4].piece, make_piece(kRed, kUnknown));  // still hidden
  // The generator continues from the parsed chain exactly as from the played one.
  EXPECT_EQ(test_support::legal_moves(back), test_support::legal_moves(s));
  EXPECT_NE(render_board(s).find("R6A"), std::string::npos);
  EXPECT_NE(render_board(s).find("R7R"), std::string::npos);
}

TEST(FormatsPowers, BadPendingChainsAreRefused) {
  State s = powers_start();
  test_support::play(s, "e2-e3");
  const std::string n = to_notation(s);
  const auto with = [&](std::string_view from, std::string_view to) {
    std::string t = n;
    t.replace(t.find(from), from.size(), to);
    return t;
  };
  expect_input_error([&] { parse_state(with("A1@e3", "A1@e4")); }, {"pending", "e4", "CW-3"});
  expect_input_error([&] { parse_state(with("A1@e3", "A4@e3")); }, {"pending", "'A4@e3'"});
  expect_input_error([&] { parse_state(with("A1@e3", "A0@e3")); }, {"pending", "1 to 3"});
  expect_input_error([&] { parse_state(with("A1@e3", "Ax@e3")); }, {"pending"});
  expect_input_error([&] { parse_state(with("A1@e3", "A1@z3")); }, {"pending", "'z3'"});
  expect_input_error([&] { parse_state(with("A1@e3", "A1e3")); }, {"pending"});
  expect_input_error([&] { parse_state(with(" r ", " b ")); }, {"pending", "side to move"});
}

TEST(FormatsPowers, RecordsReplayChainsAndRangedAttacks) {
  const State start = powers_start();
  Game game(start);
  const Geometry& g = start.geometry();
  for (const char* token : {"e2-e3", "A:e3-e4", "A:-", "h2-g2", "F:h4-f4"})
    game.play(parse_move(token, g));
  // Blue saw every decision: whose it was, the powered piece by name, each combat.
  const auto& seen = game.observations(kBlue);
  ASSERT_EQ(seen.size(), 5u);
  EXPECT_EQ(seen[1].mover, kRed);
  EXPECT_EQ(seen[1].mover_kind, kAngerCaptain);
  EXPECT_TRUE(seen[1].attack);
  EXPECT_EQ(seen[1].target_kind, kMiner);
  EXPECT_EQ(seen[2].mover, kRed);
  EXPECT_EQ(seen[2].move, Move::anger_stop());
  EXPECT_EQ(seen[4].mover_kind, kRangedMajor);  // a ranged attack reveals the attacker
  EXPECT_EQ(seen[4].outcome, Outcome::kDefenderWins);
  EXPECT_THROW(game.play(Move::anger_stop()), InputError);  // no chain now: not legal
  game.resign(kBlue);
  const GameRecord r = game.record();
  const std::string text = format_record(r);
  EXPECT_NE(text.find("moves e2-e3 A:e3-e4 A:- h2-g2 F:h4-f4"), std::string::npos) << text;
  const State end = replay(parse_record(text, "test"));
  EXPECT_TRUE(end == game.state());
  // A token that is not legal where it stands names the move.
  std::string bad = text;
  bad.replace(bad.find("A:-"), 3, "A:e4-d4");
  expect_input_error([&] { replay(parse_record(bad, "test")); }, {"move 3", "A:e4-d4"});
}

TEST(FormatsPowers, RandomGamesWithChainsRoundTrip) {
  // Random games of the powers variant: every pending chain and the positions after power
  // decisions survive notation and view round trips.
  int chains = 0, ranged = 0;
  for (std::uint64_t seed = 1; seed <= 60; ++seed) {
    test_support::random_game("clone-wars-powers+silent-defence", seed, 3000, [&](const State& s) {
      const auto& h = s.history();
      const bool power = !h.empty() && !h.back().move.is_normal();
      if (!s.pending_anger() && !power) return;
      chains += s.pending_anger();
      ranged += power && h.back().move.type() == MoveType::kRanged;
      ASSERT_TRUE(parse_state(to_notation(s)) == s) << to_notation(s);
      for (Side side : {kRed, kBlue})
        ASSERT_TRUE(parse_view(to_notation(make_view(s, side))) == make_view(s, side));
    });
  }
  std::cout << "[ coverage ] " << chains << " pending chains, " << ranged
            << " positions after a ranged attack\n";
  EXPECT_GT(chains, 0);
  EXPECT_GT(ranged, 0);
}

}  // namespace
}  // namespace stratego
