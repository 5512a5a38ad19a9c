// Risk-priced attacks of the classic rules judgement (option risk=, heuristic/
// classic_rules_knowledge.h RulesRisk): on built positions a revealed Marshal leaves alone an
// unmoved corner piece that can be a Bomb, and steps away from an unknown piece that can be the
// Spy: the judgement prices those moves lower than risk=0 (the judgement before, the default).
#include <gtest/gtest.h>

#include <atomic>

#include "bots/bot.h"
#include "engine/error.h"
#include "engine/move_text.h"
#include "engine/movegen.h"
#include "heuristic/classic_rules_eval.h"
#include "protocol/bot_spec.h"
#include "support/position_builder.h"
#include "support/seeded_games.h"

namespace stratego {
namespace {

using namespace test_support;

// Blue's army as seeded_start(seed) sets it up, unmoved; Red: its Flag in a corner behind two
// Bombs and a revealed Marshal that has moved on `marshal`.
State marshal_before_blue(std::uint64_t seed, std::string_view marshal) {
  State s = seeded::seeded_start(seeded::load("classic"), seed);
  for (int sq = 0; sq < s.geometry().num_squares(); ++sq)
    if (s.at(sq) != kNoPiece && piece_side(s.at(sq)) == kRed) s.remove(sq);
  s.put(square_of(s, "a1"), kRed, kFlag);
  s.put(square_of(s, "a2"), kRed, kBomb);
  s.put(square_of(s, "b1"), kRed, kBomb);
  s.put(square_of(s, marshal), kRed, kMarshal, kMovedFlag | kRevealedFlag);
  s.set_side_to_move(kRed);
  return s;
}

std::string choice(const State& s, const std::string& spec, std::int64_t iterations = 0) {
  auto bot = protocol::make_bot_from_spec(spec);
  bot->new_game({s.variant_ptr(), "classic", kRed, 1, ""});
  const View view = make_view(s, kRed);
  bots::Request r;
  r.view = &view;
  r.limits.iterations = iterations;
  MoveList list;
  generate_moves(s, list);
  for (Move m : list) {
    r.legal.push_back(move_to_text(m, s.geometry()));
    r.actions.push_back(m.raw());
  }
  const std::atomic<bool> stop{false};
  return bot->decide(r, stop, {}).action;
}

// The rules judgement of move `m` (text) for Red in s, with risk pricing on or off.
double score(const State& s, const std::string& m, heuristic::RulesRisk risk) {
  const View view = make_view(s, kRed);
  heuristic::EnemyKnowledge know;
  know.reset(view.variant, kRed, risk);
  know.update(view);
  return heuristic::ClassicRulesEval(view, know, heuristic::EvalMode::kFast, risk)
      .score(parse_move(s, m));
}

double bomb_belief(const State& s, const std::string& sq, heuristic::RulesRisk risk) {
  const View view = make_view(s, kRed);
  heuristic::EnemyKnowledge know;
  know.reset(view.variant, kRed, risk);
  know.update(view);
  return know.belief(square_of(s, sq))[kBomb];
}

TEST(ClassicRulesRisk, MarshalLeavesAloneAnUnmovedCornerPieceThatCanBeABomb) {
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    const State s = marshal_before_blue(seed, "a6");  // a7: Blue's unmoved front corner piece
    EXPECT_GT(bomb_belief(s, "a7", heuristic::RulesRisk::kOn),
              bomb_belief(s, "a7", heuristic::RulesRisk::kOff) + 0.01);
    EXPECT_LT(score(s, "a6-a7", heuristic::RulesRisk::kOn),
              score(s, "a6-a7", heuristic::RulesRisk::kOff) - 1);
    EXPECT_NE(choice(s, "rules,risk=1"), "a6-a7") << seed;
    EXPECT_NE(choice(s, "ismcts,risk=1", 200), "a6-a7") << seed;
  }
}

TEST(ClassicRulesRisk, RevealedMarshalStepsAwayFromAPossibleSpy) {
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    // e6 is next to Blue's unmoved e7, which can be the Spy; the step there is priced the
    // lower, and the Marshal standing on e6 steps back.
    const State s = marshal_before_blue(seed, "e5");
    EXPECT_LT(score(s, "e5-e6", heuristic::RulesRisk::kOn),
              score(s, "e5-e6", heuristic::RulesRisk::kOff) - 1);
    EXPECT_NE(choice(s, "rules,risk=1"), "e5-e6") << seed;
    const State next = marshal_before_blue(seed, "e6");
    EXPECT_EQ(choice(next, "rules,risk=1"), "e6-e5") << seed;
  }
}

