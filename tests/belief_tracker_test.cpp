// Hand-built observation histories whose beliefs are known exactly: a revealed Scout, a piece
// that moved two squares, a piece forced to be the Flag by elimination, what a silent defence
// tells (V-6), a back-row arrival with and without a rescue (V-5), a moving Flag (V-4), and
// impossible histories that must fail with a message naming the observation.
#include <gtest/gtest.h>

#include "eval/belief.h"
#include "support/belief_games.h"
#include "support/position_builder.h"
#include "support/random_games.h"

namespace stratego {
namespace {

using eval::kind_bit;
using test_support::Placed;

// A position with these pieces on the board and the rest of each army captured face up, so
// that the counts add up to the army.
State full_position(std::string_view spec, std::initializer_list<Placed> pieces,
                    Side to_move = kRed) {
  State s = test_support::position(spec, pieces, to_move);
  for (Side side : {kRed, kBlue}) {
    std::array<int, kNumKinds> on_board{};
    for (int sq : squares(s.side_bb(side))) ++on_board[piece_kind(s.at(sq))];
    for (Kind k : kAllKinds) s.set_captured(side, k, s.variant().army[k] - on_board[k], 0);
  }
  return s;
}

// Plays moves in s and feeds them to the belief of `viewer`.
struct Played {
  State state;
  eval::Belief belief;
  Played(State s, Side viewer, eval::BeliefOptions o = eval::counts_only_options())
      : state(std::move(s)), belief(make_view(state, viewer), o) {}
  void play(std::string_view move) {
    test_support::play(state, move);
    belief.update(observe(state, state.history().back(), belief.tracker().viewer()),
                  make_view(state, belief.tracker().viewer()));
  }
  const eval::EnemyPiece& at(std::string_view sq) const {
    const int i = belief.tracker().piece_at(test_support::square_of(state, sq));
    if (i < 0) throw std::logic_error("no enemy piece on " + std::string(sq));
    return belief.tracker().pieces()[std::size_t(i)];
  }
  double prob(std::string_view sq, Kind k) const {
    const int i = belief.tracker().piece_at(test_support::square_of(state, sq));
    return belief.marginals().prob(belief.tracker(), i, k);
  }
};

TEST(BeliefTracker, C_8_3_AMoveOfTwoOrMoreSquaresShowsAScoutWithProbabilityOne) {
  Played g(full_position("classic", {{"a1", kRed, kFlag},
                                     {"b2", kRed, kMarshal},
                                     {"e7", kBlue, kScout},
                                     {"f9", kBlue, kScout},
                                     {"j10", kBlue, kFlag},
                                     {"a10", kBlue, kBomb}}),
           kRed);
  g.play("b2-b3");
  g.play("e7-e4");
  EXPECT_EQ(g.at("e4").mask, kind_bit(kScout));
  EXPECT_TRUE(g.at("e4").shown);
  EXPECT_DOUBLE_EQ(g.prob("e4", kScout), 1.0);
  // The other Scout is still open: it shares the unmoved pieces' kinds.
  EXPECT_GT(g.prob("f9", kScout), 0.0);
  EXPECT_LT(g.prob("f9", kScout), 1.0);
  // Exactly two squares is a long move too.
  g.play("b3-b4");
  g.play("f9-f7");
  EXPECT_EQ(g.at("f7").mask, kind_bit(kScout));
  EXPECT_DOUBLE_EQ(g.prob("f7", kScout), 1.0);
  EXPECT_DOUBLE_EQ(g.prob("j10", kScout), 0.0);  // both Scouts are accounted for
}

TEST(BeliefTracker, C_4_5_TwoSquaresStraightInUltimateLightningIsAScoutOrACaptain) {
  Played g(full_position("ultimate-lightning", {{"a1", kRed, kFlag},
                                                {"b2", kRed, kMarshal},
                                                {"e7", kBlue, kCaptain},
                                                {"f9", kBlue, kScout},
                                                {"j10", kBlue, kFlag},
                                                {"a10", kBlue, kBomb}}),
           kRed);
  g.play("b2-b3");
  g.play("e7-e5");
  EXPECT_EQ(g.at("e5").mask, kind_bit(kScout) | kind_bit(kCaptain));
  EXPECT_FALSE(g.at("e5").shown);
  EXPECT_NEAR(g.prob("e5", kScout) + g.prob("e5", kCaptain), 1.0, 1e-9);
}

TEST(BeliefTracker, C_8_3_APieceForcedToBeTheFlagByElimination) {
  // Blue keeps a Flag, a Bomb and a Scout. The Scout moves one square (so it is no Bomb or
  // Flag, hence the Scout), then a Red Sergeant dies on the Bomb: what is left is the Flag.
  Played g(full_position("classic", {{"a1", kRed, kFlag},
                                     {"e6", kRed, kSergeant},
                                     {"a4", kRed, kScout},
                                     {"e7", kBlue, kBomb},
                                     {"h9", kBlue, kFlag},
                                     {"c9", kBlue, kScout}}),
           kRed);
  EXPECT_NEAR(g.prob("h9", kFlag), 1.0 / 3, 1e-9);
  g.play("a4-a5");
  g.play("c9-c8");
  EXPECT_EQ(g.at("c8").mask, kind_bit(kScout));
  EXPECT_FALSE(g.at("c8").shown);  // known by elimination, not shown
  EXPECT_NEAR(g.prob("h9", kFlag), 0.5, 1e-9);
  g.play("e6-e7");
  EXPECT_EQ(g.at("e7").mask, kind_bit(kBomb));
  EXPECT_EQ(g.at("h9").mask, kind_bit(kFlag));
  EXPECT_DOUBLE_EQ(g.prob("h9", kFlag), 1.0);
}

TEST(BeliefTracker, V_6_ASilentDefenceTellsHigherThanTheAttackerOrABomb) {
  const auto blue = {Placed{"e5", kBlue, kColonel}, Placed{"g9", kBlue, kSergeant},
                     Placed{"j10", kBlue, kFlag}, Placed{"a10", kBlue, kBomb}};
  {
    State s =
        full_position("classic+silent-defence", {{"a1", kRed, kFlag}, {"e4", kRed, kCaptain}});
    for (const Placed& p : blue) s.put(test_support::square_of(s, p.square), p.side, p.kind);
    s.set_captured(kBlue, kColonel, 1, 0);
    s.set_captured(kBlue, kSergeant, 3, 0);
    s.set_captured(kBlue, kFlag, 0, 0);
    s.set_captured(kBlue, kBomb, 5, 0);
    Played g(s, kRed);
    g.play("e4-e5");  // the Captain dies on the hidden Colonel
    EXPECT_EQ(g.at("e5").mask, kind_bit(kColonel) | kind_bit(kBomb));
    EXPECT_FALSE(g.at("e5").shown);
  }
  {
    State s =
        full_position("classic+silent-defence", {{"a1", kRed, kFlag}, {"e4", kRed, kMarshal}});
    for (const Placed& p : blue) s.put(test_support::square_of(s, p.square), p.side, p.kind);
    s.set_captured(kBlue, kColonel, 1, 0);
    s.set_captured(kBlue, kSergeant, 3, 0);
    s.set_captured(kBlue, kFlag, 0, 0);
    s.set_captured(kBlue, kBomb, 5, 0);
    Played g(s, kRed);
    g.play("e4-e5");  // the Marshal takes it without learning what it was
    const auto& t = g.belief.tracker();
    int face_down = 0;
    for (const auto& p : t.pieces())
      if (!p.alive() && p.silent) {
        ++face_down;
        // Lower than the Marshal and no Flag (taking the Flag would have ended the game).
        EXPECT_EQ(p.mask, kind_bit(kColonel) | kind_bit(kSergeant));
      }
    EXPECT_EQ(face_down, 1);
    EXPECT_EQ(g.belief.view().captured_unknown[kBlue], 1);
  }
}

TEST(BeliefTracker, V_5_OnlyAScoutReachesTheBackRowWithoutARescue) {
  const auto pieces = {Placed{"a2", kRed, kFlag},   Placed{"j4", kRed, kMarshal},
                       Placed{"e2", kBlue, kScout}, Placed{"f2", kBlue, kMiner},
                       Placed{"j10", kBlue, kFlag}, Placed{"a10", kBlue, kBomb}};
  {
    Played g(full_position("classic+rescue", pieces), kRed);
    g.play("j4-j5");
    g.play("e2-e1");  // the Scout reaches row 1 and earns nothing
    EXPECT_EQ(g.at("e1").mask, kind_bit(kScout));
  }
  {
    Played g(full_position("classic+rescue", pieces), kRed);
    g.play("j4-j5");
    g.play("f2-f1");  // the Miner earns a rescue
    EXPECT_TRUE(g.belief.view().pending_rescue);
    EXPECT_FALSE(g.at("f1").mask & kind_bit(kScout));
    g.play("R:F@b9");  // a Sergeant comes back, face up
    EXPECT_EQ(g.at("b9").mask, kind_bit(kSergeant));
    EXPECT_TRUE(g.at("f1").rescuer);
  }
}

TEST(BeliefTracker, V_4_AFlagThatReachesTheBackRowWins) {
  Played g(full_position("classic+moving-flag", {{"a2", kRed, kFlag},
                                                 {"j4", kRed, kMarshal},
                                                 {"e2", kBlue, kFlag},
                                                 {"f2", kBlue, kMiner},
                                                 {"a10", kBlue, kBomb}}),
           kRed);
  g.play("j4-j5");
  g.play("f2-f1");  // the game goes on: no Flag
  EXPECT_FALSE(g.at("f1").mask & kind_bit(kFlag));
  g.play("j5-j6");
  g.play("e2-e1");
  EXPECT_EQ(g.at("e1").mask, kind_bit(kFlag));
}

// A belief can start from any view (a bot that joins late, a record that starts from a
// position): pieces that moved before it have no start square, pieces captured face down no
// history; the truth must still be allowed, and determinizations must give the view back.
TEST(BeliefTracker, ABeliefCanStartFromAViewTakenMidGame) {
  for (const std::string spec :
       {"classic+silent-defence", "clone-wars-powers+rescue+silent-defence"}) {
    const auto g = test_support::play_seeded(spec, seeded::seed_of(spec, 21), 150);
    const State& truth = g.states.back();
    for (Side viewer : {kRed, kBlue}) {
      const View view = make_view(truth, viewer);
      const eval::Belief b(view);
      for (const eval::EnemyPiece& p : b.tracker().pieces()) {
        if (!p.alive()) continue;
        EXPECT_TRUE(p.mask & kind_bit(piece_kind(truth.at(p.square)))) << spec;
      }
      eval::BeliefSampler sampler = b.sampler(3);
      for (int n = 0; n < 20; ++n)
        ASSERT_TRUE(make_view(sampler.sample_state(), viewer) == view) << spec;
    }
  }
}

// Blue first hears of a game after Red's opening move. Built from the view rebuilt before
// that move, its belief is the one it would have had watching from the start: the moved piece
// keeps its start square, and in Barrage the empty set-up squares stay evidence.
TEST(BeliefTracker, ABeliefFromTheViewBeforeTheOpeningIsTheBeliefFromTheStart) {
  for (const char* spec : {"classic", "barrage"}) {
    auto v = std::make_shared<const Variant>(load_variant(spec));
    Rng rng(5);
    const State start = initial_state(v, random_setup(*v, kRed, rng), random_setup(*v, kBlue, rng));
    MoveList list;
    generate_moves(start, list);
    State after = start;
    after.make(list[0]);
    const ObservedMove seen = observe(after, after.history().back(), kBlue);
    ASSERT_FALSE(seen.attack);
    const View now = make_view(after, kBlue);

    eval::Belief watched(make_view(start, kBlue));
    watched.update(seen, now);
    eval::Belief rebuilt(*view_before_opening(seen, now));
    rebuilt.update(seen, now);
    const eval::Belief late(now);

    const int moved = rebuilt.tracker().piece_at(list[0].to());
    EXPECT_EQ(rebuilt.tracker().pieces()[std::size_t(moved)].start, list[0].from()) << spec;
    EXPECT_EQ(late.tracker().pieces()[std::size_t(late.tracker().piece_at(list[0].to()))].start,
              -1);
    EXPECT_TRUE(rebuilt.weights().isApprox(watched.weights())) << spec;
    EXPECT_FALSE(late.weights().isApprox(watched.weights())) << spec;
  }
}

// The same when the opening move was a Scout's strike across the open middle (Barrage's
// sparse set-ups leave open files): the struck piece keeps its start square too.
TEST(BeliefTracker, ABeliefFromTheViewBeforeAnOpeningStrikeIsTheBeliefFromTheStart) {
  auto v = std::make_shared<const Variant>(load_variant("barrage"));
  Rng rng(5);
  int strikes = 0;
  for (int game = 0; game < 200 && strikes < 5; ++game) {
    const State start = initial_state(v, random_setup(*v, kRed, rng), random_setup(*v, kBlue, rng));
    MoveList list;
    generate_moves(start, list);
    for (int i = 0; i < list.size; ++i) {
      if (start.at(list[i].to()) == kNoPiece) continue;
      State after = start;
      after.make(list[i]);
      if (after.over()) continue;  // the Flag was struck: nothing left to believe
      const ObservedMove seen = observe(after, after.history().back(), kBlue);
      ASSERT_TRUE(seen.attack);
      const View now = make_view(after, kBlue);
      eval::Belief watched(make_view(start, kBlue));
      watched.update(seen, now);
      const std::optional<View> before = view_before_opening(seen, now);
      ASSERT_TRUE(before);
      eval::Belief rebuilt(*before);
      rebuilt.update(seen, now);
      EXPECT_TRUE(rebuilt.weights().isApprox(watched.weights()));
      ++strikes;
      break;
    }
  }
  EXPECT_EQ(strikes, 5);
}

TEST(BeliefTracker, ImpossibleHistoriesFailNamingTheObservation) {
  const State s = full_position("classic", {{"a1", kRed, kFlag},
                                            {"b2", kRed, kMarshal},
                                            {"e7", kBlue, kBomb},
                                            {"j10", kBlue, kFlag},
                                            {"c9", kBlue, kScout}});
  const View start = make_view(s, kRed);
  // An unrevealed Blue move of a piece that can only be the Bomb or the Flag: the counts leave
  // one movable piece (the Scout on c9), so a second moving piece cannot be.
  eval::PieceTracker t(start);
  ObservedMove a;
  a.mover = kRed;
  a.move = Move::normal(test_support::square_of(s, "b2"), test_support::square_of(s, "b3"));
  a.mover_kind = kMarshal;
  State after = s;
  test_support::play(after, "b2-b3");
  t.update(a, make_view(after, kRed));
  ObservedMove b;
  b.mover = kBlue;
  b.move = Move::normal(test_support::square_of(s, "c9"), test_support::square_of(s, "c8"));
  test_support::play(after, "c9-c8");
  t.update(b, make_view(after, kRed));
  ObservedMove c;
  c.mover = kBlue;
  c.move = Move::normal(test_support::square_of(s, "e7"), test_support::square_of(s, "e6"));
  State forged = after;
  forged.remove(test_support::square_of(s, "e7"));
  forged.put(test_support::square_of(s, "e6"), kBlue, kScout, kMovedFlag);
  test_support::expect_input_error([&] { t.update(c, make_view(forged, kRed)); },
                                   {"observation 3 (e7-e6)", "blue's piece from e7", "bomb"});
  // A move from a square where no enemy piece stands.
  eval::PieceTracker t2(start);
  ObservedMove d = b;
  d.move = Move::normal(test_support::square_of(s, "d9"), test_support::square_of(s, "d8"));
  test_support::expect_input_error([&] { t2.update(d, start); },
                                   {"observation 1 (d9-d8)", "no blue piece stands on d9"});
  // A start view whose pieces do not add up to the army.
  View broken = start;
  broken.captured_known[kBlue][kMiner] = 0;
  test_support::expect_input_error([&] { eval::PieceTracker bad(broken); },
                                   {"the start view", "the army has 40"});
}

}  // namespace
}  // namespace stratego
