// A new Barrage ladder file for the ladder tests: random set-ups, the given seed and
// participants, in a temporary file of this process (any earlier one of that name removed).
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include "ladder/store.h"
#include "support/command_run.h"

namespace stratego::ladder::testing {

inline std::string fresh_ladder(
    const std::string& name, std::uint64_t seed,
    const std::vector<std::pair<std::string, std::string>>& participants) {
  const std::string path = test_support::unique_temp_path(name);
  for (const char* ext : {"", "-wal", "-shm", ".lock"}) std::filesystem::remove(path + ext);
  LadderConfig c;
  c.variants = {"barrage"};
  c.setups = "random";
  c.seed = seed;
  Store::create(path, c, {});
  Store s(path, true);
  for (const auto& [name_of, spec] : participants) s.add_participant(name_of, spec);
  return path;
}

}  // namespace stratego::ladder::testing
