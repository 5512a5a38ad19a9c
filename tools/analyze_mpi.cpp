// --mpi of `analyze strength` and `analyze generate`: under mpirun every rank parses the same
// command line; rank 0 runs the command with the other ranks as its pool of players
// (ladder/mpi.h), and the others only play the games they are sent (strength/job.h), so they
// never touch the database or the files of the command.
#include <iostream>
#include <optional>

#include "ladder/mpi.h"
#include "strength/job.h"
#include "tools/analyze.h"

namespace stratego::analyze {

void with_strength_ranks(bool mpi, const std::function<void(ladder::MpiPool*)>& body) {
  if (!mpi) return body(nullptr);
  const ladder::MpiWorld w = ladder::mpi_init(nullptr, nullptr);  // throws without Open MPI
  if (w.rank > 0) {
    ladder::mpi_serve(strength::serve_strength_jobs);
    ladder::mpi_finalize();
    return;
  }
  std::optional<ladder::MpiPool> pool;
  try {
    pool.emplace();
    body(&*pool);
  } catch (const std::exception& e) {
    if (pool && pool->all_idle()) {  // e.g. a bad set-up: end the ranks cleanly, exit 2
      pool->stop();
      ladder::mpi_finalize();
      throw;
    }
    std::cout.flush();
    std::cerr << "error: " << e.what() << "\n";
    ladder::mpi_abort(2);  // some rank is still playing: end them all
  }
  pool->stop();
  ladder::mpi_finalize();
}

}  // namespace stratego::analyze
