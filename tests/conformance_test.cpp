// The conformance suite every variant must pass (STYLE.md: "one shared conformance suite runs
// on every game"): seeded random games played to their end, checking at every ply that
//   - unmake() restores the state exactly (State::operator== and the hash) and a second
//     make() of the same move gives the same state again;
//   - the incremental Zobrist hash equals one recomputed from scratch (engine/zobrist.h);
//   - pieces are conserved: on the board plus captured is the army, per side and kind;
// and at the end that the result is one the rules allow (C-7, V-4) and that unmaking every
// ply returns the start state.
#include <gtest/gtest.h>

#include <cctype>
#include <iostream>
#include <map>

#include "engine/movegen.h"
#include "engine/zobrist.h"
#include "reference/movegen.h"
#include "support/seeded_games.h"

namespace stratego {
namespace {

constexpr int kGamesPerVariant = 40;

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

class Conformance : public ::testing::TestWithParam<std::string> {};

TEST_P(Conformance, RandomGamesMakeUnmakeHashAndResults) {
  const std::string spec = GetParam();
  const auto variant = seeded::load(spec);
  std::map<std::string_view, int> endings;
  long plies = 0, rescues = 0, powers = 0;  // powers: CW-3 and CW-4 decisions made
  for (int game = 0; game < kGamesPerVariant; ++game) {
    const std::uint64_t seed = seeded::seed_of(spec, 1000 + std::uint64_t(game));
    // Full set-ups and thinned ones; uniform play and play steered into repetitions and
    // towards the back row (rescues, V-4), so that every kind of ply is made and unmade.
    State s = seeded::seeded_start(variant, seed, game % 2 ? 0.3 : 1.0);
    const State start = s;
    Rng rng(seed);
    const seeded::Bias bias = game % 4 < 2 ? seeded::Bias{} : seeded::Bias{0.2, 0.4, 0.4, 0.4};
    while (!s.over()) {
      MoveList list;
      generate_moves(s, list);
      if (list.size == 0) {
        // C-7.2 is the caller's to apply; the reference must agree there is no move.
        ASSERT_TRUE(reference::legal_moves(s).empty()) << reference::describe(s);
        s.declare_no_moves();
        break;
      }
      const Move m = seeded::choose_move(s, list, rng, bias);
      if (m.type() == MoveType::kRescue) ++rescues;
      if (m.type() == MoveType::kAngerAttack || m.type() == MoveType::kAngerStop ||
          m.type() == MoveType::kRanged)
        ++powers;
      const State before = s;
      s.make(m);
      ++plies;
      ASSERT_EQ(s.hash(), hash_from_scratch(s)) << "after " << reference::move_text(*variant, m);
      if (!s.over() && !has_movable_piece(s, kRed) && !has_movable_piece(s, kBlue))
        ADD_FAILURE() << "C-7.3: nobody can move but the game goes on\n" << reference::describe(s);
      const State after = s;
      s.unmake();
      ASSERT_TRUE(s == before) << "unmake of " << reference::move_text(*variant, m)
                               << " did not restore\n"
                               << reference::describe(before);
      ASSERT_EQ(s.hash(), before.hash());
      ASSERT_EQ(s.ply(), before.ply());
      s.make(m);
      ASSERT_TRUE(s == after) << "make of " << reference::move_text(*variant, m)
                              << " twice gave different states";
      if (s.ply() % 50 == 0) expect_pieces_conserved(s);
    }
    expect_pieces_conserved(s);
    expect_sensible_result(s);
    ++endings[end_reason_name(s.result().reason)];
    // A game ends within the move limit (rescue decisions are plies but not moves).
    EXPECT_TRUE(variant->move_limit == 0 || s.moves_played() <= variant->move_limit);
    while (s.ply() > 0) s.unmake();
    EXPECT_TRUE(s == start) << "unmaking the whole game did not return the start\n"
                            << reference::describe(s);
    EXPECT_EQ(s.hash(), start.hash());
    EXPECT_EQ(s.hash(), hash_from_scratch(s));
  }
  EXPECT_TRUE(!variant->rescue || rescues > 0) << "no rescue was made and unmade";
  EXPECT_TRUE((variant->army[kAngerCaptain] == 0 && variant->army[kRangedMajor] == 0) ||
              powers > 0)
      << "no power was used";
  std::cout << "[ endings  ] " << spec << ": " << plies << " plies, " << rescues << " rescues, "
            << powers << " power decisions;";
  for (const auto& [reason, n] : endings) std::cout << " " << reason << " " << n;
  std::cout << "\n";
}

std::string param_name(const ::testing::TestParamInfo<std::string>& info) {
  std::string name = info.param;
  for (char& c : name)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  return name;
}

INSTANTIATE_TEST_SUITE_P(EveryVariant, Conformance,
                         ::testing::ValuesIn(seeded::all_variant_specs()), param_name);

}  // namespace
}  // namespace stratego
