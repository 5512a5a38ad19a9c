// `stratego play` as a person runs it: a game started with an opponent's options, a clock and
// a time per move, adjourned, and resumed with no options goes on against the same opponent
// under the same settings, greeted as a resumed game, with its save's tags unchanged.
#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "engine/movegen.h"
#include "engine/record.h"
#include "play/human_bot.h"
#include "support/command_run.h"
#include "support/position_builder.h"

namespace stratego {
namespace {

using test_support::run_stratego;

TEST(PlayCommand, ResumeKeepsTheOpponentItsClockAndItsMoveTime) {
  const std::string save = test_support::unique_temp_path("play_resume.rec");
  const auto first = test_support::run_command(
      "printf 'quit\\n' | " + std::string(STRATEGO_BINARY) +
      " play --bot rules,style=aggressive --tc 300+5 --movetime 200 --setup random --seed 9"
      " --color never --save " +
      save);
  ASSERT_EQ(first.status, 0) << first.out;
  EXPECT_NE(first.out.find("New game of classic"), std::string::npos) << first.out;
  const GameRecord before = read_record_file(save);

  const auto second =
      test_support::run_command("printf 'quit\\n' | " + std::string(STRATEGO_BINARY) +
                                " play --resume " + save + " --color never");
  ASSERT_EQ(second.status, 0) << second.out;
  EXPECT_NE(second.out.find("against rules,style=aggressive"), std::string::npos) << second.out;
  EXPECT_NE(second.out.find("Resumed game of classic"), std::string::npos) << second.out;
  const GameRecord after = read_record_file(save);
  for (const char* tag : {"blue", "red", "time-control", "play-movetime", "seed"})
    EXPECT_EQ(after.tags.at(tag), before.tags.at(tag)) << tag;
  EXPECT_EQ(after.tags.at("time-control"), "clock 300000+5000ms");
  EXPECT_EQ(after.tags.at("play-movetime"), "200");
}

TEST(PlayCommand, ResumeRefusesAnOpponentThatIsNoBuiltInBot) {
  const std::string save = test_support::unique_temp_path("play_resume_cmd.rec");
  const auto first =
      test_support::run_command("printf 'quit\\n' | " + std::string(STRATEGO_BINARY) +
                                " play --bot random --setup random --seed 3"
                                " --color never --save " +
                                save);
  ASSERT_EQ(first.status, 0) << first.out;
  GameRecord r = read_record_file(save);
  r.tags["blue"] = "cmd:touch /tmp/should-never-run";
  write_record_file(save, r);
  const auto second = run_stratego("play --resume " + save + " --color never </dev/null");
  EXPECT_NE(second.status, 0);
  EXPECT_NE(second.out.find("is not a built-in bot; give --bot"), std::string::npos) << second.out;
}

TEST(PlayCommand, TheFinalPositionShowsTheEnemyPieces) {
  const std::string save = test_support::unique_temp_path("play_final.rec");
  const auto run =
      test_support::run_command("printf 'resign\\nyes\\n' | " + std::string(STRATEGO_BINARY) +
                                " play --bot random --setup random --seed 5"
                                " --color never --save " +
                                save);
  ASSERT_EQ(run.status, 0) << run.out;
  const auto at = run.out.find("The final position, every piece shown:");
  ASSERT_NE(at, std::string::npos) << run.out;
  const std::string board = run.out.substr(at);
  EXPECT_EQ(board.find("[?]"), std::string::npos) << board;
  EXPECT_NE(board.find("[F]"), std::string::npos) << board;  // the enemy Flag, among others
}

TEST(PlayCommand, AnEnemyPieceOfKnownRankIsNamedWhenItMoves) {
  // Blue's Captain on e7 was shown earlier; its step e7-e6 shows nothing new, and the news
  // before Red's next move names it all the same.
  State s = test_support::position("classic", {{"e7", kBlue, kCaptain, kRevealedFlag | kMovedFlag},
                                               {"a1", kRed, kMajor},
                                               {"j1", kRed, kFlag},
                                               {"j10", kBlue, kFlag}});
  std::istringstream in("resign\nyes\n");
  std::ostringstream out;
  play::HumanOptions o;
  o.in = &in;
  o.out = &out;
  play::HumanBot person(o);
  person.new_game({s.variant_ptr(), "classic", kRed, 1, "random"});
  for (const char* m : {"a1-a2", "e7-e6"}) {
    s.make(test_support::parse_move(s, m));
    person.observe(bots::observation(observe(s, s.history().back(), kRed), make_view(s, kRed)));
  }
  const View after = make_view(s, kRed);
  bots::Request r;
  r.view = &after;
  MoveList list;
  generate_moves(s, list);
  for (Move m : list) r.legal.push_back(test_support::move_text(s, m));
  std::atomic<bool> stop{false};
  person.decide(r, stop, [](const bots::SearchInfo&) {});
  EXPECT_NE(out.str().find("e7-e6: Blue moved their Captain (6)"), std::string::npos) << out.str();
}

}  // namespace
}  // namespace stratego
