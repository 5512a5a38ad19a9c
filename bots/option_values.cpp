#include "bots/option_values.h"

#include <charconv>
#include <exception>

#include "engine/error.h"

namespace stratego::bots {

std::int64_t parse_int(const std::string& name, const std::string& value, std::int64_t lo,
                       std::int64_t hi) {
  std::int64_t v = 0;
  const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), v);
  if (ec != std::errc() || end != value.data() + value.size() || v < lo || v > hi)
    throw InputError("option " + name + ": '" + value + "' is not an integer from " +
                     std::to_string(lo) + " to " + std::to_string(hi));
  return v;
}

double parse_real(const std::string& name, const std::string& value, double lo, double hi) {
  std::size_t used = 0;
  double v = 0;
  try {
    v = std::stod(value, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used == 0 || used != value.size() || !(v >= lo && v <= hi))
    throw InputError("option " + name + ": '" + value + "' is not a number from " +
                     std::to_string(lo) + " to " + std::to_string(hi));
  return v;
}

bool parse_bool(const std::string& name, const std::string& value) {
  if (value == "true") return true;
  if (value == "false") return false;
  throw InputError("option " + name + ": '" + value + "' is not true or false");
}

}  // namespace stratego::bots
