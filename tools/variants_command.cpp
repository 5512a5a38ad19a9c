// `stratego variants`: lists the built-in variants and options, or every variant-file key.
#include <iostream>

#include "engine/variant_loader.h"
#include "tools/commands.h"

namespace stratego {

void register_variants_command(CLI::App& app) {
  auto keys = std::make_shared<bool>(false);
  auto* cmd =
      app.add_subcommand("variants", "List built-in variants, options and variant-file keys");
  cmd->add_flag("--keys", *keys, "List every key a variant file may set, with type and default");
  cmd->callback([keys] {
    if (*keys) {
      for (const auto& k : variant_keys())
        std::cout << k.key << " (" << k.type << ", default " << k.default_value
                  << "): " << k.meaning << "\n";
      return;
    }
    std::cout << "Variants (use as --variant NAME[+OPTION...][+key=value...]):\n";
    for (const auto& f : builtin_variant_files()) {
      if (f.is_option) continue;
      const Variant v = load_variant(f.name);
      std::cout << "  " << f.name << ": " << v.description << "\n";
      if (!v.notes.empty()) std::cout << "      note: " << v.notes << "\n";
    }
    std::cout << "Options:\n";
    for (const auto& f : builtin_variant_files()) {
      if (!f.is_option) continue;
      std::cout << "  +" << f.name << ": " << option_description(f) << "\n";
    }
  });
}

}  // namespace stratego
