// A Waterloo action in 32 bits: every decision and every chance outcome of the game.
//   bits  0-6   from: a square (move, fire, take off, save) or a unit id (place, draw)
//   bits  7-13  to: a square (move destination, fire target, placement, chosen target)
//   bits 14-15  dir: direction of the last step of a move that ends in an attack (W-3.1);
//               0 for every other action
//   bits 16-20  type (ActionType)
//   bits 21-31  extra: card kind, die face, yes/no, sector, building-hit flag
// A move is named by destination and, when it attacks, by its last step: two paths to the
// same empty square are one action; attacks from different sides are different actions.
#pragma once

#include <cstdint>

#include "engine/fixed_list.h"
#include "engine/geometry.h"

namespace stratego::waterloo {

enum class ActionType : std::uint8_t {
  // decisions
  kMove = 0,           // from -> to; dir = last step (attacks only). Also cards' moves.
  kFire = 1,           // artillery at from fires at to; extra 1 = hit the building/village
  kPlace = 2,          // from = unit id (reserve/retreated/recovered) onto square to (W-7.3)
  kTakeOff = 3,        // weakened heavy cavalry at from leaves the board (W-8.2, no action)
  kPlayCard = 4,       // extra = CardKind (W-12.3)
  kEndTurn = 5,        // end the turn, unused actions lost (W-7.4)
  kCardDone = 6,       // stop a card's sub-decisions early (recon, initiative, combined, barrage)
  kReconPick = 7,      // look at the enemy piece on `to` (W-12.4)
  kChooseTarget = 8,   // "+" in a building: the winner attacks `to` (W-10.4)
  kBattleLust = 9,     // extra 1 = play Battle Lust for this combat, 0 = not (W-12.7)
  kDraftTake = 10,     // extra = CardKind taken (W-12.2)
  kDraftDiscard = 11,  // extra = CardKind discarded
  kEarlyStart = 12,    // extra 1 = the French start early, 0 = not (W-14.1)
  kSave = 13,          // pursuit: the loser takes the piece at from off the board (W-13.5)
  // chance outcomes
  kDie = 16,           // extra = DieFace (W-5.5)
  kDrawPrussian = 17,  // from = unit id drawn, to = flag square (W-9.2)
  kRetreatCard = 18,   // extra = sector 0 (a-d), 1 (e-h), 2 (i-l) (W-11.1)
  kPrussianRoll = 19,  // extra 1 = the Prussians come (red face), 0 = never (W-14.2)
};

enum class CardKind : std::uint8_t {
  kReconnaissance,
  kInitiative,
  kCombinedAttack,
  kBattleLust,
  kArtilleryBarrage,
};
constexpr int kNumCardKinds = 5;

// W-5.5. Blue is the French piece, Red the Allied or Prussian one.
enum class DieFace : std::uint8_t { kBlue, kRed, kBluePlus, kRedPlus, kBlueRetreat, kRedRetreat };
constexpr int kNumDieFaces = 6;

class Action {
 public:
  constexpr Action() = default;
  constexpr static Action make(ActionType t, int from = 0, int to = 0, int dir = 0, int extra = 0) {
    return Action(std::uint32_t(from) | std::uint32_t(to) << 7 | std::uint32_t(dir) << 14 |
                  std::uint32_t(t) << 16 | std::uint32_t(extra) << 21);
  }
  constexpr static Action move(int from, int to, int dir = 0) {
    return make(ActionType::kMove, from, to, dir);
  }
  constexpr static Action from_raw(std::uint32_t bits) { return Action(bits); }

  constexpr int from() const { return int(bits_ & 127); }
  constexpr int to() const { return int((bits_ >> 7) & 127); }
  constexpr Direction dir() const { return Direction((bits_ >> 14) & 3); }
  constexpr ActionType type() const { return ActionType((bits_ >> 16) & 31); }
  constexpr int extra() const { return int(bits_ >> 21); }
  constexpr bool is_chance() const { return int(type()) >= 16; }
  constexpr std::uint32_t raw() const { return bits_; }
  constexpr bool operator==(const Action&) const = default;
  constexpr bool operator<(const Action& o) const { return bits_ < o.bits_; }

 private:
  constexpr explicit Action(std::uint32_t bits) : bits_(bits) {}
  std::uint32_t bits_ = 0;
};

// Caller-owned storage for generated actions. Random games peak at a few hundred (cavalry
// lines, three-step light infantry paths, reserves onto twelve squares); a crude bound over
// every unit's moves, attacks, fire and every reserve kind on every back-row square stays
// under 2,300, so 4096 is safe.
constexpr int kMaxActions = 4096;
using ActionList = FixedList<Action, kMaxActions>;

}  // namespace stratego::waterloo
