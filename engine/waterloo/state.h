// The full, true state of a Stratego Waterloo game (docs/rules.md Part W) and its one game API,
// in the manner of OpenSpiel: every point of the game is either a DECISION (current_player()
// acts by choosing one of legal_actions()) or a CHANCE event (chance_outcomes() lists every
// outcome with its probability; the caller picks one and apply()s it). Set-up is the one
// decision too large for an Action: it is supplied whole through apply_setup().
//
// undo() restores the state exactly: apply() pushes a copy of the compact Core (about 1 KB,
// no heap) onto a snapshot stack; set_keep_history(false) skips that for fast playouts.
//
// Sequence of a game: [early-start choice, W-14.1] -> [card draft, W-12.2] -> Allied set-up
// -> French set-up -> [line-of-retreat cards, chance, W-11.1] -> turns. A side's turn: [W-14.2
// roll, chance] [Prussian draws, chance, W-9.2] [late Allied draft, W-12.2] then actions
// (moves, fire, placing, a card as the first action, taking weakened HC off, end turn). An
// attack may open Battle Lust decisions (attacker, then defender), a die roll (chance), and
// "+" chains (with a target decision inside buildings). Expert: a decided battle may go on
// into the pursuit (W-13.5) before the result is final.
//
// INTERPRETATIONS where docs/rules.md is silent (each also in the final report):
//  I-1  Set-up: French rows 1-4, Allies rows 7-10 (W-1.2); "back row" is row 1 (French) and
//       row 10 (Allied). Artillery of the French faces north, Allied/Prussian faces south.
//  I-2  The card draft comes before the set-up. A discard when no card is left is skipped.
//       The late Allied picks (W-12.2) happen at the start of the Allied turn 13 only when
//       the Prussians come, from the discards, as decisions.
//  I-3  Early start (W-14.1) is a French decision before everything else. When taken, the
//       14 listed pieces (its "1 LI" read as strength 1, data in the variant file) are
//       exactly the French reserve at set-up, and the French move first in every game turn
//       of the whole game (turns -2..0 and on).
//  I-4  Allied + Prussian actions (W-9.3) need no separate split decision: an action is
//       legal if some split a+p = N (a, p >= 1) still allows it, the Allied losses of W-7.1
//       coming off a. While von Buelow is lost the Prussian share is lost: no Prussian piece
//       acts and the Allies keep at most N-1 less their losses. Playing a card is an Allied
//       action. Prussian pieces act only from turn prussian_turn + 1 (13).
//  I-5  W-11.2: the Allied player loses when Uxbridge and Wellington are both lost, even
//       if Prussian actions remain. Allied and Prussian pieces count together as the Allied
//       side for lines of retreat (W-11.1), building occupation (W-10.2) and the pursuit.
//  I-6  Same-side "+" fights (the chain hits an own or allied piece): strengths compare as
//       usual; on equal strengths the die's faces of the attacker's colour favour the
//       attacker, the other three favour the defender. The loser is captured (it counts
//       in the pursuit's tally); R sends it to its reserve. Battle Lust is not offered.
//  I-7  A die winner always takes the loser's square (W-5.5), except a winner that may
//       not stand there (cavalry/commander into a building, artillery into mud): it stays.
//       A "+" chain continues from the winner's square; a "+" into a building square that
//       the winner may not attack, or a winning artillery piece, ends the chain. A "+"
//       winner standing in an intact building chooses any adjacent occupied square it may
//       attack (W-10.4); with none, the chain ends.
//  I-8  Battle Lust is offered only when strengths decide (not vs artillery or a commander-
//       in-chief), costs no action, and does not count as the turn's card (W-12.3).
//  I-9  Fire at light infantry is not a legal action (it could never have an effect). An
//       intact building blocks ground fire; hill artillery fires over everything. A fire at
//       an intact Plancenoit square offers two actions: the village (extra 1) or the unit.
//  I-10 A retreated (R) Prussian goes back to the Prussian pool and comes again by the
//       flag squares. Retreated and recovered pieces may exceed reserve_max. A retreated
//       heavy cavalry keeps its weakening; a recovered one is back at full strength.
//  I-11 W-8.2: "the opponent has had a turn" = at least one opponent turn started after
//       the attack. Taking off is possible during one's own action phase.
//  I-12 Pursuit (W-13.5): both sides keep their per-turn action counts; Napoleon and
//       Wellington leave (not lost). The pursuer's actions are cavalry attacks only (moves
//       of LC, HC or the commander that end in an attack); the loser may save LI/INF/ART
//       (kSave) or attack pursuing cavalry with own cavalry. No cards, placing or taking off. The
//       pursuit ends when the pursuer has no legal attack or ends a turn without attacking. Tally d
//       = captured pieces of the loser's side minus captured pieces of the pursuer's side over the
//       whole game: d <= 3 indecisive (draw), 4-9 minor, >= 10 major victory of the pursuer.
//  I-13 Expert: actions lost (W-11.2) and Napoleon lost are decisive; a French pair on the
//       centre sector is decisive. Basic/Standard wins are reported as decisive.
//  I-14 A lines-of-retreat or sector win is checked after every action (with its chains),
//       the acting side first. Reserves can be placed on the back row, also on the enemy's
//       secret sector of one's own row (that is one's own row, so no effect).
//  I-15 W-14.3 mud: an INF or cavalry move that starts in mud, or enters mud, is one square
//       long (an attack into mud counts as entering); LI ignore mud; artillery never enters.
//  I-16 Reconnaissance picks are orthogonally connected enemy squares chosen one by one;
//       Initiative moves are non-attacking moves of different pieces; Combined attack is
//       up to one infantry (LI/INF) attack, one cavalry (LC/HC/commander/cic) attack and
//       one artillery fire; Barrage: every artillery piece of the group connected to the
//       first firer may fire once. All card sub-actions may stop early with kCardDone.
//  I-17 Expert garrison (W-13.3): exactly `garrison` Allied LI or INF on the garrison tile
//       at set-up; no other piece may be set up in the middle rows.
//  I-18 Hill (W-10.5): the +1 goes to a defending LI, INF, LC, HC or commander on a hill
//       square whose attacker stands off the hill. The building bonus (W-10.2) counts for
//       the owner's infantry on a fully occupied building, attacking or defending.
//  I-19 Prussian draws (W-9.2): one chance event per empty flag square, lowest square first
//       (l5, then l6); pieces of the same class and strength are one outcome (named by the
//       lowest unit id) weighted by their count. The W-14.2 roll: come / never, 1/2 each.
//  I-20 The turn limit ends the game after the second side's turn of the last turn; the
//       pursuit is not bounded by it (every pursuer turn removes a piece, or it ends).
//  I-21 Sectors are the three thirds of a back row (a-d, e-h, i-l on 12 columns).
//  I-22 A unit that goes face down off the board (reserve, recovering, Prussian pool) mixes
//       with the others (W-15.3): its reveals and its last attack are forgotten; only a
//       weakened HC's clip stays. So W-8.2's wait for a weakened HC placed again counts from
//       its attacks after the placing (it differs only if it retreated and came back in the
//       same turn).
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "engine/result.h"
#include "engine/rng.h"
#include "engine/variant.h"
#include "engine/waterloo/action.h"
#include "engine/waterloo/rules.h"

