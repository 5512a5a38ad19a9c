// `analyze strength --mpi` under `mpirun -n 3` prints the same table, race and per-square why
// as the same seeded analysis in one process (a game depends only on its job, not on who
// plays it), its database holds the same games, and `analyze generate --mpi` finds the same
// set-ups; the job and row JSON round-trips; a bad set-up ends every rank with its error.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <sstream>

#include "engine/error.h"
#include "ladder/mpi.h"
#include "strength/job.h"
#include "strength/store.h"
#include "support/command_run.h"

namespace stratego::strength {
namespace {

const char* kMpiSetups =
    "AAAAAAAABMAAAAAAAAAKAAAAAAAAAAAAAADCDALE AADAAAAAAAAAADAAAAAAKMAAAAAAAALBCEAAAAAA "
    "AAAAAAAAAAAAAAKAAAAAACMEBAAAAAALDADAAAAA";

// The output without the timing line (its figures and -j / ranks differ).
std::string without_timing(const std::string& out) {
  std::string rows;
  std::istringstream in(out);
  for (std::string line; std::getline(in, line);)
    if (line.rfind("# ", 0) != 0 || line.find("games played") == std::string::npos)
      rows += line + "\n";
  return rows;
}

void remove_db(const std::string& db) {
  for (const std::string& f : {db, db + "-wal", db + "-shm", db + ".lock"})
    std::filesystem::remove(f);
}

TEST(StrengthMpi, JobsAndRowsRoundTripAsJson) {
  StrengthJob j;
  j.variant = "barrage";
  j.bot = "ismcts,iterations=20";
  j.nodes = 7;
  j.candidate = {3, "AAAA", "arg \"1\""};
  j.game = 5;
  j.opponent = "";
  j.seed = 18446744073709551615ull;  // the largest seed survives
  const auto back = jobs_from_json(jobs_to_json({j, j}));
  ASSERT_EQ(back.size(), 2u);
  EXPECT_EQ(back[1].bot, j.bot);
  EXPECT_EQ(back[1].candidate.label, j.candidate.label);
  EXPECT_EQ(back[1].seed, j.seed);
  EXPECT_EQ(back[1].nodes, 7);
  GameRow g;
  g.candidate = 3;
  g.game = 5;
  g.score = 0.5;
  g.reason = "flag";
  g.plies = 81;
  g.trace = "{\"x\":[1,2]}";
  g.opponent = "BBBB";
  g.seed = j.seed;
  const auto rows = rows_from_json(rows_to_json({g}));
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_EQ(rows[0].score, 0.5);
  EXPECT_EQ(rows[0].trace, g.trace);
  EXPECT_EQ(rows[0].seed, g.seed);
  EXPECT_THROW(rows_from_json("[{\"game\": 1}]"), InputError);
}

TEST(StrengthMpi, ThreeRanksGiveTheSameAnalysisAsOneProcess) {
  if (!ladder::mpi_available()) {
    const auto r = test_support::run_stratego("analyze strength -v barrage --mpi --games 2 " +
                                              std::string(kMpiSetups));
    EXPECT_EQ(r.status, 2);
    EXPECT_NE(r.out.find("built without Open MPI"), std::string::npos) << r.out;
    GTEST_SKIP() << "built without Open MPI (libopenmpi-dev not found)";
  }
  if (std::system("command -v mpirun >/dev/null 2>&1") != 0)
    GTEST_SKIP() << "mpirun not found (install openmpi-bin)";
  const std::string mpirun =
      "ASAN_OPTIONS=detect_leaks=0 mpirun --allow-run-as-root --oversubscribe -n 3 " +
      std::string(STRATEGO_BINARY) + " ";
  const std::string db1 = test_support::unique_temp_path("strength_mpi_one.db"),
                    db3 = test_support::unique_temp_path("strength_mpi_three.db");
  remove_db(db1);
  remove_db(db3);
  for (const std::string args : {"analyze strength -v barrage -q --games 60 --why ",
                                 "analyze strength -v barrage -q --race --batch 20 --games 120 "}) {
    const auto one = test_support::run_stratego(args + kMpiSetups + " --db " + db1);
    ASSERT_EQ(one.status, 0) << one.out;
    const auto three = test_support::run_command(mpirun + args + kMpiSetups + " --mpi --db " + db3);
    ASSERT_EQ(three.status, 0) << three.out;
    EXPECT_EQ(without_timing(three.out), without_timing(one.out)) << args;
  }
  // Both files hold the same games, trace for trace.
  Settings s;
  s.variant = "barrage";
  Store a(db1, s, {}), b(db3, s, {});
  ASSERT_EQ(a.candidates().size(), 3u);
  ASSERT_EQ(b.candidates().size(), 3u);
  for (std::size_t c = 0; c < 3; ++c) {
    const auto ra = a.games(a.candidates()[c].id, -1, true),
               rb = b.games(b.candidates()[c].id, -1, true);
    ASSERT_EQ(ra.size(), rb.size());
    EXPECT_GE(ra.size(), 60u);
    for (std::size_t i = 0; i < ra.size(); ++i) {
      EXPECT_EQ(ra[i].game, rb[i].game);
      EXPECT_EQ(ra[i].score, rb[i].score);
      EXPECT_EQ(ra[i].reason, rb[i].reason);
      EXPECT_EQ(ra[i].plies, rb[i].plies);
      EXPECT_EQ(ra[i].opponent, rb[i].opponent);
      EXPECT_EQ(ra[i].seed, rb[i].seed);
      EXPECT_EQ(ra[i].trace, rb[i].trace);
    }
  }
  remove_db(db1);
  remove_db(db3);
  // analyze generate draws, races and swaps on rank 0 alone: the same set-ups come out.
  const std::string gen =
      "analyze generate --variant barrage --samples 12 --screen 10 --keep 3 --games 40 --swaps 3 "
      "--swap-games 20 -q";
  const auto one = test_support::run_stratego(gen);
  ASSERT_EQ(one.status, 0) << one.out;
  const auto three = test_support::run_command(mpirun + gen + " --mpi");
  ASSERT_EQ(three.status, 0) << three.out;
  EXPECT_EQ(three.out, one.out);
}

TEST(StrengthMpi, ABadSetUpEndsEveryRankWithTheError) {
  if (!ladder::mpi_available() || std::system("command -v mpirun >/dev/null 2>&1") != 0)
    GTEST_SKIP() << "no Open MPI";
  const auto r = test_support::run_command(
      "ASAN_OPTIONS=detect_leaks=0 mpirun --allow-run-as-root --oversubscribe -n 3 " +
      std::string(STRATEGO_BINARY) + " analyze strength -v barrage --games 20 --mpi AAAX");
  EXPECT_NE(r.status, 0);
  EXPECT_NE(r.out.find("error: set-up argument 1"), std::string::npos) << r.out;
}

}  // namespace
}  // namespace stratego::strength