// EnemyKnowledge::set_belief (the root prior of `ismcts,prior_belief=search`): the judgement
// of an attack follows the belief it is given about the target, not the rules bot's own.
TEST(ClassicRulesRisk, AnAttackIsJudgedByTheBeliefSetForItsTarget) {
  for (std::uint64_t seed : {1u, 2u, 3u}) {
    const State s = marshal_before_blue(seed, "a6");
    const View view = make_view(s, kRed);
    const int target = square_of(s, "a7");
    auto attack = [&](Kind k) {
      heuristic::EnemyKnowledge know;
      know.reset(view.variant, kRed);
      know.update(view);
      heuristic::KindProbs b{};
      b[k] = 1;
      know.set_belief(target, b);
      EXPECT_EQ(know.belief(target)[k], 1);
      return heuristic::ClassicRulesEval(view, know).score(parse_move(s, "a6-a7"));
    };
    const double own = score(s, "a6-a7", heuristic::RulesRisk::kOff);
    EXPECT_LT(attack(kBomb), own - 1) << seed;           // certain to lose the Marshal
    EXPECT_GT(attack(kFlag), heuristic::kWinValue / 2);  // certain to win the game
    EXPECT_GT(attack(kCaptain), attack(kBomb) + 1) << seed;
  }
}

// risk=2 (flag patience): a Marshal's attack on an unmoved piece that may be the Flag counts a
// quarter of the Flag's chance when a cheaper attacker (here a Scout) could find out instead; a
// Scout's own attack keeps it whole.
TEST(ClassicRulesRisk, FlagPatienceLeavesAPossibleFlagToTheCheapestAttacker) {
  for (std::uint64_t seed : {1u, 2u, 3u}) {
    // The Marshal has taken a9 and stands next to Blue's back-row corner, a likely Flag.
    State s = marshal_before_blue(seed, "a6");
    s.remove(square_of(s, "a6"));
    s.remove(square_of(s, "a9"));
    s.put(square_of(s, "a9"), kRed, kMarshal, kMovedFlag | kRevealedFlag);
    for (const char* sq : {"j6", "i6", "h6"}) s.put(square_of(s, sq), kRed, kScout, kMovedFlag);
    EXPECT_LT(score(s, "a9-a10", heuristic::RulesRisk::kPatient),
              score(s, "a9-a10", heuristic::RulesRisk::kOff) - 20)
        << seed;
    EXPECT_EQ(score(s, "j6-j7", heuristic::RulesRisk::kPatient),
              score(s, "j6-j7", heuristic::RulesRisk::kOff))
        << seed;
  }
}

// risk bit 4 (bomb walls): an enemy piece is a danger to our flag by its own way there, and only
// a Miner can go through our Bombs (C-5.4). Red's Flag is shut in by two Bombs; a Blue piece
// that has moved stands at c2, and Red's Marshal can take it. Taking it guards the flag less
// with bomb walls, unless it is a Miner; with a way round the Bombs it is the same again.
TEST(ClassicRulesRisk, C5_4_BombWallsLeaveOnlyTheMinerADangerToAFlagShutInByBombs) {
  for (std::uint64_t seed : {1u, 2u, 3u}) {
    State s = marshal_before_blue(seed, "c3");
    for (char col = 'a'; col <= 'j'; ++col) {  // the first Blue piece of row 7 that moves
      const int sq = square_of(s, std::string(1, col) + "7");
      const Kind k = piece_kind(s.at(sq));
      if (!s.variant().can_move(k)) continue;
      s.remove(sq);
      s.put(square_of(s, "c2"), kBlue, k, kMovedFlag);
      break;
    }
    const auto walls = heuristic::RulesRisk::kBombWalls, off = heuristic::RulesRisk::kOff;
    EXPECT_LT(score(s, "c3-c2", walls), score(s, "c3-c2", off) - 5) << seed;

    const View view = make_view(s, kRed);
    auto as_miner = [&](heuristic::RulesRisk risk) {
      heuristic::EnemyKnowledge know;
      know.reset(view.variant, kRed, risk);
      know.update(view);
      heuristic::KindProbs miner{};
      miner[kMiner] = 1;
      know.set_belief(square_of(s, "c2"), miner);
      return heuristic::ClassicRulesEval(view, know, heuristic::EvalMode::kFast, risk)
          .score(parse_move(s, "c3-c2"));
    };
    EXPECT_EQ(as_miner(walls), as_miner(off)) << seed;

    s.remove(square_of(s, "b1"));  // a way round the Bombs
    EXPECT_NEAR(score(s, "c3-c2", walls), score(s, "c3-c2", off), 1e-9) << seed;
  }
}

