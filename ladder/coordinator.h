// The owner of a running ladder's schedule: hands out games to play (unfinished scheduled
// games first, with their stored seeds and set-ups, then newly planned pairs up to the run's
// target), writes each finished game in one transaction, and prints the progress. Thread
// safe: the worker threads of `run -j`, or rank 0's loop under MPI, call it.
#pragma once

#include <chrono>
#include <deque>
#include <functional>
#include <iosfwd>
#include <map>
#include <mutex>
#include <optional>

#include "ladder/game_job.h"
#include "ladder/schedule.h"
#include "ladder/store.h"

namespace stratego::ladder {

struct RunOptions {
  std::int64_t games = 0;  // more games to plan (rounded up to whole pairs)
  bool forever = false;    // plan pairs until stopped
  int jobs = 1;
  bool mpi = false;
  ModeChoice mode;
  bool mode_given = false;  // --mode on the command line (else the stored plan's)
  // Called after each finished game is written; true stops planning (SPRT uses it).
  std::function<bool(Store&, const FinishedGame&)> after_game;
  // A status to show beside the progress (the SPRT's LLR); default: the leader.
  std::function<std::string(Store&)> status;
  std::ostream* out = nullptr;  // progress; null: std::cout
};

struct RunSummary {
  int played = 0;
  int duplicates = 0;  // finished games the database already had (must stay 0)
  double seconds = 0;
};

class Coordinator {
 public:
  // Reads the plan (stored, or from the options); writes nothing.
  Coordinator(Store& store, const RunOptions& options);
  // Stores the plan with the first pair it schedules (in that pair's transaction, so a write
  // that fails changes neither), so that a run killed after it goes on with it when run again.
  void store_plan();
  // Throws InputError if the plan cannot make a pair (too few participants, a bad name).
  void check_plan();
  // True if the plan goes beyond the games already scheduled.
  bool needs_new_pairs();
  // No more games are handed out (a worker failed).
  void abort();
  std::optional<GameJob> next();
  void finish(const FinishedGame& g);
  RunSummary summary() const;
  // The specs that will play (for the start-up check).
  std::vector<Participant> players();

 private:
  GameJob job_for(const ScheduledGame& s);
  void progress(const FinishedGame& g);
  std::int64_t planned_total();

  Store& store_;
  RunOptions opt_;
  std::mutex mutex_;
  std::deque<ScheduledGame> pending_;
  std::int64_t target_ = 0;                       // scheduled games to reach; -1 forever
  std::map<std::string, std::string> plan_meta_;  // the plan, until its first pair is written
  bool stop_ = false, aborted_ = false;
  std::map<std::int64_t, Participant> by_id_;
  RunSummary summary_;
  std::int64_t in_flight_ = 0;
  bool tty_ = false;
  std::string status_;
  double status_at_ = 0;
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
};

// Plays the run in this process with opt.jobs threads (or, with opt.mpi, over MPI).
// Takes the run lock first. Throws InputError for bad input before any change is written.
RunSummary run_ladder(const std::string& path, const RunOptions& opt);

// The text status after each game: "leader NAME (+123)".
std::string leader_status(Store& store);

}  // namespace stratego::ladder
