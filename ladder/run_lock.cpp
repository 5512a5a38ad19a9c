#include "ladder/run_lock.h"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>

#include "engine/error.h"
#include "ladder/store.h"

namespace stratego::ladder {

std::string host_name() {
  char buf[256] = {};
  gethostname(buf, sizeof buf - 1);
  return buf;
}

RunLock::RunLock(const std::string& db_path) {
  std::error_code ec;
  const std::filesystem::path real = std::filesystem::weakly_canonical(db_path, ec);
  const std::string note = (ec ? std::filesystem::path(db_path) : real).string() + ".lock";
  note_fd_ = ::open(note.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (note_fd_ < 0)
    throw InputError(note + ": cannot open the ladder's run lock: " + std::strerror(errno));
  db_fd_ = ::open(db_path.c_str(), O_RDONLY | O_CLOEXEC);  // none yet: DB.lock alone
  const bool free = flock(note_fd_, LOCK_EX | LOCK_NB) == 0 &&
                    (db_fd_ < 0 || flock(db_fd_, LOCK_EX | LOCK_NB) == 0);
  if (!free) {
    char buf[256] = {};
    const ssize_t n = pread(note_fd_, buf, sizeof buf - 1, 0);
    release();
    std::string who = n > 0 ? std::string(buf, std::size_t(n)) : "another process";
    while (!who.empty() && who.back() == '\n') who.pop_back();
    throw InputError(db_path + ": a run is already going on this ladder (" + who +
                     "); wait for it to finish or stop it, then run again");
  }
  const std::string who =
      "pid " + std::to_string(getpid()) + " on " + host_name() + ", since " + now_utc() + "\n";
  if (ftruncate(note_fd_, 0) == 0 && pwrite(note_fd_, who.data(), who.size(), 0) < 0) {
    // The note is only for messages; the lock itself is held either way.
  }
}

RunLock::~RunLock() { release(); }

void RunLock::release() {
  // Closing drops the flocks. The database's descriptor is closed after its Store closed.
  if (db_fd_ >= 0) ::close(db_fd_);
  if (note_fd_ >= 0) ::close(note_fd_);
  db_fd_ = note_fd_ = -1;
}

}  // namespace stratego::ladder
