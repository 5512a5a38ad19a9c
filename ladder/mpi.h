// `ladder run --mpi` under mpirun: rank 0 owns the database and the schedule (a Coordinator);
// every other rank asks it for a game, plays it, and sends the finished game back as JSON.
// With one rank, rank 0 plays the games itself. Built only when Open MPI is found (CMake
// option STRATEGO_MPI); otherwise mpi_available() is false and the rest throws InputError.
#pragma once

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

}  // namespace stratego::ladder
