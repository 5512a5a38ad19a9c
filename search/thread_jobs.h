// One job per thread: job(t) for t = 0 .. threads-1, each on a thread of its own in a oneTBB
// arena of that many threads (the caller's thread is one of them), returning when all are done.
// Root-parallel ISMCTS (search/run_search.h) and PIMC over worlds (search/pimc.h) both split
// their work this way: a fixed share per thread keeps a budgeted search reproducible for a given
// thread count, and one thread runs inline, with no arena at all.
#pragma once

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include <atomic>

namespace stratego::search {

template <class Job>
void run_thread_jobs(int threads, Job&& job) {
  if (threads <= 1) return job(0);
  // Each job's writes are published by its release and read after the acquire below.
  std::atomic<int> finished{0};
  tbb::task_arena arena(threads);
  arena.execute([&] {
    tbb::parallel_for(
        tbb::blocked_range<int>(0, threads, 1),
        [&](const tbb::blocked_range<int>& r) {
          for (int t = r.begin(); t != r.end(); ++t) {
            job(t);
            finished.fetch_add(1, std::memory_order_release);
          }
        },
        tbb::simple_partitioner());
  });
  while (finished.load(std::memory_order_acquire) != threads) {
  }
}

}  // namespace stratego::search
