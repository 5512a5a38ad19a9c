// Melee (W-5): Battle Lust declarations (W-12.7), commanders-in-chief (W-5.2), artillery
// fronts (W-5.3), strengths with modifiers, the combat die (W-5.4, W-5.5), "+" chains in both
// directions and into own pieces (W-5.6, W-10.4), "R" retreats, heavy cavalry weakening (W-8.1)
// and the pursuit's rule for equal cavalry (W-13.5).
#include "engine/waterloo/engine.h"

namespace stratego::waterloo {
namespace {

bool strengths_decide(UnitClass a, UnitClass d) {
  return a != UnitClass::kCommanderInChief && d != UnitClass::kCommanderInChief &&
         d != UnitClass::kArtillery;
}

}  // namespace

void Engine::start_melee(S& s, int attacker, int target_sq, Direction d, bool chain) {
  Core& c = s.core_;
  const int defender = c.board[target_sq];
  c.melee = Melee{};
  c.melee.attacker = std::uint8_t(attacker);
  c.melee.defender = std::uint8_t(defender);
  c.melee.dir = std::uint8_t(d);
  c.melee.chain = chain;
  const Side sa = side_of(s, attacker), sd = side_of(s, defender);
  if (sa != sd && strengths_decide(cls(s, attacker), cls(s, defender))) {
    constexpr int kLust = int(CardKind::kBattleLust);
    if (c.hand[sa][kLust] > 0 || c.hand[sd][kLust] > 0) {
      c.phase = Phase::kBattleLust;  // I-8: attacker first, then defender
      c.lust_step = c.hand[sa][kLust] > 0 ? 0 : 1;
      c.decider = c.lust_step == 0 ? sa : sd;
      return;
    }
  }
  decide_melee(s);
}

void Engine::battle_lust(S& s, bool play) {
  Core& c = s.core_;
  constexpr int kLust = int(CardKind::kBattleLust);
  const Side side = c.decider;
  if (play) {
    --c.hand[side][kLust];
    ++c.played[side][kLust];
    c.melee.lust[c.lust_step] = true;
  }
  const Side sd = side_of(s, c.melee.defender);
  if (c.lust_step == 0 && c.hand[sd][kLust] > 0) {
    c.lust_step = 1;
    c.decider = sd;
    return;
  }
  decide_melee(s);
}

namespace {

// The melee is over: back to where the action came from.
void melee_done(WaterlooState& s, Core& c) {
  c.phase = c.resume;
  c.decider = c.to_move;
  Engine::after_action(s);
}

}  // namespace

// W-8.1: heavy cavalry that attacked an enemy and survived loses one strength (not below 1).
static void weaken_attacker(WaterlooState& s, Core& c, int att, int def) {
  if (Engine::side_of(s, att) == Engine::side_of(s, def)) return;
  c.units[att].last_attack = c.side_turns;
  if (s.unit_info(att).cls == UnitClass::kHeavyCavalry && c.units[att].strength > 1)
    --c.units[att].strength;
}

void Engine::decide_melee(S& s) {
  Core& c = s.core_;
  const int att = c.melee.attacker, def = c.melee.defender;
  const UnitClass ka = cls(s, att), kd = cls(s, def);
  const Direction d = Direction(c.melee.dir);
  // W-15.2, W-12.7: the strengths are shown now, after any Battle Lust declarations, so
  // that the views at those decisions do not show them.
  c.units[att].revealed = c.units[def].revealed = 3;
  bool attacker_wins;
  if (kd == UnitClass::kArtillery) {
    // W-5.3: the front is the square ahead; attacked from there only LI wins.
    const bool front = d == opposite(facing(s, def));
    attacker_wins = !front || ka == UnitClass::kLightInfantry;
  } else if (ka == UnitClass::kCommanderInChief || kd == UnitClass::kCommanderInChief) {
    attacker_wins = true;  // W-5.2
  } else {
    const int sa = melee_strength(s, att, true, def), sd = melee_strength(s, def, false, att);
    if (sa == sd) {
      if (c.pursuit && is_cavalry_like(ka) && is_cavalry_like(kd) &&
          side_of(s, att) != side_of(s, def)) {
        attacker_wins = side_of(s, att) == c.pursuer;  // W-13.5: the pursuer wins
      } else {
        c.phase = Phase::kDie;  // W-5.4
        return;
      }
    } else {
      attacker_wins = sa > sd;
    }
  }
  if (attacker_wins) {
    const int target = c.units[def].sq;
    capture(s, def);
    if (c.phase == Phase::kOver) return;
    weaken_attacker(s, c, att, def);
    lift_unit(s, att);
    place_unit(s, att, target);
  } else {
    capture(s, att);  // a winning defender stays (W-5.1)
    if (c.phase == Phase::kOver) return;
  }
  melee_done(s, c);
}

void Engine::apply_die(S& s, DieFace f) {
  Core& c = s.core_;
  const int att = c.melee.attacker, def = c.melee.defender;
  const bool blue_face =
      f == DieFace::kBlue || f == DieFace::kBluePlus || f == DieFace::kBlueRetreat;
  const bool plus = f == DieFace::kBluePlus || f == DieFace::kRedPlus;
  const bool retreat = f == DieFace::kBlueRetreat || f == DieFace::kRedRetreat;
  // W-5.5; I-6: in a same-side fight the attacker's colour favours the attacker.
  const bool att_wins = blue_face == (side_of(s, att) == kBlue);
  const int winner = att_wins ? att : def, loser = att_wins ? def : att;
  const int loser_sq = c.units[loser].sq;
  if (retreat) {
    // The attacker survives either way (W-8.1); it is marked before a retreat may send it
    // face down, where its last attack is forgotten (I-22).
    weaken_attacker(s, c, att, def);
    withdraw(s, loser, s.info_[loser].army == Army::kPrussian ? Where::kPool : Where::kReserve);
  } else {
    capture(s, loser);
    if (c.phase == Phase::kOver) return;
    if (att_wins) weaken_attacker(s, c, att, def);
  }
  // The winner takes the loser's square when it may stand there (I-7).
  if (may_stand(s, winner, loser_sq, intact(s, TileKind::kBuilding))) {
    lift_unit(s, winner);
    place_unit(s, winner, loser_sq);
  }
  if (!plus) {
    melee_done(s, c);
    return;
  }
  // W-5.6: "+": the winner attacks on, in the attack's direction or, as defender, reversed.
  const Direction d = att_wins ? Direction(c.melee.dir) : opposite(Direction(c.melee.dir));
  const UnitClass kw = cls(s, winner);
  const int at = c.units[winner].sq;
  if (kw == UnitClass::kArtillery) {
    melee_done(s, c);
    return;
  }
  const int tile = s.tile_of_[at];
  if (tile >= 0 && c.tile_hp[tile] > 0 && s.rules().tiles[tile].kind == TileKind::kBuilding) {
    // W-10.4: in a building the winner chooses its next target.
    c.melee.attacker = std::uint8_t(winner);
    static thread_local ActionList list;
    list.clear();
    gen_chain_targets(s, list);
    if (list.size == 0) {
      melee_done(s, c);
      return;
    }
    c.phase = Phase::kChooseTarget;
    c.decider = side_of(s, winner);
    return;
  }
  const Bitboard next = s.geometry().shift(square_bb(at), d);
  const Bitboard occupied = c.side_bb[0] | c.side_bb[1];
  if (!(next & occupied) || (is_cavalry_like(kw) && (next & intact(s, TileKind::kBuilding)))) {
    melee_done(s, c);
    return;
  }
  start_melee(s, winner, lsb(next), d, true);
}

void Engine::gen_chain_targets(const S& s, ActionList& list) {
  const Core& c = s.core_;
  const int w = c.melee.attacker;
  const Bitboard around =
      s.geometry().neighbours(square_bb(c.units[w].sq)) & (c.side_bb[0] | c.side_bb[1]);
  const Bitboard allowed =
      is_cavalry_like(cls(s, w)) ? around & ~intact(s, TileKind::kBuilding) : around;
  for (int sq : squares(allowed)) list.push(Action::make(ActionType::kChooseTarget, 0, sq));
}

void Engine::choose_target(S& s, int sq) {
  Core& c = s.core_;
  const int w = c.melee.attacker;
  const int from = c.units[w].sq;
  Direction d = kNorth;
  for (Direction dd : kDirections)
    if (from + s.geometry().delta(dd) == sq) d = dd;
  start_melee(s, w, sq, d, true);
}

}  // namespace stratego::waterloo
