// Views and observations (C-8, V-6): a player's view is a function of public facts only. The
// leak test swaps the kinds of every piece a player cannot see (and of face-down captures)
// and demands the player's view and notation stay identical.
#include <gtest/gtest.h>

#include <algorithm>

#include "engine/game.h"
#include "engine/movegen.h"
#include "engine/notation.h"
#include "engine/setup.h"
#include "engine/variant_loader.h"

namespace stratego {
namespace {

const char* const kVariants[] = {"classic",
                                 "barrage",
                                 "duel",
                                 "ultimate-lightning",
                                 "clone-wars",
                                 "classic+silent-defence",
                                 "barrage+silent-defence+rescue",
                                 "duel+moving-bombs+moving-flag",
                                 "ultimate-lightning+silent-defence+attacker-advantage",
                                 "clone-wars-powers",
                                 "clone-wars-powers+silent-defence+rescue"};

// The same position with every piece of `owner` that `viewer` cannot see given another
// hidden piece's kind, and face-down captures of `owner` moved to other kinds.
State shuffle_hidden(const State& s, Side viewer, Rng& rng) {
  State out = s;
  const Side owner = other(viewer);
  std::vector<int> hidden;
  std::vector<Kind> kinds;
  for (int sq : squares(s.side_bb(owner) & ~s.revealed_bb())) {
    hidden.push_back(sq);
    kinds.push_back(piece_kind(s.at(sq)));
  }
  for (int i = int(kinds.size()) - 1; i > 0; --i) std::swap(kinds[i], kinds[rng.below(i + 1)]);
  for (std::size_t i = 0; i < hidden.size(); ++i)
    out.put(hidden[i], owner, kinds[i], s.flags(hidden[i]));
  int silent = 0;
  for (Kind k : kAllKinds) {
    silent += s.captured_silent(owner, k);
    out.set_captured(owner, k, s.captured(owner, k) - s.captured_silent(owner, k), 0);
  }
  if (silent > 0) {  // all face-down captures become one kind the viewer cannot tell apart
    const Kind k = Kind(1 + rng.below(10));
    out.set_captured(owner, k, out.captured(owner, k) + silent, silent);
  }
  return out;
}

template <typename Visit>
void for_each_random_game_position(const char* spec, int games, Visit visit) {
  auto v = std::make_shared<const Variant>(load_variant(spec));
  Rng rng(99);
  MoveList list;
  for (int g = 0; g < games; ++g) {
    Game game(initial_state(v, random_setup(*v, kRed, rng), random_setup(*v, kBlue, rng)));
    while (!game.over()) {
      visit(game, rng);
      generate_moves(game.state(), list);
      game.play(list[int(rng.below(std::uint32_t(list.size)))]);
    }
    visit(game, rng);
  }
}

TEST(Views, C_8_1_ViewsNeverLeakHiddenKinds) {
  for (const char* spec : kVariants) {
    int checked = 0;
    for_each_random_game_position(spec, 6, [&](const Game& game, Rng& rng) {
      for (Side viewer : {kRed, kBlue}) {
        const View view = game.view(viewer);
        const State other_world = shuffle_hidden(game.state(), viewer, rng);
        ASSERT_EQ(view, make_view(other_world, viewer)) << spec << " " << to_notation(game.state());
        ASSERT_EQ(to_notation(view), to_notation(make_view(other_world, viewer)));
        for (int sq : squares(game.state().side_bb(other(viewer)) & ~game.state().revealed_bb()))
          ASSERT_EQ(piece_kind(view.board[sq].piece), kUnknown);
        ++checked;
      }
    });
    EXPECT_GT(checked, 100) << spec;
  }
}

TEST(Views, C_8_1_OwnPiecesFullyShown) {
  for_each_random_game_position("classic", 2, [](const Game& game, Rng&) {
    for (Side viewer : {kRed, kBlue})
      for (int sq : squares(game.state().side_bb(viewer)))
        ASSERT_EQ(game.view(viewer).board[sq].piece, game.state().at(sq));
  });
}

// Observations: a kind appears in a player's observation only when that player owns the
// piece, or the rules showed it (combat C-8.2, a scout's long move C-8.3, V-6 limits).
TEST(Views, C_8_2_ObservationsShowOnlyWhatRulesReveal) {
  for (const char* spec : kVariants) {
    for_each_random_game_position(spec, 4, [&](const Game& game, Rng&) {
      const auto& h = game.state().history();
      if (h.empty()) return;
      const PlyRecord& rec = h.back();
      if (rec.move.type() != MoveType::kNormal) return;
      const Side mover = piece_side(rec.mover), defender = other(mover);
      const ObservedMove seen_by_defender = game.observations(defender).back();
      const ObservedMove seen_by_mover = game.observations(mover).back();
      EXPECT_EQ(seen_by_mover.mover_kind, piece_kind(rec.mover));
      if (rec.target != kNoPiece) {
        // C-5.1 / V-6: the attacker is always shown; the defender only without silent
        // defence or when a Scout attacks.
        EXPECT_EQ(seen_by_defender.mover_kind, piece_kind(rec.mover));
        EXPECT_EQ(seen_by_defender.target_kind, piece_kind(rec.target));
        const bool shown = !game.state().variant().silent_defence ||
                           piece_kind(rec.mover) == kScout || (rec.to_flags & kRevealedFlag);
        EXPECT_EQ(seen_by_mover.target_kind, shown ? piece_kind(rec.target) : kUnknown) << spec;
      } else if (!game.state().move_reveals(rec.move.from(), rec.move.to())) {
        EXPECT_EQ(seen_by_defender.mover_kind, kUnknown) << spec;
      }
    });
  }
}

TEST(Views, C_8_3_ScoutLongMoveIsShown) {
  auto v = std::make_shared<const Variant>(load_variant("classic"));
  State s(v);
  s.put(*v->geometry.parse_square("a1"), kRed, kScout);
  s.put(*v->geometry.parse_square("j10"), kBlue, kMarshal);
  s.put(*v->geometry.parse_square("j1"), kRed, kFlag);
  s.put(*v->geometry.parse_square("a10"), kBlue, kFlag);
  Game game(s);
  game.play(Move::normal(*v->geometry.parse_square("a1"), *v->geometry.parse_square("a4")));
  EXPECT_EQ(game.observations(kBlue).back().mover_kind, kScout);
  EXPECT_EQ(piece_kind(game.view(kBlue).board[*v->geometry.parse_square("a4")].piece), kScout);
}

TEST(Views, C_8_4_SilentDefenceHidesSurvivingDefender) {
  auto v = std::make_shared<const Variant>(load_variant("classic+silent-defence"));
  const Geometry& g = v->geometry;
  State s(v);
  s.put(*g.parse_square("e4"), kRed, kMiner);
  s.put(*g.parse_square("e5"), kBlue, kGeneral);
  s.put(*g.parse_square("a1"), kRed, kFlag);
  s.put(*g.parse_square("a10"), kBlue, kFlag);
  s.put(*g.parse_square("j1"), kRed, kMarshal);
  Game game(s);
  game.play(Move::normal(*g.parse_square("e4"), *g.parse_square("e5")));
  const View red = game.view(kRed);
  EXPECT_EQ(piece_kind(red.board[*g.parse_square("e5")].piece), kUnknown);  // survivor hidden
  EXPECT_EQ(game.observations(kRed).back().outcome, Outcome::kDefenderWins);
  EXPECT_EQ(game.observations(kRed).back().target_kind, kUnknown);
  EXPECT_EQ(game.observations(kBlue).back().mover_kind, kMiner);  // attacker's rank is said
}

// A player who first hears of a game after the opening move rebuilds the start view from it
// (C-8.1: what it saw of the start is what it sees now, less the one move), also when that
// move was a Scout's strike. Later in the game there is nothing to rebuild.
TEST(Views, C_8_1_ViewBeforeOpeningRebuildsTheStart) {
  int attacks = 0;
  for (const char* spec : kVariants) {
    auto v = std::make_shared<const Variant>(load_variant(spec));
    Rng rng(7);
    int rebuilt = 0;
    for (int g = 0; g < 3; ++g) {
      const State start =
          initial_state(v, random_setup(*v, kRed, rng), random_setup(*v, kBlue, rng));
      MoveList list;
      generate_moves(start, list);
      for (int i = 0; i < list.size; ++i) {
        Game game(start);
        game.play(list[i]);
        for (Side viewer : {kRed, kBlue}) {
          const ObservedMove seen = game.observations(viewer).back();
          const View after = game.view(viewer);
          const std::optional<View> before = view_before_opening(seen, after);
          if (after.pending_rescue || after.anger_wins > 0) {
            EXPECT_FALSE(before) << spec;
            continue;
          }
          ASSERT_TRUE(before) << spec << " " << to_notation(game.state());
          ASSERT_EQ(*before, make_view(start, viewer)) << spec << " " << to_notation(game.state());
          ++rebuilt;
          attacks += seen.attack;
        }
        if (game.over()) continue;
        MoveList reply;
        generate_moves(game.state(), reply);
        game.play(reply[0]);
        EXPECT_FALSE(view_before_opening(game.observations(kRed).back(), game.view(kRed))) << spec;
      }
    }
    EXPECT_GT(rebuilt, 20) << spec;
  }
  EXPECT_GT(attacks, 0);  // the random set-ups gave some Scout an opening strike
}

}  // namespace
}  // namespace stratego
