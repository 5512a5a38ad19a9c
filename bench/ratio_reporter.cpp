#include "bench/ratio_reporter.h"

#include <cstdio>

namespace stratego {

// A benchmark "Group/variant/name" reports its main counter; the group's "baseline" entry
// is the denominator. With repetitions, a repeated run overwrites the earlier one, and the
// median aggregate, reported last, is what stays.
void RatioReporter::ReportRuns(const std::vector<Run>& runs) {
  ConsoleReporter::ReportRuns(runs);
  for (const Run& run : runs) {
    // With --benchmark_repetitions, compare medians.
    if (run.run_type == Run::RT_Aggregate && run.aggregate_name != "median") continue;
    std::string name = run.run_name.str();
    // UseRealTime() appends "/real_time": not part of the group or the entry's name.
    const std::string real_time = "/real_time";
    if (name.size() > real_time.size() && name.ends_with(real_time))
      name.resize(name.size() - real_time.size());
    const auto slash = name.rfind('/');
    if (slash == std::string::npos) continue;
    for (const char* counter :
         {"moves/s", "plies/s", "make+unmake/s", "iterations/s", "decisions/s"}) {
      const auto it = run.counters.find(counter);
      if (it == run.counters.end()) continue;
      groups_[name.substr(0, slash)][name.substr(slash + 1)] = {counter, double(it->second)};
    }
  }
}

void RatioReporter::Finalize() {
  ConsoleReporter::Finalize();
  std::printf("\nRatios to the baseline measured in this run:\n");
  for (const auto& [group, figures] : groups_) {
    const auto base = figures.find("baseline");
    for (const auto& [name, f] : figures) {
      std::printf("  %-40s %-10s %14.0f", (group + "/" + name).c_str(), f.counter.c_str(), f.value);
      if (base != figures.end() && name != "baseline")
        std::printf("   %.1fx baseline", f.value / base->second.value);
      std::printf("\n");
    }
  }
}

int run_with_ratios(int argc, char** argv, void (*register_all)()) {
  benchmark::Initialize(&argc, argv);
  register_all();
  RatioReporter reporter;
  benchmark::RunSpecifiedBenchmarks(&reporter);
  benchmark::Shutdown();
  return 0;
}

}  // namespace stratego
