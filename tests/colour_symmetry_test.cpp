// The bots judge both armies alike: a position seen by Red and the same position with the
// colours swapped and the board turned end over end, seen by Blue, must get the same rules
// beliefs and move scores, evaluation, search belief and flag-race answers. A slip that treats
// one colour differently (a row counted from the wrong back row) shows here before it shows as
// a lean in match scores.
#include <gtest/gtest.h>

#include <cmath>

#include "engine/movegen.h"
#include "engine/view.h"
#include "eval/belief.h"
#include "eval/values/classic_evaluation.h"
#include "heuristic/classic_rules_eval.h"
#include "heuristic/classic_rules_knowledge.h"
#include "search/flag_race.h"
#include "support/seeded_games.h"

namespace stratego {
namespace {

int turned(const Geometry& g, int sq) { return g.square(g.col(sq), g.height() - 1 - g.row(sq)); }

Piece swapped(Piece p) {
  return p == kNoPiece ? p : make_piece(other(piece_side(p)), piece_kind(p));
}

TwoSquareRun turned(const Geometry& g, const TwoSquareRun& r) {
  if (r.count == 0) return r;
  return {std::uint8_t(turned(g, r.from)), std::uint8_t(turned(g, r.to)), r.count};
}

Result swapped(Result r) {
  if (r.winner == Winner::kRed || r.winner == Winner::kBlue)
    r.winner = r.winner == Winner::kRed ? Winner::kBlue : Winner::kRed;
  return r;
}

// The same game with the colours swapped and the board turned.
State mirrored(const State& s) {
  const Geometry& g = s.geometry();
  State m(s.variant_ptr());
  for (int sq : squares(s.occupied()))
    m.put(turned(g, sq), other(piece_side(s.at(sq))), piece_kind(s.at(sq)), s.flags(sq));
  m.set_side_to_move(other(s.side_to_move()));
  m.set_moves_played(s.moves_played());
  m.set_result(swapped(s.result()));
  for (Side side : {kRed, kBlue}) {
    m.set_run(other(side), turned(g, s.run(side)));
    for (Kind k : kAllKinds)
      m.set_captured(other(side), k, s.captured(side, k), s.captured_silent(side, k));
  }
  return m;
}

// The view of the other player in the mirrored game.
View mirrored(const View& v) {
  const Geometry& g = v.variant->geometry;
  View m = v;
  m.viewer = other(v.viewer);
  m.side_to_move = other(v.side_to_move);
  m.board = {};
  for (int sq = 0; sq < g.num_squares(); ++sq)
    m.board[std::size_t(turned(g, sq))] = {swapped(v.board[std::size_t(sq)].piece),
                                           v.board[std::size_t(sq)].flags};
  m.runs = {turned(g, v.runs[kBlue]), turned(g, v.runs[kRed])};
  m.captured_known = {v.captured_known[kBlue], v.captured_known[kRed]};
  m.captured_unknown = {v.captured_unknown[kBlue], v.captured_unknown[kRed]};
  m.rescues_used = {v.rescues_used[kBlue], v.rescues_used[kRed]};
  m.result = swapped(v.result);
  return m;
}

// The rules knowledge of a player and of the other player in the mirrored game agree on every
// square: the same kind sets, and beliefs equal up to rounding (squares summed in another
// order).
testing::AssertionResult same_knowledge(const heuristic::EnemyKnowledge& a,
                                        const heuristic::EnemyKnowledge& b, const Geometry& g) {
  for (int sq = 0; sq < g.num_squares(); ++sq) {
    if (a.mask(sq) != b.mask(turned(g, sq)))
      return testing::AssertionFailure() << "kind sets differ on " << g.square_name(sq);
    for (Kind k : kAllKinds)
      if (std::abs(a.belief(sq)[k] - b.belief(turned(g, sq))[k]) > 1e-12)
        return testing::AssertionFailure() << "beliefs differ on " << g.square_name(sq);
  }
  return testing::AssertionSuccess();
}

// The same for the search's belief (set-up prior included); `pieces` counts the pieces compared.
testing::AssertionResult same_belief(const eval::Belief& a, const eval::Belief& b,
                                     const Geometry& g, int& pieces) {
  const eval::Marginals ma = a.marginals(), mb = b.marginals();
  for (int sq = 0; sq < g.num_squares(); ++sq) {
    const int pa = a.tracker().piece_at(sq);
    if (pa < 0) continue;
    const int pb = b.tracker().piece_at(turned(g, sq));
    if (pb < 0) return testing::AssertionFailure() << "no piece mirrors " << g.square_name(sq);
    for (Kind k : ma.kinds)
      if (std::abs(ma.prob(a.tracker(), pa, k) - mb.prob(b.tracker(), pb, k)) > 1e-9)
        return testing::AssertionFailure() << "beliefs differ on " << g.square_name(sq);
    ++pieces;
  }
  return testing::AssertionSuccess();
}

TEST(ColourSymmetry, C_8_1_TheRulesJudgementIsTheSameForEitherColour) {
  for (const char* spec : {"classic", "barrage"}) {
    const auto v = seeded::load(spec);
    const Geometry& g = v->geometry;
    int compared = 0;
    for (std::uint64_t game = 0; game < 4; ++game) {
      State s = seeded::seeded_start(v, seeded::seed_of(spec, 40 + game));
      Rng rng(seeded::seed_of(spec, 50 + game));
      MoveList list;
      for (int ply = 0; ply < 200 && !s.over(); ++ply) {
        generate_moves(s, list);
        if (list.size == 0) break;
        if (ply % 10 == 0) {
          const Side me = s.side_to_move();
          const View view = make_view(s, me), flip = mirrored(view);
          heuristic::EnemyKnowledge know, know_flip;
          know.reset(v, me);
          know.update(view);
          know_flip.reset(v, other(me));
          know_flip.update(flip);
          ASSERT_TRUE(same_knowledge(know, know_flip, g))
              << spec << " game " << game << " ply " << ply;
          const State sm = mirrored(s);
          ASSERT_TRUE(make_view(sm, other(me)) == flip);
          for (Side side : {kRed, kBlue})
            ASSERT_NEAR(eval::classic_margin(s, side), eval::classic_margin(sm, other(side)), 1e-9)
                << spec << " game " << game << " ply " << ply;
          // The prior counts rows from each army's own back row.
          int pieces = 0;
          ASSERT_TRUE(same_belief(eval::Belief(view), eval::Belief(flip), g, pieces))
              << spec << " game " << game << " ply " << ply;
          const heuristic::ClassicRulesEval eval(view, know), eval_flip(flip, know_flip);
          for (int i = 0; i < list.size; ++i) {
            const Move m = list[i];
            if (m.type() != MoveType::kNormal) continue;
            const Move mf = Move::normal(turned(g, m.from()), turned(g, m.to()));
            ASSERT_NEAR(eval.score(m), eval_flip.score(mf), 1e-9)
                << spec << " game " << game << " ply " << ply << " " << g.square_name(m.from())
                << "-" << g.square_name(m.to());
            ++compared;
          }
        }
        s.make(list[int(rng.below(std::uint32_t(list.size)))]);
      }
    }
    EXPECT_GT(compared, 200) << spec;
  }
}

// The same along a game: the game and its mirror (Blue moving first) played move for move,
// each player following it by its observations.
TEST(ColourSymmetry, C_8_2_ObservationsAreFollowedAlikeForEitherColour) {
  for (const char* spec : {"classic", "barrage"}) {
    const auto v = seeded::load(spec);
    const Geometry& g = v->geometry;
    int compared = 0;
    for (std::uint64_t game = 0; game < 3; ++game) {
      State s = seeded::seeded_start(v, seeded::seed_of(spec, 60 + game));
      State sm = mirrored(s);
      Rng rng(seeded::seed_of(spec, 70 + game));
      std::array<heuristic::EnemyKnowledge, 2> know, know_m;
      for (Side side : {kRed, kBlue}) {
        know[side].reset(v, side);
        know[side].update(make_view(s, side));
        know_m[other(side)].reset(v, other(side));
        know_m[other(side)].update(make_view(sm, other(side)));
      }
      eval::Belief red(make_view(s, kRed)), blue_m(make_view(sm, kBlue));
      MoveList list;
      for (int ply = 0; ply < 160 && !s.over(); ++ply) {
        generate_moves(s, list);
        if (list.size == 0) break;
        const Move m = list[int(rng.below(std::uint32_t(list.size)))];
        s.make(m);
        sm.make(Move::normal(turned(g, m.from()), turned(g, m.to())));
        for (Side side : {kRed, kBlue}) {
          const View view = make_view(s, side), view_m = make_view(sm, other(side));
          ASSERT_TRUE(mirrored(view) == view_m) << spec << " ply " << ply;
          know[side].observe(observe(s, s.history().back(), side), view);
          know_m[other(side)].observe(observe(sm, sm.history().back(), other(side)), view_m);
        }
        red.update(observe(s, s.history().back(), kRed), make_view(s, kRed));
        blue_m.update(observe(sm, sm.history().back(), kBlue), make_view(sm, kBlue));
        if (ply % 10 != 9 || s.over()) continue;
        for (Side side : {kRed, kBlue}) {
          know[side].update(make_view(s, side));
          know_m[other(side)].update(make_view(sm, other(side)));
          ASSERT_TRUE(same_knowledge(know[side], know_m[other(side)], g)) << spec << " ply " << ply;
        }
        ASSERT_TRUE(same_belief(red, blue_m, g, compared)) << spec << " ply " << ply;
      }
    }
    EXPECT_GT(compared, 100) << spec;
  }
}

// The flag race (search/flag_race.h) on thinned random positions and their mirrors: the same
// answer for either colour, and some positions where the Flag does fall.
TEST(ColourSymmetry, TheFlagRaceIsTheSameForEitherColour) {
  const auto v = seeded::load("classic");
  int falls = 0, compared = 0;
  for (std::uint64_t game = 0; game < 40; ++game) {
    State s = seeded::seeded_start(v, seeded::seed_of("race", game), 0.25);
    Rng rng(seeded::seed_of("race moves", game));
    MoveList list;
    for (int ply = 0; ply < 60 && !s.over(); ++ply) {
      generate_moves(s, list);
      if (list.size == 0) break;
      if (ply % 6 == 0) {
        State m = mirrored(s);
        const Side defender = other(s.side_to_move());
        const search::FlagDistances d = search::flag_distances(s, defender),
                                    dm = search::flag_distances(m, other(defender));
        for (int moves = 1; moves <= 3; ++moves) {
          const bool falls_here = search::flag_falls(s, moves, d);
          ASSERT_EQ(falls_here, search::flag_falls(m, moves, dm)) << game << " " << ply;
          falls += falls_here;
          ++compared;
        }
      }
      s.make(list[int(rng.below(std::uint32_t(list.size)))]);
    }
  }
  EXPECT_GT(compared, 200);
  EXPECT_GT(falls, 5);
}

}  // namespace
}  // namespace stratego
