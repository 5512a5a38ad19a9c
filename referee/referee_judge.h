// The part of the referee both families share (internal to referee/referee*.cpp): every call
// into a bot goes through a Judge, which times it against the limits and the clocks, turns
// whatever the bot does wrong (a BotFault, any other exception, a late answer) into a
// forfeit with its reason, and remembers draw offers. The loop (referee_loop.h) and the
// family Tables (referee_classic.cpp, referee_waterloo.cpp) hold the game itself.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <limits>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <thread>

#include "referee/referee.h"

namespace stratego::referee::detail {

using Clock = std::chrono::steady_clock;

// Sets an armed stop flag when its deadline passes, so an in-process bot that searches is
// told to answer. One thread per game, not per decision: a Waterloo game has ~200 steps.
class Watchdog {
 public:
  Watchdog();
  ~Watchdog();
  Watchdog(const Watchdog&) = delete;
  Watchdog& operator=(const Watchdog&) = delete;
  void arm(std::atomic<bool>* flag, Clock::time_point deadline);
  void disarm();

 private:
  void run();
  std::mutex mutex_;
  std::condition_variable wake_;
  std::atomic<bool>* flag_ = nullptr;
  Clock::time_point deadline_;
  bool quit_ = false;
  std::thread thread_;  // last: started once the fields above exist
};

// Why the referee ended a game: the side that forfeits, the reason word (referee.h) and what
// happened.
struct Forfeit {
  Side loser = kRed;
  std::string reason;
  std::string detail;
};

class Judge {
 public:
  Judge(bots::Bot& red, bots::Bot& blue, const GameSettings& settings);

  bots::Bot& bot(Side s) { return *bots_[s]; }
  const std::string& name(Side s) const { return names_[s]; }
  const GameSettings& settings() const { return settings_; }
  std::uint64_t bot_seed(Side s) const { return seeds_[s]; }
  // The limits a decision gets now: movetime, both clocks as they stand, the search budget.
  bots::Limits limits() const;

  // A decision or set-up of side s: timed (the clock is charged; after a decision, not a
  // set-up, the increment is added). False if the side forfeited (forfeit() says why); the
  // call may have returned a value anyway.
  bool timed(Side s, const std::string& what,
             const std::function<void(const std::atomic<bool>&)>& call, bool increment = true);
  // Any other call (new_game, observe): faults forfeit, time is not charged.
  bool untimed(Side s, const std::string& what, const std::function<void()>& call);
  // game_over: whatever the bot does now no longer matters.
  void tell_result(const std::string& result);

  void lose(Side s, std::string reason, std::string detail);
  const std::optional<Forfeit>& forfeit() const { return forfeit_; }

  // Draw offers: one made with a decision stands until the opponent's next decision.
  bool offered_to(Side s) const { return offer_[other(s)]; }

  // One decision of side s on req (its view and legal tokens filled by the caller): adds the
  // limits and any standing draw offer, times the call and books the reply's draw offer.
  // Nothing if the side forfeited.
  std::optional<bots::Reply> ask(Side s, bots::Request& req);
  // A reply that names none of the legal tokens: illegal-action if it is a well-formed
  // token (`kind`: "move token", "action token"), else protocol-error.
  void reject(Side s, const std::string& token, bool well_formed, const char* kind);

  // Record tags: both names, the seed and the time control.
  void add_tags(std::map<std::string, std::string>& tags) const;

 private:
  void fault(Side s, const std::string& what, std::exception_ptr e);

  bots::Bot* bots_[2];
  const GameSettings& settings_;
  std::string names_[2];
  std::uint64_t seeds_[2] = {0, 0};
  // Time left on each game clock (negative within the grace), kNoClock without clocks.
  static constexpr std::int64_t kNoClock = std::numeric_limits<std::int64_t>::min();
  std::int64_t clock_ms_[2] = {kNoClock, kNoClock};
  bool offer_[2] = {false, false};
  std::optional<Forfeit> forfeit_;
  Watchdog watchdog_;
};

// The time-control tag: "movetime 100ms", "clock 60000+1000ms", "nodes 5000" joined by
// ", ", or "none".
std::string time_control_text(const TimeControl& t);
// One line of printable text, at most 300 characters: for details that go into a record tag.
std::string one_line(const std::string& s);
std::string result_text(Winner w, std::string_view reason);
// The end reason of a forfeit's reason word (the Judge uses only end_reason_name()'s words).
EndReason end_reason_of(const std::string& reason);

}  // namespace stratego::referee::detail
