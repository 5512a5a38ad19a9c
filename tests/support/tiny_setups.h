// A tiny classic-family variant (3 columns, 2 set-up rows, no lakes) with a chosen army, and
// every set-up line of a prior's zone: small enough to enumerate, so tests can check that a
// set-up prior is a normalised distribution by adding it up over every set-up.
#pragma once

#include <algorithm>
#include <string>
#include <vector>

#include "engine/setup.h"
#include "engine/variant_loader.h"
#include "eval/priors/setup_model.h"

namespace stratego::test_support {

inline Variant tiny_variant(const std::string& army) {
  Variant v = load_variant("classic");
  v.name = "tiny";
  v.width = 3;
  v.height = 6;
  v.setup_rows = 2;
  v.lakes = 0;
  v.geometry = Geometry(v.width, v.height, 0);
  v.army.fill(0);
  for (char c : army) ++v.army[*kind_from_letter(c)];
  return v;
}

// Every set-up line of the model's zone (letters of the army plus A for empty squares).
inline std::vector<std::string> every_setup(const eval::SetupModel& m) {
  std::string line;
  for (int s = 0; s < m.num_symbols(); ++s) {
    const int code = m.symbols()[std::size_t(s)];
    line += std::string(std::size_t(m.counts()[std::size_t(s)]),
                        code == eval::kEmptySymbol ? 'A' : kind_letter(Kind(code)));
  }
  std::sort(line.begin(), line.end());
  std::vector<std::string> out;
  do out.push_back(line);
  while (std::next_permutation(line.begin(), line.end()));
  return out;
}

}  // namespace stratego::test_support
