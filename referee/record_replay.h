// A classic-family game record walked move by move as the players saw it: what `stratego
// analyze` (beliefs along a game) and `stratego analyze decisions` (a bot's thinking along a
// game) both replay. After each move it gives each side the observation the referee sent that
// side's bot, and the view after it; every problem with the record is an InputError naming the
// file, the record and the move.
#pragma once

#include <string>

#include "engine/record.h"
#include "engine/state.h"
#include "engine/view.h"

namespace stratego::referee {

class RecordReplay {
 public:
  // Game `game` (1-based) of the records in the file `path`; game 0: the file must hold one.
  // Waterloo records are refused with `waterloo_refusal` (e.g. "analyze: waterloo is not
  // supported yet").
  RecordReplay(const std::string& path, int game, const std::string& waterloo_refusal);

  const GameRecord& record() const { return record_; }
  // How messages name the record ("FILE", or "FILE, record 3 (line 120)").
  const std::string& origin() const { return origin_; }
  const State& state() const { return state_; }
  int ply() const { return ply_; }  // moves made so far
  int moves() const { return int(record_.moves.size()); }
  bool done() const { return ply_ == moves(); }
  // "ORIGIN: move N (TOKEN)" for the move made last (ply()).
  std::string where() const;
  // Makes the next move (InputError if it is not legal), then ends the game if the side to
  // move has none (C-7.2), as the referee's game does.
  void next();
  // What `viewer` saw of the move made last, and its view now.
  ObservedMove observation(Side viewer) const;
  View view(Side viewer) const { return make_view(state_, viewer); }

 private:
  std::string origin_;
  GameRecord record_;
  State state_;
  int ply_ = 0;
};

}  // namespace stratego::referee
