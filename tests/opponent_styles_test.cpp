// The opponent's play styles (search/opponent_styles.h): the posterior's arithmetic, each style's
// policy held to a plain version of it, and the posterior PolicyEvidence learns from real games:
// Red watches a Blue `rules,style=aggressive`, `random` or `rules` bot for a few dozen plies.
#include "search/opponent_styles.h"

#include <gtest/gtest.h>

#include <cmath>
#include <numeric>

#include "bots/registry.h"
#include "engine/record.h"
#include "heuristic/classic_play_style.h"
#include "heuristic/classic_rules_eval.h"
#include "protocol/bot_spec.h"
#include "referee/referee.h"
#include "search/policy_evidence.h"
#include "search/rules_modeled_game.h"
#include "support/belief_games.h"
#include "support/position_builder.h"

namespace stratego::bots {
namespace {

double weight_sum(const search::StyleWeights& w) {
  return std::accumulate(w.begin(), w.end(), 0.0);
}

TEST(OpponentStyles, WithoutStylesTheWeightsAreTheOldBeta) {
  // The old arithmetic, written out: beta = (summed P(policy | move) + 1) / (moves + 2).
  search::StylePosterior post = search::StylePosterior::rules_or_uniform();
  double policy = 0, moves = 0;
  Rng rng(3);
  for (int t = 0; t < 200; ++t) {
    const double pred = rng.uniform01() * 0.3, uniform = 1.0 / (1 + rng.below(40));
    const double b = (policy + 1) / (moves + 2);
    const search::StyleWeights w = post.weights();
    ASSERT_EQ(w[search::kRulesStyle], b) << t;
    ASSERT_EQ(w[search::kUniformStyle], 1 - b) << t;
    ASSERT_EQ(w[search::kAggressiveStyle] + w[search::kPassiveStyle], 0.0);
    policy += b * pred / (b * pred + (1 - b) * uniform);
    moves += 1;
    post.update({pred, 0.7, 0.7, uniform});  // styles left out stay out
  }
}

TEST(OpponentStyles, WeightsSumToOneKeepTheirFloorAndFollowAChange) {
  search::StylePosterior post = search::StylePosterior::styles();
  search::StyleWeights w = post.weights();
  EXPECT_NEAR(weight_sum(w), 1.0, 1e-12);
  EXPECT_DOUBLE_EQ(w[search::kRulesStyle], 0.5);
  // 100 moves only the aggressive style explains, at likelihoods whose product over the moves
  // is far under a double's range: the weight goes to aggressive, the others keep their floor.
  for (int t = 0; t < 100; ++t) post.update({1e-320, 1e-300, 0, 1e-310});
  w = post.weights();
  EXPECT_NEAR(weight_sum(w), 1.0, 1e-12);
  EXPECT_GT(w[search::kAggressiveStyle], 0.9);
  for (int s : {search::kRulesStyle, search::kPassiveStyle, search::kUniformStyle})
    EXPECT_NEAR(w[std::size_t(s)], search::StylePosterior::kFloor, 1e-9);
  // The opponent turns passive: from the floor, ten moves are enough.
  for (int t = 0; t < 10; ++t) post.update({0.01, 0.01, 0.5, 0.01});
  w = post.weights();
  EXPECT_NEAR(weight_sum(w), 1.0, 1e-12);
  EXPECT_GT(w[search::kPassiveStyle], 0.9);
  // A move no style explains changes nothing.
  const double before = post.moves();
  post.update({0, 0, 0, 0});
  post.update({NAN, NAN, NAN, NAN});
  EXPECT_EQ(post.moves(), before);
}

std::vector<std::uint32_t> styles_legal_keys(State& s) {
  std::vector<std::uint32_t> keys(search::RulesModeledClassicGame::kMaxActions);
  keys.resize(std::size_t(search::RulesModeledClassicGame::legal(s, keys.data())));
  return keys;
}

// The plain version of a style's policy: the rules scores from the mover's view, the style's
// leaning from classic_play_style.h, a softmax at the policy temperature; uniform 1/n.
std::vector<double> plain_style_policy(State& s, const std::vector<std::uint32_t>& keys, int style,
                                       double temperature) {
  const std::size_t n = keys.size();
  if (style == search::kUniformStyle) return std::vector<double>(n, 1.0 / double(n));
  const View view = make_view(s, s.side_to_move());
  heuristic::EnemyKnowledge know;
  know.reset(view.variant, view.viewer);
  know.update(view);
  const heuristic::ClassicRulesEval rules(view, know);
  std::vector<Move> moves;
  std::vector<double> scores;
  for (std::uint32_t k : keys) {
    moves.push_back(Move::from_raw(std::uint16_t(k)));
    scores.push_back(rules.score(moves.back()));
  }
  Rng rng(1);
  if (style != search::kRulesStyle)
    heuristic::apply_play_style(style == search::kAggressiveStyle
                                    ? heuristic::PlayStyle::kAggressive
                                    : heuristic::PlayStyle::kPassive,
                                view, moves, scores, rng);
  const double top = *std::max_element(scores.begin(), scores.end());
  double sum = 0;
  for (double& x : scores) sum += (x = std::exp((x - top) / temperature));
  for (double& x : scores) x /= sum;
  return scores;
}

TEST(OpponentStyles, EachStylesPolicyIsThePlainOne) {
  int checked = 0, leaned = 0;
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    const test_support::PlayedGame g = test_support::play_seeded("classic", seed, 120);
    for (std::size_t t = 5; t < g.states.size(); t += 23) {
      State s = g.states[t];
      if (s.over()) continue;
      const std::vector<std::uint32_t> keys = styles_legal_keys(s);
      if (keys.empty()) continue;
      const int n = int(keys.size());
      search::Params p;
      std::vector<double> plain_rules(keys.size());
      search::RulesModeledClassicGame::policy(s, keys.data(), n, plain_rules.data(), p);
      std::vector<std::vector<double>> all(search::kStyleCount, std::vector<double>(keys.size()));
      std::array<double*, search::kStyleCount> outs{};
      for (int st = 0; st < search::kStyleCount; ++st)
        outs[std::size_t(st)] = all[std::size_t(st)].data();
      search::RulesModeledClassicGame::style_policies(s, keys.data(), n, outs, p);
      for (int st = 0; st < search::kStyleCount; ++st) {
        // The style played by the styled side at weight 1 ...
        search::Params styled = p;
        styled.styled_side = int(s.side_to_move());
        styled.opponent_style = st;
        std::vector<double> probs(keys.size());
        search::RulesModeledClassicGame::policy(s, keys.data(), n, probs.data(), styled);
        // ... is the plain version, and style_policies' row of it.
        const std::vector<double> plain = plain_style_policy(s, keys, st, p.policy_temperature);
        for (std::size_t i = 0; i < keys.size(); ++i) {
          ASSERT_NEAR(probs[i], plain[i], 1e-12)
              << search::opponent_style_name(st) << " seed " << seed;
          ASSERT_EQ(probs[i], all[std::size_t(st)][i]) << search::opponent_style_name(st);
        }
        EXPECT_NEAR(std::accumulate(probs.begin(), probs.end(), 0.0), 1.0, 1e-9);
        if (st != search::kRulesStyle && probs != plain_rules) ++leaned;
      }
      // The rules style is the policy as it was; the other side is never styled.
      EXPECT_EQ(all[search::kRulesStyle], plain_rules);
      search::Params other_side = p;
      other_side.styled_side = int(other(s.side_to_move()));
      other_side.opponent_style = search::kAggressiveStyle;
      std::vector<double> probs(keys.size());
      search::RulesModeledClassicGame::policy(s, keys.data(), n, probs.data(), other_side);
      EXPECT_EQ(probs, plain_rules);
      ++checked;
    }
  }
  EXPECT_GT(checked, 10);
  EXPECT_GT(leaned, 2 * checked) << "the styles must differ from the rules policy";
}

std::string weights_text(const search::StyleWeights& w) {
  std::string out;
  for (int s = 0; s < search::kStyleCount; ++s)
    out += search::opponent_style_name(s) + " " + std::to_string(w[std::size_t(s)]) + " ";
  return out;
}

constexpr int kWatchedPlies = 80;  // 40 moves of Blue

search::StyleWeights styles_watching(const std::string& blue_bot, std::uint64_t seed) {
  referee::GameSettings gs;
  gs.variant_spec = "classic";
  gs.variant = test_support::variant_of(gs.variant_spec);
  gs.seed = seed;
  const auto red = make_bot("rules"), blue = protocol::make_bot_from_spec(blue_bot);
  const GameRecord r = parse_record(referee::play_game(*red, *blue, gs).record);
  State s = record_start(r);
  eval::Belief belief(make_view(s, kRed));
  search::PolicyEvidence evidence(true);
  const search::Params params;
  for (std::size_t t = 0; t < r.moves.size() && int(t) < kWatchedPlies; ++t) {
    s.make(r.moves[t]);
    const ObservedMove m = observe(s, s.history().back(), kRed);
    const auto e = evidence.observe(belief, m, params, t);
    belief.update(m, make_view(s, kRed));
    if (e) belief.add_evidence(e->piece, e->log_likelihood);
  }
  return evidence.weights();
}

TEST(OpponentStyles, ThePosteriorFindsTheOpponentsStyle) {
  for (std::uint64_t seed : {31, 32}) {
    const search::StyleWeights aggressive = styles_watching("rules,style=aggressive", seed);
    const search::StyleWeights random = styles_watching("random", seed);
    const search::StyleWeights rules = styles_watching("rules", seed);
    const search::StyleWeights passive = styles_watching("rules,style=passive", seed);
    for (const search::StyleWeights& w : {aggressive, random, rules, passive})
      EXPECT_NEAR(weight_sum(w), 1.0, 1e-12);
    EXPECT_GT(aggressive[search::kAggressiveStyle], 0.8)
        << seed << ": " << weights_text(aggressive);
    EXPECT_GT(passive[search::kPassiveStyle], 0.8) << seed << ": " << weights_text(passive);
    EXPECT_GT(aggressive[search::kAggressiveStyle], aggressive[search::kRulesStyle])
        << weights_text(aggressive);
    EXPECT_GT(random[search::kUniformStyle], 0.6) << seed << ": " << weights_text(random);
    EXPECT_GT(rules[search::kRulesStyle], 0.9) << seed << ": " << weights_text(rules);
    for (int s : {search::kAggressiveStyle, search::kPassiveStyle, search::kUniformStyle})
      EXPECT_LT(rules[std::size_t(s)], rules[search::kRulesStyle])
          << seed << ": " << weights_text(rules);
  }
}

}  // namespace
}  // namespace stratego::bots
