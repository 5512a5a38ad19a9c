// A hand-built Waterloo position for rule tests: an empty board of a variant, units put on
// named squares, a turn begun, and short names for actions.
#pragma once

#include <memory>
#include <string>

#include "tests/support/waterloo_play.h"

namespace stratego::waterloo::testing {

struct Position {
  std::shared_ptr<const Variant> v;
  WaterlooState s;
  ActionList list;

  explicit Position(const std::string& spec = "waterloo-standard") : v(load(spec)), s(v) {
    s.clear();
  }
  int sq(const char* name) const { return *s.geometry().parse_square(name); }
  int put(Army a, UnitClass c, int strength, const char* name) {
    return s.put(a, c, strength, sq(name));
  }
  int french(UnitClass c, int strength, const char* name) {
    return put(Army::kFrench, c, strength, name);
  }
  int allied(UnitClass c, int strength, const char* name) {
    return put(Army::kAllied, c, strength, name);
  }
  int prussian(UnitClass c, int strength, const char* name) {
    return put(Army::kPrussian, c, strength, name);
  }
  const ActionList& actions() {
    s.legal_actions(list);
    return list;
  }
  bool legal(Action a) { return actions().contains(a); }
  Action move(const char* from, const char* to) const { return Action::move(sq(from), sq(to)); }
  Action attack(const char* from, const char* to, Direction d) const {
    return Action::move(sq(from), sq(to), d);
  }
  Action fire(const char* from, const char* to, bool building = false) const {
    return Action::make(ActionType::kFire, sq(from), sq(to), 0, building ? 1 : 0);
  }
  Action die(DieFace f) const { return Action::make(ActionType::kDie, 0, 0, 0, int(f)); }
  Action end_turn() const { return Action::make(ActionType::kEndTurn); }
  Action play(CardKind k) const { return Action::make(ActionType::kPlayCard, 0, 0, 0, int(k)); }
  Action lust(bool yes) const {
    return Action::make(ActionType::kBattleLust, 0, 0, 0, yes ? 1 : 0);
  }
  int at(const char* name) const { return s.unit_at(sq(name)); }
  Where where(int id) const { return s.unit(id).where; }
  // Every unit of an army not on the board goes into the Prussian pool (W-9.2 tests).
  void pool_prussians() {
    for (int id = s.army_begin(Army::kPrussian); id < s.army_end(Army::kPrussian); ++id)
      if (s.unit(id).where == Where::kBox) s.move_unit_to(id, Where::kPool);
  }
  int count_type(ActionType t) {
    int n = 0;
    for (Action a : actions()) n += a.type() == t;
    return n;
  }
};

}  // namespace stratego::waterloo::testing
