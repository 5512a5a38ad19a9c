#include "protocol/subprocess.h"

#include <dirent.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <thread>
#include <vector>

#include "engine/error.h"

extern char** environ;

namespace stratego::protocol {
namespace {

// The process groups of the programs alive now, for the signal handler and atexit: a fixed
// table of atomics, because a handler may neither lock nor allocate.
constexpr int kSlots = 4096;
std::atomic<pid_t> g_groups[kSlots];
std::atomic<unsigned> g_serial{0};

void end_all_groups() {
  for (auto& g : g_groups) {
    const pid_t p = g.load();
    if (p > 0) ::kill(-p, SIGKILL);
  }
}

void on_fatal_signal(int sig) {
  end_all_groups();
  ::signal(sig, SIG_DFL);
  ::raise(sig);
}

// A program that exits makes our next write raise SIGPIPE; we want EPIPE instead. A referee
// ended by SIGINT, SIGTERM or SIGHUP (or exiting normally) ends its bots first; handlers the
// program set itself are left alone.
void install_handlers() {
  static std::once_flag once;
  std::call_once(once, [] {
    ::signal(SIGPIPE, SIG_IGN);
    for (int sig : {SIGINT, SIGTERM, SIGHUP}) {
      struct sigaction old {};
      if (::sigaction(sig, nullptr, &old) != 0 || old.sa_handler != SIG_DFL) continue;
      struct sigaction sa {};
      sa.sa_handler = on_fatal_signal;
      sigemptyset(&sa.sa_mask);
      ::sigaction(sig, &sa, nullptr);
    }
    std::atexit(end_all_groups);
  });
}

int take_slot(pid_t group) {
  for (int i = 0; i < kSlots; ++i) {
    pid_t empty = 0;
    if (g_groups[i].compare_exchange_strong(empty, group)) return i;
  }
  return -1;  // more live programs than slots: still killed by kill(), not by the handler
}

bool contains_tag(const std::string& environ_text, const std::string& needle) {
  for (std::size_t at = environ_text.find(needle); at != std::string::npos;
       at = environ_text.find(needle, at + 1))
    if (at == 0 || environ_text[at - 1] == '\0') return true;
  return false;
}

// A single program with plain words for arguments. dash does not exec such a command in
// place of itself: it would keep its own copy of the program's stdout open, so a program
// that closes its stdout would never be seen to (no EOF), only to time out.
bool is_simple_command(const std::string& c) {
  if (c.empty()) return false;
  for (char ch : c) {
    const auto u = static_cast<unsigned char>(ch);
    if (!(std::isalnum(u) || std::strchr(" _./=:,+%@-", ch))) return false;
  }
  const std::size_t b = c.find_first_not_of(' ');
  if (b == std::string::npos) return false;
  const std::string first = c.substr(b, c.find(' ', b) - b);
  return first.find('=') == std::string::npos;  // `A=1 prog` sets a variable: not for exec
}

}  // namespace

int kill_tagged_processes(const std::string& tag) {
  const std::string needle = tag.substr(0, tag.find('=') + 1);
  DIR* proc = ::opendir("/proc");
  if (!proc) return 0;
  const pid_t self = ::getpid();
  int killed = 0;
  while (const dirent* e = ::readdir(proc)) {
    char* end = nullptr;
    const long pid = std::strtol(e->d_name, &end, 10);
    if (pid <= 0 || *end != '\0' || pid == self) continue;
    const std::string path = std::string("/proc/") + e->d_name + "/environ";
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) continue;  // gone, or not ours to read
    std::string text;
    char chunk[8192];
    for (ssize_t n; (n = ::read(fd, chunk, sizeof chunk)) > 0 && text.size() < (1u << 20);)
      text.append(chunk, std::size_t(n));
    ::close(fd);
    if (contains_tag(text, needle) && ::kill(pid_t(pid), SIGKILL) == 0) ++killed;
  }
  ::closedir(proc);
  return killed;
}