namespace stratego::waterloo {

constexpr int kMaxUnits = 128;
constexpr std::uint8_t kNoUnit = 0xFF;
constexpr Side army_side(Army a) { return a == Army::kFrench ? kBlue : kRed; }

// Where a unit is now.
enum class Where : std::uint8_t {
  kBox,         // not in this game (positions built by hand start with every unit here)
  kBoard,       // on square `sq`
  kReserve,     // held back at set-up, retreated (R) or recovered: may be placed (W-7.3)
  kRecovering,  // weakened HC taken off, not placeable before its owner's next turn (W-8.2)
  kPool,        // a Prussian not yet drawn (W-9.2)
  kCaptured,    // removed in combat or by fire
  kSaved,       // taken off in the pursuit (W-13.5)
  kLeft,        // a commander-in-chief that left at the start of the pursuit
};

// Fixed facts of a unit, from the variant's army lists.
struct UnitInfo {
  Army army = Army::kFrench;
  UnitClass cls = UnitClass::kInfantry;
  std::uint8_t strength = 0;  // printed strength; 0 for artillery and commanders-in-chief
};

// What changes about a unit.
struct UnitState {
  Where where = Where::kBox;
  std::uint8_t sq = 0;
  std::uint8_t strength = 0;        // current (heavy cavalry weakens, W-8.1)
  std::uint8_t revealed = 0;        // bit s: side s knows its strength (W-15)
  std::int16_t last_attack = -100;  // side-turn counter of its last attack (W-8.2)
  bool operator==(const UnitState&) const = default;
};

enum class Phase : std::uint8_t {
  kEarlyStart,    // decision (French): W-14.1
  kDraft,         // decision: take or discard (W-12.2)
  kSetup,         // decision: apply_setup() / random_setup()
  kRetreatCard,   // chance: a side's line-of-retreat sector (W-11.1)
  kPrussianRoll,  // chance: W-14.2
  kPrussianDraw,  // chance: which Prussian lands on a flag square (W-9.2)
  kLateDraft,     // decision (Allies): two more cards at turn 13 (W-12.2)
  kAction,        // decision: the turn's actions
  kRecon,         // decision: Reconnaissance picks
  kInitiative,    // decision: Initiative moves
  kCombined,      // decision: Combined-attack attacks
  kBarrage,       // decision: Artillery-barrage fires
  kBattleLust,    // decision: attacker, then defender
  kDie,           // chance: the combat die
  kChooseTarget,  // decision: "+" target inside a building
  kOver,
};

// A side's set-up: each unit id placed on a square (the rest of that side's units go to the
// reserve). Prussians are never set up.
struct WaterlooSetup {
  std::vector<std::pair<int, int>> placements;  // (unit id, square)
};

// Cards of one side (counts per CardKind).
using CardCounts = std::array<std::uint8_t, kNumCardKinds>;

// The pending melee (W-5) between Battle Lust, the die and "+" chains.
struct Melee {
  std::uint8_t attacker = kNoUnit, defender = kNoUnit;
  std::uint8_t dir = 0;           // direction of the attack (attacker -> defender)
  bool lust[2] = {false, false};  // Battle Lust played for attacker [0] / defender [1]
  bool chain = false;             // a "+" follow-on, not the first attack of the action
  bool operator==(const Melee&) const = default;
};

// Everything that changes, copied whole by the snapshot stack.
struct Core {
  std::array<UnitState, kMaxUnits> units{};
  std::array<std::uint8_t, kMaxSquares> board{};  // unit id or kNoUnit
  std::array<Bitboard, 2> side_bb{};              // Red (Allied + Prussian), Blue
  Bitboard prussian_bb = 0;
  std::array<std::int8_t, 8> tile_hp{};  // per tile of the variant
  Phase phase = Phase::kEarlyStart;
  Side to_move = kRed;  // whose turn it is (the decider may differ: current_player())
  Side decider = kRed;  // who decides now
  std::int16_t turn = 1;
  std::int16_t side_turns = 0;               // counts every side-turn begun (W-8.2 timing)
  std::uint8_t used = 0, used_prussian = 0;  // actions used this turn (all / Prussian)
  bool card_played = false;                  // this turn (W-12.3)
  bool any_action = false;                   // this turn
  bool attacked = false;                     // this turn (pursuit end, I-12)
  bool early_start = false;
  std::int8_t prussians_come = 1;  // 1 yes, 0 never (W-14.2), -1 not rolled yet
  std::array<std::int8_t, 2> retreat_sector{-1, -1};
  std::array<CardCounts, 2> hand{}, played{};
  CardCounts pool{}, discards{};
  std::uint8_t draft_step = 0;  // picks made in the draft (take and discard alternate)
  std::uint8_t late_picks = 0;
  std::uint8_t setups_done = 0;
  // Card sub-decisions.
  CardKind card = CardKind::kReconnaissance;
  std::uint8_t card_count = 0;     // picks / moves / attacks made under the current card
  std::uint8_t combined_used = 0;  // bits: 1 infantry, 2 cavalry, 4 artillery
  Bitboard card_squares = 0;       // recon picks, initiative movers, barrage group / fired
  Phase resume = Phase::kAction;   // where a melee returns when it is over
  Melee melee;
  std::uint8_t lust_step = 0;  // 0 attacker asked next, 1 defender
  bool pursuit = false;
  Side pursuer = kRed;
  Result result;
  Result pending_result;                   // Expert: the battle's verdict before the pursuit
  std::array<std::uint8_t, 2> captured{};  // pieces of each side captured (W-13.5 tally)
  bool operator==(const Core&) const = default;
};

class WaterlooState {
 public:
  // The start of a game of the variant (family = waterloo): the first decision is the early-
  // start choice, the draft or the Allied set-up, depending on the variant.
  explicit WaterlooState(std::shared_ptr<const Variant> variant);

