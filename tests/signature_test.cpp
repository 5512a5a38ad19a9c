// `stratego bench` prints the committed node signatures of both searches (bench/signature.txt
// for ismcts, bench/signature_alphabeta.txt for alphabeta, bench/signature_waterloo_alphabeta.txt
// for alphabeta in Waterloo). A change that alters what a search
// does shows here at once; a commit that means to change it updates the file and says why
// (Stockfish's habit).
#include <gtest/gtest.h>

#include <fstream>
#include <regex>
#include <string>

#include "support/command_run.h"

namespace stratego {
namespace {

long long committed_signature(const std::string& file) {
  std::ifstream in(std::string(STRATEGO_SOURCE_DIR) + "/bench/" + file);
  long long committed = -1;
  if (!(in >> committed)) ADD_FAILURE() << "bench/" << file << " holds no number";
  return committed;
}

// One run of bench for both signatures: the line of each search against its file.
TEST(Signature, BenchPrintsTheCommittedNodeCounts) {
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
  GTEST_SKIP() << "the signature is checked by the release build (sanitizers make bench slow)";
#endif
  const test_support::CommandRun run = test_support::run_stratego("bench");
  ASSERT_EQ(run.status, 0) << run.out;
  const std::pair<const char*, const char*> lines[] = {
      {R"(Nodes searched\s*:\s*(\d+))", "signature.txt"},
      {R"(Alphabeta nodes\s*:\s*(\d+))", "signature_alphabeta.txt"},
      {R"(Waterloo alphabeta nodes\s*:\s*(\d+))", "signature_waterloo_alphabeta.txt"}};
  for (const auto& [pattern, file] : lines) {
    std::smatch m;
    ASSERT_TRUE(std::regex_search(run.out, m, std::regex(pattern))) << pattern << "\n" << run.out;
    EXPECT_EQ(std::stoll(m[1]), committed_signature(file))
        << "stratego bench no longer prints the committed signature of bench/" << file
        << ": if the search was meant to change, update the file and say why in the commit";
  }
}

}  // namespace
}  // namespace stratego
