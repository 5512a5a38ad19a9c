// What a Waterloo action does, in the terms the `rules` policy scores it by: which piece, where
// to, an attack and its last step, which card, which reserve piece. Built from the action key
// (engine/waterloo/action.h) and the position it is legal in: no token text on the way.
#pragma once

#include <string_view>

#include "engine/geometry.h"
#include "engine/waterloo/action.h"
#include "engine/waterloo/state.h"
#include "engine/waterloo/view.h"

namespace stratego::heuristic::wrules {

using waterloo::CardKind;

struct ActionInfo {
  enum class Type {
    kMove,
    kAttack,
    kFire,
    kFireTile,
    kPlace,
    kTakeOff,
    kSave,
    kCard,
    kEnd,
    kDone,
    kLook,
    kTarget,
    kLust,
    kTake,
    kDiscard,
    kEarly,
    kOther
  };
  Type type = Type::kOther;  // kOther: a chance outcome (never a decision)
  int from = -1, to = -1;
  Direction dir = kNorth;  // kAttack: the last step
  CardKind card = CardKind::kReconnaissance;
  bool yes = false;
  waterloo::SeenUnit unit;  // kPlace: the piece placed, as its action token names it
  bool operator==(const ActionInfo&) const = default;
};

// `a` legal in `s` (the search's worlds, which know every unit).
ActionInfo describe(const waterloo::WaterlooState& s, waterloo::Action a);
// `a` legal for the viewer of `v` (a bot, which knows only its view). A view does not tell
// which reserve unit a key names, so a place action takes its piece from `place_unit`.
ActionInfo describe(const waterloo::WaterlooView& v, waterloo::Action a,
                    const waterloo::SeenUnit& place_unit = {});

}  // namespace stratego::heuristic::wrules
