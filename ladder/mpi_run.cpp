#include <string>

#include "engine/error.h"
#include "ladder/mpi.h"
#include "ladder/run_lock.h"

#ifdef STRATEGO_HAVE_MPI
#include <mpi.h>
#endif

namespace stratego::ladder {

#ifdef STRATEGO_HAVE_MPI
namespace {

enum Tag { kReady = 1, kResult = 2, kJob = 3, kStop = 4 };

void send_text(const std::string& text, int to, int tag) {
  MPI_Send(text.data(), int(text.size()), MPI_CHAR, to, tag, MPI_COMM_WORLD);
}

// Receives one message from `from` (or any rank) and returns its text, source and tag.
std::string receive_text(int from, int* source, int* tag) {
  MPI_Status st;
  MPI_Probe(from, MPI_ANY_TAG, MPI_COMM_WORLD, &st);
  int count = 0;
  MPI_Get_count(&st, MPI_CHAR, &count);
  std::string text(std::size_t(count), '\0');
  MPI_Recv(text.data(), count, MPI_CHAR, st.MPI_SOURCE, st.MPI_TAG, MPI_COMM_WORLD,
           MPI_STATUS_IGNORE);
  *source = st.MPI_SOURCE;
  *tag = st.MPI_TAG;
  return text;
}

}  // namespace

bool mpi_available() { return true; }

MpiWorld mpi_init(int* argc, char*** argv) {
  int initialized = 0;
  MPI_Initialized(&initialized);
  if (!initialized) MPI_Init(argc, argv);
  MpiWorld w;
  MPI_Comm_rank(MPI_COMM_WORLD, &w.rank);
  MPI_Comm_size(MPI_COMM_WORLD, &w.size);
  return w;
}

void mpi_finalize() { MPI_Finalize(); }

void mpi_abort(int code) {
  MPI_Abort(MPI_COMM_WORLD, code);
  std::exit(code);
}

void mpi_worker_loop() {
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  const std::string worker = host_name() + ":rank" + std::to_string(rank);
  send_text("", 0, kReady);
  for (;;) {
    int source = 0, tag = 0;
    const std::string text = receive_text(0, &source, &tag);
    if (tag == kStop) return;
    send_text(game_to_json(play_job(job_from_json(text), worker)), 0, kResult);
  }
}

RunSummary run_mpi(Coordinator& c, const RunOptions&) {
  int size = 1;
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  if (size == 1) {  // no other ranks: play here
    const std::string worker = host_name() + ":rank0";
    while (auto job = c.next()) c.finish(play_job(*job, worker));
    return c.summary();
  }
  int active = size - 1;
  while (active > 0) {
    int source = 0, tag = 0;
    const std::string text = receive_text(MPI_ANY_SOURCE, &source, &tag);
    if (tag == kResult) c.finish(game_from_json(text));
    if (auto job = c.next()) {
      send_text(job_to_json(*job), source, kJob);
    } else {
      send_text("", source, kStop);
      --active;
    }
  }
  return c.summary();
}

#else

bool mpi_available() { return false; }
MpiWorld mpi_init(int*, char***) {
  throw InputError(
      "--mpi: this stratego was built without Open MPI (install libopenmpi-dev and "
      "openmpi-bin, then configure again)");
}
void mpi_finalize() {}
void mpi_abort(int code) { std::exit(code); }
void mpi_worker_loop() {}
RunSummary run_mpi(Coordinator&, const RunOptions&) {
  return mpi_init(nullptr, nullptr), RunSummary{};
}

#endif

}  // namespace stratego::ladder
