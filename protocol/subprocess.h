// A program started through /bin/sh with its stdin and stdout on pipes, read line by line
// with timeouts. The referee and the protocol clients drive bots through this; nothing a
// program does (dying, hanging, flooding, closing its pipes) can crash or block the caller
// for longer than the timeout it gives.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <optional>
#include <string>
#include <string_view>

namespace stratego::bots {

class Subprocess {
 public:
  // Starts `sh -c command` in a process group of its own. stderr goes to stderr_path (appended)
  // if given, else to ours. Throws InputError if the program cannot be started.
  explicit Subprocess(const std::string& command, const std::string& stderr_path = "");
  ~Subprocess();  // kills the process group if still running, and reaps it
  Subprocess(const Subprocess&) = delete;
  Subprocess& operator=(const Subprocess&) = delete;

  // Writes line + '\n'. False if the program no longer reads (its stdin is closed).
  bool write_line(std::string_view line);

  enum class Read { kLine, kTimeout, kClosed, kTooLong };
  // The next line without its '\n' (a trailing '\r' is dropped too). kClosed: the program
  // closed its stdout (usually: exited) with no complete line left. kTooLong: a line longer
  // than max_line bytes; the rest of it is discarded.
  Read read_line(std::string& line, std::chrono::milliseconds timeout, std::size_t max_line = 1 << 20);

  // True while the program runs (reaps it when it has exited).
  bool running();
  // The exit code (or 128 + signal) once it has exited.
  std::optional<int> exit_status() const { return status_; }
  // Closes its stdin, waits up to `grace` for it to exit, then kills the process group.
  void finish(std::chrono::milliseconds grace);
  void kill();
  pid_t pid() const { return pid_; }

 private:
  void reap(bool block);
  pid_t pid_ = -1;
  int in_ = -1, out_ = -1;  // our ends: we write to in_, read from out_
  std::string buffer_;
  bool discarding_ = false;  // inside a too-long line
  std::optional<int> status_;
};

}  // namespace stratego::bots
