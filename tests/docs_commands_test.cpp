// Every benchmark command the docs give runs as written with the Google Benchmark that Debian
// ships (1.7.1 refuses `--benchmark_min_time=2s` and silently uses its default): each is run
// with the docs' own flags, then a tiny budget and one benchmark appended (later flags win).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <future>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "support/command_run.h"

namespace stratego {
namespace {

namespace fs = std::filesystem;

#ifdef STRATEGO_BENCH_DIR

std::vector<fs::path> markdown_files() {
  const fs::path root(STRATEGO_SOURCE_DIR);
  std::vector<fs::path> out;
  for (auto it = fs::recursive_directory_iterator(root); it != fs::recursive_directory_iterator();
       ++it) {
    const std::string name = it->path().filename().string();
    if (it->is_directory() && (name == "build" || name.front() == '.')) {
      it.disable_recursion_pending();
      continue;
    }
    if (it->is_regular_file() && it->path().extension() == ".md") out.push_back(it->path());
  }
  return out;
}

// Each benchmark command in a Markdown file: inside an inline code span (which may wrap across
// lines) or on a line of a fenced block, from the program's name to the end of the span or
// line, without a trailing comment.
std::set<std::string> bench_commands(const std::string& text) {
  static const std::regex program(
      R"(^(?:build/release/bench/)?(engine_bench|waterloo_bench|protocol_bench|search_bench|rules_eval_bench|belief_bench|waterloo_belief_bench|alphabeta_bench)((?:\s.*)?)$)");
  std::set<std::string> out;
  auto take = [&](std::string code) {
    for (char& c : code)
      if (c == '\n') c = ' ';
    code = code.substr(0, code.find(" #"));
    code.erase(0, code.find_first_not_of(' '));
    std::smatch m;
    if (std::regex_match(code, m, program)) out.insert(std::string(m[1]) + std::string(m[2]));
  };
  std::istringstream lines(text);
  std::string line, prose;
  bool fenced = false;
  while (std::getline(lines, line)) {
    if (line.rfind("```", 0) == 0) {
      fenced = !fenced;
      continue;
    }
    if (fenced)
      take(line);
    else
      prose += line + "\n";
  }
  for (std::size_t open = prose.find('`'); open != std::string::npos;) {
    const std::size_t close = prose.find('`', open + 1);
    if (close == std::string::npos) break;
    take(prose.substr(open + 1, close - open - 1));
    open = prose.find('`', close + 1);
  }
  return out;
}

// Empty if `command` (a program of bench/ with the docs' flags) runs cleanly; else what went wrong.
std::string check_command(const std::string& command) {
  const std::string program = std::string(STRATEGO_BENCH_DIR) + "/" + command;
  // One benchmark of those the docs' filter selects keeps the run short.
  const auto listed = test_support::run_command(program + " --benchmark_list_tests=true");
  std::istringstream names(listed.out);
  std::string first;
  while (std::getline(names, first) && first.find(' ') != std::string::npos) {
  }
  const auto run = test_support::run_command(
      program + " --benchmark_min_time=0.000001 --benchmark_repetitions=1 --benchmark_filter='^" +
      first + "$'");
  const std::string said = listed.out + run.out;
  if (listed.status != 0 || run.status != 0) return "`" + command + "` failed:\n" + said;
  for (const char* complaint : {"is expected to be", "unrecognized", "Failed to match"})
    if (said.find(complaint) != std::string::npos)
      return "`" + command + "`: " + complaint + "\n" + said;
  return "";
}

TEST(DocsCommands, EveryBenchmarkCommandRunsAsWritten) {
  std::set<std::string> commands;
  for (const fs::path& p : markdown_files()) {
    std::ifstream in(p);
    std::ostringstream s;
    s << in.rdbuf();
    for (const std::string& c : bench_commands(s.str())) commands.insert(c);
  }
  ASSERT_GE(commands.size(), 3u) << "the docs' benchmark commands were not found";
  // Run side by side: most of the time is each program's start and its one short benchmark.
  std::vector<std::future<std::string>> checks;
  for (const std::string& c : commands)
    checks.push_back(std::async(std::launch::async, [c] { return check_command(c); }));
  for (auto& f : checks) {
    const std::string problem = f.get();
    EXPECT_TRUE(problem.empty()) << problem;
  }
}
#else
TEST(DocsCommands, EveryBenchmarkCommandRunsAsWritten) {
  GTEST_SKIP()
      << "this build has no benchmarks (STRATEGO_BUILD_BENCH=OFF); the release build runs this";
}
#endif

}  // namespace
}  // namespace stratego
