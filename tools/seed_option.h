// --seed for every subcommand: a whole number from 0 to 2^64-1, written in decimal. CLI11
// alone would clamp 2^64 and more to the largest value and wrap a negative one; both are
// refused instead (`error: ...`, status 2).
#pragma once

#include <CLI/CLI.hpp>
#include <string>

namespace stratego {

inline CLI::Validator seed_validator() {
  return CLI::Validator(
      [](std::string& text) -> std::string {
        const bool digits = !text.empty() && text.size() <= 20 &&
                            text.find_first_not_of("0123456789") == std::string::npos;
        // 20 digits fit only up to 18446744073709551615.
        if (digits && (text.size() < 20 || text <= "18446744073709551615")) return {};
        return "the seed must be a whole number from 0 to 18446744073709551615, not '" +
               text.substr(0, 40) + (text.size() > 40 ? "...'" : "'");
      },
      "SEED", "seed");
}

}  // namespace stratego
