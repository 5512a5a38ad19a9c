// One `run` (or `sprt`) at a time per ladder: exclusive flock(2)s held for the whole run, on
// the database file itself (its inode, so every name of it, a symbolic or a hard link, meets
// the same lock) and on DB.lock beside its real path (which also covers a database not yet
// created, and holds the note). The kernel drops them when the process dies in any way (kill
// -9 included), so a killed run never leaves a stale lock; the note names the holder's pid,
// host and start time only so that the refusal can say who holds it. SQLite's own locks are
// fcntl(2) locks, which flock(2) does not touch; the lock is taken before the Store opens and
// dropped after it closes (closing a descriptor of the file would drop SQLite's fcntl locks).
#pragma once

#include <string>

namespace stratego::ladder {

class RunLock {
 public:
  // Throws InputError naming the holder if another process (or another RunLock) holds it.
  explicit RunLock(const std::string& db_path);
  ~RunLock();
  RunLock(const RunLock&) = delete;
  RunLock& operator=(const RunLock&) = delete;

 private:
  void release();
  int note_fd_ = -1, db_fd_ = -1;
};

std::string host_name();

}  // namespace stratego::ladder
