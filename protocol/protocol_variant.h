// Variants across the protocol (docs/protocol.md, "A new game"): a built-in spec goes by name;
// any other is sent whole as the lines of one variant file, which the engine side loads with
// load_variant_text (engine/variant_loader.h).
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace stratego::protocol {

// True if every part of the spec is built in (no file path), so the name suffices.
bool is_builtin_spec(std::string_view spec);
// The lines of one variant file equivalent to spec: a file base is read (with `inherit` of a
// file beside it flattened in), then the `+` options appended. Comments and blanks dropped.
// Throws InputError if a file cannot be read or an option is unknown.
std::vector<std::string> inline_variant_lines(const std::string& spec);

}  // namespace stratego::protocol
