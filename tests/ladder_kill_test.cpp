// Resume after SIGKILL: `stratego ladder run` on fast games (random bots, Barrage, -j 2) is
// killed at random moments at least 20 times and run again each time. Every game finished
// before a kill is kept unchanged, none is written twice, and the final games are exactly
// the planned schedule, the same games as an uninterrupted run of the same ladder.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <iostream>
#include <map>
#include <sstream>
#include <thread>

#include "engine/rng.h"
#include "ladder/coordinator.h"
#include "ladder/store.h"
#include "support/command_run.h"
#include "support/ladder_file.h"

namespace stratego::ladder {
namespace {

using test_support::unique_temp_path;

std::string make_kill_ladder(const std::string& name) {
  return testing::fresh_ladder(name, 99, {{"a", "random"}, {"b", "random"}, {"c", "random"}});
}

// Starts `stratego ARGS...` with its output discarded.
pid_t start(const std::vector<std::string>& args) {
  const pid_t pid = fork();
  if (pid == 0) {
    std::vector<char*> argv;
    std::string binary = STRATEGO_BINARY;
    argv.push_back(binary.data());
    std::vector<std::string> copy = args;
    for (auto& a : copy) argv.push_back(a.data());
    argv.push_back(nullptr);
    freopen("/dev/null", "w", stdout);
    execv(binary.c_str(), argv.data());
    _exit(127);
  }
  return pid;
}

// (pair, game) -> (seed, result, record) of every finished game.
std::map<std::pair<std::int64_t, int>, std::string> finished(const std::string& path) {
  std::map<std::pair<std::int64_t, int>, std::string> out;
  Store s(path, true);
  for (const auto& g : s.games(true))
    out[{g.s.pair, g.s.game}] = std::to_string(g.s.seed) + " " + g.result + "\n" + g.record;
  return out;
}

TEST(LadderResume, KilledAtRandomMomentsLosesAndDuplicatesNoGame) {
  // A game takes about 1 ms here, so most kills come early (2..25 ms after the start, which
  // itself takes a few ms): such a run plays a few games at most before it dies.
  const int planned = 800;
  const std::string path = make_kill_ladder("kill.db");
  Rng rng(20261202);
  int kills = 0, runs = 0;  // kills: of a run that still had games to play
  std::size_t at_last_kill = 0;
  std::map<std::pair<std::int64_t, int>, std::string> seen;
  const auto t0 = std::chrono::steady_clock::now();
  for (bool done = false; !done;) {
    std::vector<std::string> args = {"ladder", "run", path, "-j", "2"};
    // Until a run has stored the plan (a kill may come before it does), ask for it again.
    if (Store(path, true).meta("plan_target").empty())
      args.insert(args.end(), {"--games", std::to_string(planned)});
    const pid_t pid = start(args);
    ++runs;
    int status = 0;
    bool killed = false;
    if (kills < 25) {
      // Every fifth run lives longer, so that the kills fall all along the schedule.
      const std::uint32_t us = runs % 5 == 4 ? 30000 + rng.below(30000) : 2000 + rng.below(23000);
      std::this_thread::sleep_for(std::chrono::microseconds(us));
      if (waitpid(pid, &status, WNOHANG) == 0) {
        kill(pid, SIGKILL);
        waitpid(pid, &status, 0);
        killed = true;
      } else {
        done = WIFEXITED(status) && WEXITSTATUS(status) == 0 &&
               !Store(path, true).meta("plan_target").empty();
      }
    } else {
      waitpid(pid, &status, 0);
      ASSERT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << "the last run failed";
      done = true;
    }
    // Every game seen before is still there, unchanged.
    const auto now = finished(path);
    for (const auto& [key, text] : seen) {
      ASSERT_TRUE(now.count(key)) << "game " << key.first << "." << key.second << " lost";
      ASSERT_EQ(now.at(key), text) << "game " << key.first << "." << key.second << " changed";
    }
    seen = now;
    if (killed && int(seen.size()) < planned) {
      ++kills;
      at_last_kill = seen.size();
    }
    ASSERT_LT(runs, 300) << "the ladder does not finish";
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  Store s(path, true);
  EXPECT_TRUE(s.unfinished().empty());
  EXPECT_EQ(s.scheduled_count(), planned);
  EXPECT_EQ(int(seen.size()), planned);
  // Duplicates: the schema allows one game per schedule entry; count rows to be sure.
  int rows = 0;
  {
    Stmt q(s.db(), "SELECT count(*), count(DISTINCT schedule_id) FROM games");
    ASSERT_TRUE(q.step());
    rows = int(q.integer(0));
    EXPECT_EQ(q.integer(0), q.integer(1));
  }
  EXPECT_EQ(rows, planned);
  std::cout << "kills " << kills << ", runs " << runs << ", games kept " << seen.size()
            << ", lost 0, duplicated " << rows - int(seen.size()) << ", " << seconds << " s\n";
  EXPECT_GE(kills, 20);
  EXPECT_LT(at_last_kill, std::size_t(planned)) << "the kills came after the last game";
  std::cout << "games finished at the last kill: " << at_last_kill << "\n";
  // The same ladder played without a kill gives the same games.
  const std::string ref = make_kill_ladder("kill_ref.db");
  RunOptions opt;
  opt.games = planned;
  opt.jobs = 2;
  std::ostringstream quiet;
  opt.out = &quiet;
  run_ladder(ref, opt);
  EXPECT_EQ(finished(ref), seen);
}

}  // namespace
}  // namespace stratego::ladder
