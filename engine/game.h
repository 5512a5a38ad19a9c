// A game in progress: the true state, where it started, the moves, and what each player has
// observed so far. Applies C-7.2 (no legal move loses) after every move, so over() is exact.
#pragma once

#include <string>
#include <vector>

#include "engine/record.h"
#include "engine/state.h"
#include "engine/view.h"

namespace stratego {

class Game {
 public:
  // red_setup / blue_setup: the set-up lines the start came from, if any (for the record).
  explicit Game(State start, std::string red_setup = {}, std::string blue_setup = {});

  const State& state() const { return state_; }
  const State& start() const { return start_; }
  const std::vector<Move>& moves() const { return moves_; }
  bool over() const { return state_.over(); }
  Result result() const { return state_.result(); }

  // Plays a legal move; throws InputError naming the move if it is not legal now.
  void play(Move m);
  void resign(Side s);
  void agree_draw();
  // The referee's forfeits (time-forfeit, crash, ...; State::forfeit).
  void forfeit(Side loser, EndReason r);

  View view(Side s) const { return make_view(state_, s); }
  // Every decision so far as player s saw it, oldest first.
  const std::vector<ObservedMove>& observations(Side s) const { return observations_[s]; }

  GameRecord record() const;

 private:
  void settle();  // C-7.2

  State start_, state_;
  std::string red_setup_, blue_setup_;
  std::vector<Move> moves_;
  std::array<std::vector<ObservedMove>, 2> observations_;
};

}  // namespace stratego
