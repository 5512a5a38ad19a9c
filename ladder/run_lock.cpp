#include "ladder/run_lock.h"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "engine/error.h"
#include "ladder/store.h"

namespace stratego::ladder {

std::string host_name() {
  char buf[256] = {};
  gethostname(buf, sizeof buf - 1);
  return buf;
}

RunLock::RunLock(const std::string& db_path) {
  const std::string path = db_path + ".lock";
  fd_ = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (fd_ < 0)
    throw InputError(path + ": cannot open the ladder's run lock: " + std::strerror(errno));
  if (flock(fd_, LOCK_EX | LOCK_NB) != 0) {
    char buf[256] = {};
    const ssize_t n = pread(fd_, buf, sizeof buf - 1, 0);
    ::close(fd_);
    fd_ = -1;
    std::string who = n > 0 ? std::string(buf, std::size_t(n)) : "another process";
    while (!who.empty() && who.back() == '\n') who.pop_back();
    throw InputError(db_path + ": a run is already going on this ladder (" + who +
                     "); wait for it to finish or stop it, then run again");
  }
  const std::string who =
      "pid " + std::to_string(getpid()) + " on " + host_name() + ", since " + now_utc() + "\n";
  if (ftruncate(fd_, 0) == 0 && pwrite(fd_, who.data(), who.size(), 0) < 0) {
    // The note is only for messages; the lock itself is held either way.
  }
}

RunLock::~RunLock() {
  if (fd_ >= 0) ::close(fd_);  // closing drops the flock
}

}  // namespace stratego::ladder
