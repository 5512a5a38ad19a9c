// Differential test of move generation: engine/movegen.cpp against the slow reference in
// reference/movegen.cpp, position by position, over seeded random games of every
// variant (support/seeded_games.h). Games start from full set-ups and from thinned ones (the
// sparse end-games where C-6.1 and C-6.2 bite), and moves are biased towards back-and-forth,
// chasing and evading so that the repetition rules are exercised, not just the movement.
// The reference also checks each make() against its own idea of the board afterwards, each
// pending V-5 rescue against its own idea of when one is due, and each pending CW-3 Anger
// chain (square and attacks won) against the one it counts from the history.
#include <gtest/gtest.h>

#include <algorithm>
#include <iostream>
#include <sstream>

#include "engine/movegen.h"
#include "reference/movegen.h"
#include "support/seeded_games.h"

namespace stratego {
namespace {

// C-6.2 repetitions are rare even in steered games (about one in 2,000 positions), so the
// test runs many positions; the reference is fast enough for that.
constexpr int kPositionsPerVariant = 100000;  // 20 specs: 2 million positions
constexpr int kMaxPliesPerGame = 700;
constexpr int kMaxReports = 5;  // detailed mismatch reports per variant

// What the games covered, so that a quiet test also shows it tested something.
struct Coverage {
  long positions = 0, rescue_decisions = 0, two_squares = 0, chase = 0;
  long scout_far_attacks = 0, captain_two_steps = 0, walker_moves = 0;
  long anger_decisions = 0, anger_follow_ups = 0, ranged_near = 0, ranged_far = 0;
};

std::vector<Move> sorted(const MoveList& list) {
  std::vector<Move> v(list.begin(), list.end());
  std::sort(v.begin(), v.end());
  return v;
}

std::string list_text(const Variant& v, const std::vector<Move>& moves) {
  std::string out;
  for (Move m : moves) {
    out += ' ';
    out += reference::move_text(v, m);
  }
  return out.empty() ? " (none)" : out;
}

// Moves in a but not in b (both sorted).
std::vector<Move> minus(const std::vector<Move>& a, const std::vector<Move>& b) {
  std::vector<Move> out;
  std::set_difference(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(out));
  return out;
}

// Compares engine and reference at s; returns false (after reporting) on a mismatch.
bool compare_at(const State& s, Coverage& cov) {
  const Variant& v = s.variant();
  MoveList list;
  generate_pseudo_moves(s, list);
  const std::vector<Move> eng_pseudo = sorted(list);
  generate_moves(s, list);
  const std::vector<Move> eng_legal = sorted(list);
  const std::vector<Move> ref_pseudo = reference::pseudo_moves(s);
  const std::vector<Move> ref_legal = reference::legal_moves(s);

  ++cov.positions;
  if (s.pending_rescue()) ++cov.rescue_decisions;
  if (s.pending_anger()) ++cov.anger_decisions;
  for (Move m : minus(ref_pseudo, ref_legal)) {
    const reference::Rule rule = reference::forbidding_rule(s, m);
    ++(rule == reference::Rule::kChase ? cov.chase : cov.two_squares);
  }
  for (Move m : ref_legal) {
    const int dist = std::abs(s.geometry().col(m.from()) - s.geometry().col(m.to())) +
                     std::abs(s.geometry().row(m.from()) - s.geometry().row(m.to()));
    if (m.type() == MoveType::kAngerAttack) ++cov.anger_follow_ups;
    if (m.type() == MoveType::kRanged) ++(dist == 1 ? cov.ranged_near : cov.ranged_far);
    if (m.type() != MoveType::kNormal) continue;
    const Kind k = piece_kind(s.at(m.from()));
    if (k == kScout && dist > 1 && s.at(m.to()) != kNoPiece) ++cov.scout_far_attacks;
    if (k == kCaptain && dist == 2) ++cov.captain_two_steps;
    if (k == kBomb || k == kFlag) ++cov.walker_moves;
  }

  std::ostringstream why;
  if (eng_pseudo != ref_pseudo)
    why << "pseudo-legal moves differ\n  only engine:"
        << list_text(v, minus(eng_pseudo, ref_pseudo))
        << "\n  only reference:" << list_text(v, minus(ref_pseudo, eng_pseudo)) << "\n";
  if (eng_legal != ref_legal) {
    why << "legal moves differ\n  only engine:" << list_text(v, minus(eng_legal, ref_legal))
        << "\n  only reference:";
    for (Move m : minus(ref_legal, eng_legal)) {
      const char* rule = repetition_violation(s, m);
      why << " " << reference::move_text(v, m) << " (engine: " << (rule ? rule : "-") << ")";
    }
    why << "\n";
  }
  if (!s.over() && s.pending_rescue() != reference::rescue_due(s))
    why << "rescue pending: engine " << s.pending_rescue() << ", reference "
        << reference::rescue_due(s) << "\n";
  const reference::AngerChain chain = reference::anger_chain(s);
  const reference::AngerChain engine_chain{s.pending_anger() ? s.anger_square() : -1,
                                           s.anger_wins()};
  if (chain.square != engine_chain.square || chain.wins != engine_chain.wins)
    why << "anger chain: engine " << engine_chain.square << "/" << engine_chain.wins
        << ", reference " << chain.square << "/" << chain.wins << "\n";
  if (why.str().empty()) return true;
  ADD_FAILURE() << why.str() << reference::describe(s);
  return false;
}

// After make(m): the board must be what the reference's own reading of the move gives.
bool board_matches(const State& s, const reference::Board& expected, Move m) {
  if (reference::board_of(s) == expected) return true;
  ADD_FAILURE() << "board after " << reference::move_text(s.variant(), m)
                << " differs from the reference's\n"
                << reference::describe(s);
  return false;
}

class MovegenDifferential : public ::testing::TestWithParam<std::string> {};

TEST_P(MovegenDifferential, EngineMatchesReferenceInSeededGames) {
  const std::string spec = GetParam();
  const auto variant = seeded::load(spec);
  Coverage cov;
  int reports = 0;
  for (int game = 0; cov.positions < kPositionsPerVariant && reports < kMaxReports; ++game) {
    const std::uint64_t seed = seeded::seed_of(spec, std::uint64_t(game));
    // Every other game starts thinned to a quarter to a half of the pieces.
    // The chasers' games (the last bias) start with a few pieces each, where chases close.
    const bool chasers = game / 2 % 5 == 4;
    const double keep = chasers         ? 0.1 + 0.02 * (game % 4)
                        : game % 2 == 0 ? 1.0
                                        : 0.25 + 0.05 * (game % 6);
    State s = seeded::seeded_start(variant, seed, keep);
    Rng rng(seed ^ 0x5eed);
    // From unbiased games to ones steered into back-and-forth, chases (of the piece that just
    // moved, and of any piece: a player who threatens whenever he can) and the back row.
    constexpr seeded::Bias kBiases[] = {
        {0, 0, 0, 0}, {0.5, 0.2, 0.2, 0}, {0, 1, 1, 0}, {0.05, 0.6, 0.6, 0.5}, {0, 0.5, 1, 0, 1}};
    const seeded::Bias bias = kBiases[game / 2 % 5];
    for (int ply = 0; ply < kMaxPliesPerGame && !s.over(); ++ply) {
      if (!compare_at(s, cov) && ++reports >= kMaxReports) break;
      MoveList list;
      generate_moves(s, list);
      if (list.size == 0) break;  // C-7.2: the side to move has lost
      const Move m = seeded::choose_move(s, list, rng, bias);
      const reference::Board expected = reference::board_after(s, m);
      s.make(m);
      if (!board_matches(s, expected, m) && ++reports >= kMaxReports) break;
    }
  }
  std::cout << "[ coverage ] " << spec << ": " << cov.positions << " positions, "
            << cov.rescue_decisions << " rescue decisions, " << cov.two_squares << " C-6.1 and "
            << cov.chase << " C-6.2 removals, " << cov.scout_far_attacks << " long scout attacks, "
            << cov.captain_two_steps << " captain two-steps, " << cov.walker_moves
            << " bomb/flag moves, " << cov.anger_decisions << " anger decisions with "
            << cov.anger_follow_ups << " follow-up attacks, " << cov.ranged_near << "+"
            << cov.ranged_far << " ranged attacks (1+2 squares)\n";
  EXPECT_GE(cov.positions, kPositionsPerVariant);
  // The rules each variant switches on were met in its games (a test that never reaches
  // them would pass vacuously).
  const Variant& v = *variant;
  EXPECT_TRUE(v.two_squares_limit == 0 || cov.two_squares > 0);
  EXPECT_TRUE(!v.chase_rule || cov.chase >= 100);  // the chasers' games close many chases
  EXPECT_TRUE(!v.rescue || cov.rescue_decisions > 0);
  EXPECT_TRUE(!v.captain_two_step || cov.captain_two_steps > 0);
  EXPECT_TRUE(!(v.moving_bombs || v.moving_flag) || cov.walker_moves > 0);
  EXPECT_TRUE(v.army[kAngerCaptain] == 0 || cov.anger_follow_ups > 0);
  EXPECT_TRUE(v.army[kRangedMajor] == 0 || (cov.ranged_near > 0 && cov.ranged_far > 0));
  EXPECT_GT(cov.scout_far_attacks, 0);
}

std::string param_name(const ::testing::TestParamInfo<std::string>& info) {
  std::string name = info.param;
  for (char& c : name)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  return name;
}

INSTANTIATE_TEST_SUITE_P(EveryVariant, MovegenDifferential,
                         ::testing::ValuesIn(seeded::all_variant_specs()), param_name);

}  // namespace
}  // namespace stratego
