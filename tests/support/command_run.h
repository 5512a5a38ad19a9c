// Running the built `stratego` program from a test: its exit status and everything it
// printed; and temporary file names of our own, since other builds of the suite may run on
// the same machine at the same time.
#pragma once

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <mutex>
#include <set>
#include <string>

namespace stratego::test_support {

// A path in the temporary directory that only this test process uses. Every such path (and
// the SQLite and lock files beside it) is removed when the process exits, so that a test run
// leaves nothing behind.
inline std::string unique_temp_path(const std::string& name) {
  struct Cleanup {
    std::mutex mutex;
    std::set<std::string> paths;
    pid_t owner = ::getpid();
    ~Cleanup() {
      if (::getpid() != owner) return;  // a forked child that exits normally keeps them
      std::error_code ignored;
      for (const std::string& p : paths)
        for (const char* ext : {"", "-wal", "-shm", "-journal", ".lock", ".tmp"})
          std::filesystem::remove_all(p + ext, ignored);
    }
  };
  static Cleanup cleanup;
  const std::string path = ::testing::TempDir() + std::to_string(::getpid()) + "_" + name;
  const std::lock_guard<std::mutex> lock(cleanup.mutex);
  cleanup.paths.insert(path);
  return path;
}

struct CommandRun {
  int status = -1;
  std::string out;  // stdout and stderr
};

// Runs a shell command line.
inline CommandRun run_command(const std::string& line) {
  CommandRun r;
  FILE* p = popen((line + " 2>&1").c_str(), "r");
  if (!p) return r;
  char buf[4096];
  while (std::size_t n = fread(buf, 1, sizeof buf, p)) r.out.append(buf, n);
  const int st = pclose(p);
  r.status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
  return r;
}

// Runs `stratego ARGS` (STRATEGO_BINARY, defined by tests/CMakeLists.txt).
inline CommandRun run_stratego(const std::string& args) {
  return run_command(std::string(STRATEGO_BINARY) + " " + args);
}

// The last non-empty line of a command's output (where `--json` puts its object).
inline std::string last_line(const std::string& s) {
  const auto end = s.find_last_not_of('\n');
  const auto start = s.rfind('\n', end);
  const std::size_t from = start == std::string::npos ? 0 : start + 1;
  return s.substr(from, end - from + 1);
}

}  // namespace stratego::test_support
