#include "heuristic/waterloo_action_info.h"

namespace stratego::heuristic::wrules {
namespace {

using waterloo::ActionType;
using T = ActionInfo::Type;

// Everything but the piece of a place action, which only the caller can name.
ActionInfo describe_with(waterloo::Action a, bool target_occupied, const waterloo::SeenUnit& unit) {
  ActionInfo out;
  const int e = a.extra();
  const CardKind card = e < waterloo::kNumCardKinds ? CardKind(e) : CardKind::kReconnaissance;
  switch (a.type()) {
    case ActionType::kMove:
      out.type = target_occupied ? T::kAttack : T::kMove;
      out.from = a.from();
      out.to = a.to();
      if (target_occupied) out.dir = Direction(a.dir() & 3);
      break;
    case ActionType::kFire:
      out.type = e ? T::kFireTile : T::kFire;
      out.from = a.from();
      out.to = a.to();
      break;
    case ActionType::kPlace:
      out.type = T::kPlace;
      out.to = a.to();
      out.unit = unit;
      break;
    case ActionType::kTakeOff:
      out.type = T::kTakeOff;
      out.from = a.from();
      break;
    case ActionType::kSave:
      out.type = T::kSave;
      out.from = a.from();
      break;
    case ActionType::kPlayCard:
      out.type = T::kCard;
      out.card = card;
      break;
    case ActionType::kEndTurn:
      out.type = T::kEnd;
      break;
    case ActionType::kCardDone:
      out.type = T::kDone;
      break;
    case ActionType::kReconPick:
      out.type = T::kLook;
      out.to = a.to();
      break;
    case ActionType::kChooseTarget:
      out.type = T::kTarget;
      out.to = a.to();
      break;
    case ActionType::kBattleLust:
      out.type = T::kLust;
      out.yes = e != 0;
      break;
    case ActionType::kDraftTake:
      out.type = T::kTake;
      out.card = card;
      break;
    case ActionType::kDraftDiscard:
      out.type = T::kDiscard;
      out.card = card;
      break;
    case ActionType::kEarlyStart:
      out.type = T::kEarly;
      out.yes = e != 0;
      break;
    default:
      break;  // chance outcomes
  }
  return out;
}

}  // namespace

ActionInfo describe(const waterloo::WaterlooState& s, waterloo::Action a) {
  waterloo::SeenUnit unit;
  if (a.type() == ActionType::kPlace) {
    // As the place token names the piece: class, printed strength and weakening only.
    unit = waterloo::seen_unit(s, a.from(), kRed, true);
    unit.revealed = 0;
    unit.last_attack = waterloo::kNeverAttacked;
  }
  const bool occupied = a.type() == ActionType::kMove && s.unit_at(a.to()) >= 0;
  return describe_with(a, occupied, unit);
}

ActionInfo describe(const waterloo::WaterlooView& v, waterloo::Action a,
                    const waterloo::SeenUnit& place_unit) {
  const bool occupied = a.type() == ActionType::kMove && v.board[std::size_t(a.to())].has_value();
  return describe_with(a, occupied, place_unit);
}

}  // namespace stratego::heuristic::wrules
