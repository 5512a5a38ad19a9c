// Reads variant files: `key = value` lines, `#` comments, `inherit = NAME` for inheritance, and
// specs such as "classic+silent-defence+two_squares_limit=5" that stack option files and
// single keys on a base variant. Every error names the file, line, key and value.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "engine/variant.h"

namespace stratego {

struct VariantKeyDoc {
  std::string_view key, type, default_value, meaning;
};
// Every key a variant file may use, in the order docs/variants.md lists them.
const std::vector<VariantKeyDoc>& variant_keys();

struct BuiltinVariantFile {
  std::string_view name;  // file name without extension
  bool is_option;         // lives in variants/options/
  std::string_view text;
};
// The files of variants/ compiled into the binary (generated at build time).
const std::vector<BuiltinVariantFile>& builtin_variant_files();
// What an option file is, from its first comment line: "V-5 Rescue" (an option sets no
// `description`: it would replace its base variant's).
std::string option_description(const BuiltinVariantFile& f);

// Loads a spec: a built-in name or a path to a .variant file, then `+option` or `+key=value`
// parts applied in order. Throws InputError.
Variant load_variant(std::string_view spec);
// Loads the text of a variant file received whole (the bot protocol's inline variants);
// `inherit` is resolved against the built-ins only, `+` parts of spec are applied as above and
// the variant's spec is `spec` (e.g. "inline"). Errors name "inline variant" and the line.
Variant load_variant_text(std::string_view text, const std::string& spec);

// Validates one file as `stratego check` does (inherit resolved against the file's folder,
// then the built-ins). Throws InputError naming the first problem.
Variant check_variant_file(const std::string& path);

}  // namespace stratego
