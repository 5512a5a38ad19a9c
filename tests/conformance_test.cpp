// The conformance suite every variant of both families must pass (STYLE.md: "one shared
// conformance suite runs on every game"), written once over the GameFamily interface
// (engine/family.h) and instantiated for classic and Waterloo: seeded random games from
// random set-ups to a result, checking at every step that
//   - undo() restores the state exactly and a second apply() of the same action gives the
//     same state again; chance probabilities are positive and sum to 1;
//   - the action's token reads back as the same action; and, in the first games of each
//     variant, the position's notation reads back to the same notation, and each side's
//     view does too (the notation round trip);
//   - the family's own bookkeeping holds (classic: the incremental Zobrist hash equals one
//     recomputed from scratch, pieces are conserved, C-7.3; Waterloo: mailbox, bitboards
//     and units agree, terrain and hand limits);
// and at the end that the result is one the rules allow (C-7, V-4, W-11, W-13) and that
// undoing every step returns the start state.
#include <gtest/gtest.h>

#include <cctype>
#include <iostream>
#include <map>

#include "engine/classic_family.h"
#include "engine/movegen.h"
#include "engine/waterloo/family.h"
#include "engine/zobrist.h"
#include "reference/movegen.h"
#include "support/seeded_games.h"
#include "tests/support/waterloo_play.h"

