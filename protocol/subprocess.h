// A program started through /bin/sh with its stdin and stdout on pipes, read and written line
// by line with timeouts. The referee and the protocol clients drive bots through this; nothing
// a program does (dying, hanging, flooding, closing its pipes, not reading its input, leaving
// children behind) can crash or block the caller for longer than the timeout it gives.
//
// Each program runs in a process group of its own, tagged with an environment variable that
// its descendants inherit (docs/robustness.md). kill() ends the group and then every other
// process still carrying the tag, so a child that called setsid() does not outlive its game.
// SIGINT, SIGTERM and SIGHUP of the caller, and its normal exit, end every live group first.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <optional>
#include <string>
#include <string_view>

namespace stratego::protocol {

class Subprocess {
 public:
  // Starts `sh -c command` in a process group of its own. stderr goes to stderr_path (appended)
  // if given, else to ours. Throws InputError if the program cannot be started.
  explicit Subprocess(const std::string& command, const std::string& stderr_path = "");
  ~Subprocess();  // kills the process group (and tagged descendants) and reaps it
  Subprocess(const Subprocess&) = delete;
  Subprocess& operator=(const Subprocess&) = delete;

  enum class Write { kDone, kTimeout, kClosed };
  // Writes line + '\n' within `timeout`. kTimeout: the program did not read it in time (its
  // input pipe stayed full); part of the line may have been written, so the caller must
  // treat the program as lost. kClosed: it no longer reads (its stdin is closed).
  Write write_line(std::string_view line,
                   std::chrono::milliseconds timeout = std::chrono::milliseconds(2000));

  enum class Read { kLine, kTimeout, kClosed, kTooLong };
  // The next line without its '\n' (a trailing '\r' is dropped too). kClosed: the program
  // closed its stdout (usually: exited) with no complete line left. kTooLong: more than
  // max_line bytes without a '\n', reported as soon as that many have arrived; the rest of
  // that line is discarded by later reads.
  Read read_line(std::string& line, std::chrono::milliseconds timeout,
                 std::size_t max_line = 1 << 20);

  // True while the program runs (reaps it when it has exited).
  bool running();
  // The exit code (or 128 + signal) once it has exited.
  std::optional<int> exit_status() const { return status_; }
  // Closes its stdin, waits up to `grace` for it to exit, then kills the process group.
  void finish(std::chrono::milliseconds grace);
  void kill();
  pid_t pid() const { return pid_; }
  // The environment variable (NAME=1) every process of this program carries.
  const std::string& tag() const { return tag_; }

 private:
  void reap(bool block);
  pid_t pid_ = -1;
  int in_ = -1, out_ = -1;  // our ends: we write to in_ (non-blocking), read from out_
  std::string buffer_;
  bool discarding_ = false;  // inside a too-long line
  bool swept_ = false;       // tagged descendants have been ended
  int slot_ = -1;            // in the table of live groups the signal handler ends
  std::string tag_;
  std::optional<int> status_;
};

// Ends every process that carries `tag` in its environment (Linux /proc; elsewhere nothing).
// Returns how many were signalled.
int kill_tagged_processes(const std::string& tag);

}  // namespace stratego::protocol
