// UccTracker (protocol/ucc/ucc_tracker.h): what a player inside a UCC manager knows, rebuilt from
// the manager's confirmations alone, must be exactly what the engine says that player may know
// -- the same View, the same legal moves, the same observations -- and messages that
// contradict the game must be refused with an error that quotes them.
#include "protocol/ucc/ucc_tracker.h"

#include <gtest/gtest.h>

#include <functional>
#include <memory>

#include "engine/error.h"
#include "engine/move_text.h"
#include "engine/movegen.h"
#include "engine/setup.h"
#include "engine/variant_loader.h"
#include "protocol/ucc/ucc_protocol.h"
#include "support/ucc_variant.h"

namespace stratego::bots {
namespace {

using testing::error_of;
using testing::ucc_variant;

std::vector<std::string> legal_tokens(const State& s) {
  MoveList list;
  generate_moves(s, list);
  std::vector<std::string> out;
  for (int i = 0; i < list.size; ++i) out.push_back(move_to_text(list[i], s.geometry()));
  return out;
}

// The tracker's knowledge never breaks the rules of a consistent world: no enemy piece that
// moved is a Bomb or the Flag, and the enemy's pieces and captures add up to its army.
void expect_consistent(const protocol::UccTracker& t) {
  const State& s = t.state();
  const Side enemy = other(t.me());
  for (int sq : squares(s.side_bb(enemy) & s.moved_bb()))
    EXPECT_TRUE(s.variant().can_move(piece_kind(s.at(sq)))) << s.geometry().square_name(sq);
  for (Kind k : kAllKinds)
    EXPECT_EQ(popcount(s.kind_bb(enemy, k)) + s.captured(enemy, k), s.variant().army[k])
        << kind_name(k);
}

// Random games told to a tracker through the manager's confirmations: after every move its
// View, legal moves and observation equal the engine's for that player.
TEST(UccTracker, RebuildsExactlyThePlayersViewFromConfirmations) {
  auto v = ucc_variant();
  int plies = 0, combats = 0;
  for (std::uint64_t seed = 1; seed <= 12; ++seed) {
    Rng rng(seed);
    const stratego::Setup red = random_setup(*v, kRed, rng), blue = random_setup(*v, kBlue, rng);
    State truth = initial_state(v, red, blue);
    const Side me = seed % 2 ? kRed : kBlue;
    protocol::UccTracker t(v, me, format_setup(*v, me == kRed ? red : blue), seed * 7);
    ASSERT_EQ(t.view(), make_view(truth, me));
    MoveList list;
    for (int ply = 0; ply < 1500 && !truth.over(); ++ply, ++plies) {
      generate_moves(truth, list);
      if (list.size == 0) break;
      if (truth.side_to_move() == me) {
        ASSERT_EQ(t.legal_tokens(), legal_tokens(truth)) << "seed " << seed << " ply " << ply;
      }
      const Side mover = truth.side_to_move();
      truth.make(list[int(rng.below(std::uint32_t(list.size)))]);
      const PlyRecord& rec = truth.history().back();
      combats += rec.target != kNoPiece;
      const std::string line =
          protocol::format_ucc_confirmation(protocol::ucc_confirmation_of(truth, rec));
      const auto seen = t.apply(protocol::parse_ucc_confirmation(line), mover, line);
      ASSERT_TRUE(seen) << line;
      ASSERT_EQ(*seen, observe(truth, rec, me)) << "seed " << seed << " ply " << ply << " " << line;
      ASSERT_EQ(t.view(), make_view(truth, me)) << "seed " << seed << " ply " << ply << " " << line;
      t.check_board(protocol::format_ucc_board(make_view(truth, me)));
      if (ply % 50 == 0) expect_consistent(t);
    }
  }
  EXPECT_GT(plies, 3000);
  EXPECT_GT(combats, 200);
}

// Red's view, from the human set-up of docs/formats.md: its row 4 is (a4..j4) Bomb, Scout,
// Lieutenant, Sergeant, Scout, Sergeant, Scout, Scout, Scout, Bomb.
class UccTrackerPosition : public ::testing::Test {
 protected:
  void SetUp() override {
    tracker_ = std::make_unique<protocol::UccTracker>(
        ucc_variant(), kRed, "IBJEIBHEBGEHEMCEHBDDHFLJGKDIFGBDGFDFDDDB", 99);
  }
  const Geometry& g() const { return ucc_variant()->geometry; }
  Kind our_kind(const char* square) const {
    return piece_kind(tracker_->state().at(*g().parse_square(square)));
  }
  ViewSquare seen(const char* square) const {
    return tracker_->view().board[std::size_t(*g().parse_square(square))];
  }
  void apply(const std::string& line, Side mover) {
    tracker_->apply(protocol::parse_ucc_confirmation(line), mover, line);
  }
  std::unique_ptr<protocol::UccTracker> tracker_;
};

TEST_F(UccTrackerPosition, AScoutsLongMoveAndCombatShowKinds) {
  ASSERT_EQ(our_kind("b4"), kScout);
  apply("1 3 DOWN OK", kRed);   // b4-b5
  apply("9 6 UP 2 OK", kBlue);  // j7-j5: only a Scout goes two squares (C-8.3)
  EXPECT_EQ(seen("j5").piece, make_piece(kBlue, kScout));
  EXPECT_TRUE(seen("j5").flags & kMovedFlag);
  EXPECT_EQ(seen("a7").piece, make_piece(kBlue, kUnknown));
  apply("1 4 DOWN OK", kRed);                              // b5-b6
  apply("9 4 LEFT OK", kBlue);                             // j5-i5
  EXPECT_EQ(seen("i5").piece, make_piece(kBlue, kScout));  // still known after a short move
  apply("1 5 DOWN DIES 9 B", kRed);                        // b6xb7: our Scout dies on a Bomb
  EXPECT_EQ(seen("b7").piece, make_piece(kBlue, kBomb));
  EXPECT_TRUE(seen("b7").flags & kRevealedFlag);
  EXPECT_EQ(seen("b6").piece, kNoPiece);
  EXPECT_EQ(tracker_->view().captured_known[kRed][kScout], 1);
  apply("8 4 UP BOTHDIE 9 9", kBlue);  // i5xi4: Scout against our Scout, both go
  EXPECT_EQ(seen("i4").piece, kNoPiece);
  EXPECT_EQ(seen("i5").piece, kNoPiece);
  EXPECT_EQ(tracker_->view().captured_known[kRed][kScout], 2);
  EXPECT_EQ(tracker_->view().captured_known[kBlue][kScout], 1);
  expect_consistent(*tracker_);
}

TEST_F(UccTrackerPosition, ContradictionsAreRefusedAndQuoted) {
  const std::string empty = error_of([&] { apply("4 4 DOWN OK", kRed); });
  EXPECT_NE(empty.find("'4 4 DOWN OK'"), std::string::npos) << empty;
  EXPECT_NE(empty.find("e5"), std::string::npos) << empty;
  // Our own front piece cannot be named as something it is not.
  const Kind front = our_kind("b4");
  ASSERT_EQ(front, kScout);
  const char wrong = protocol::ucc_token(kMarshal);
  apply("1 3 DOWN OK", kRed);  // b4-b5
  apply("1 6 UP OK", kBlue);   // b7-b6
  const std::string named =
      error_of([&] { apply(std::string("1 4 DOWN KILLS ") + wrong + " 9", kRed); });
  EXPECT_NE(named.find("our piece on"), std::string::npos) << named;
  // An enemy piece that moved cannot be a Bomb.
  const std::string bomb = error_of(
      [&] { apply(std::string("1 4 DOWN DIES ") + protocol::ucc_token(front) + " B", kRed); });
  EXPECT_NE(bomb.find("has moved"), std::string::npos) << bomb;
  // A result the rules do not give: a Scout killing a Marshal.
  const std::string rules = error_of(
      [&] { apply(std::string("1 4 DOWN KILLS ") + protocol::ucc_token(front) + " 1", kRed); });
  EXPECT_NE(rules.find("does not give"), std::string::npos) << rules;
  // Moving onto our own piece is not a move the position allows.
  EXPECT_NE(error_of([&] { apply("2 0 DOWN OK", kRed); }), "(no error)");
}

TEST_F(UccTrackerPosition, IllegalAndPassLeaveTheBoard) {
  const View before = tracker_->view();
  EXPECT_FALSE(
      tracker_->apply(protocol::parse_ucc_confirmation("0 0 UP ILLEGAL"), kRed, "0 0 UP ILLEGAL"));
  View after = tracker_->view();
  EXPECT_EQ(after.board, before.board);
  EXPECT_EQ(after.side_to_move, kBlue);  // an ignored illegal move loses the turn
  tracker_->pass();
  EXPECT_EQ(tracker_->view().side_to_move, kRed);
}

TEST_F(UccTrackerPosition, BoardLinesThatDifferAreNamed) {
  auto board = protocol::format_ucc_board(tracker_->view());
  EXPECT_NO_THROW(tracker_->check_board(board));
  board[6][0] = '.';  // a7 empty, where Blue has a piece
  const std::string e = error_of([&] { tracker_->check_board(board); });
  EXPECT_NE(e.find("a7"), std::string::npos) << e;
  EXPECT_NE(e.find("line 7"), std::string::npos) << e;
}

}  // namespace
}  // namespace stratego::bots
