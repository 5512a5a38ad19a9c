// The ladder's coordinator and workers exchange games as JSON (ladder/mpi_run.cpp): every
// field must come back as it went.
#include <gtest/gtest.h>

#include "ladder/game_job.h"

namespace stratego::ladder {
namespace {

ScheduledGame scheduled() {
  return {.id = 7,
          .pair = 3,
          .game = 1,
          .variant = "barrage+strategus",
          .red = 2,
          .blue = 5,
          .seed = 18446744073709551615ULL,
          .red_setup = "FBS...",
          .blue_setup = "sbf..."};
}

void expect_same(const ScheduledGame& a, const ScheduledGame& b) {
  EXPECT_EQ(a.id, b.id);
  EXPECT_EQ(a.pair, b.pair);
  EXPECT_EQ(a.game, b.game);
  EXPECT_EQ(a.variant, b.variant);
  EXPECT_EQ(a.red, b.red);
  EXPECT_EQ(a.blue, b.blue);
  EXPECT_EQ(a.seed, b.seed);
  EXPECT_EQ(a.red_setup, b.red_setup);
  EXPECT_EQ(a.blue_setup, b.blue_setup);
}

TEST(LadderJobJson, AJobComesBackWhole) {
  const GameJob j{scheduled(), "new", "old", "cmd:a b", "rules,style=turtle", 250, 1000, "60+1"};
  const GameJob back = job_from_json(job_to_json(j));
  expect_same(back.s, j.s);
  EXPECT_EQ(back.red_name, "new");
  EXPECT_EQ(back.blue_name, "old");
  EXPECT_EQ(back.red_spec, "cmd:a b");
  EXPECT_EQ(back.blue_spec, "rules,style=turtle");
  EXPECT_EQ(back.movetime_ms, 250);
  EXPECT_EQ(back.nodes, 1000);
  EXPECT_EQ(back.tc, "60+1");
}

TEST(LadderJobJson, AFinishedGameComesBackWhole) {
  FinishedGame g;
  g.s = scheduled();
  g.result = "1/2-1/2";
  g.reason = "no-attack-limit";
  g.detail = "line \"one\"\nline two";
  g.plies = 412;
  g.red_ms = 9000;
  g.blue_ms = 8000;
  g.record = "[Variant \"barrage\"]\n1. a4-a5\n";
  g.finished = "2026-12-07T21:00:00Z";
  g.worker = "rank 1";
  const FinishedGame back = game_from_json(game_to_json(g));
  expect_same(back.s, g.s);
  EXPECT_EQ(back.result, g.result);
  EXPECT_EQ(back.reason, g.reason);
  EXPECT_EQ(back.detail, g.detail);
  EXPECT_EQ(back.plies, g.plies);
  EXPECT_EQ(back.red_ms, g.red_ms);
  EXPECT_EQ(back.blue_ms, g.blue_ms);
  EXPECT_EQ(back.record, g.record);
  EXPECT_EQ(back.finished, g.finished);
  EXPECT_EQ(back.worker, g.worker);
}

TEST(LadderJobJson, AMessageWithoutAFieldIsRefused) {
  EXPECT_ANY_THROW(job_from_json(R"({"s": {"id": 1}})"));
}

}  // namespace
}  // namespace stratego::ladder