Subprocess::Subprocess(const std::string& command, const std::string& stderr_path) {
  install_handlers();
  int to_child[2], from_child[2];
  // O_CLOEXEC: children started at the same time by other threads must not inherit our ends.
  if (::pipe2(to_child, O_CLOEXEC) != 0)
    throw InputError("cannot create a pipe: " + std::string(std::strerror(errno)));
  if (::pipe2(from_child, O_CLOEXEC) != 0) {
    ::close(to_child[0]);
    ::close(to_child[1]);
    throw InputError("cannot create a pipe: " + std::string(std::strerror(errno)));
  }
  tag_ = "STRATEGO_BOT_TAG_" + std::to_string(::getpid()) + "_" + std::to_string(g_serial++) + "=1";
  std::vector<char*> env;
  for (char** e = environ; e && *e; ++e) env.push_back(*e);
  env.push_back(tag_.data());
  env.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, to_child[0], 0);
  posix_spawn_file_actions_adddup2(&actions, from_child[1], 1);
  if (!stderr_path.empty())
    posix_spawn_file_actions_addopen(&actions, 2, stderr_path.c_str(),
                                     O_WRONLY | O_CREAT | O_APPEND, 0644);
  posix_spawnattr_t attr;
  posix_spawnattr_init(&attr);
  posix_spawnattr_setpgroup(&attr, 0);  // a group of its own, so kill() reaches its children
  sigset_t defaults;
  sigemptyset(&defaults);
  sigaddset(&defaults, SIGPIPE);
  posix_spawnattr_setsigdefault(&attr, &defaults);
  posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF);
  std::string sh = "/bin/sh", dash_c = "-c",
              cmd = is_simple_command(command) ? "exec " + command : command;
  char* argv[] = {sh.data(), dash_c.data(), cmd.data(), nullptr};
  const int rc = ::posix_spawn(&pid_, "/bin/sh", &actions, &attr, argv, env.data());
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
  slot_ = take_slot(pid_);
  in_ = to_child[1];
  out_ = from_child[0];
  // Our end of its stdin never blocks: a program that stops reading must not stall us.
  ::fcntl(in_, F_SETFL, ::fcntl(in_, F_GETFL) | O_NONBLOCK);
}

Subprocess::~Subprocess() {
  kill();
  if (in_ >= 0) ::close(in_);
  if (out_ >= 0) ::close(out_);
}

Subprocess::Write Subprocess::write_line(std::string_view line, std::chrono::milliseconds timeout) {
  if (in_ < 0) return Write::kClosed;
  std::string data(line);
  data += '\n';
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  std::size_t done = 0;
  while (done < data.size()) {
    const ssize_t n = ::write(in_, data.data() + done, data.size() - done);
    if (n >= 0) {
      done += std::size_t(n);
      continue;
    }
    if (errno == EINTR) continue;
    if (errno != EAGAIN && errno != EWOULDBLOCK)
      return Write::kClosed;  // EPIPE: it stopped reading
    // The pipe is full: wait until it reads some, or the time is up.
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) return Write::kTimeout;
    pollfd p{in_, POLLOUT, 0};
    const int r = ::poll(&p, 1, int(left.count()) + 1);
    if (r == 0) return Write::kTimeout;
  }
  return Write::kDone;
}

Subprocess::Read Subprocess::read_line(std::string& line, std::chrono::milliseconds timeout,
                                       std::size_t max_line) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  for (;;) {
    if (discarding_) {  // the rest of a line already reported as too long
      const auto nl = buffer_.find('\n');
      if (nl == std::string::npos) {
        buffer_.clear();
      } else {
        buffer_.erase(0, nl + 1);
        discarding_ = false;
      }
    }
    const auto nl = discarding_ ? std::string::npos : buffer_.find('\n');
    if (nl != std::string::npos) {
      line.assign(buffer_, 0, nl);
      buffer_.erase(0, nl + 1);
      if (line.size() > max_line) return Read::kTooLong;
      if (!line.empty() && line.back() == '\r') line.pop_back();
      return Read::kLine;
    }
    if (!discarding_ &&
        buffer_.size() > max_line) {  // too long already: say so now, not at its end
      buffer_.clear();
      discarding_ = true;
      return Read::kTooLong;
    }
    if (out_ < 0) return Read::kClosed;
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - std::chrono::steady_clock::now());
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
  if (r == pid_) {
    status_ = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
    if (slot_ >= 0) g_groups[slot_].store(0);
    slot_ = -1;
  }
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
  // The group only while its leader is unreaped: its pid (and so its group id) cannot have
  // been reused. Members left after that carry the tag and are found by it.
  if (!status_) {
    ::kill(-pid_, SIGKILL);
    reap(true);
  }
  if (!swept_) {
    swept_ = true;
    kill_tagged_processes(tag_);
  }
}

}  // namespace stratego::protocol