  const Variant& variant() const { return *variant_; }
  // Shared ownership of the variant, for views and records that outlive this state.
  std::shared_ptr<const Variant> variant_ptr() const { return variant_; }
  const Rules& rules() const { return variant_->waterloo; }
  const Geometry& geometry() const { return variant_->geometry; }

  // --- the game API ---
  bool is_chance() const;
  bool over() const { return core_.phase == Phase::kOver; }
  // The side that decides now (meaningless at chance nodes and when over).
  Side current_player() const { return core_.decider; }
  void legal_actions(ActionList& list) const;  // empty at chance nodes, in set-up, when over
  std::vector<std::pair<Action, double>> chance_outcomes() const;
  // Allocation-free form of chance_outcomes(); returns the count written.
  int chance_outcomes(Action* out, double* prob, int capacity) const;
  bool is_legal(Action a) const;
  // Applies a decision or chance outcome. Throws InputError (state unchanged) if illegal.
  void apply(Action a);
  // The same without the legality check, for playouts that take actions from legal_actions()
  // or chance_outcomes(); an illegal action here is undefined.
  void apply_unchecked(Action a);
  void undo();
  int history_size() const { return int(history_.size()); }
  void set_keep_history(bool keep) { keep_history_ = keep; }
  Result result() const { return core_.result; }
  // OpenSpiel-style returns for scoring (W-13.6): +1 a win of side s of any kind, -1 a loss,
  // 0 a draw (indecisive) or a game not over.
  double returns(Side s) const {
    const Winner w = core_.result.winner;
    if (w == Winner::kRed || w == Winner::kBlue) return w == winner_of(s) ? 1.0 : -1.0;
    return 0.0;
  }
  // Chance: samples an outcome with rng and applies it.
  Action apply_random_chance(Rng& rng);
  // Ends the game from outside the rules (an external EndReason): `loser` forfeits, or with
  // kDrawAgreed the game is drawn (loser ignored). Not undoable; kind decisive / indecisive.
  void end_externally(EndReason why, Side loser);

