#include "tools/start_position.h"

#include "engine/error.h"
#include "engine/notation.h"
#include "engine/setup.h"
#include "engine/variant_loader.h"
#include "tools/seed_option.h"

namespace stratego {

void add_start_options(CLI::App* cmd, StartOptions& o, bool with_position) {
  cmd->add_option("--variant,-v", o.variant, "Variant spec, e.g. classic+silent-defence")
      ->capture_default_str();
  cmd->add_option("--seed,-s", o.seed, "Seed for set-ups and random choices")
      ->check(seed_validator())
      ->capture_default_str();
  cmd->add_option("--setups", o.setups,
                  "File of set-up lines (data/setups format) to draw both set-ups from");
  if (with_position)
    cmd->add_option("--position,-p", o.position, "Start from this position notation");
}

Start make_start(const StartOptions& o, Rng& rng) {
  if (!o.position.empty())
    return {parse_position_option(o.position, [](const std::string& p) { return parse_state(p); }),
            {},
            {}};
  auto variant = std::make_shared<const Variant>(load_variant(o.variant));
  Setup red, blue;
  if (!o.setups.empty()) {
    const SetupFile file = read_setup_file(o.setups, *variant);
    if (file.lines.empty()) throw InputError(o.setups + ": no set-up lines in the file");
    const auto& l = file.lines;
    red = parse_setup(*variant, kRed, l[rng.below(std::uint32_t(l.size()))]);
    blue = parse_setup(*variant, kBlue, l[rng.below(std::uint32_t(l.size()))]);
  } else {
    red = random_setup(*variant, kRed, rng);
    blue = random_setup(*variant, kBlue, rng);
  }
  return {initial_state(variant, red, blue), format_setup(*variant, red),
          format_setup(*variant, blue)};
}

}  // namespace stratego
