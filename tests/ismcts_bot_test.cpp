// The `ismcts` bot on positions of every variant family reached by seeded random play, fed
// to it move by move as its own observations: it always answers one of the legal actions,
// and with one thread and an iteration budget the same seed gives the same answer and the
// same search.
#include <gtest/gtest.h>

#include <atomic>

#include "bots/ismcts_bot.h"
#include "engine/error.h"
#include "engine/game.h"
#include "engine/move_text.h"
#include "engine/movegen.h"
#include "engine/setup.h"
#include "engine/variant_loader.h"
#include "engine/waterloo/action_token.h"
#include "engine/waterloo/record.h"

namespace stratego::bots {
namespace {

struct Decision {
  std::string action;
  std::int64_t nodes = 0;
  bool legal = false;
};


Decision classic_decision(const std::string& spec, std::uint64_t seed, int plies, int threads = 1) {
  auto variant = std::make_shared<const Variant>(load_variant(spec));
  Rng rng(seed);
  Game game(initial_state(variant, random_setup(*variant, kRed, rng), random_setup(*variant, kBlue, rng)));
  MoveList list;
  IsmctsBot bots[2];
  for (Side s : {kRed, kBlue}) {
    bots[s].set_option("threads", std::to_string(threads));
    bots[s].new_game(GameStart{variant, spec, s, seed, "test"});
  }
  for (int i = 0; i < plies; ++i) {
    generate_moves(game.state(), list);
    Game next = game;
    next.play(list[rng.below(std::uint32_t(list.size))]);
    if (next.over()) break;
    game = std::move(next);
    for (Side s : {kRed, kBlue}) bots[s].observe(game.observations(s).back(), game.view(s));
  }
  const Side me = game.state().side_to_move();
  generate_moves(game.state(), list);
  const View view = game.view(me);
  Request req;
  req.view = &view;
  for (Move m : list) req.legal.push_back(move_to_text(m, variant->geometry));
  req.limits.iterations = 150;
  std::atomic<bool> stop{false};
  Decision d;
  d.action = bots[me].decide(req, stop, [&](const SearchInfo& i) { d.nodes = i.nodes; }).action;
  d.legal = std::find(req.legal.begin(), req.legal.end(), d.action) != req.legal.end();
  return d;
}

Decision waterloo_decision(const std::string& spec, std::uint64_t seed, int steps) {
  using namespace waterloo;
  auto variant = std::make_shared<const Variant>(load_variant(spec));
  Rng rng(seed);
  WaterlooGame game{WaterlooState(variant)};
  IsmctsBot bots[2];
  for (Side s : {kRed, kBlue}) bots[s].new_game(GameStart{variant, spec, s, seed, "test"});
  ActionList list;
  auto step = [&] {
    WaterlooGame next = game;
    const WaterlooState& st = next.state();
    if (st.phase() == Phase::kSetup) next.apply_setup(st.current_player(), st.random_setup(st.current_player(), rng));
    else if (st.is_chance()) next.apply_random_chance(rng);
    else {
      st.legal_actions(list);
      next.apply(list[rng.below(std::uint32_t(list.size))]);
    }
    if (next.over()) return false;
    game = std::move(next);
    for (Side s : {kRed, kBlue}) bots[s].observe(game.log().of(s).back(), make_view(game.state(), s));
    return true;
  };
  for (int i = 0; i < steps && step(); ++i) {
  }
  for (int tries = 0; tries < 1000 && (game.state().is_chance() || game.state().phase() == Phase::kSetup); ++tries)
    step();
  const Side me = game.state().current_player();
  game.state().legal_actions(list);
  const WaterlooView view = make_view(game.state(), me);
  Request req;
  req.waterloo_view = &view;
  for (Action a : list) req.legal.push_back(action_token(game.state(), a));
  req.limits.iterations = 100;
  std::atomic<bool> stop{false};
  Decision d;
  d.action = bots[me].decide(req, stop, [&](const SearchInfo& i) { d.nodes = i.nodes; }).action;
  d.legal = std::find(req.legal.begin(), req.legal.end(), d.action) != req.legal.end();
  return d;
}

TEST(IsmctsBot, AnswersLegallyInEveryClassicFamilyVariant) {
  for (const std::string spec : {"classic", "barrage", "duel", "ultimate-lightning", "clone-wars",
                                 "clone-wars-powers", "classic+silent-defence+rescue", "classic+moving-bombs"}) {
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
      const Decision d = classic_decision(spec, seed, int(seed) * 37);
      EXPECT_TRUE(d.legal) << spec << " seed " << seed << ": " << d.action;
      EXPECT_GT(d.nodes, 0) << spec;
    }
  }
}

TEST(IsmctsBot, AnswersLegallyInEveryWaterlooVariant) {
  for (const std::string spec : {"waterloo-basic", "waterloo-standard", "waterloo-expert",
                                 "waterloo-expert-early-start", "waterloo-expert-prussian-roll",
                                 "waterloo-expert-mud", "waterloo-own-terrain"}) {
    for (std::uint64_t seed = 1; seed <= 2; ++seed) {
      const Decision d = waterloo_decision(spec, seed, int(seed) * 90);
      EXPECT_TRUE(d.legal) << spec << " seed " << seed << ": " << d.action;
    }
  }
}

TEST(IsmctsBot, SameSeedSameDecisionAndSearch) {
  const Decision a = classic_decision("classic", 11, 60), b = classic_decision("classic", 11, 60);
  EXPECT_EQ(a.action, b.action);
  EXPECT_EQ(a.nodes, b.nodes);
  const Decision c = waterloo_decision("waterloo-standard", 5, 80), d = waterloo_decision("waterloo-standard", 5, 80);
  EXPECT_EQ(c.action, d.action);
  EXPECT_EQ(c.nodes, d.nodes);
}

TEST(IsmctsBot, TwoThreadsAnswerLegally) {
  const Decision d = classic_decision("barrage", 3, 40, 2);
  EXPECT_TRUE(d.legal) << d.action;
}

TEST(IsmctsBot, RejectsBadOptions) {
  IsmctsBot bot;
  EXPECT_THROW(bot.set_option("threads", "0"), InputError);
  EXPECT_THROW(bot.set_option("exploration", "lots"), InputError);
  EXPECT_THROW(bot.set_option("depth", "3"), InputError);
  bot.set_option("exploration", "0.5");
  EXPECT_DOUBLE_EQ(bot.params().exploration, 0.5);
}

}  // namespace
}  // namespace stratego::bots