  // --- set-up (W-4) ---
  // Throws InputError, state unchanged, if the set-up breaks W-4 / W-13.3 / W-14.1.
  void apply_setup(Side side, const WaterlooSetup& setup);
  WaterlooSetup random_setup(Side side, Rng& rng) const;

  // --- queries (views build on these) ---
  Phase phase() const { return core_.phase; }
  Side side_to_move() const { return core_.to_move; }
  int turn() const { return core_.turn; }
  std::string clock_time() const;      // W-1.3: turn 1 is 11:00, each turn half an hour
  int actions_per_turn(Side s) const;  // W-7.1, W-9.3 (Allied total incl. Prussians)
  int actions_used() const { return core_.used; }
  int actions_left() const;
  // W-9.3: the Allied turn has the Allied + Prussian actions (Prussians arrived and acting).
  bool prussians_acting() const;
  // Unit ids of an army: [first, end).
  int army_begin(Army a) const { return army_ids_[int(a)][0]; }
  int army_end(Army a) const { return army_ids_[int(a)][1]; }
  int commander_in_chief(Army a) const { return cic_[int(a)]; }
  int commander(Army a) const { return commander_[int(a)]; }
  Bitboard setup_zone(Side s) const { return zone_[s]; }
  Bitboard back_row(Side s) const { return back_row_[s]; }
  Bitboard sector(Side s, int i) const { return sector_[s][i]; }
  Bitboard tile_squares(int tile) const { return tile_sq_[tile]; }
  int num_units() const { return int(info_.size()); }
  const UnitInfo& unit_info(int id) const { return info_[id]; }
  const UnitState& unit(int id) const { return core_.units[id]; }
  int unit_at(int sq) const { return core_.board[sq] == kNoUnit ? -1 : core_.board[sq]; }
  Bitboard side_bb(Side s) const { return core_.side_bb[s]; }
  Bitboard occupied() const { return core_.side_bb[0] | core_.side_bb[1]; }
  Bitboard prussian_bb() const { return core_.prussian_bb; }
  bool weakened(int id) const { return core_.units[id].strength < info_[id].strength; }
  int tile_hp(int tile) const { return core_.tile_hp[tile]; }
  int tile_at(int sq) const;  // index into rules().tiles, or -1
  // The side fully occupying an intact building, if any (W-10.2).
  std::optional<Side> building_owner(int tile) const;
  const CardCounts& hand(Side s) const { return core_.hand[s]; }
  const CardCounts& played(Side s) const { return core_.played[s]; }
  const CardCounts& discards() const { return core_.discards; }
  const CardCounts& draft_pool() const { return core_.pool; }
  int retreat_sector(Side s) const { return core_.retreat_sector[s]; }
  bool early_start() const { return core_.early_start; }
  int prussians_come() const { return core_.prussians_come; }
  bool in_pursuit() const { return core_.pursuit; }
  Side pursuer() const { return core_.pursuer; }
  int captured_count(Side s) const { return core_.captured[s]; }
  const Melee& melee() const { return core_.melee; }
  const Core& core() const { return core_; }
  // Current melee strength of unit id attacking/defending in the pending melee, after
  // modifiers (W-10, Battle Lust) capped at 6 (W-10.9).
  int melee_strength(int id, bool attacking) const;
  // The same against a given opponent unit (hill bonus), outside a pending melee.
  int melee_strength(int id, bool attacking, int other) const;
  bool operator==(const WaterlooState& o) const;  // compares the Core only

