// What one Waterloo player may know (W-15), and the referee's view that hides nothing.
//  - Enemy pieces show their class; commanders and commanders-in-chief look like light
//    cavalry (W-2). Strength and identity show only once revealed to that viewer (combat and
//    fire reveal to both, Reconnaissance to its player only, W-15.2).
//  - Prussian pieces are hidden from BOTH players until revealed (W-9.1): the Allied player
//    commands them without knowing their strengths.
//  - Weakened blocks, building damage, captured pieces, cards drafted and played, the
//    squares a card has picked are public; each side sees only its own line-of-retreat card.
//  - Reserves: the enemy's number and classes are public, their identities are not (W-15.3).
//    A piece that goes there (or to recovering, or a Prussian back to the pool) forgets its
//    reveals and last attack (I-22), so it comes back as a fresh block.
// Nothing in a view is read from hidden truth except through these rules; the property test
// (tests/waterloo_view_test.cpp) changes hidden facts and checks that no view changes.
#pragma once

#include <array>
#include <compare>
#include <memory>
#include <optional>
#include <vector>

#include "engine/waterloo/state.h"

namespace stratego::waterloo {

constexpr std::int16_t kNeverAttacked = -100;  // UnitState::last_attack before any attack
constexpr std::int8_t kHiddenSector = -2;      // the enemy's retreat card, drawn but unseen

// One piece as a viewer sees it.
struct SeenUnit {
  Army army = Army::kFrench;
  UnitClass cls = UnitClass::kInfantry;       // as seen: an unrevealed commander shows as LC
  std::int8_t strength = -1;                  // printed strength (W-2); -1 hidden from the viewer
  std::uint8_t damage = 0;                    // strength lost by weakened HC (W-8.1, public)
  std::uint8_t revealed = 0;                  // bit s: side s has seen its strength (public)
  std::int16_t last_attack = kNeverAttacked;  // side-turn of its last attack (W-8.2, public)
  auto operator<=>(const SeenUnit&) const = default;
  Side side() const { return army_side(army); }
};

// Where units off the board are, one list each, sorted (the order says nothing).
enum class Pile : std::uint8_t { kReserve, kRecovering, kPool, kCaptured, kSaved, kLeft };
constexpr int kNumPiles = 6;

// The pending melee, by squares (only while a melee is being decided).
struct SeenMelee {
  int attacker_sq = -1, defender_sq = -1;
  int dir = 0;
  bool lust[2] = {false, false};
  bool chain = false;
  int lust_step = 0;
  bool operator==(const SeenMelee&) const = default;
};

// The card being played (only while its sub-decisions or one of its melees run).
struct SeenCard {
  bool active = false;
  CardKind kind = CardKind::kReconnaissance;
  int count = 0;          // picks / moves / attacks / fires made under it
  int combined_used = 0;  // Combined attack: 1 infantry, 2 cavalry, 4 artillery
  Bitboard squares = 0;   // recon picks; initiative movers; barrage artillery yet to fire
  bool operator==(const SeenCard&) const = default;
};

struct WaterlooView {
  std::shared_ptr<const Variant> variant;
  bool full = false;  // the referee's view: every strength and both retreat cards
  Side viewer = kRed;
  std::array<std::optional<SeenUnit>, kMaxSquares> board{};
  std::array<std::vector<SeenUnit>, kNumPiles> piles{};
  std::array<std::int8_t, 8> tile_hp{};  // building/village hit points per tile (W-10.3)
  Phase phase = Phase::kAction;
  Phase resume = Phase::kAction;  // where a pending melee returns
  Side to_move = kRed, decider = kRed;
  int turn = 1, side_turns = 0;
  int used = 0, used_prussian = 0;
  int actions_left = 0;  // public: it follows from the public losses of commanders (W-7.1)
  bool card_played = false, any_action = false, attacked = false, early_start = false;
  int prussians_come = 1;                             // 1 yes, 0 never, -1 not rolled yet (W-14.2)
  std::array<std::int8_t, 2> retreat_sector{-1, -1};  // -1 not drawn, kHiddenSector unseen
  std::array<CardCounts, 2> hand{}, played{};         // the draft is open (W-12.2): public
  CardCounts draft_pool{}, discards{};
  int draft_step = 0, late_picks = 0, setups_done = 0;
  SeenCard card;
  SeenMelee melee;
  bool pursuit = false;
  Side pursuer = kRed;
  std::array<int, 2> captured{};  // pieces of each side captured (W-13.5 tally)
  Result result;

  bool operator==(const WaterlooView& o) const;
  const Rules& rules() const { return variant->waterloo; }
  const Geometry& geometry() const { return variant->geometry; }
};

// The view of one player.
WaterlooView make_view(const WaterlooState& s, Side viewer);
// The referee's view: the whole state in view form (what the full-state notation writes).
WaterlooView make_full_view(const WaterlooState& s);

// How unit id looks to a viewer (full: to the referee).
SeenUnit seen_unit(const WaterlooState& s, int id, Side viewer, bool full = false);
// True if the viewer knows the unit's identity and strength.
bool identity_known(const WaterlooState& s, int id, Side viewer);
// W-2: commanders and commanders-in-chief show the back of light cavalry.
constexpr UnitClass apparent_class(UnitClass k) {
  return k == UnitClass::kCommander || k == UnitClass::kCommanderInChief ? UnitClass::kLightCavalry
                                                                         : k;
}
// The side fully occupying an intact building (W-10.2): public, as sides show on the backs.
std::optional<Side> view_building_owner(const WaterlooView& v, int tile);

// Melee and card fields mean something only in some phases; elsewhere the state keeps stale
// values that no rule reads. These say when they are live (notation writes only live ones).
bool melee_live(Phase p);
bool card_live(Phase phase, Phase resume);

// A state at the set-up of `side` that judges a set-up as the referee's will (W-4, W-13.3,
// W-14.1): the variant's start moved on to the set-up phase with the view's public facts
// (the early start, the buildings' hit points), if there is a view.
WaterlooState setup_phase_state(std::shared_ptr<const Variant> variant, const WaterlooView* view,
                                Side side);

}  // namespace stratego::waterloo
