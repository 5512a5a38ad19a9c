// Every parser of outside input against a small seeded budget of mutated inputs
// (tests/support/fuzz_targets.h): each input is accepted or an InputError, never another
// exception, a crash or a hang. Long runs: the fuzz_parsers program.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>

#include "engine/error.h"
#include "tests/support/fuzz_service_targets.h"
#include "tests/support/fuzz_targets.h"

namespace stratego::fuzz {
namespace {

class FuzzParsers : public ::testing::TestWithParam<std::size_t> {};

TEST_P(FuzzParsers, TwoThousandMutatedInputsAreAcceptedOrInputErrors) {
  const Target& t = targets()[GetParam()];
  const Stats s = run(t, 20260101, 2000);
  EXPECT_EQ(s.executions, 2000u);
  EXPECT_EQ(s.failures, 0u) << t.name << ": " << s.first_failure;
  EXPECT_GT(s.rejected, 0u) << t.name << ": the mutations never reached an error";
  EXPECT_LT(s.slowest_ms, 1000.0) << t.name << ": an input took " << s.slowest_ms << " ms";
}

INSTANTIATE_TEST_SUITE_P(AllParsers, FuzzParsers, ::testing::Range<std::size_t>(0, 7),
                         [](const ::testing::TestParamInfo<std::size_t>& i) {
                           std::string n = targets()[i.param].name;
                           for (char& c : n)
                             if (c == '-') c = '_';
                           return n;
                         });

TEST(FuzzParsersList, OneTargetPerParser) { EXPECT_EQ(targets().size(), 7u); }

// The service targets (issue 58): the server's requests, its meta and save files, a ladder's
// file. Small budgets: the server's requests go over a socket, the ladder's files to disk.
class FuzzServices : public ::testing::TestWithParam<std::size_t> {};

// The serve-request target's server stops when the tests end, before the static destructors
// (its games would otherwise still run while what they use is destroyed).
class StopServiceTargets : public ::testing::Environment {
 public:
  void TearDown() override { stop_service_targets(); }
};
const auto* const kStopServiceTargets = ::testing::AddGlobalTestEnvironment(new StopServiceTargets);

TEST_P(FuzzServices, MutatedInputsAreAcceptedOrInputErrors) {
  const Target& t = service_targets()[GetParam()];
  ASSERT_EQ(t.name, service_target_names()[GetParam()]);
  const std::uint64_t budget = t.name == "serve-request" || t.name == "ladder-file" ? 300 : 1000;
  const Stats s = run(t, 20260101, budget);
  EXPECT_EQ(s.executions, budget);
  EXPECT_EQ(s.failures, 0u) << t.name << ": " << s.first_failure;
  EXPECT_GT(s.rejected, 0u) << t.name << ": the mutations never reached an error";
  EXPECT_GT(s.accepted, 0u) << t.name << ": no input was accepted (" << s.first_rejection << ")";
  EXPECT_LT(s.slowest_ms, 5000.0) << t.name << ": an input took " << s.slowest_ms << " ms";
}

INSTANTIATE_TEST_SUITE_P(AllServices, FuzzServices,
                         ::testing::Range<std::size_t>(0, service_target_names().size()),
                         [](const ::testing::TestParamInfo<std::size_t>& i) {
                           std::string n = service_target_names()[i.param];
                           for (char& c : n)
                             if (c == '-') c = '_';
                           return n;
                         });

// Every input a long run found crashing (tests/fuzz/crashes/), through every target: each
// was a memory error once (a Waterloo board row with 2147483647 empty squares overflowed the
// column and wrote outside the board).
TEST(FuzzParsersCrashes, EveryInputFoundOnceIsNowAcceptedOrAnInputError) {
  int files = 0;
  for (const auto& f : std::filesystem::directory_iterator(std::string(STRATEGO_SOURCE_DIR) +
                                                           "/tests/fuzz/crashes")) {
    std::ifstream in(f.path(), std::ios::binary);
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    ++files;
    for (const Target& t : targets()) {
      try {
        t.run(text);
      } catch (const InputError&) {
      }
    }
  }
  EXPECT_GE(files, 1);
}

}  // namespace
}  // namespace stratego::fuzz
