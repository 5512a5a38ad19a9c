// Action tokens read back by the Waterloo `rules` bot: it gets its legal actions as the
// tokens of engine/waterloo/action_token.h and needs what each one does (which piece, where
// to, an attack and its direction, which card, which reserve piece).
#pragma once

#include <string_view>

#include "engine/geometry.h"
#include "engine/waterloo/action.h"
#include "engine/waterloo/view.h"

namespace stratego::bots::wrules {

using waterloo::CardKind;

// A token read back; kOther for anything not understood (never chosen over the rest).
struct Token {
  enum class Type {
    kMove, kAttack, kFire, kFireTile, kPlace, kTakeOff, kSave, kCard, kEnd, kDone, kLook,
    kTarget, kLust, kTake, kDiscard, kEarly, kOther
  };
  Type type = Type::kOther;
  int from = -1, to = -1;
  Direction dir = kNorth;
  CardKind card = CardKind::kReconnaissance;
  bool yes = false;
  waterloo::SeenUnit unit;  // kPlace
};
Token parse_token(std::string_view text, const Geometry& g);


}  // namespace stratego::bots::wrules
