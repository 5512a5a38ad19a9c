// What each player observes as a Waterloo game goes on (W-15): every step (a set-up, a
// decision or a chance outcome) as that player may see it. Actions are public except for
// what they would tell about hidden pieces: a piece placed from the enemy's reserve and a
// Prussian drawn onto the flag show only their class, and the enemy's line-of-retreat card
// is drawn unseen. Die faces, combat reveals, captures and results are public; what a
// Reconnaissance shows goes to its player only.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "engine/waterloo/view.h"

namespace stratego::waterloo {

struct ObservedStep {
  int number = 0;  // index of the step in the game (set-ups, decisions, chance outcomes)
  bool chance = false;
  bool setup = false;
  Side actor = kRed;   // who decided; for a chance event, the side it concerns
  std::string action;  // the action token as this player may see it; hidden parts are '?'
  // (square the piece stood on, or -1; the piece as seen after the step)
  std::vector<std::pair<int, SeenUnit>> shown;      // strengths this step showed this player
  std::vector<std::pair<int, SeenUnit>> captured;   // pieces captured (by melee or fire)
  std::vector<std::pair<int, SeenUnit>> withdrawn;  // pieces that left the board otherwise
  Result result;                                    // the result, when this step ended the game
  bool operator==(const ObservedStep&) const = default;
};

// One step: `before` is the state a was applied to, `after` the state it gave.
ObservedStep observe(const WaterlooState& before, Action a, const WaterlooState& after,
                     Side viewer);
// A set-up (W-4.1): the enemy sees the classes on the board (the view has them) and how many
// pieces were held back; the set-up's author sees it whole.
ObservedStep observe_setup(const WaterlooState& before, Side side, const WaterlooState& after,
                           Side viewer);

// Both players' histories, appended step by step.
struct ObservationLog {
  std::vector<ObservedStep> steps[2];
  int count = 0;
  void add(const WaterlooState& before, Action a, const WaterlooState& after);
  void add_setup(const WaterlooState& before, Side side, const WaterlooState& after);
  const std::vector<ObservedStep>& of(Side s) const { return steps[s]; }
};

// One line for logs and `stratego selfplay`: the token and what was shown, e.g.
// "e5xe6/n  I3 vs i3: die" or "die:blue+  captured I3 at e6".
std::string describe(const ObservedStep& o, const Geometry& g);

}  // namespace stratego::waterloo
