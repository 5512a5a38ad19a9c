// The heuristic policy the `ismcts` bot searches with (search/rules_modeled_game.h): a proper
// distribution over the legal actions, led by the `rules` bot's own choice, and blind to what
// the decider cannot see -- the same in every world that differs only in the other side's
// hidden pieces.
#include "search/rules_modeled_game.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <numeric>
#include <vector>

#include "bots/rules_bot.h"
#include "engine/waterloo/action_token.h"
#include "engine/waterloo/view.h"
#include "heuristic/classic_rules_eval.h"
#include "support/belief_games.h"
#include "support/waterloo_play.h"

namespace stratego::bots {
namespace {

std::vector<double> classic_policy(State& s, const std::vector<std::uint32_t>& keys,
                                   const search::Params& p) {
  std::vector<double> probs(keys.size());
  search::RulesModeledClassicGame::policy(s, keys.data(), int(keys.size()), probs.data(), p);
  return probs;
}

std::vector<double> classic_policy(State& s, const std::vector<std::uint32_t>& keys,
                                   double temperature) {
  search::Params p;
  p.policy_temperature = temperature;
  return classic_policy(s, keys, p);
}

std::vector<std::uint32_t> classic_keys(State& s) {
  std::vector<std::uint32_t> keys(search::RulesModeledClassicGame::kMaxActions);
  keys.resize(std::size_t(search::RulesModeledClassicGame::legal(s, keys.data())));
  return keys;
}

// Swaps the kinds of two unrevealed pieces of `side` that may stand on each other's squares
// unseen (both moved or both unmoved, and a moved piece only with a movable kind); false if
// there are none of different kinds.
bool swap_hidden(State& s, Side side) {
  const Variant& v = *s.variant_ptr();
  for (int a = 0; a < v.geometry.num_squares(); ++a)
    for (int b = a + 1; b < v.geometry.num_squares(); ++b) {
      const Piece pa = s.at(a), pb = s.at(b);
      if (pa == kNoPiece || pb == kNoPiece || piece_side(pa) != side || piece_side(pb) != side)
        continue;
      const std::uint8_t fa = s.flags(a), fb = s.flags(b);
      if ((fa | fb) & kRevealedFlag || (fa & kMovedFlag) != (fb & kMovedFlag)) continue;
      const Kind ka = piece_kind(pa), kb = piece_kind(pb);
      if (ka == kb || ((fa & kMovedFlag) && (!v.can_move(ka) || !v.can_move(kb)))) continue;
      s.remove(a);
      s.remove(b);
      s.put(a, side, kb, fa);
      s.put(b, side, ka, fb);
      return true;
    }
  return false;
}

TEST(RulesModeledGame, ClassicPolicyIsADistributionLedByTheRulesChoice) {
  int checked = 0;
  for (const std::string spec : {"classic", "barrage"}) {
    for (std::uint64_t seed = 1; seed <= 4; ++seed) {
      const test_support::PlayedGame g = test_support::play_seeded(spec, seed, 160);
      for (std::size_t t = 0; t < g.states.size(); t += 20) {
        State s = g.states[t];
        if (s.over()) continue;
        const std::vector<std::uint32_t> keys = classic_keys(s);
        if (keys.empty()) continue;
        const std::vector<double> probs = classic_policy(s, keys, 5);
        EXPECT_NEAR(std::accumulate(probs.begin(), probs.end(), 0.0), 1.0, 1e-9);
        EXPECT_TRUE(std::all_of(probs.begin(), probs.end(), [](double x) { return x > 0; }));
        // The slow, obvious version: the rules bot's scores from the mover's view.
        const View view = make_view(s, s.side_to_move());
        heuristic::EnemyKnowledge know;
        know.reset(view.variant, view.viewer);
        know.update(view);
        const heuristic::ClassicRulesEval rules(view, know);
        std::size_t best = 0;
        for (std::size_t i = 1; i < keys.size(); ++i)
          if (rules.score(Move::from_raw(std::uint16_t(keys[i]))) >
              rules.score(Move::from_raw(std::uint16_t(keys[best]))))
            best = i;
        const auto top = std::max_element(probs.begin(), probs.end()) - probs.begin();
        EXPECT_DOUBLE_EQ(probs[std::size_t(top)], probs[best])
            << spec << " seed " << seed << " ply " << t;
        ++checked;
      }
    }
  }
  EXPECT_GT(checked, 40);
}

TEST(RulesModeledGame, ClassicPolicySeesOnlyTheDecidersView) {
  int checked = 0;
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    const test_support::PlayedGame g = test_support::play_seeded("classic", seed, 120);
    for (std::size_t t = 10; t < g.states.size(); t += 25) {
      State s = g.states[t];
      if (s.over()) continue;
      State other_world = s;
      if (!swap_hidden(other_world, other(s.side_to_move()))) continue;
      ASSERT_FALSE(other_world == s);
      const std::vector<std::uint32_t> keys = classic_keys(s);
      ASSERT_EQ(keys, classic_keys(other_world));
      EXPECT_EQ(classic_policy(s, keys, 5), classic_policy(other_world, keys, 5))
          << "seed " << seed << " ply " << t;
      ++checked;
    }
  }
  EXPECT_GT(checked, 10);
}

// opponent_risk: the opponent's moves are modelled with its own risk bits (the `rules` bot's 0)
// while the searcher's keep rules_risk (the root prior's 2, flag patience).
TEST(RulesModeledGame, ClassicPolicyModelsTheOpponentWithItsOwnRisk) {
  auto policy = [](State& s, const std::vector<std::uint32_t>& keys, int risk, int opponent_risk,
                   int opponent_side) {
    search::Params p;
    p.rules_risk = risk;
    p.opponent_risk = opponent_risk;
    p.opponent_side = opponent_side;
    return classic_policy(s, keys, p);
  };
  int checked = 0, differing = 0;
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    const test_support::PlayedGame g = test_support::play_seeded("classic", seed, 160);
    for (std::size_t t = 0; t < g.states.size(); t += 8) {
      State s = g.states[t];
      if (s.over()) continue;
      const std::vector<std::uint32_t> keys = classic_keys(s);
      if (keys.empty()) continue;
      const int mover = int(s.side_to_move()), waiter = int(other(s.side_to_move()));
      const auto patient = policy(s, keys, 2, -1, -1), plain = policy(s, keys, 0, -1, -1);
      EXPECT_EQ(policy(s, keys, 2, 0, mover), plain) << "seed " << seed << " ply " << t;
      EXPECT_EQ(policy(s, keys, 2, 0, waiter), patient) << "seed " << seed << " ply " << t;
      differing += patient != plain;
      ++checked;
    }
  }
  EXPECT_GT(checked, 60);
  EXPECT_GT(differing, 0);  // flag patience changes some choices, so the test can tell them apart
}

