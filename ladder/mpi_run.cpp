#include <chrono>
#include <string>
#include <thread>

#include "engine/error.h"
#include "ladder/mpi.h"
#include "ladder/run_lock.h"

#ifdef STRATEGO_HAVE_MPI
#include <mpi.h>
#endif

namespace stratego::ladder {

#ifdef STRATEGO_HAVE_MPI
namespace {

enum Tag { kReady = 1, kResult = 2, kJob = 3, kStop = 4, kError = 5 };

void send_text(const std::string& text, int to, int tag) {
  MPI_Send(text.data(), int(text.size()), MPI_CHAR, to, tag, MPI_COMM_WORLD);
}

// Receives one message from `from` (or any rank) and returns its text, source and tag.
std::string receive_text(int from, int* source, int* tag) {
  // Polls and sleeps rather than MPI_Probe, which spins at full speed while it waits: rank 0
  // waits for most of a run, and idle workers between the rounds of a race, and on a
  // machine with fewer cores than ranks the spinning took the CPU from the ranks that play
  // (3 ranks on 2 cores were slower than one process). The sleep grows to 1 ms, small
  // against a batch of games.
  MPI_Status st;
  for (int waited = 0;; ++waited) {
    int flag = 0;
    MPI_Iprobe(from, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, &st);
    if (flag) break;
    std::this_thread::sleep_for(std::chrono::microseconds(waited < 100 ? 20 : 1000));
  }
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

void mpi_serve(const std::function<std::string(const std::string&)>& play) {
  send_text("", 0, kReady);
  for (;;) {
    int source = 0, tag = 0;
    const std::string text = receive_text(0, &source, &tag);
    if (tag == kStop) return;
    std::string answer;
    try {
      answer = play(text);
    } catch (const std::exception& e) {
      send_text(e.what(), 0, kError);
      continue;
    }
    send_text(answer, 0, kResult);
  }
}

void mpi_worker_loop() {
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  const std::string worker = host_name() + ":rank" + std::to_string(rank);
  mpi_serve(
      [&](const std::string& text) { return game_to_json(play_job(job_from_json(text), worker)); });
}

namespace {

// A worker's error as an exception of rank 0.
[[noreturn]] void worker_failed(int source, const std::string& what) {
  throw InputError("MPI rank " + std::to_string(source) + ": " + what);
}

}  // namespace

MpiPool::MpiPool() {
  int size = 1;
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  workers_ = size - 1;
  for (int i = 0; i < workers_; ++i) {
    int source = 0, tag = 0;
    receive_text(MPI_ANY_SOURCE, &source, &tag);
    idle_.push_back(source);
  }
}

void MpiPool::run(const std::vector<std::string>& jobs,
                  const std::function<void(const std::string&)>& done) {
  std::size_t next = 0;
  int busy = 0;
  while (next < jobs.size() && !idle_.empty()) {
    send_text(jobs[next++], idle_.back(), kJob);
    idle_.pop_back();
    ++busy;
  }
  while (busy > 0) {
    int source = 0, tag = 0;
    const std::string text = receive_text(MPI_ANY_SOURCE, &source, &tag);
    --busy;
    if (tag == kError) worker_failed(source, text);
    if (next < jobs.size()) {  // the next job first: the worker plays while rank 0 writes
      send_text(jobs[next++], source, kJob);
      ++busy;
    } else {
      idle_.push_back(source);
    }
    done(text);
  }
}

void MpiPool::stop() {
  for (int w : idle_) send_text("", w, kStop);
  idle_.clear();
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
    if (tag == kError) worker_failed(source, text);
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
void mpi_serve(const std::function<std::string(const std::string&)>&) {}
MpiPool::MpiPool() { mpi_init(nullptr, nullptr); }
void MpiPool::run(const std::vector<std::string>&, const std::function<void(const std::string&)>&) {
  mpi_init(nullptr, nullptr);
}
void MpiPool::stop() {}

#endif

}  // namespace stratego::ladder
