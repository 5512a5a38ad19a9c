// A fixed search position: a variant, a seed and plies of seeded random play, after which a
// searching bot (`ismcts` or `alphabeta`, in either family) that watched the game as one
// of the players is asked for a decision. Used by `stratego bench` (the node signatures) and
// bench/search_bench, bench/alphabeta_bench (speed), so all measure the same positions the same
// way.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include "bots/bot.h"

namespace stratego::bots {

struct SearchPosition {
  std::string variant;
  std::uint64_t seed = 1;
  int plies = 0;  // decisions (classic) or steps (Waterloo) of random play before the search
};

struct SearchOutcome {
  std::int64_t nodes = 0, iterations = 0;
  double seconds = 0;
  std::string action;
};

// The bot, primed at the position with `threads` search threads. search() may be called again
// and again: each call is the bot's next decision there (its seed moves on per decision).
class PrimedSearch {
 public:
  // bot: a built-in bot name (bots/registry.h), `ismcts` or `alphabeta`. configure, if given,
  // sets the bots' options before they see the game: options that shape what a bot builds at
  // the start (its belief's set-up prior) take effect only then.
  PrimedSearch(const SearchPosition& p, int threads, const std::string& bot = "ismcts",
               const std::function<void(Bot&)>& configure = {});
  ~PrimedSearch();
  PrimedSearch(const PrimedSearch&) = delete;
  PrimedSearch& operator=(const PrimedSearch&) = delete;

  SearchOutcome search(const Limits& limits);
  // The searching bot (options set here apply from the next search() on) and the actions
  // legal for it.
  Bot& searcher();
  const std::vector<std::string>& legal() const;

  struct Impl;  // the bots, the searcher's view and its legal actions (search_position.cpp)

 private:
  std::unique_ptr<Impl> impl_;
};

}  // namespace stratego::bots
