#include "engine/game.h"

#include "engine/error.h"
#include "engine/move_text.h"
#include "engine/movegen.h"
#include "engine/notation.h"

namespace stratego {

Game::Game(State start, std::string red_setup, std::string blue_setup)
    : start_(start),
      state_(std::move(start)),
      red_setup_(std::move(red_setup)),
      blue_setup_(std::move(blue_setup)) {
  settle();
}

void Game::settle() {
  if (state_.over()) return;
  MoveList list;
  generate_moves(state_, list);
  if (list.size == 0) state_.declare_no_moves();
}

void Game::play(Move m) {
  if (state_.over()) throw InputError("the game is over");
  if (!is_legal(state_, m)) {
    const char* why = repetition_violation(state_, m);
    throw InputError("move " + move_to_text(m, state_.geometry()) + " is not legal" +
                     (why ? std::string(": ") + why : std::string()));
  }
  state_.make(m);
  moves_.push_back(m);
  for (Side s : {kRed, kBlue})
    observations_[s].push_back(observe(state_, state_.history().back(), s));
  settle();
}

void Game::resign(Side s) {
  if (!state_.over()) state_.resign(s);
}
void Game::agree_draw() {
  if (!state_.over()) state_.agree_draw();
}
void Game::forfeit(Side loser, EndReason r) {
  if (!state_.over()) state_.forfeit(loser, r);
}

GameRecord Game::record() const {
  GameRecord r;
  r.variant = state_.variant().spec;
  if (!red_setup_.empty() && !blue_setup_.empty()) {
    r.red_setup = red_setup_;
    r.blue_setup = blue_setup_;
  } else {
    r.start = to_notation(start_);
  }
  r.moves = moves_;
  r.result = state_.result();
  return r;
}

}  // namespace stratego
