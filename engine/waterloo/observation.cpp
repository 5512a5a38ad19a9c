// Observations (observation.h): what a step showed each player, found by comparing the state
// before and after the step through the same visibility rules as the views (view.cpp).
#include "engine/waterloo/observation.h"

#include "engine/waterloo/action_token.h"
#include "engine/waterloo/notation.h"

namespace stratego::waterloo {
namespace {

bool off_board_pile(Where w) {
  return w == Where::kReserve || w == Where::kRecovering || w == Where::kPool ||
         w == Where::kSaved || w == Where::kLeft;
}

// Whose chance event it is: the retreat card's drawer, the attacker's die, the Allied
// player's Prussians.
Side chance_side(const WaterlooState& before, Action a) {
  switch (a.type()) {
    case ActionType::kRetreatCard:
      return before.retreat_sector(kRed) < 0 ? kRed : kBlue;
    case ActionType::kDie: {
      const int att = before.melee().attacker;
      return att == kNoUnit ? kRed : army_side(before.unit_info(att).army);
    }
    default:
      return kRed;
  }
}

void compare_units(const WaterlooState& before, const WaterlooState& after, Side viewer,
                   ObservedStep& o) {
  for (int id = 0; id < before.num_units(); ++id) {
    const UnitState& b = before.unit(id);
    const UnitState& a = after.unit(id);
    const int sq = b.where == Where::kBoard ? b.sq : a.where == Where::kBoard ? a.sq : -1;
    if (!identity_known(before, id, viewer) && identity_known(after, id, viewer) &&
        a.where != Where::kPool)
      o.shown.emplace_back(sq, seen_unit(after, id, viewer));
    if (b.where != Where::kCaptured && a.where == Where::kCaptured)
      o.captured.emplace_back(sq, seen_unit(after, id, viewer));
    else if (b.where == Where::kBoard && off_board_pile(a.where))
      o.withdrawn.emplace_back(sq, seen_unit(after, id, viewer));
  }
}

}  // namespace

ObservedStep observe(const WaterlooState& before, Action a, const WaterlooState& after,
                     Side viewer) {
  ObservedStep o;
  o.chance = a.is_chance();
  o.actor = o.chance ? chance_side(before, a) : before.current_player();
  const Geometry& g = before.geometry();
  switch (a.type()) {
    case ActionType::kPlace:  // W-15.3: the enemy sees which class, not which piece
    case ActionType::kDrawPrussian: {
      const SeenUnit u = seen_unit(before, a.from(), viewer);
      o.action = std::string(a.type() == ActionType::kPlace ? "place:" : "prussian:") +
                 unit_token(u) + "@" + g.square_name(a.to());
      break;
    }
    case ActionType::kRetreatCard:  // W-4.3: drawn secretly
      o.action = o.actor == viewer ? action_token(before, a) : "retreat:?";
      break;
    default:
      o.action = action_token(before, a);
  }
  compare_units(before, after, viewer, o);
  if (after.over() && !before.over()) o.result = after.result();
  return o;
}

ObservedStep observe_setup(const WaterlooState& before, Side side, const WaterlooState& after,
                           Side viewer) {
  ObservedStep o;
  o.setup = true;
  o.actor = side;
  const Army army = side == kRed ? Army::kAllied : Army::kFrench;
  int placed = 0, held = 0;
  for (int id = after.army_begin(army); id < after.army_end(army); ++id) {
    placed += after.unit(id).where == Where::kBoard;
    held += after.unit(id).where == Where::kReserve;
  }
  o.action = std::string("setup:") + std::string(side_name(side)) + ":" + std::to_string(placed) +
             "/" + std::to_string(held);
  compare_units(before, after, viewer, o);
  return o;
}

void ObservationLog::add(const WaterlooState& before, Action a, const WaterlooState& after) {
  for (Side s : {kRed, kBlue}) {
    steps[s].push_back(observe(before, a, after, s));
    steps[s].back().number = count;
  }
  ++count;
}

void ObservationLog::add_setup(const WaterlooState& before, Side side, const WaterlooState& after) {
  for (Side s : {kRed, kBlue}) {
    steps[s].push_back(observe_setup(before, side, after, s));
    steps[s].back().number = count;
  }
  ++count;
}

std::string describe(const ObservedStep& o, const Geometry& g) {
  std::string out = o.action;
  auto list = [&](const char* what, const std::vector<std::pair<int, SeenUnit>>& units) {
    if (units.empty()) return;
    out += std::string("  ") + what;
    for (const auto& [sq, u] : units) {
      out += ' ';
      out += unit_token(u);
      if (sq >= 0) out += '@' + g.square_name(sq);
    }
  };
  list("shown", o.shown);
  list("captured", o.captured);
  list("withdrawn", o.withdrawn);
  if (o.result.over())
    out += "  result " +
           std::string(o.result.winner == Winner::kRed    ? "red"
                       : o.result.winner == Winner::kBlue ? "blue"
                                                          : "draw") +
           " " + std::string(end_reason_name(o.result.reason)) + " " +
           std::string(result_kind_name(o.result.kind));
  return out;
}

}  // namespace stratego::waterloo
