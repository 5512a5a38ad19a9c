#include "bots/option_values.h"

#include "engine/error.h"
#include "engine/text_util.h"

namespace stratego::bots {

std::int64_t parse_int(const std::string& name, const std::string& value, std::int64_t lo,
                       std::int64_t hi) {
  const auto v = text::parse_number<std::int64_t>(value);
  if (!v || *v < lo || *v > hi)
    throw InputError("option " + name + ": '" + value + "' is not an integer from " +
                     std::to_string(lo) + " to " + std::to_string(hi));
  return *v;
}

double parse_real(const std::string& name, const std::string& value, double lo, double hi) {
  const auto v = text::parse_real(value);
  if (!v || !(*v >= lo && *v <= hi))
    throw InputError("option " + name + ": '" + value + "' is not a number from " +
                     std::to_string(lo) + " to " + std::to_string(hi));
  return *v;
}

bool parse_bool(const std::string& name, const std::string& value) {
  if (value == "true") return true;  // the protocol's boolean options are true or false only
  if (value == "false") return false;
  throw InputError("option " + name + ": '" + value + "' is not true or false");
}

std::size_t parse_choice(const std::string& name, const std::string& value,
                         const std::vector<std::string>& choices) {
  std::string words;
  for (std::size_t i = 0; i < choices.size(); ++i) {
    if (choices[i] == value) return i;
    words += (i == 0 ? "" : i + 1 == choices.size() ? " or " : ", ") + choices[i];
  }
  throw InputError("option " + name + ": '" + value + "' is not " + words);
}

}  // namespace stratego::bots
