// One `run` (or `sprt`) at a time per ladder: an exclusive flock(2) on DB.lock, held for the
// whole run. The kernel drops it when the process dies in any way (kill -9 included), so a
// killed run never leaves a stale lock; the file holds the holder's pid, host and start time
// only so that the refusal can say who holds it.
#pragma once

#include <string>

namespace stratego::ladder {

class RunLock {
 public:
  // Throws InputError naming the holder if another process holds it.
  explicit RunLock(const std::string& db_path);
  ~RunLock();
  RunLock(const RunLock&) = delete;
  RunLock& operator=(const RunLock&) = delete;

 private:
  int fd_ = -1;
};

std::string host_name();

}  // namespace stratego::ladder
