// Console output plus, at the end, each benchmark's throughput as a ratio to the baseline
// benchmark of its group measured in the same run (the machine is shared and noisy, so only
// same-run ratios compare). A benchmark names its baseline by the suffix "/baseline".
#pragma once

#include <benchmark/benchmark.h>

#include <map>
#include <string>

namespace stratego {

class RatioReporter : public benchmark::ConsoleReporter {
 public:
  void ReportRuns(const std::vector<Run>& runs) override;
  void Finalize() override;

 private:
  struct Figure {
    std::string counter;
    double value;
  };
  std::map<std::string, std::map<std::string, Figure>> groups_;  // group -> name -> figure
};

// A benchmark program's main: registers its benchmarks, runs the selected ones and reports
// them with the ratios.
int run_with_ratios(int argc, char** argv, void (*register_all)());

}  // namespace stratego
