// One fuzz target per parser of outside input (variant files, set-up lines, position
// notation, move and action tokens, game records, bot-protocol lines, UCC lines), each with
// seed inputs made by our own formatters, and a seeded mutation loop over them. A parser may
// accept an input or throw InputError; anything else (another exception, a crash, a hang)
// is a failure. Used by tests/fuzz_parsers_test.cpp (a small budget) and by the
// `fuzz_parsers` program (tests/fuzz/fuzz_main.cpp) for long runs.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace stratego::fuzz {

struct Target {
  std::string name;
  std::vector<std::string> seeds;
  std::function<void(std::string_view)> run;  // throws InputError for bad input, nothing else
};

// Every target, with its seeds (built once).
const std::vector<Target>& targets();

struct Stats {
  std::string target;
  std::uint64_t executions = 0, accepted = 0, rejected = 0;  // rejected: InputError
  std::uint64_t failures = 0;                                // any other exception
  std::string first_failure;    // what it was, and the input (escaped, cut)
  std::string first_rejection;  // the first InputError's message
  double slowest_ms = 0;        // the slowest single execution
};

// Runs `executions` mutated inputs through `t`, deterministic for a seed. `before_each`, if
// given, sees every input before it runs (for a watchdog that reports a hang's input).
Stats run(const Target& t, std::uint64_t seed, std::uint64_t executions,
          std::function<void(const std::string& input)> before_each = nullptr);

// A mutation of one of `seeds` (or of `input`): flipped, inserted, deleted, repeated bytes,
// tokens from a dictionary, splices with another seed.
std::string mutate(const std::string& input, const std::vector<std::string>& seeds,
                   std::uint64_t& state);

// Printable, for messages: control bytes escaped, cut to `max` characters.
std::string escaped(std::string_view s, std::size_t max = 200);

}  // namespace stratego::fuzz