  // --- building positions (tests, notation) ---
  // Every unit back in the box, no cards, turn 1, Allies to act, no result.
  void clear();
  // Puts an unused (boxed) unit of that army/class/strength on sq; returns its id. Throws
  // InputError if there is none or sq is taken. strength < 0: any strength.
  int put(Army army, UnitClass cls, int strength, int sq);
  void move_unit_to(int id, Where where, int sq = 0);
  void set_strength(int id, int strength) { core_.units[id].strength = std::uint8_t(strength); }
  void set_hand(Side s, CardKind k, int n) { core_.hand[s][int(k)] = std::uint8_t(n); }
  void set_retreat_sector(Side s, int sector) { core_.retreat_sector[s] = std::int8_t(sector); }
  void set_tile_hp(int tile, int hp) { core_.tile_hp[tile] = std::int8_t(hp); }
  void set_prussians_come(int v) { core_.prussians_come = std::int8_t(v); }
  void set_captured_count(Side s, int n) { core_.captured[s] = std::uint8_t(n); }
  // Replaces the changing part whole (position notation reading, view tests). The caller keeps
  // board, side_bb and prussian_bb consistent with units; the undo stack is not touched.
  void set_core(const Core& c) { core_ = c; }
  // Starts side s's turn `turn` as play would: turn-start chance events and decisions, then
  // the action phase with fresh actions.
  void begin_turn(int turn, Side s);

 private:
  friend struct Engine;  // the rule files (actions.cpp, melee.cpp, ...) work through it
  std::shared_ptr<const Variant> variant_;
  std::vector<UnitInfo> info_;
  // Fixed terrain facts derived from the variant (not part of Core: they never change).
  std::array<std::int8_t, kMaxSquares> tile_of_{};
  std::array<Bitboard, 8> tile_sq_{};
  Bitboard building_sq_ = 0, hill_sq_ = 0, village_sq_ = 0, mud_sq_ = 0;
  std::array<Bitboard, 2> zone_{}, back_row_{};
  std::array<std::array<Bitboard, 3>, 2> sector_{};        // W-11.1: a side's back-row sectors
  std::array<std::array<int, 2>, kNumArmies> army_ids_{};  // [first, end) unit ids per army
  std::array<int, kNumArmies> cic_{-1, -1, -1}, commander_{-1, -1, -1};  // unit ids
  Core core_;
  std::vector<Core> history_;
  bool keep_history_ = true;
};

// The phase's name for messages and notation (an action's text is its token: action_token.h).
std::string_view phase_name(Phase p);

}  // namespace stratego::waterloo
