// Internal to engine/waterloo/*.cpp: the rule functions, grouped by file, that read and
// change a WaterlooState. Public code uses state.h only.
#pragma once

#include "engine/waterloo/state.h"

namespace stratego::waterloo {

constexpr int kInfantryBit = 1, kCavalryBit = 2, kArtilleryBit = 4;  // Combined attack

constexpr bool is_infantry(UnitClass k) {
  return k == UnitClass::kLightInfantry || k == UnitClass::kInfantry;
}
// W-3.2: moves in straight lines (LC, HC, commanders, commanders-in-chief).
constexpr bool is_cavalry_like(UnitClass k) {
  return k == UnitClass::kLightCavalry || k == UnitClass::kHeavyCavalry ||
         k == UnitClass::kCommander || k == UnitClass::kCommanderInChief;
}

struct Engine {
  using S = WaterlooState;

  // --- state.cpp: board bookkeeping; turns.cpp: turn flow, captures, victory ---
  static Side side_of(const S& s, int id) { return army_side(s.info_[id].army); }
  static UnitClass cls(const S& s, int id) { return s.info_[id].cls; }
  static void place_unit(S& s, int id, int sq);
  static void lift_unit(S& s, int id);  // off the board; the caller sets where it goes
  // Off the board face down (reserve, recovering, Prussian pool): the blocks mix, so what
  // was seen of this one is forgotten (W-15.3, W-9.1).
  static void withdraw(S& s, int id, Where where);
  static void capture(S& s, int id);
  static void finish(S& s, Winner w, EndReason why, ResultKind kind, int diff = 0);
  static void after_action(S& s);  // an action (with its chains) is complete
  static void end_turn(S& s);
  static void begin_side_turn(S& s, Side side);
  static void turn_start_events(S& s);  // rolls, draws, late draft, then the action phase
  static void start_play(S& s);
  // W-11.1 / W-13.2 after an action; true if the game ended or a pursuit began.
  static bool check_positional(S& s);
  static int losses(const S& s, Army a);           // W-7.1 actions lost to missing commanders
  static bool can_act(const S& s, bool prussian);  // I-4: one more action of that share

  // --- terrain.cpp ---
  static Bitboard intact(const S& s, TileKind kind);  // squares of intact tiles of a kind
  static bool may_stand(const S& s, int id, int sq, Bitboard intact_buildings);
  static int melee_strength(const S& s, int id, bool attacking, int other);
  static Direction facing(const S& s, int id) { return side_of(s, id) == kBlue ? kNorth : kSouth; }

  // --- actions.cpp: generation ---
  static void gen_actions(const S& s, ActionList& list);
  // Moves of unit id: plain moves and/or attacks, as the flags say.
  static void gen_unit_moves(const S& s, int id, bool plain, bool attacks, Bitboard targets,
                             ActionList& list);
  static void gen_fire(const S& s, int id, ActionList& list);
  static bool unit_may_act(const S& s, int id);  // side, Prussian timing and action split

  // --- play.cpp: decisions that change the board ---
  static void do_decision(S& s, Action a);
  static void do_move(S& s, Action a);  // a plain move or the approach and start of an attack
  static void do_fire(S& s, int from, int to, bool building);

  // --- melee.cpp ---
  static void start_melee(S& s, int attacker, int target_sq, Direction d, bool chain);
  static void battle_lust(S& s, bool play);
  static void decide_melee(S& s);
  static void apply_die(S& s, DieFace f);
  static void choose_target(S& s, int sq);
  static void gen_chain_targets(const S& s, ActionList& list);

  // --- cards.cpp ---
  static void gen_draft(const S& s, ActionList& list);
  static void draft(S& s, Action a);
  static void advance_draft(S& s);
  static void play_card(S& s, CardKind k);
  static void gen_card_actions(const S& s, ActionList& list);
  static void card_step_done(S& s);  // a sub-action finished: continue the card or end it
  static void end_card(S& s);
  static void recon_pick(S& s, int sq);

  // --- setup.cpp ---
  static void validate_setup(const S& s, Side side, const WaterlooSetup& setup);

  // --- pursuit.cpp ---
  static void start_pursuit(S& s, Side pursuer);
  static void gen_pursuit(const S& s, ActionList& list);
  static void end_pursuit(S& s);
  static bool pursuer_can_attack(const S& s);
};

}  // namespace stratego::waterloo
