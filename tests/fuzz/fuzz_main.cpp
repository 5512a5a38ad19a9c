// fuzz_parsers: the long runs of the parser fuzz targets (tests/support/fuzz_targets.h) and
// of the service targets (tests/support/fuzz_service_targets.h: the server's requests, its
// meta and save files, a ladder's file).
//   fuzz_parsers [--executions N] [--seed S] [--target NAME]
// runs N mutated inputs (default 100000) through each target (or the one named) and prints
// executions, accepted, rejected (InputError), failures (anything else) and the slowest
// input per target. A watchdog ends the run with status 3 and the input if one input takes
// longer than 10 s (a hang); failures give status 1. Build it with sanitizers for memory
// errors (docs/robustness.md).
#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "tests/support/fuzz_service_targets.h"
#include "tests/support/fuzz_targets.h"

namespace {

std::mutex g_mutex;
std::string g_input, g_target;
std::atomic<std::uint64_t> g_done{0};

// A crash: the input that caused it goes to fuzz-crash.txt (best effort: the process is
// already broken), then the status says so.
void on_crash(int sig) {
  const int fd = ::open("fuzz-crash.txt", O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd >= 0) {
    ssize_t ignored = ::write(fd, g_input.data(), g_input.size());
    (void)ignored;
    ::close(fd);
  }
  const char msg[] = "CRASH: the input is in fuzz-crash.txt\n";
  ssize_t ignored = ::write(2, msg, sizeof msg - 1);
  (void)ignored;
  ::signal(sig, SIG_DFL);
  ::raise(sig);
}

[[noreturn]] void usage() {
  std::cerr << "usage: fuzz_parsers [--executions N] [--seed S] [--target NAME]\n";
  std::exit(2);
}

}  // namespace

int main(int argc, char** argv) {
  std::uint64_t executions = 100000, seed = 1;
  std::string only;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (i + 1 >= argc) usage();
    const std::string v = argv[++i];
    try {
      if (a == "--executions")
        executions = std::stoull(v);
      else if (a == "--seed")
        seed = std::stoull(v);
      else if (a == "--target")
        only = v;
      else
        usage();
    } catch (const std::exception&) {
      usage();
    }
  }
  // The parser targets, then the service targets (a server and a ladder made first: only when
  // one of them is asked for), all before the watchdog starts.
  std::vector<const stratego::fuzz::Target*> chosen;
  for (const auto& t : stratego::fuzz::targets())
    if (only.empty() || t.name == only) chosen.push_back(&t);
  if (only.empty() || chosen.empty())
    for (const auto& t : stratego::fuzz::service_targets())
      if (only.empty() || t.name == only) chosen.push_back(&t);
  if (chosen.empty()) usage();
  for (int sig : {SIGSEGV, SIGABRT, SIGBUS, SIGFPE, SIGILL}) ::signal(sig, on_crash);
  // The watchdog: no finished execution for 10 s is a hang.
  std::thread([] {
    std::uint64_t last = ~0ull;
    for (;;) {
      std::this_thread::sleep_for(std::chrono::seconds(10));
      const std::uint64_t now = g_done.load();
      if (now == last) {
        std::lock_guard lock(g_mutex);
        std::cerr << "HANG in " << g_target << " on '" << stratego::fuzz::escaped(g_input, 2000)
                  << "'\n";
        std::_Exit(3);
      }
      last = now;
    }
  }).detach();
  std::uint64_t total = 0, failures = 0;
  std::printf("%-18s %12s %12s %12s %9s %11s\n", "target", "executions", "accepted", "rejected",
              "failures", "slowest ms");
  for (const stratego::fuzz::Target* target : chosen) {
    const auto& t = *target;
    {
      std::lock_guard lock(g_mutex);
      g_target = t.name;
    }
    const auto s = stratego::fuzz::run(t, seed, executions, [](const std::string& in) {
      std::lock_guard lock(g_mutex);
      g_input = in;
      ++g_done;
    });
    std::printf("%-18s %12llu %12llu %12llu %9llu %11.1f\n", t.name.c_str(),
                (unsigned long long)s.executions, (unsigned long long)s.accepted,
                (unsigned long long)s.rejected, (unsigned long long)s.failures, s.slowest_ms);
    if (s.failures) std::printf("  first failure: %s\n", s.first_failure.c_str());
    std::fflush(stdout);
    total += s.executions;
    failures += s.failures;
  }
  std::printf("total %llu executions, %llu failures, 0 hangs\n", (unsigned long long)total,
              (unsigned long long)failures);
  stratego::fuzz::stop_service_targets();  // its games, before the static destructors
  return failures ? 1 : 0;
}
