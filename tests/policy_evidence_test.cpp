// search/policy_evidence.h on real games: Red watches a Blue `rules` bot (whose moves the policy
// models) or a Blue `random` bot (which it does not), with and without the evidence, and the
// belief is scored by the log-probability it gives the true kind of every moved Blue piece
// whose kind is still open.
#include "search/policy_evidence.h"

#include <gtest/gtest.h>

#include <cmath>

#include "bots/registry.h"
#include "engine/record.h"
#include "referee/referee.h"
#include "support/position_builder.h"

namespace stratego::bots {
namespace {

constexpr int kScoredPlies = 300;

std::string game_against(const std::string& blue_bot, std::uint64_t seed) {
  referee::GameSettings s;
  s.variant_spec = "classic";
  s.variant = test_support::variant_of(s.variant_spec);
  s.seed = seed;
  const auto red = make_bot("rules"), blue = make_bot(blue_bot);
  return referee::play_game(*red, *blue, s).record;
}

struct Score {
  double log_true = 0;  // summed log P(true kind), every 10 plies, over moved open pieces
  int pieces = 0;
  double beta = 0.5;
  double mean() const { return pieces ? log_true / pieces : 0; }
};

Score red_belief(const std::string& record, bool with_evidence) {
  const GameRecord r = parse_record(record);
  State s = record_start(r);
  eval::Belief belief(make_view(s, kRed));
  search::PolicyEvidence evidence;
  const search::Params params;
  Score out;
  for (std::size_t t = 0; t < r.moves.size() && int(t) < kScoredPlies; ++t) {
    s.make(r.moves[t]);
    const ObservedMove m = observe(s, s.history().back(), kRed);
    const auto e = with_evidence ? evidence.observe(belief, m, params, t) : std::nullopt;
    belief.update(m, make_view(s, kRed));
    if (e) belief.add_evidence(e->piece, e->log_likelihood);
    if ((t + 1) % 10 != 0) continue;
    const eval::Marginals mg = belief.marginals();
    for (int i : mg.pieces) {
      const eval::EnemyPiece& p = belief.tracker().pieces()[std::size_t(i)];
      if (!p.alive() || !p.moved) continue;
      out.log_true +=
          std::log(std::max(mg.prob(belief.tracker(), i, piece_kind(s.at(p.square))), 1e-9));
      ++out.pieces;
    }
  }
  out.beta = evidence.beta();
  return out;
}

TEST(PolicyEvidence, AgainstTheModelledPlayerTheTrueKindsBecomeLikelier) {
  for (std::uint64_t seed : {11, 12}) {
    const std::string record = game_against("rules", seed);
    const Score with = red_belief(record, true), without = red_belief(record, false);
    ASSERT_GT(with.pieces, 20) << seed;
    EXPECT_GT(with.mean(), without.mean() + 0.05) << seed;
    EXPECT_GT(with.beta, 0.6) << seed << ": most of the rules bot's moves are the policy's";
  }
}

TEST(PolicyEvidence, AgainstARandomMoverTheEvidenceFadesOut) {
  const std::string record = game_against("random", 13);
  const Score with = red_belief(record, true), without = red_belief(record, false);
  ASSERT_GT(with.pieces, 20);
  EXPECT_LT(with.beta, 0.2);
  EXPECT_GT(with.mean(), without.mean() - 0.05);
}

TEST(PolicyEvidence, OnlyTheOpponentsQuietStepsOfOpenPiecesCount) {
  const GameRecord r = parse_record(game_against("rules", 14));
  State s = record_start(r);
  eval::Belief belief(make_view(s, kRed));
  search::PolicyEvidence evidence;
  int given = 0;
  for (std::size_t t = 0; t < r.moves.size() && t < 100; ++t) {
    s.make(r.moves[t]);
    const ObservedMove m = observe(s, s.history().back(), kRed);
    const int piece = belief.tracker().piece_at(m.move.from());
    const auto e = evidence.observe(belief, m, search::Params{}, t);
    if (e) {
      ++given;
      EXPECT_EQ(m.mover, kBlue);
      EXPECT_FALSE(m.attack);
      EXPECT_EQ(e->piece, piece);
      EXPECT_FALSE(belief.tracker().pieces()[std::size_t(piece)].known());
      EXPECT_DOUBLE_EQ(e->log_likelihood[kBomb], 0.0) << "a piece that moves is no Bomb anyway";
    }
    belief.update(m, make_view(s, kRed));
  }
  EXPECT_GT(given, 10);
}

}  // namespace
}  // namespace stratego::bots
