// Perft for Waterloo: decision paths to a depth, chance events enumerated (every outcome is a
// branch of its own; depth counts decisions only, as `stratego perft --chance enumerate`,
// which prints the same numbers for these positions). The counts are committed, so that any
// change of action generation, apply or undo shows as a changed number; and they are
// recounted slowly in an obvious way, so that they are not merely what the engine produces:
//  - every action of a superset built from the rules' geometry alone (candidates() below) is
//    asked is_legal() one by one; at each leaf the count must equal the generated list's
//    size, which fails on a duplicate or on a listed action outside the rules' geometry;
//  - each step is applied with the checked apply() to a copy of the state, not with undo().
// The slow count costs about 3 ms a leaf node, so it goes to depth 1 on Basic and Standard
// (9 retreat-card branches) and to depth 2 on Expert (cards in hand, about 100 nodes).
// Hand-made positions have counts worked out by hand in their comments.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "engine/perft.h"
#include "engine/waterloo/family.h"
#include "engine/waterloo/notation.h"
#include "tests/support/waterloo_position.h"

namespace stratego::waterloo::testing {
namespace {

using Count = PerftCount;

// The fast count, as the perft command does it (engine/perft.h): apply_unchecked / undo,
// bulk at depth 1, chance enumerated.
Count perft(WaterlooState& s, int depth) {
  Rng unused(0);
  return stratego::perft<WaterlooFamily>(s, depth, ChanceMode::kEnumerate, unused);
}

// Every decision the rules' geometry could allow, found without asking the generator: own
// pieces to the squares of their row and column (W-3.2) or up to three steps away (W-3.1),
// attacks in each direction, artillery fire up to four rows ahead in three columns (W-6.1,
// W-10.6), own pieces off the board onto the own back row (W-7.3), and every card, yes/no and
// square-picking decision. A listed action outside this set fails the count at depth 1.
std::vector<Action> candidates(const WaterlooState& s) {
  const Geometry& g = s.geometry();
  const Side side = s.current_player();
  std::vector<Action> out;
  for (int x = 0; x < 2; ++x)
    for (ActionType t : {ActionType::kEarlyStart, ActionType::kBattleLust})
      out.push_back(Action::make(t, 0, 0, 0, x));
  for (int k = 0; k < kNumCardKinds; ++k)
    for (ActionType t : {ActionType::kDraftTake, ActionType::kDraftDiscard, ActionType::kPlayCard})
      out.push_back(Action::make(t, 0, 0, 0, k));
  out.push_back(Action::make(ActionType::kEndTurn));
  out.push_back(Action::make(ActionType::kCardDone));
  for (int sq : squares(s.side_bb(side)))
    for (ActionType t : {ActionType::kTakeOff, ActionType::kSave})
      out.push_back(Action::make(t, sq));
  for (int sq : squares(s.occupied()))
    for (ActionType t : {ActionType::kReconPick, ActionType::kChooseTarget})
      out.push_back(Action::make(t, 0, sq));
  for (int id = 0; id < s.num_units(); ++id)
    if (army_side(s.unit_info(id).army) == side && s.unit(id).where != Where::kBoard)
      for (int sq : squares(s.back_row(side)))
        out.push_back(Action::make(ActionType::kPlace, id, sq));
  for (int from : squares(s.side_bb(side))) {
    const int fc = g.col(from), fr = g.row(from);
    const bool artillery = s.unit_info(s.unit_at(from)).cls == UnitClass::kArtillery;
    for (int to = 0; to < g.num_squares(); ++to) {
      const int dc = std::abs(g.col(to) - fc), dr = std::abs(g.row(to) - fr);
      if (to == from || test(s.side_bb(side), to)) continue;
      if (dc == 0 || dr == 0 || dc + dr <= 3) {
        if (s.unit_at(to) < 0) {
          out.push_back(Action::move(from, to));
        } else {
          for (Direction d : kDirections) out.push_back(Action::move(from, to, d));
        }
      }
      if (artillery && dc <= 1 && dr <= 4)
        for (int b = 0; b < 2; ++b) out.push_back(Action::make(ActionType::kFire, from, to, 0, b));
    }
  }
  return out;
}

// The slow count: is_legal() for every candidate, apply() on a copy of the state.
Count slow_perft(const WaterlooState& s, int depth) {
  if (depth <= 0) return {1, 1.0};
  if (s.over()) return {};
  Count total;
  if (s.is_chance()) {
    double sum = 0;
    for (const auto& [a, p] : s.chance_outcomes()) {
      WaterlooState t = s;
      t.apply(a);
      const Count c = slow_perft(t, depth);
      total.paths += c.paths;
      total.expected += p * c.expected;
      sum += p;
    }
    EXPECT_NEAR(sum, 1.0, 1e-12);
    return total;
  }
  for (Action a : candidates(s)) {
    if (!s.is_legal(a)) continue;
    if (depth == 1) {
      ++total.paths;
      total.expected += 1;
      continue;
    }
    WaterlooState t = s;
    t.apply(a);
    const Count c = slow_perft(t, depth - 1);
    total.paths += c.paths;
    total.expected += c.expected;
  }
  // Nothing legal is left out of the superset: the generator lists exactly what it accepts.
  ActionList list;
  s.legal_actions(list);
  if (depth == 1) {
    EXPECT_EQ(total.paths, std::uint64_t(list.size)) << to_notation(s);
  }
  return total;
}

struct Case {
  const char* name;
  std::string position;
  std::vector<std::uint64_t> paths;  // perft 1, 2, ...
  int slow_depth;                    // recounted slowly up to this depth
};

// Positions as `stratego perft --variant V --seed 1` prints them: the decisions before the
// set-up (draft) and both set-ups drawn with Rng(1). Basic and Standard start at the chance
// event of the line-of-retreat cards (3 x 3 outcomes); Expert has none (W-13.2).
const char* kBasic =
    "waterloo-basic "
    "I5C2I3H4L2H41I3L2A01I3/H5I3I3I3I3A0C2L1A0A0M5I3/I3I3C2I3I3H61C2I31L11/A0I4K0I3C2I3A0I3I31H4I3/"
    "12/"
    "12/i32c2a0a01l1i3a0l2k0/h5i5c2i4i5a0h4i3a0i6m51/h4c2i3i3h6i3h4i4a0l2c2i3/"
    "1i3l1i3i3c2i3a0h5i3i3c2 "
    "turn=1/11:00 move=r phase=retreat-card decider=b actions=0/0/3 flags=- side-turns=0 "
    "prussians=come retreat=-/- hands=-/- played=-/- draft=-/-/0/0 setups=2 "
    "reserve=l2i3i3a0L2I6C2 pool=*L1*L1*L1*L1*I3*I3*I3*C2*C2*C2*C2*A0*M5 tally=0/0";
const char* kStandard =
    "waterloo-standard "
    "I3I3I31I3L2C21A0A0I3I3/L11C2I3A01I4L21H52/I3A0I3I3H41I3K01C2I31/I5C2M5L2C2I31C2L1I3I6I3/12/"
    "12/i5a0l21l2a0i3i3a0c2h6c2/i3i31i3l1i31i6c2l21i4/h4i3c2h4l1i3a0h5k0c2a0i3/"
    "a0i4a0i3m52h4i31i3c2 "
    "turn=1/11:00 move=r phase=retreat-card decider=b actions=0/0/3 flags=- side-turns=0 "
    "prussians=come retreat=-/- hands=LLLB/RRCB played=-/- draft=-/RIIICCB/15/0 setups=2 "
    "tiles=4,4,4 reserve=i3i3i3i5h5a0I3I3I3H4H4H6A0A0 "
    "pool=*L1*L1*L1*L1*I3*I3*I3*C2*C2*C2*C2*A0*M5 tally=0/0";
const char* kExpert =
    "waterloo-expert "
    "1L21A0I3L11C21A01I3/I31I51A01H4C2L1I3I3K0/I3I3I3I31L2I3C2C2I31I6/I4C2A01C2M51I3L21H5I3/12/"
    "1I3I39/1l1h4c2m5a0c2i3i3l2h5k0/i3i3a0i3l2i3i4c2i5i6l1h5/a0c2i4i3a0i3i3i3a0c2h4a0/"
    "a0i3h6i3i3a0l21i3i5h4i3 "
    "turn=1/11:00 move=r phase=action decider=r actions=0/0/3 flags=- side-turns=1 "
    "prussians=come retreat=-/- hands=LLLB/RRCB played=-/- draft=-/RIIICCB/15/0 setups=2 "
    "tiles=4,4,4,4 reserve=c2I3I3I3H4H4H6A0A0 "
    "pool=*L1*L1*L1*L1*I3*I3*I3*C2*C2*C2*C2*A0*M5 tally=0/0";

TEST(WaterlooPerft, HandCountedPosition) {
  // French INF 3 on a1, Allied LI on l10, French to act (turn 1, three actions). The INF
  // reaches a2 a3 b1 b2 c1 (5) + end turn = 6. After a move it has 2 actions left: from a2
  // 7 squares, a3 8, b1 7, c1 8, b2 10, each + end turn; after "end" the Allied LI reaches the
  // 9 squares within three steps of its corner + end turn: 8+9+8+9+11 + 10 = 55.
  Position p("waterloo-basic");
  p.french(UnitClass::kInfantry, 3, "a1");
  p.allied(UnitClass::kLightInfantry, 1, "l10");
  p.s.begin_turn(1, kBlue);
  EXPECT_EQ(perft(p.s, 1).paths, 6u);
  EXPECT_EQ(perft(p.s, 2).paths, 55u);
  EXPECT_EQ(slow_perft(p.s, 2).paths, 55u);
  // A tie: the die's six faces are branches of their own, each weighted 1/6.
  Position q("waterloo-basic");
  q.french(UnitClass::kInfantry, 3, "e4");
  q.allied(UnitClass::kInfantry, 3, "e5");
  q.allied(UnitClass::kLightInfantry, 1, "l10");
  q.s.begin_turn(1, kBlue);
  q.s.apply(q.attack("e4", "e5", kNorth));
  ASSERT_TRUE(q.s.is_chance());
  const Count c = perft(q.s, 1), slow = slow_perft(q.s, 1);
  EXPECT_EQ(c.paths, slow.paths);
  EXPECT_NEAR(c.expected, slow.expected, 1e-9);
}

TEST(WaterlooPerft, SeededStartsOfEveryLevel) {
  const std::vector<Case> cases = {{"basic", kBasic, {585, 40473, 2968794}, 1},
                                   {"standard", kStandard, {864, 82224, 7933041}, 1},
                                   {"expert", kExpert, {106, 10620, 1075146}, 2}};
  for (const Case& c : cases) {
    WaterlooState s = parse_state(c.position);
    s.set_keep_history(true);
    for (std::size_t d = 1; d <= c.paths.size(); ++d) {
      const Count fast = perft(s, int(d));
      EXPECT_EQ(fast.paths, c.paths[d - 1]) << c.name << " perft " << d;
      EXPECT_EQ(s.history_size(), 0) << "undo restored the root";
      if (int(d) <= c.slow_depth) {
        const Count slow = slow_perft(s, int(d));
        EXPECT_EQ(slow.paths, fast.paths) << c.name << " slow perft " << d;
        EXPECT_NEAR(slow.expected, fast.expected, 1e-6 * fast.expected) << c.name;
      }
    }
    EXPECT_EQ(to_notation(s), c.position) << "perft changed the position";
  }
}

}  // namespace
}  // namespace stratego::waterloo::testing
