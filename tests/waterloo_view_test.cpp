// W-15 (what each player sees): views and observation histories. Rule tests on positions
// built for them, and property tests over random games of every Waterloo variant: changing
// hidden facts (which hidden piece is which, the enemy's retreat card, the Prussian pool)
// never changes a view or an observation.
#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <vector>

#include "engine/waterloo/notation.h"
#include "engine/waterloo/observation.h"
#include "tests/support/waterloo_hidden.h"
#include "tests/support/waterloo_play.h"
#include "tests/support/waterloo_position.h"

namespace stratego::waterloo::testing {
namespace {

using UC = UnitClass;

const SeenUnit& at(const WaterlooView& v, const Position& p, const char* sq) {
  static const SeenUnit none{};
  const auto& u = v.board[p.sq(sq)];
  return u ? *u : none;
}

TEST(WaterlooViews, W_15_1_EnemyPiecesShowClassCommandersLookLikeLightCavalry) {
  Position p("waterloo-basic");
  p.french(UC::kInfantry, 3, "c4");
  p.french(UC::kCommander, 5, "d4");
  p.french(UC::kCommanderInChief, 0, "e4");
  p.french(UC::kLightCavalry, 2, "f4");
  p.s.begin_turn(1, kRed);
  const WaterlooView allied = make_view(p.s, kRed);
  EXPECT_EQ(at(allied, p, "c4").cls, UC::kInfantry);
  EXPECT_EQ(at(allied, p, "c4").strength, -1);
  for (const char* sq : {"d4", "e4", "f4"}) {
    EXPECT_EQ(at(allied, p, sq).cls, UC::kLightCavalry) << sq;
    EXPECT_EQ(at(allied, p, sq).strength, -1) << sq;
  }
  const WaterlooView french = make_view(p.s, kBlue);  // the owner sees everything of his own
  EXPECT_EQ(at(french, p, "d4").cls, UC::kCommander);
  EXPECT_EQ(at(french, p, "d4").strength, 5);
  EXPECT_EQ(at(french, p, "e4").cls, UC::kCommanderInChief);
}

TEST(WaterlooViews, W_15_1_PrussianStrengthsHiddenFromBothUntilCombat) {
  Position p("waterloo-basic");
  const int bulow = p.prussian(UC::kCommander, 5, "l5");
  p.prussian(UC::kInfantry, 3, "l6");
  p.french(UC::kInfantry, 3, "k5");
  p.s.begin_turn(14, kBlue);
  for (Side viewer : {kRed, kBlue}) {
    const WaterlooView v = make_view(p.s, viewer);
    EXPECT_EQ(at(v, p, "l5").cls, UC::kLightCavalry) << side_name(viewer);
    EXPECT_EQ(at(v, p, "l5").strength, -1) << side_name(viewer);
    EXPECT_EQ(at(v, p, "l6").strength, -1) << side_name(viewer);
  }
  p.s.apply(p.attack("k5", "l5", kEast));  // W-5.1: the combat shows both pieces to both
  for (Side viewer : {kRed, kBlue}) {
    const WaterlooView v = make_view(p.s, viewer);
    const bool on_board = p.s.unit(bulow).where == Where::kBoard;
    const SeenUnit& u = on_board ? at(v, p, "l5") : v.piles[int(Pile::kCaptured)].back();
    EXPECT_EQ(u.cls, UC::kCommander) << side_name(viewer);
    EXPECT_EQ(u.strength, 5) << side_name(viewer);
    EXPECT_EQ(at(v, p, "l6").strength, -1) << "the other Prussian stays hidden";
  }
}

TEST(WaterlooViews, W_15_2_ReconnaissanceIsPrivateOtherFactsPublic) {
  Position p("waterloo-standard");
  p.allied(UC::kInfantry, 3, "e7");
  p.french(UC::kInfantry, 5, "e6");
  const int hc = p.french(UC::kHeavyCavalry, 5, "a4");
  p.s.set_strength(hc, 4);  // weakened (W-8.1)
  p.s.set_hand(kRed, CardKind::kReconnaissance, 1);
  p.s.set_hand(kBlue, CardKind::kInitiative, 2);
  p.s.set_tile_hp(0, 2);
  p.s.begin_turn(2, kRed);
  p.s.apply(p.play(CardKind::kReconnaissance));
  p.s.apply(Action::make(ActionType::kReconPick, 0, p.sq("e6")));
  const WaterlooView red = make_view(p.s, kRed), blue = make_view(p.s, kBlue);
  EXPECT_EQ(at(red, p, "e6").strength, 5);   // the Allies looked
  EXPECT_EQ(at(blue, p, "e6").strength, 5);  // the owner knows anyway
  EXPECT_EQ(at(red, p, "a4").strength, -1);
  EXPECT_EQ(at(red, p, "a4").damage, 1);  // the clip on the block is public
  EXPECT_EQ(red.tile_hp[0], 2);
  EXPECT_EQ(red.hand[kBlue][int(CardKind::kInitiative)], 2);  // the draft is open
  EXPECT_EQ(blue.played[kRed][int(CardKind::kReconnaissance)], 1);
  // A French Reconnaissance of e7 would show it to the French only.
  Position q("waterloo-standard");
  q.allied(UC::kInfantry, 4, "e7");
  q.french(UC::kInfantry, 3, "e6");
  const int prussian = q.prussian(UC::kInfantry, 3, "l6");
  q.s.set_hand(kBlue, CardKind::kReconnaissance, 1);
  q.s.begin_turn(14, kBlue);
  q.s.apply(q.play(CardKind::kReconnaissance));
  q.s.apply(Action::make(ActionType::kReconPick, 0, q.sq("l6")));
  EXPECT_EQ(at(make_view(q.s, kBlue), q, "l6").strength, 3);
  EXPECT_EQ(at(make_view(q.s, kRed), q, "l6").strength, -1)
      << "the Allies did not see their Prussian";
  EXPECT_EQ(q.s.unit(prussian).revealed, 2);
}

TEST(WaterlooViews, W_15_2_OwnRetreatCardOnly) {
  Position p("waterloo-basic");
  p.s.set_retreat_sector(kRed, 2);
  p.s.set_retreat_sector(kBlue, 0);
  p.s.begin_turn(1, kRed);
  EXPECT_EQ(make_view(p.s, kRed).retreat_sector[kRed], 2);
  EXPECT_EQ(make_view(p.s, kRed).retreat_sector[kBlue], kHiddenSector);
  EXPECT_EQ(make_view(p.s, kBlue).retreat_sector[kBlue], 0);
  EXPECT_EQ(make_view(p.s, kBlue).retreat_sector[kRed], kHiddenSector);
  EXPECT_EQ(to_notation(make_view(p.s, kBlue)).find("retreat=?/0") != std::string::npos, true);
  EXPECT_NE(to_notation(p.s).find("retreat=2/0"), std::string::npos);  // the full state has both
}

TEST(WaterlooViews, W_15_3_ReservesShowNumberAndClassesNotIdentities) {
  Position p("waterloo-basic");
  const int a = p.s.put(Army::kFrench, UC::kInfantry, 6, p.sq("a1"));
  const int b = p.s.put(Army::kFrench, UC::kCommander, 5, p.sq("b1"));
  p.s.move_unit_to(a, Where::kReserve);
  p.s.move_unit_to(b, Where::kReserve);
  p.s.begin_turn(1, kRed);
  const WaterlooView allied = make_view(p.s, kRed), french = make_view(p.s, kBlue);
  const auto& pile = allied.piles[int(Pile::kReserve)];
  ASSERT_EQ(pile.size(), 2u);
  EXPECT_EQ(pile[0].cls, UC::kInfantry);
  EXPECT_EQ(pile[0].strength, -1);
  EXPECT_EQ(pile[1].cls, UC::kLightCavalry);  // the commander's block looks like LC
  const auto& own = french.piles[int(Pile::kReserve)];
  EXPECT_EQ(own[0].strength, 6);
}

// A piece seen in combat that goes back face down (an R retreat, a weakened HC taken off, a
// Prussian back to the pool) is one block among the others again: when it comes back, the
// enemy sees a fresh block (W-15.3, W-9.1, I-22), though the captured pieces stay public.
TEST(WaterlooViews, W_15_3_PieceBackFromTheReserveIsHiddenAgain) {
  Position q("waterloo-basic");
  const int fr = q.french(UC::kInfantry, 3, "e4");
  const int ret = q.allied(UC::kInfantry, 3, "e5");
  const int mix = q.allied(UC::kInfantry, 4, "a9");
  q.s.move_unit_to(mix, Where::kReserve);
  q.s.begin_turn(1, kBlue);
  q.s.apply(q.attack("e4", "e5", kNorth));
  ASSERT_EQ(q.s.phase(), Phase::kDie);
  EXPECT_EQ(at(make_view(q.s, kBlue), q, "e5").strength, 3);  // the combat showed it
  q.s.apply(q.die(DieFace::kBlueRetreat));
  ASSERT_EQ(q.where(ret), Where::kReserve);
  EXPECT_EQ(q.s.unit(ret).revealed, 0);
  EXPECT_EQ(q.s.unit(fr).revealed, 3);  // the winner stays revealed on the board
  q.s.apply(q.end_turn());
  q.s.apply(Action::make(ActionType::kPlace, ret, q.sq("c10")));
  EXPECT_EQ(at(make_view(q.s, kBlue), q, "c10").strength, -1)
      << "which reserve infantry came back is hidden";
  EXPECT_EQ(at(make_view(q.s, kBlue), q, "c10").revealed, 0);
  EXPECT_EQ(at(make_view(q.s, kRed), q, "c10").strength, 3);  // the owner knows

  // A weakened heavy cavalry taken off comes back as a fresh block, at full strength.
  Position h("waterloo-basic");
  const int hc = h.french(UC::kHeavyCavalry, 4, "e3");
  h.allied(UC::kLightInfantry, 1, "e6");
  h.s.begin_turn(1, kBlue);
  h.s.apply(h.attack("e3", "e6", kNorth));
  h.s.apply(h.end_turn());
  h.s.apply(h.end_turn());
  h.s.apply(Action::make(ActionType::kTakeOff, h.sq("e6")));
  h.s.apply(h.end_turn());
  h.s.apply(h.end_turn());
  h.s.apply(Action::make(ActionType::kPlace, hc, h.sq("a1")));
  const SeenUnit back = at(make_view(h.s, kRed), h, "a1");
  EXPECT_EQ(back.strength, -1);
  EXPECT_EQ(back.last_attack, kNeverAttacked);

  // A Prussian retreated to the pool is hidden from both when drawn again.
  Position r("waterloo-basic");
  const int pr = r.prussian(UC::kInfantry, 3, "k6");
  r.french(UC::kInfantry, 3, "j6");
  r.s.begin_turn(11, kBlue);
  r.s.apply(r.attack("j6", "k6", kEast));
  r.s.apply(r.die(DieFace::kBlueRetreat));
  ASSERT_EQ(r.where(pr), Where::kPool);
  r.s.apply(r.end_turn());  // the Allied turn 12 draws it onto l5 (W-9.2)
  ASSERT_EQ(r.s.chance_outcomes().size(), 1u);
  r.s.apply(r.s.chance_outcomes()[0].first);
  EXPECT_EQ(r.at("l5"), pr);
  for (Side viewer : {kRed, kBlue}) EXPECT_EQ(at(make_view(r.s, viewer), r, "l5").strength, -1);
}

// Changes every hidden fact it may in a copy of s: swaps of pieces that look alike to the
// viewer (also the Prussian pool with Prussians on the board) and the enemy's retreat card.
WaterlooState with_hidden_facts_changed(const WaterlooState& s, Side viewer, Rng& rng) {
  WaterlooState t = s;
  const int n = s.num_units();
  for (int k = 0; k < 40; ++k) {
    const int x = int(rng.below(std::uint32_t(n))), y = int(rng.below(std::uint32_t(n)));
    if (swappable(t, x, y, viewer)) swap_units(t, x, y);
  }
  const Side enemy = other(viewer);
  if (t.retreat_sector(enemy) >= 0)
    t.set_retreat_sector(enemy, (t.retreat_sector(enemy) + 1 + int(rng.below(2))) % 3);
  return t;
}

// One step of a random game as random_step() plays it; returns the action (none for a set-up).
std::optional<Action> random_step_taken(WaterlooState& s, Rng& rng, ActionList& list) {
  if (s.phase() == Phase::kSetup) {
    random_step(s, rng, list);
    return std::nullopt;
  }
  if (s.is_chance()) return s.apply_random_chance(rng);
  s.legal_actions(list);
  const Action a = list[int(rng.below(std::uint32_t(list.size)))];
  s.apply_unchecked(a);
  return a;
}

// W-15.3, W-9.1: a block placed from the reserve or drawn from the Prussian pool shows every
// player who does not own-know it no more than a fresh block would: its class and its clip.
// A swap test alone cannot see a leak here: the block is hidden in the reserve and already
// revealed once placed, so it is never swappable while the stale facts show.
void expect_placed_block_fresh(const WaterlooState& s, int id, const std::string& where) {
  for (Side viewer : {kRed, kBlue}) {
    const SeenUnit u = seen_unit(s, id, viewer);
    if (identity_known(s, id, viewer) && s.unit_info(id).army != Army::kPrussian &&
        army_side(s.unit_info(id).army) == viewer)
      continue;  // the owner
    EXPECT_EQ(u.strength, -1) << where << " viewer " << side_name(viewer);
    EXPECT_EQ(u.cls, apparent_class(s.unit_info(id).cls)) << where;
    EXPECT_EQ(u.revealed, 0) << where << ": shows that it is a block that fought";
    EXPECT_EQ(u.last_attack, kNeverAttacked) << where << ": shows its last attack";
  }
}

TEST(WaterlooViews, W_15_NoViewLeaksHiddenFactsInRandomGames) {
  ActionList list;
  int changed = 0, checked = 0, placed_again = 0;
  for (const std::string& spec : waterloo_variants()) {
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
      WaterlooState s(load(spec));
      s.set_keep_history(false);
      Rng rng(seed * 31 + spec.size()), mut(seed);
      std::vector<char> fought(std::size_t(s.num_units()), 0);  // seen in combat on the board
      for (int step = 0; !s.over() && step < 5000; ++step) {
        for (Side viewer : {kRed, kBlue}) {
          const WaterlooState t = with_hidden_facts_changed(s, viewer, mut);
          changed += to_notation(t) != to_notation(s);
          ++checked;
          const WaterlooView a = make_view(s, viewer), b = make_view(t, viewer);
          ASSERT_EQ(to_notation(a), to_notation(b))
              << spec << " step " << step << " viewer " << side_name(viewer);
          ASSERT_TRUE(a == b) << spec << " step " << step;
        }
        const std::optional<Action> a = random_step_taken(s, rng, list);
        if (a && (a->type() == ActionType::kPlace || a->type() == ActionType::kDrawPrussian) &&
            s.unit(a->from()).where == Where::kBoard) {
          placed_again += fought[std::size_t(a->from())];
          expect_placed_block_fresh(s, a->from(), spec + " step " + std::to_string(step));
          if (::testing::Test::HasFailure()) return;
        }
        for (int id = 0; id < s.num_units(); ++id)
          if (s.unit(id).where == Where::kBoard && s.unit(id).revealed == 3)
            fought[std::size_t(id)] = 1;
      }
    }
  }
  // The test changes hidden facts in many positions (not before the set-ups), and sees pieces
  // that fought come back from the reserve; if it did not, it would prove nothing.
  EXPECT_GT(changed, checked / 4) << changed << " of " << checked;
  EXPECT_GT(placed_again, 0);
}

// Applies the same swaps to the state before and after a step (only pieces hidden from the
// viewer in both), so both stay consistent; the viewer's observation must not change.
TEST(WaterlooViews, W_15_NoObservationLeaksHiddenFactsInRandomGames) {
  ActionList list;
  int changed = 0, steps = 0, prussian_draws = 0, dice = 0;
  for (const std::string& spec : waterloo_variants()) {
    WaterlooState s(load(spec));
    s.set_keep_history(false);
    Rng rng(17 + spec.size()), mut(5);
    for (int step = 0; !s.over() && step < 5000; ++step) {
      const WaterlooState before = s;
      Action a;
      bool setup = false;
      if (s.phase() == Phase::kSetup) {
        setup = true;
        s.apply_setup(s.current_player(), s.random_setup(s.current_player(), rng));
      } else if (s.is_chance()) {
        a = s.apply_random_chance(rng);
      } else {
        s.legal_actions(list);
        a = list[int(rng.below(std::uint32_t(list.size)))];
        s.apply_unchecked(a);
      }
      prussian_draws += !setup && a.type() == ActionType::kDrawPrussian;
      dice += !setup && a.type() == ActionType::kDie;
      for (Side viewer : {kRed, kBlue}) {
        WaterlooState b2 = before, s2 = s;
        Action a2 = a;
        for (int k = 0; k < 40; ++k) {
          const int x = int(mut.below(std::uint32_t(s.num_units()))),
                    y = int(mut.below(std::uint32_t(s.num_units())));
          if (!swappable(b2, x, y, viewer) || !swappable(s2, x, y, viewer)) continue;
          swap_units(b2, x, y);
          swap_units(s2, x, y);
          if (!setup &&
              (a2.type() == ActionType::kPlace || a2.type() == ActionType::kDrawPrussian) &&
              (a2.from() == x || a2.from() == y))
            a2 =
                Action::make(a2.type(), a2.from() == x ? y : x, a2.to(), int(a2.dir()), a2.extra());
        }
        const Side enemy = other(viewer);
        if (!setup && a.type() == ActionType::kRetreatCard && s.retreat_sector(enemy) >= 0 &&
            before.retreat_sector(enemy) < 0) {
          const int other_sector = (a.extra() + 1) % 3;
          a2 = Action::make(ActionType::kRetreatCard, 0, 0, 0, other_sector);
          s2.set_retreat_sector(enemy, other_sector);
        }
        changed += to_notation(s2) != to_notation(s);
        const ObservedStep o1 = setup ? observe_setup(before, before.current_player(), s, viewer)
                                      : observe(before, a, s, viewer);
        const ObservedStep o2 = setup ? observe_setup(b2, b2.current_player(), s2, viewer)
                                      : observe(b2, a2, s2, viewer);
        ASSERT_TRUE(o1 == o2) << spec << " step " << step << ": " << describe(o1, s.geometry())
                              << " vs " << describe(o2, s.geometry());
        ++steps;
      }
    }
  }
  EXPECT_GT(changed, steps / 4);
  EXPECT_GT(prussian_draws, 0);
  EXPECT_GT(dice, 0);
}

TEST(WaterlooViews, W_15_ObservationsShowDiceAndPrussianClassesOnly) {
  Position p("waterloo-basic");
  p.prussian(UC::kInfantry, 3, "a10");  // a Prussian already on the board
  p.pool_prussians();
  p.allied(UC::kInfantry, 3, "e7");
  p.french(UC::kInfantry, 3, "e6");
  p.s.begin_turn(12, kRed);  // W-9.2: draws at the start of the Allied turn 12
  ASSERT_TRUE(p.s.is_chance());
  WaterlooState before = p.s;
  const Action draw = p.s.chance_outcomes().front().first;
  p.s.apply(draw);
  for (Side viewer : {kRed, kBlue}) {
    const ObservedStep o = observe(before, draw, p.s, viewer);
    EXPECT_NE(o.action.find('?'), std::string::npos) << o.action;  // class only, no strength
    EXPECT_TRUE(o.shown.empty());
  }
  while (p.s.is_chance()) p.s.apply(p.s.chance_outcomes().front().first);
  before = p.s;
  p.s.apply(p.attack("e7", "e6", kSouth));  // equal strengths: the die decides (W-5.4)
  ASSERT_TRUE(p.s.is_chance());
  const ObservedStep attack = observe(before, p.attack("e7", "e6", kSouth), p.s, kBlue);
  EXPECT_EQ(attack.shown.size(), 1u);  // the Allied attacker's strength, shown to the French
  before = p.s;
  p.s.apply(p.die(DieFace::kBlue));
  const ObservedStep die = observe(before, p.die(DieFace::kBlue), p.s, kRed);
  EXPECT_EQ(die.action, "die:blue");
  ASSERT_EQ(die.captured.size(), 1u);
  EXPECT_EQ(die.captured[0].second.strength, 3);
}

}  // namespace
}  // namespace stratego::waterloo::testing
