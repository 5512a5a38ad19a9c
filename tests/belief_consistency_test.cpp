// Every world the belief samples is consistent with what its player observed: over seeded
// games of every classic-family variant and option stack (silent defence, rescues, moving
// bombs and flags, the Clone Wars powers...), at several points of each game and for both
// players, sampled kinds are put on the enemy's start squares and the real moves replayed in
// that world must all be legal and give the player the same view after every ply; the
// determinized State must give the same view back (make_view(sample, viewer) == view), and
// redeterminize() from another sample must give the same board.
#include <gtest/gtest.h>

#include <optional>

#include "eval/determinize.h"
#include "support/belief_games.h"

namespace stratego {
namespace {

using test_support::PlayedGame;

constexpr int kGamesPerVariant = 2;
constexpr int kMaxPlies = 240;
constexpr int kSamplesPerPoint = 8;
constexpr int kCheckpoints[] = {0, 25, 90, kMaxPlies};

class BeliefConsistency : public ::testing::TestWithParam<std::string> {};

TEST_P(BeliefConsistency, SampledWorldsReplayTheObservationHistory) {
  const std::string spec = GetParam();
  int checked = 0, face_down = 0;
  for (int game = 0; game < kGamesPerVariant; ++game) {
    const PlayedGame g =
        test_support::play_seeded(spec, seeded::seed_of(spec, 77 + std::uint64_t(game)), kMaxPlies);
    const int plies = int(g.moves.size());
    for (Side viewer : {kRed, kBlue}) {
      eval::Belief b(make_view(g.start, viewer));
      int t = 0;
      for (int point : kCheckpoints) {
        const int upto = std::min(point, plies);
        for (; t < upto; ++t)
          b.update(test_support::observation(g, t + 1, viewer),
                   make_view(g.states[std::size_t(t + 1)], viewer));
        eval::BeliefSampler sampler =
            b.sampler(seeded::seed_of(spec, std::uint64_t(t * 2 + viewer)));
        // The truth itself must be allowed by every mask.
        const State& truth = g.states[std::size_t(t)];
        for (const eval::EnemyPiece& p : b.tracker().pieces()) {
          if (!p.alive()) continue;
          ASSERT_TRUE(p.mask & eval::kind_bit(piece_kind(truth.at(p.square))))
              << spec << ": the true kind was ruled out at ply " << t;
        }
        std::optional<State> first;  // the base that redeterminize() starts from
        for (int n = 0; n < kSamplesPerPoint; ++n) {
          const std::vector<Kind> kinds = sampler.sample_kinds();
          const std::string why = test_support::replay_mismatch(g, b.tracker(), kinds, t);
          ASSERT_EQ(why, "") << spec << ", game " << game << ", " << side_name(viewer) << " at ply "
                             << t;
          const State det = eval::determinize(b.view(), b.tracker(), kinds);
          ASSERT_TRUE(make_view(det, viewer) == b.view())
              << spec << ": determinization at ply " << t;
          // The cheap way to the same world from another one gives the same board.
          if (!first) first = det;
          State again = *first;
          eval::redeterminize(*first, b.tracker(), kinds, again);
          for (int sq = 0; sq < det.geometry().num_squares(); ++sq) {
            ASSERT_EQ(again.at(sq), det.at(sq)) << spec << ": redeterminize at ply " << t;
            ASSERT_EQ(again.flags(sq), det.flags(sq)) << spec << ": redeterminize at ply " << t;
          }
          ++checked;
        }
        if (upto == plies) break;
      }
      for (const eval::EnemyPiece& p : b.tracker().pieces()) face_down += !p.alive() && p.silent;
    }
  }
  EXPECT_GT(checked, 0);
  // The games must reach what the options are about: pieces captured face down (V-6).
  if (spec.find("silent-defence") != std::string::npos) {
    EXPECT_GT(face_down, 0);
  }
}

// V-5 with V-6: a rescue that takes a piece from the face-down pile is the one place where the
// tracker commits to a choice (eval/piece_tracker.h). Seeded games are scanned until two such
// rescues have been seen; right after each and at the end of its game, sampled worlds must
// replay the game.
TEST(BeliefRescue, V_5_RescuesFromTheFaceDownPileKeepEveryWorldConsistent) {
  const std::string spec = "classic+rescue+silent-defence";
  int found = 0;
  for (int game = 0; game < 2000 && found < 2; ++game) {
    const PlayedGame g =
        test_support::play_seeded(spec, seeded::seed_of(spec, 500 + std::uint64_t(game)), 300);
    for (Side viewer : {kRed, kBlue}) {
      eval::Belief b(make_view(g.start, viewer));
      std::vector<int> checks;
      for (int t = 1; t <= int(g.moves.size()); ++t) {
        const ObservedMove o = test_support::observation(g, t, viewer);
        const int face_down = b.view().captured_unknown[other(viewer)];
        b.update(o, make_view(g.states[std::size_t(t)], viewer));
        const bool from_pile = o.move.type() == MoveType::kRescue && o.mover != viewer &&
                               b.view().captured_unknown[other(viewer)] < face_down;
        if (!from_pile && t < int(g.moves.size())) continue;
        if (from_pile) ++found;
        if (from_pile || !checks.empty()) {
          eval::BeliefSampler sampler = b.sampler(std::uint64_t(t));
          for (int n = 0; n < kSamplesPerPoint; ++n)
            ASSERT_EQ(test_support::replay_mismatch(g, b.tracker(), sampler.sample_kinds(), t), "")
                << "game " << game << ", " << side_name(viewer) << " at ply " << t;
          checks.push_back(t);
        }
      }
    }
  }
  EXPECT_EQ(found, 2) << "no game of the scan rescued from the face-down pile";
}

std::string param_name(const ::testing::TestParamInfo<std::string>& param) {
  std::string name = param.param;
  for (char& c : name)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  return name;
}

INSTANTIATE_TEST_SUITE_P(EveryVariant, BeliefConsistency,
                         ::testing::ValuesIn(seeded::all_variant_specs()), param_name);

}  // namespace
}  // namespace stratego