// risk bit 8 (bomb guard): Red's Flag on a1 is shut in by Bombs on a2 and b1; a Blue piece that
// has moved, and so may be a Miner (the one kind that takes a Bomb, C-5.4), comes near a2. b2
// is next to both Bombs: a piece there takes a Miner that takes either Bomb before it takes the
// Flag. With the Blue piece next to a2, a Sergeant (which beats a Miner) stepping onto b2 scores
// higher with the bit, one stepping away lower; a Scout (which a Miner beats) is no guard. With
// it two steps from a2, a Sergeant a move from b2 is in time, and stepping there counts half as
// much. With it farther away nothing changes.
TEST(ClassicRulesRisk, C5_4_BombGuardKeepsAPieceThatBeatsAMinerNearTheBombsBesideTheFlag) {
  for (std::uint64_t seed : {1u, 2u, 3u}) {
    State s = marshal_before_blue(seed, "j4");
    Kind mover = kFlag;
    for (char col = 'a'; col <= 'j' && mover == kFlag; ++col) {
      const int sq = square_of(s, std::string(1, col) + "7");
      const Kind k = piece_kind(s.at(sq));
      if (!s.variant().can_move(k)) continue;
      s.remove(sq);
      mover = k;
    }
    auto with = [&](const char* enemy_at, const char* red_at, Kind red) {
      State t = s;
      t.put(square_of(t, enemy_at), kBlue, mover, kMovedFlag);
      t.put(square_of(t, red_at), kRed, red, kMovedFlag);
      return t;
    };
    const auto guard = heuristic::RulesRisk::kBombGuard, off = heuristic::RulesRisk::kOff;
    auto gain = [&](const State& t, const char* m) {
      return score(t, m, guard) - score(t, m, off);
    };

    const State near = with("a3", "c2", kSergeant);
    EXPECT_GT(gain(near, "c2-b2"), 10) << seed;
    EXPECT_EQ(gain(near, "c2-c3"), 0) << seed;
    EXPECT_LT(gain(with("a3", "b2", kSergeant), "b2-c2"), -10) << seed;
    EXPECT_EQ(gain(with("a3", "c2", kScout), "c2-b2"), 0) << seed;

    const State two = with("a4", "d2", kSergeant);
    EXPECT_NEAR(gain(two, "d2-c2"), gain(near, "c2-b2") / 2, 1e-9) << seed;
    EXPECT_EQ(gain(two, "d2-d3"), 0) << seed;
    EXPECT_EQ(gain(with("a4", "c2", kSergeant), "c2-b2"), 0) << seed;  // in time already

    EXPECT_EQ(gain(with("a5", "d2", kSergeant), "d2-c2"), 0) << seed;
  }
}

TEST(ClassicRulesRisk, OffIsTheDefaultAndBadValuesAreRefused) {
  const State s = marshal_before_blue(1, "e5");
  for (const char* m : {"e5-e6", "e5-e4", "e5-f5"}) {
    const View view = make_view(s, kRed);
    heuristic::EnemyKnowledge know;
    know.reset(view.variant, kRed);
    know.update(view);
    EXPECT_EQ(heuristic::ClassicRulesEval(view, know).score(parse_move(s, m)),
              score(s, m, heuristic::RulesRisk::kOff));
  }
  EXPECT_THROW(protocol::make_bot_from_spec("rules,risk=16"), InputError);
  EXPECT_THROW(protocol::make_bot_from_spec("ismcts,risk=16"), InputError);
  EXPECT_THROW(protocol::make_bot_from_spec("rules,risk=-1"), InputError);
  EXPECT_NO_THROW(protocol::make_bot_from_spec("rules,risk=15"));
}

}  // namespace
}  // namespace stratego
