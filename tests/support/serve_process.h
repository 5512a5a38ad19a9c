// A `stratego serve` process of the test's own (STRATEGO_BINARY) on a free port of 127.0.0.1,
// stopped (SIGTERM, as Ctrl-C) at the end: for what only the command does (its flags, its
// memory as Linux shows it, without the test's own).
#pragma once

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <utility>
#include <vector>

namespace stratego::test_support {

class ServeProcess {
 public:
  ServeProcess(const std::filesystem::path& games_dir, const std::vector<std::string>& flags) {
    std::vector<std::string> args = {"stratego", "serve",       "--port",
                                     "0",        "--games-dir", games_dir.string()};
    args.insert(args.end(), flags.begin(), flags.end());
    int out[2];
    if (::pipe(out) != 0) return;
    pid_ = ::fork();
    if (pid_ == 0) {
      std::vector<char*> argv;
      for (std::string& a : args) argv.push_back(a.data());
      argv.push_back(nullptr);
      ::dup2(out[1], 1);
      ::close(out[0]);
      ::close(out[1]);
      ::execv(STRATEGO_BINARY, argv.data());
      ::_exit(127);
    }
    ::close(out[1]);
    // Kept open until the end: the server writes a last line when it stops.
    out_ = ::fdopen(out[0], "r");
    const std::string mark = "http://127.0.0.1:";
    for (char line[1024]; out_ && std::fgets(line, sizeof line, out_);) {
      const std::string s = line;
      if (const auto at = s.find(mark); at != std::string::npos) {
        port_ = std::atoi(s.c_str() + at + mark.size());
        break;
      }
    }
  }
  ~ServeProcess() {
    if (pid_ > 0) {
      ::kill(pid_, SIGTERM);
      ::waitpid(pid_, nullptr, 0);
    }
    if (out_) std::fclose(out_);
  }
  ServeProcess(const ServeProcess&) = delete;
  ServeProcess& operator=(const ServeProcess&) = delete;

  int port() const { return port_; }     // 0 if it did not say where it listens
  std::pair<long, long> vm_kb() const {  // VmSize, VmRSS
    std::ifstream in("/proc/" + std::to_string(pid_) + "/status");
    long size = 0, rss = 0;
    for (std::string line; std::getline(in, line);) {
      if (line.rfind("VmSize:", 0) == 0) size = std::stol(line.substr(7));
      if (line.rfind("VmRSS:", 0) == 0) rss = std::stol(line.substr(6));
    }
    return {size, rss};
  }

 private:
  pid_t pid_ = -1;
  int port_ = 0;
  std::FILE* out_ = nullptr;
};

}  // namespace stratego::test_support
