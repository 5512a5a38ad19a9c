// `ladder run --mpi` under `mpirun -n 3` plays the same games as a single-process run of the
// same seeded round-robin schedule (the games do not depend on who plays them).
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <map>
#include <sstream>

#include "ladder/coordinator.h"
#include "ladder/mpi.h"
#include "ladder/store.h"
#include "support/command_run.h"
#include "support/ladder_file.h"

namespace stratego::ladder {
namespace {

using test_support::unique_temp_path;

std::string make_mpi_ladder(const std::string& name) {
  return testing::fresh_ladder(name, 1234,
                               {{"random", "random"}, {"rules", "rules"}, {"random2", "random"}});
}

std::map<std::pair<std::int64_t, int>, std::string> games_of(const std::string& path) {
  std::map<std::pair<std::int64_t, int>, std::string> out;
  Store s(path, false);
  for (const auto& g : s.games(true))
    out[{g.s.pair, g.s.game}] = std::to_string(g.s.red) + " " + std::to_string(g.s.blue) + " " +
                                std::to_string(g.s.seed) + " " + g.result + "\n" + g.record;
  return out;
}

TEST(LadderMpi, ThreeRanksPlayTheSameGamesAsOneProcess) {
  if (!mpi_available()) GTEST_SKIP() << "built without Open MPI (libopenmpi-dev not found)";
  if (std::system("command -v mpirun >/dev/null 2>&1") != 0)
    GTEST_SKIP() << "mpirun not found (install openmpi-bin)";
  const std::string single = make_mpi_ladder("mpi_single.db"),
                    multi = make_mpi_ladder("mpi_multi.db");
  RunOptions opt;
  opt.games = 24;
  std::ostringstream quiet;
  opt.out = &quiet;
  run_ladder(single, opt);
  // Open MPI keeps some allocations until exit; under a sanitizer build that is not ours.
  const std::string cmd =
      "ASAN_OPTIONS=detect_leaks=0 mpirun --allow-run-as-root --oversubscribe -n 3 " +
      std::string(STRATEGO_BINARY) + " ladder run " + multi + " --mpi --games 24 >/dev/null 2>&1";
  ASSERT_EQ(std::system(cmd.c_str()), 0) << cmd;
  const auto a = games_of(single), b = games_of(multi);
  EXPECT_EQ(a.size(), 24u);
  EXPECT_EQ(a, b);
  // The workers were the other ranks.
  Store s(multi, false);
  for (const auto& g : s.games()) EXPECT_NE(g.worker.find(":rank"), std::string::npos) << g.worker;
  for (const auto& g : s.games()) EXPECT_EQ(g.worker.find(":rank0"), std::string::npos) << g.worker;
}

}  // namespace
}  // namespace stratego::ladder
