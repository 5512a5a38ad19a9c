// What a person types at the `stratego play` prompt (play/play_input.h): forgiving matching
// of moves against the legal tokens, the squares a token names, the legal-move listing and
// the helpful errors for moves that are not legal.
#include "play/play_input.h"

#include <gtest/gtest.h>

#include "engine/move_text.h"
#include "engine/movegen.h"
#include "tests/support/position_builder.h"
#include "tests/support/waterloo_position.h"

namespace stratego::bots {
namespace {

using test_support::position;

std::vector<std::string> legal_tokens(const State& s) {
  MoveList list;
  generate_moves(s, list);
  std::vector<std::string> out;
  for (Move m : list) out.push_back(move_to_text(m, s.geometry()));
  return out;
}

TEST(PlayInput, MatchesAttacksSpacesCaseAndUniqueShortForms) {
  const std::vector<std::string> classic = {"b4-b5", "b4-c4", "R:E@b2"};
  EXPECT_EQ(play::match_token("b4-b5", classic).token, "b4-b5");
  EXPECT_EQ(play::match_token("b4xb5", classic).token, "b4-b5");
  EXPECT_EQ(play::match_token("B4 B5", classic).token, "b4-b5");
  EXPECT_EQ(play::match_token("b4b5", classic).token, "b4-b5");
  EXPECT_EQ(play::match_token("r:e@b2", classic).token, "R:E@b2");
  EXPECT_TRUE(play::match_token("b4-b6", classic).token.empty());
  EXPECT_TRUE(play::match_token("b4-b6", classic).choices.empty());

  const std::vector<std::string> waterloo = {"e5xe6/n",  "e5xd5/e", "e5xd5/s",         "e5-e4",
                                             "lust:yes", "lust:no", "card:initiative", "end"};
  EXPECT_EQ(play::match_token("e5xe6", waterloo).token, "e5xe6/n")
      << "the one direction needs no suffix";
  EXPECT_EQ(play::match_token("e5-e6", waterloo).token, "e5xe6/n");
  EXPECT_EQ(play::match_token("yes", waterloo).token, "lust:yes");
  EXPECT_EQ(play::match_token("initiative", waterloo).token, "card:initiative");
  const play::TokenMatch two = play::match_token("e5xd5", waterloo);
  EXPECT_TRUE(two.token.empty());
  EXPECT_EQ(two.choices, (std::vector<std::string>{"e5xd5/e", "e5xd5/s"}));
}

TEST(PlayInput, SquaresOfATokenSkipUnitsAndCards) {
  const auto variant = test_support::variant_of("waterloo-basic");
  const Geometry& g = variant->geometry;
  auto names = [&](const char* token) {
    std::string out;
    for (int sq : play::squares_in(token, g)) out += g.square_name(sq) + " ";
    return out;
  };
  EXPECT_EQ(names("e5xe6/n"), "e5 e6 ");
  EXPECT_EQ(names("place:c2@b1"), "b1 ") << "c2 is a French light cavalry, not a square";
  EXPECT_EQ(names("fire:d4-d7:building"), "d4 d7 ");
  EXPECT_EQ(names("prussian:*I3@l5"), "l5 ");
  EXPECT_EQ(names("card:combined-attack"), "");
  EXPECT_EQ(names("a10-a9"), "a10 a9 ");
}

TEST(PlayInput, ListGroupsByFirstSquareAndFilters) {
  const auto variant = test_support::variant_of("classic");
  const Geometry& g = variant->geometry;
  const std::vector<std::string> legal = {"b4-b5", "b4-c4", "e4-e5", "R:-"};
  EXPECT_EQ(play::list_legal(legal, g),
            "Legal moves (4):\n  b4: b4-b5 b4-c4\n  e4: e4-e5\n  R:-\n");
  EXPECT_EQ(play::list_legal(legal, g, *g.parse_square("c4")),
            "Legal moves naming c4 (1):\n  b4: b4-c4\n");
  EXPECT_EQ(play::list_legal(legal, g, *g.parse_square("j9")),
            "Legal moves naming j9 (0):\n  none\n");
}

TEST(PlayInput, ClassicErrorsSayWhatIsWrong) {
  State s = position("classic", {{"b1", kRed, kBomb},
                                 {"a4", kRed, kMarshal},
                                 {"b4", kRed, kScout},
                                 {"c4", kRed, kCaptain},
                                 {"b6", kRed, kSergeant},
                                 {"e4", kRed, kMiner},
                                 {"e5", kRed, kFlag},
                                 {"j10", kBlue, kFlag},
                                 {"a7", kBlue, kMajor}});
  const View v = make_view(s, kRed);
  const auto legal = legal_tokens(s);
  auto why = [&](const char* typed) { return play::explain_illegal(typed, v, legal); };
  EXPECT_EQ(why("b1-b2"), "b1-b2: your Bomb cannot move (C-4.3)");
  EXPECT_EQ(why("c4-c5"), "c4-c5: c5 is a lake (C-1.1)");
  EXPECT_EQ(why("a4-a6"),
            "a4-a6: only Scouts move more than one square (C-4.4); legal for your Marshal (10) on "
            "a4: a4-a5 a4-a3");
  EXPECT_EQ(why("a4-b5"),
            "a4-b5: pieces move in straight lines, never diagonally (C-4.2); legal for your "
            "Marshal (10) on a4: a4-a5 a4-a3");
  EXPECT_EQ(why("B4xB7"),
            "b4-b7: the way is blocked at b6; legal for your Scout (2) on b4: b4-b5 b4-b3 b4-b2");
  EXPECT_EQ(why("d4-d5"), "d4-d5: there is no piece on d4");
  EXPECT_EQ(why("a7-a6"), "a7-a6: the piece on a7 is not yours");
  EXPECT_EQ(why("e4-e5"), "e4-e5: your own Flag stands on e5");
  EXPECT_EQ(why("z9-a1"), "z9-a1: z9 is not a square of this board (columns a-j, rows 1-10)");
  EXPECT_EQ(
      why("hello"),
      "'hello' is neither a legal move nor a command; type a move like b4-b5, `moves` for the "
      "legal ones, or `help`");
  // A lone square (the page sends the square of a piece clicked that cannot move).
  EXPECT_EQ(why("b1"), "b1: your Bomb cannot move (C-4.3)");
  EXPECT_EQ(why("d4"), "d4: there is no piece on d4");
  EXPECT_EQ(why("a7"), "a7: the piece on a7 is not yours");
  EXPECT_EQ(why("a4"), "a4: a move names two squares; from a4: a4-a5 a4-a3");
  // For the page of `stratego serve`, no commands to type.
  EXPECT_EQ(play::explain_illegal("hello", v, legal, play::Audience::kPage),
            "'hello' is not a legal move now; the pieces that can move carry a green dot, other "
            "choices are buttons");
  EXPECT_EQ(play::explain_illegal("a4-a6", v, legal, play::Audience::kPage), why("a4-a6"));
}

TEST(PlayInput, WaterlooErrorsNameThePieceAndItsLegalActions) {
  waterloo::testing::Position p("waterloo-basic");
  p.french(waterloo::UnitClass::kInfantry, 3, "c4");
  p.allied(waterloo::UnitClass::kInfantry, 3, "c7");
  p.s.begin_turn(1, kBlue);
  const waterloo::WaterlooView v = waterloo::make_view(p.s, kBlue);
  const std::vector<std::string> legal = {"c4-c5", "c4-c6", "c4-b4", "end"};
  EXPECT_EQ(play::explain_illegal("c4-c7", v, legal),
            "c4-c7: infantry moves up to 2 squares (W-3.1); legal for your infantry (3) on c4: "
            "c4-c5 c4-c6 c4-b4");
  EXPECT_EQ(play::explain_illegal("c7-c6", v, legal),
            "c7-c6: the piece on c7 is not yours (it is the Allied infantry, strength not seen)");
  EXPECT_EQ(play::explain_illegal("d4-d5", v, legal), "d4-d5: there is no piece on d4");
  EXPECT_EQ(play::explain_illegal("card:initiative", v, legal),
            "card:initiative: not legal now; type `moves` to list the legal ones (`moves e5` for "
            "one square)");
  EXPECT_EQ(play::explain_illegal("card:initiative", v, legal, play::Audience::kPage),
            "card:initiative: not legal now; the pieces that can move carry a green dot, other "
            "choices are buttons");
}

}  // namespace
}  // namespace stratego::bots
