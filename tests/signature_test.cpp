// `stratego bench` prints the committed node signature (bench/signature.txt). A change that
// alters what the search does shows here at once; a commit that means to change it updates the
// file and says why (Stockfish's habit).
#include <gtest/gtest.h>

#include <fstream>
#include <regex>
#include <string>

#include "support/command_run.h"

namespace stratego {
namespace {

TEST(Signature, BenchPrintsTheCommittedNodeCount) {
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
  GTEST_SKIP() << "the signature is checked by the release build (sanitizers make bench slow)";
#endif
  std::ifstream in(std::string(STRATEGO_SOURCE_DIR) + "/bench/signature.txt");
  long long committed = -1;
  ASSERT_TRUE(in >> committed) << "bench/signature.txt holds no number";
  const test_support::CommandRun run = test_support::run_stratego("bench");
  ASSERT_EQ(run.status, 0) << run.out;
  std::smatch m;
  ASSERT_TRUE(std::regex_search(run.out, m, std::regex(R"(Nodes searched\s*:\s*(\d+))")))
      << run.out;
  EXPECT_EQ(std::stoll(m[1]), committed)
      << "stratego bench no longer prints the committed signature: if the search was meant to "
         "change, update bench/signature.txt and say why in the commit";
}

}  // namespace
}  // namespace stratego