TEST(RulesModeledGame, WaterlooPolicyIsTheRulesChoiceWithSomeNoise) {
  int checked = 0;
  for (const std::string spec : {"waterloo-standard", "waterloo-expert"}) {
    auto variant = waterloo::testing::load(spec);
    waterloo::WaterlooState s(variant);
    Rng rng(17);
    waterloo::ActionList list;
    for (int step = 0; step < 400 && !s.over(); ++step) {
      waterloo::testing::random_step(s, rng, list);
      if (step % 40 != 39 || s.over() || s.is_chance() || s.phase() == waterloo::Phase::kSetup)
        continue;
      std::vector<std::uint32_t> keys(search::RulesModeledWaterlooGame::kMaxActions);
      keys.resize(std::size_t(search::RulesModeledWaterlooGame::legal(s, keys.data())));
      std::vector<double> probs(keys.size());
      search::RulesModeledWaterlooGame::policy(s, keys.data(), int(keys.size()), probs.data(),
                                               search::Params{});
      EXPECT_NEAR(std::accumulate(probs.begin(), probs.end(), 0.0), 1.0, 1e-9);
      // The rules bot asked directly, from the decider's view.
      const Side mover = Side(s.current_player());
      const waterloo::WaterlooView view = waterloo::make_view(s, mover);
      Request r;
      r.view = &view;
      for (std::uint32_t k : keys)
        r.legal.push_back(waterloo::action_token(s, waterloo::Action::from_raw(k)));
      auto rules = make_waterloo_rules_bot();
      rules->new_game(GameStart{variant, spec, mover, 1, ""});
      const std::atomic<bool> stop{false};
      const std::string choice = rules->decide(r, stop, {}).action;
      const auto top = std::max_element(probs.begin(), probs.end()) - probs.begin();
      EXPECT_EQ(r.legal[std::size_t(top)], choice) << spec << " step " << step;
      EXPECT_NEAR(
          probs[std::size_t(top)],
          1 - search::kWaterlooPolicyNoise + search::kWaterlooPolicyNoise / double(keys.size()),
          1e-12);
      ++checked;
    }
  }
  EXPECT_GT(checked, 5);
}

}  // namespace
}  // namespace stratego::bots
