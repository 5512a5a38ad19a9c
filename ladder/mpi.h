// `ladder run --mpi` under mpirun: rank 0 owns the database and the schedule (a Coordinator);
// every other rank asks it for a game, plays it, and sends the finished game back as JSON.
// With one rank, rank 0 plays the games itself. Built only when Open MPI is found (CMake
// option STRATEGO_MPI); otherwise mpi_available() is false and the rest throws InputError.
// Beneath both sides, text messaging any command can use (analyze strength does): a worker
// serves text jobs until told to stop, and rank 0's MpiPool hands a list of jobs out.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "ladder/coordinator.h"

namespace stratego::ladder {

bool mpi_available();
struct MpiWorld {
  int rank = 0, size = 1;
};
MpiWorld mpi_init(int* argc, char*** argv);
void mpi_finalize();
[[noreturn]] void mpi_abort(int code);
// Ranks other than 0: play games until rank 0 says stop.
void mpi_worker_loop();
// Rank 0: hand out the coordinator's games to the other ranks and write what they send back.
RunSummary run_mpi(Coordinator& c, const RunOptions& opt);

// A rank other than 0: tells rank 0 it is ready, then answers each job text with play(job)
// until rank 0 says stop. If play throws, rank 0 gets the message as an error instead.
void mpi_serve(const std::function<std::string(const std::string&)>& play);

// Rank 0's side of mpi_serve: the other ranks as a pool of workers, kept across runs (a
// command may hand out several lists of jobs). Constructed once every rank has started.
class MpiPool {
 public:
  MpiPool();  // waits for every other rank's "ready"
  int workers() const { return workers_; }
  // Sends each job to an idle worker and calls done(answer) in this thread for each answer,
  // in the order they arrive; returns when every job is answered. A worker's error is thrown
  // as InputError naming its rank.
  void run(const std::vector<std::string>& jobs,
           const std::function<void(const std::string&)>& done);
  // No worker has a job (false after a run that threw: the workers still busy are lost).
  bool all_idle() const { return int(idle_.size()) == workers_; }
  // Tells every idle worker to end (after the last run; when not all_idle(), mpi_abort).
  void stop();

 private:
  int workers_ = 0;
  std::vector<int> idle_;
};

}  // namespace stratego::ladder
