#include "bots/setup_style_option.h"

#include <utility>

#include "engine/error.h"
#include "eval/priors/setup_book.h"
#include "eval/priors/setup_fit.h"
#include "eval/priors/setup_mixture.h"
#include "eval/priors/setup_styles.h"

namespace stratego::bots {
namespace {

std::vector<std::string> choices() {
  std::vector<std::string> out = {"own", "human", "book"};
  for (eval::SetupStyle s : eval::kAllStyles) out.push_back(eval::style_name(s));
  return out;
}

std::string line_of(const std::vector<int>& codes) {
  std::string line;
  for (int code : codes)
    line += code < 0 ? '_' : code == eval::kEmptySymbol ? 'A' : kind_letter(Kind(code));
  return line;
}

}  // namespace

SetupStyleOption::SetupStyleOption(std::string default_value) : default_(std::move(default_value)) {
  set(default_);
}

BotOption SetupStyleOption::option() const {
  return {kName, BotOption::Type::kCombo, default_, 0, 0, choices()};
}

void SetupStyleOption::set(const std::string& value) {
  std::string names;
  for (const std::string& c : choices()) {
    if (c == value) {
      value_ = value;
      return;
    }
    names += (names.empty() ? "" : ", ") + c;
  }
  throw InputError("option setups: '" + value + "' is not a set-up source (" + names + ")");
}

std::optional<std::string> SetupStyleOption::setup(const Variant& v, Rng& rng) const {
  if (value_ == "own" || v.family == Family::kWaterloo) return std::nullopt;
  if (value_ == "human") {
    const auto mix = eval::SetupMixture::for_variant(v);
    if (!mix || mix->training_count() == 0) return std::nullopt;
    const int j = int(rng.below(std::uint32_t(mix->training_count())));
    std::vector<int> codes = mix->parametric().symbols_of(mix->training_line(j));
    if (rng.below(2)) codes = eval::mirrored(codes, v.width);
    return line_of(codes);
  }
  if (value_ == "book") {
    // One of the book's set-ups, mirrored half the time (the board is symmetric, so the
    // mirror plays as well and is one more set-up to guess).
    const std::vector<std::string> book = eval::setup_book(v);
    if (book.empty()) return std::nullopt;
    const std::string& line = book[rng.below(std::uint32_t(book.size()))];
    if (!rng.below(2)) return line;
    const auto m = eval::SetupModel::uniform(v);
    return line_of(eval::mirrored(m.symbols_of(line), v.width));
  }
  const eval::StyleDistribution d(eval::SetupModel::uniform(v), eval::parse_style(value_));
  if (!d.available()) return std::nullopt;
  return line_of(d.sample(rng));
}

}  // namespace stratego::bots
