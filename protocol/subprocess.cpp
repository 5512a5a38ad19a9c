#include "protocol/subprocess.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <mutex>
#include <thread>
#include <vector>

#include "engine/error.h"

extern char** environ;

namespace stratego::bots {
namespace {

// A program that exits makes our next write raise SIGPIPE; we want EPIPE instead.
void ignore_sigpipe() {
  static std::once_flag once;
  std::call_once(once, [] { ::signal(SIGPIPE, SIG_IGN); });
}

}  // namespace

Subprocess::Subprocess(const std::string& command, const std::string& stderr_path) {
  ignore_sigpipe();
  int to_child[2], from_child[2];
  // O_CLOEXEC: children started at the same time by other threads must not inherit our ends.
  if (::pipe2(to_child, O_CLOEXEC) != 0) throw InputError("cannot create a pipe: " + std::string(std::strerror(errno)));
  if (::pipe2(from_child, O_CLOEXEC) != 0) {
    ::close(to_child[0]);
    ::close(to_child[1]);
    throw InputError("cannot create a pipe: " + std::string(std::strerror(errno)));
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, to_child[0], 0);
  posix_spawn_file_actions_adddup2(&actions, from_child[1], 1);
  if (!stderr_path.empty())
    posix_spawn_file_actions_addopen(&actions, 2, stderr_path.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644);
  posix_spawnattr_t attr;
  posix_spawnattr_init(&attr);
  posix_spawnattr_setpgroup(&attr, 0);  // a group of its own, so kill() reaches its children
  sigset_t defaults;
  sigemptyset(&defaults);
  sigaddset(&defaults, SIGPIPE);
  posix_spawnattr_setsigdefault(&attr, &defaults);
  posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF);
  std::string sh = "/bin/sh", dash_c = "-c", cmd = command;
  char* argv[] = {sh.data(), dash_c.data(), cmd.data(), nullptr};
  const int rc = ::posix_spawn(&pid_, "/bin/sh", &actions, &attr, argv, environ);
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attr);
  ::close(to_child[0]);
  ::close(from_child[1]);
  if (rc != 0) {
    ::close(to_child[1]);
    ::close(from_child[0]);
    pid_ = -1;
    throw InputError("cannot start '" + command + "': " + std::strerror(rc));
  }
  in_ = to_child[1];
  out_ = from_child[0];
}

Subprocess::~Subprocess() {
  kill();
  if (in_ >= 0) ::close(in_);
  if (out_ >= 0) ::close(out_);
}

bool Subprocess::write_line(std::string_view line) {
  if (in_ < 0) return false;
  std::string data(line);
  data += '\n';
  std::size_t done = 0;
  while (done < data.size()) {
    const ssize_t n = ::write(in_, data.data() + done, data.size() - done);
    if (n < 0) {
      if (errno == EINTR) continue;
      return false;  // EPIPE: it stopped reading
    }
    done += std::size_t(n);
  }
  return true;
}

Subprocess::Read Subprocess::read_line(std::string& line, std::chrono::milliseconds timeout,
                                       std::size_t max_line) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  for (;;) {
    const auto nl = buffer_.find('\n');
    if (nl != std::string::npos) {
      const bool was_discarding = discarding_;
      discarding_ = false;
      line.assign(buffer_, 0, nl);
      buffer_.erase(0, nl + 1);
      if (was_discarding || line.size() > max_line) return Read::kTooLong;
      if (!line.empty() && line.back() == '\r') line.pop_back();
      return Read::kLine;
    }
    if (buffer_.size() > max_line) {  // drop what we hold of a line that is already too long
      buffer_.clear();
      discarding_ = true;
    }
    if (out_ < 0) return Read::kClosed;
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) return Read::kTimeout;
    pollfd p{out_, POLLIN, 0};
    const int r = ::poll(&p, 1, int(left.count()));
    if (r < 0 && errno == EINTR) continue;
    if (r == 0) return Read::kTimeout;
    char chunk[65536];
    const ssize_t n = ::read(out_, chunk, sizeof chunk);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      ::close(out_);
      out_ = -1;
      // A last line without '\n' still counts as a line.
      if (!buffer_.empty() && !discarding_) {
        line = std::move(buffer_);
        buffer_.clear();
        return line.size() > max_line ? Read::kTooLong : Read::kLine;
      }
      return Read::kClosed;
    }
    buffer_.append(chunk, std::size_t(n));
  }
}

void Subprocess::reap(bool block) {
  if (pid_ < 0 || status_) return;
  int st = 0;
  pid_t r;
  do r = ::waitpid(pid_, &st, block ? 0 : WNOHANG);
  while (r < 0 && errno == EINTR);
  if (r == pid_) status_ = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}

bool Subprocess::running() {
  reap(false);
  return pid_ >= 0 && !status_;
}

void Subprocess::finish(std::chrono::milliseconds grace) {
  if (in_ >= 0) {
    ::close(in_);
    in_ = -1;
  }
  const auto deadline = std::chrono::steady_clock::now() + grace;
  while (running() && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  kill();
}

void Subprocess::kill() {
  if (pid_ < 0) return;
  // Only while it is unreaped: its pid (and so its group id) cannot have been reused.
  if (status_) return;
  ::kill(-pid_, SIGKILL);
  reap(true);
}

}  // namespace stratego::bots