namespace stratego {
namespace {

std::uint64_t hash_from_scratch(const State& s) {
  std::uint64_t h = 0;
  for (int sq = 0; sq < s.geometry().num_squares(); ++sq)
    if (s.at(sq) != kNoPiece) h ^= kZobrist.piece[s.at(sq)][sq];
  return s.side_to_move() == kBlue ? h ^ kZobrist.blue_to_move : h;
}

// Every piece of the army is on the board or in the captured pile (a rescue moves one back).
void expect_pieces_conserved(const State& s) {
  const Variant& v = s.variant();
  std::array<std::array<int, kNumKinds>, 2> on_board{};
  for (int sq = 0; sq < s.geometry().num_squares(); ++sq)
    if (s.at(sq) != kNoPiece) ++on_board[piece_side(s.at(sq))][piece_kind(s.at(sq))];
  for (Side side : {kRed, kBlue}) {
    for (Kind k : kAllKinds) {
      EXPECT_EQ(on_board[side][k] + s.captured(side, k), v.army[k])
          << side_name(side) << " " << kind_name(k) << " at ply " << s.ply();
      EXPECT_LE(s.captured_silent(side, k), s.captured(side, k));
    }
  }
}

// A piece of side s that the variant lets move at all (C-4.3, V-3, V-4), by its own count.
bool has_movable_piece(const State& s, Side side) {
  const Variant& v = s.variant();
  for (int sq = 0; sq < s.geometry().num_squares(); ++sq) {
    const Piece p = s.at(sq);
    if (p == kNoPiece || piece_side(p) != side) continue;
    const Kind k = piece_kind(p);
    if ((k != kBomb && k != kFlag) || (k == kBomb && v.moving_bombs) ||
        (k == kFlag && v.moving_flag))
      return true;
  }
  return false;
}

// The end of the game agrees with the position it ended in.
void expect_sensible_result(const State& s) {
  const Variant& v = s.variant();
  const Result r = s.result();
  ASSERT_TRUE(r.over());
  const auto& h = s.history();
  switch (r.reason) {
    case EndReason::kFlagCaptured: {  // C-7.1
      ASSERT_TRUE(r.winner == Winner::kRed || r.winner == Winner::kBlue);
      const Side loser = r.winner == Winner::kRed ? kBlue : kRed;
      EXPECT_EQ(s.kind_bb(loser, kFlag), Bitboard{0});
      EXPECT_EQ(s.captured(loser, kFlag), 1);
      ASSERT_FALSE(h.empty());
      EXPECT_EQ(piece_kind(h.back().target), kFlag);
      break;
    }
    case EndReason::kNoMoves:  // C-7.2: applied by the caller when the mover had no move
      EXPECT_EQ(r.winner, winner_of(other(s.side_to_move())));
      break;
    case EndReason::kNoMovablePieces:  // C-7.3
      EXPECT_EQ(r.winner, Winner::kDraw);
      EXPECT_FALSE(has_movable_piece(s, kRed));
      EXPECT_FALSE(has_movable_piece(s, kBlue));
      break;
    case EndReason::kMoveLimit:  // C-7.4
      EXPECT_EQ(r.winner, Winner::kDraw);
      EXPECT_GE(s.moves_played(), v.move_limit);
      break;
    case EndReason::kNoAttackLimit: {  // C-6.3: the last moves attacked nothing
      EXPECT_EQ(r.winner, Winner::kDraw);
      ASSERT_GT(v.no_attack_limit, 0);
      int quiet = 0;
      for (auto it = h.rbegin(); it != h.rend() && it->target == kNoPiece; ++it)
        if (it->move.is_normal()) ++quiet;
      EXPECT_GE(quiet, v.no_attack_limit);
      break;
    }
    case EndReason::kFlagReachedBack: {  // V-4
      ASSERT_TRUE(v.moving_flag);
      ASSERT_FALSE(h.empty());
      const Side winner = r.winner == Winner::kRed ? kRed : kBlue;
      EXPECT_EQ(h.back().mover, make_piece(winner, kFlag));
      EXPECT_EQ(s.geometry().row(h.back().move.to()), v.back_row(other(winner)));
      break;
    }
    default:
      ADD_FAILURE() << "a random game ended by " << end_reason_name(r.reason);
  }
}

// What the suite needs of a family beyond GameFamily: its variants, its starts and move
// choice, its own bookkeeping checks. Classic games start from seeded set-ups (full and
// thinned) with biased play (repetitions, rescues, V-4); Waterloo from the variant's start,
// set-ups and all.
struct ClassicSuite {
  using F = ClassicFamily;
  static constexpr int kGames = 40;
  static constexpr int kNotationGames = 3;  // of them, with the round trip at every ply (costly)
  static std::vector<std::string> variants() { return seeded::all_variant_specs(); }
  static std::shared_ptr<const Variant> load(const std::string& spec) { return seeded::load(spec); }
  static std::uint64_t seed(const std::string& spec, int game) {
    return seeded::seed_of(spec, 1000 + std::uint64_t(game));
  }
  static State start(std::shared_ptr<const Variant> v, std::uint64_t seed, int game) {
    return seeded::seeded_start(std::move(v), seed, game % 2 ? 0.3 : 1.0);
  }
  static Move choose(const State& s, const MoveList& list, Rng& rng, int game) {
    const seeded::Bias bias = game % 4 < 2 ? seeded::Bias{} : seeded::Bias{0.2, 0.4, 0.4, 0.4};
    return seeded::choose_move(s, list, rng, bias);
  }
  static void setup(State&, Rng&) {}
  // C-7.2 is the caller's to apply; the reference must agree there is no move.
  static void no_moves(State& s) {
    ASSERT_TRUE(reference::legal_moves(s).empty()) << reference::describe(s);
    s.declare_no_moves();
  }
  static bool same(const State& a, const State& b) {
    return a == b && a.hash() == b.hash() && a.ply() == b.ply();
  }
  static int history(const State& s) { return s.ply(); }
  static void after_apply(const State& s) {
    ASSERT_EQ(s.hash(), hash_from_scratch(s));
    if (!s.over() && !has_movable_piece(s, kRed) && !has_movable_piece(s, kBlue))
      ADD_FAILURE() << "C-7.3: nobody can move but the game goes on\n" << reference::describe(s);
    if (s.ply() % 50 == 0) expect_pieces_conserved(s);
  }
  static void at_end(const State& s) {
    expect_pieces_conserved(s);
    expect_sensible_result(s);
    // A game ends within the move limit (rescue decisions are plies but not moves).
    EXPECT_TRUE(s.variant().move_limit == 0 || s.moves_played() <= s.variant().move_limit);
  }
  static void after_undo_all(const State& s) { EXPECT_EQ(s.hash(), hash_from_scratch(s)); }
};

namespace wl {
using namespace waterloo;

// The mailbox, the side bitboards and the units' own records agree.
void expect_waterloo_consistent(const WaterlooState& s) {
  Bitboard seen[2] = {0, 0};
  for (int id = 0; id < s.num_units(); ++id) {
    const UnitState& u = s.unit(id);
    if (u.where != Where::kBoard) continue;
    ASSERT_EQ(s.unit_at(u.sq), id);
    seen[army_side(s.unit_info(id).army)] |= square_bb(u.sq);
    ASSERT_GE(u.strength, 1u * (s.unit_info(id).strength > 0));
    ASSERT_LE(u.strength, s.unit_info(id).strength);
    // Terrain (W-10.2, W-14.3): only infantry inside intact buildings; no artillery in mud.
    const UnitClass k = s.unit_info(id).cls;
    const int t = s.tile_at(u.sq);
    const bool infantry = k == UnitClass::kInfantry || k == UnitClass::kLightInfantry;
    if (t >= 0 && s.tile_hp(t) > 0 && s.rules().tiles[t].kind == TileKind::kBuilding) {
      ASSERT_TRUE(infantry) << s.geometry().square_name(u.sq);
    }
    if (k == UnitClass::kArtillery) {
      ASSERT_FALSE(test(s.rules().mud, u.sq));
    }
    if (s.unit_info(id).army == Army::kPrussian) {
      ASSERT_GE(s.turn(), s.rules().prussian_turn);
    }
  }
  ASSERT_TRUE(seen[0] == s.side_bb(kRed));
  ASSERT_TRUE(seen[1] == s.side_bb(kBlue));
  ASSERT_EQ(popcount(s.occupied()), popcount(seen[0]) + popcount(seen[1]));
  for (Side side : {kRed, kBlue}) {
    int cards = 0;
    for (auto c : s.hand(side)) cards += c;
    ASSERT_LE(cards, 8);
  }
}

}  // namespace wl

struct WaterlooSuite {
  using F = waterloo::WaterlooFamily;
  using State = waterloo::WaterlooState;
  static constexpr int kGames = 6;
  static constexpr int kNotationGames = 6;
  static std::vector<std::string> variants() {
    return {"waterloo-basic",
            "waterloo-standard",
            "waterloo-expert",
            "waterloo-expert-early-start",
            "waterloo-expert-prussian-roll",
            "waterloo-expert-mud",
            "waterloo-own-terrain"};
  }
  static std::shared_ptr<const Variant> load(const std::string& spec) {
    return waterloo::testing::load(spec);
  }
  static std::uint64_t seed(const std::string&, int game) { return 100 + std::uint64_t(game); }
  static State start(std::shared_ptr<const Variant> v, std::uint64_t, int) {
    return State(std::move(v));
  }
  static waterloo::Action choose(const State&, const waterloo::ActionList& list, Rng& rng, int) {
    return list[int(rng.below(std::uint32_t(list.size)))];
  }
  // A set-up is a step too: undone exactly, then made again.
  static void setup(State& s, Rng& rng) {
    const waterloo::Core before = s.core();
    const Side side = s.current_player();
    const waterloo::WaterlooSetup setup = s.random_setup(side, rng);
    s.apply_setup(side, setup);
    s.undo();
    ASSERT_TRUE(s.core() == before);
    s.apply_setup(side, setup);
  }
  static void no_moves(State& s) {
    FAIL() << "a Waterloo decision without actions: " << waterloo::phase_name(s.phase());
  }
  static bool same(const State& a, const State& b) { return a.core() == b.core(); }
  static int history(const State& s) { return s.history_size(); }
  static void after_apply(const State& s) { wl::expect_waterloo_consistent(s); }
  static void at_end(const State& s) { EXPECT_NE(s.result().reason, EndReason::kNone); }
  static void after_undo_all(const State&) {}
};

template <class Suite>
class Conformance : public ::testing::Test {};
using Suites = ::testing::Types<ClassicSuite, WaterlooSuite>;
TYPED_TEST_SUITE(Conformance, Suites);

// The position's and both views' notation read back to the same text.
template <class F>
void expect_notation_round_trip(const typename F::State& s,
                                const std::shared_ptr<const Variant>& v) {
  const std::string n = F::notation(s);
  ASSERT_EQ(F::notation(F::parse_state(n)), n);
  for (Side side : {kRed, kBlue}) {
    const std::string vn = F::view_notation(F::view(s, side));
    ASSERT_EQ(F::view_notation(F::parse_view(vn, v)), vn) << side_name(side);
  }
}

TYPED_TEST(Conformance, RandomGamesUndoNotationAndResults) {
  using Suite = TypeParam;
  using F = typename Suite::F;
  using State = typename F::State;
  for (const std::string& spec : Suite::variants()) {
    SCOPED_TRACE(spec);
    const auto variant = Suite::load(spec);
    std::map<std::string_view, int> endings;
    long steps = 0;
    for (int game = 0; game < Suite::kGames; ++game) {
      const std::uint64_t seed = Suite::seed(spec, game);
      State s = Suite::start(variant, seed, game);
      const State start = s;
      Rng rng(seed);
      typename F::ActionList list;
      for (long step = 0; !F::over(s); ++step) {
        ASSERT_LT(step, 20000) << "no result";
        const State before = s;
        const int history = Suite::history(s);
        if (F::setup_due(s)) {
          Suite::setup(s, rng);
        } else if (F::is_chance(s)) {
          typename F::Action out[kMaxChanceOutcomes];
          double prob[kMaxChanceOutcomes];
          const int n = F::chance_outcomes(s, out, prob, kMaxChanceOutcomes);
          double sum = 0;
          for (int i = 0; i < n; ++i) {
            ASSERT_GT(prob[i], 0.0);
            sum += prob[i];
          }
          ASSERT_NEAR(sum, 1.0, 1e-9);
          const auto a = sample_chance<F>(s, rng);
          F::apply(s, a);
          const State after = s;
          F::undo(s);
          ASSERT_TRUE(Suite::same(s, before));
          F::apply(s, a);
          ASSERT_TRUE(Suite::same(s, after));
        } else {
          F::legal_actions(s, list);
          if (list.size == 0) {
            Suite::no_moves(s);
            break;
          }
          const auto a = Suite::choose(s, list, rng, game);
          const std::string token = F::action_text(s, a);
          ASSERT_EQ(F::key(F::parse_action(s, token)), F::key(a)) << token;
          ASSERT_EQ(F::key(F::action(F::key(a))), F::key(a)) << token;
          F::apply(s, a);
          const State after = s;
          F::undo(s);
          ASSERT_TRUE(Suite::same(s, before)) << "undo of " << token << " did not restore";
          F::apply(s, a);
          ASSERT_TRUE(Suite::same(s, after))
              << "apply of " << token << " twice gave different states";
        }
        ++steps;
        ASSERT_EQ(Suite::history(s), history + 1);
        Suite::after_apply(s);
        if (game < Suite::kNotationGames) expect_notation_round_trip<F>(s, variant);
        if (::testing::Test::HasFatalFailure()) return;
      }
      Suite::at_end(s);
      ++endings[end_reason_name(F::result(s).reason)];
      while (Suite::history(s) > 0) F::undo(s);
      EXPECT_TRUE(Suite::same(s, start)) << "undoing the whole game did not return the start";
      Suite::after_undo_all(s);
    }
    std::cout << "[ endings  ] " << spec << ": " << steps << " steps;";
    for (const auto& [reason, n] : endings) std::cout << " " << reason << " " << n;
    std::cout << "\n";
  }
}

// Classic only: every kind of ply was made and unmade somewhere in the suite's games.
TEST(ClassicConformance, RescuesAndPowersArePlayed) {
  for (const std::string& spec : seeded::all_variant_specs()) {
    const auto variant = seeded::load(spec);
    if (!variant->rescue && variant->army[kAngerCaptain] == 0 && variant->army[kRangedMajor] == 0)
      continue;
    long rescues = 0, powers = 0;
    for (int game = 0; game < ClassicSuite::kGames && (rescues == 0 || powers == 0); ++game) {
      const std::uint64_t seed = ClassicSuite::seed(spec, game);
      State s = ClassicSuite::start(variant, seed, game);
      Rng rng(seed);
      MoveList list;
      while (!s.over()) {
        generate_moves(s, list);
        if (list.size == 0) break;
        const Move m = ClassicSuite::choose(s, list, rng, game);
        if (m.type() == MoveType::kRescue) ++rescues;
        if (m.type() == MoveType::kAngerAttack || m.type() == MoveType::kAngerStop ||
            m.type() == MoveType::kRanged)
          ++powers;
        s.make(m);
      }
    }
    EXPECT_TRUE(!variant->rescue || rescues > 0) << spec << ": no rescue was made";
    EXPECT_TRUE((variant->army[kAngerCaptain] == 0 && variant->army[kRangedMajor] == 0) ||
                powers > 0)
        << spec << ": no power was used";
  }
}

}  // namespace
}  // namespace stratego
