// A person at a terminal, as a Bot: `stratego play` puts one against a built-in bot through
// the referee. Before each decision it prints what happened since the last one (moves,
// combat results, die rolls, arrivals), the board as the person's View shows it and the
// state of the game, then reads typed moves and commands (`help`, `moves [square]`, `board`,
// `resign`, `draw`, `accept`, `save [file]`, `quit`) until one is legal. `quit` and the end
// of input adjourn the game (Reply::adjourn), so it can be resumed from its saved record.
// The streams are injected, so tests can play it with a script.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

#include "bots/bot.h"
#include "engine/rng.h"

namespace stratego::play {

struct HumanOptions {
  std::istream* in = nullptr;
  std::ostream* out = nullptr;
  bool colour = false;
  // Where the game is saved after every step (shown by `save`, copied by `save FILE`).
  std::string save_path;
  // A set-up chosen beforehand (classic: a set-up line; Waterloo: set-up tokens, or
  // "random"); empty: ask the person.
  std::string setup;
  std::string opponent = "the computer";
  // How many of the latest steps to show before a decision (older ones are summarised).
  int recent = 12;
  bool resumed = false;  // the game goes on from a save: greet it as such
};

class HumanBot : public bots::Bot {
 public:
  explicit HumanBot(HumanOptions o);
  std::string name() const override { return "human"; }
  void new_game(const bots::GameStart& g) override;
  std::string setup(const bots::SetupRequest& r) override;
  void observe(const bots::Observation& o) override;
  bots::Reply decide(const bots::Request& r, const std::atomic<bool>& stop,
                     const bots::InfoSink& info) override;
  void game_over(const std::string& result) override;

  // The person typed `quit` or the input ended: the game was (or will be) adjourned.
  bool quit() const { return quit_; }

 private:
  // What observe() does for each family's step.
  void observed(const bots::ClassicObservation& o);
  void observed(const bots::WaterlooObservation& o);
  enum class Line { kText, kEnd };
  Line read_line(const std::string& prompt, std::string& line);
  // setup() for each family's view before the set-up.
  std::string setup_for(const View& empty_board);
  std::string setup_for(const waterloo::WaterlooView& at_setup);
  void add_news(std::string line);
  void show_news();
  void show_board(const bots::Request& r);
  std::string prompt(const bots::Request& r) const;
  // A command (`help`, `moves`, ...): true if it was one; sets reply and done when it ends
  // the decision.
  bool command(const std::string& line, const bots::Request& r, bots::Reply& reply, bool& done);
  void save_copy(const std::string& path);

  HumanOptions o_;
  std::istream& in_;
  std::ostream& out_;
  bots::GameStart game_;
  Rng rng_{1};
  std::vector<std::string> news_;      // steps not yet shown, oldest first
  int news_dropped_ = 0;               // older unshown steps beyond `recent`
  Bitboard highlight_ = 0;             // squares of the enemy's latest move
  std::optional<GameView> last_view_;  // the latest view, for the final board
  bool legend_shown_ = false;
  bool offer_draw_ = false;  // the person offered a draw: it goes with the next move
  bool offer_sent_ = false;  // ... and it went: the opponent's answer shows next time
  bool quit_ = false;
};

// A result as Bot::game_over gets it ("red flag-captured", "draw turn-limit indecisive") in
// words for the player of side `you`, e.g. "You win: the enemy Flag was captured (C-7.1)".
std::string result_in_words(const std::string& result, Side you);

}  // namespace stratego::play
