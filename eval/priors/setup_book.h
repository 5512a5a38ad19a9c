// Set-up books: for a variant, a short list of set-ups that played strongly, found by
// `stratego analyze generate` and shipped as eval/data/<variant>.book (compiled in; each file
// says in its comments how it was made and what each set-up scored). The bots draw from it
// with the option `setups=book` (bots/setup_style_option.h).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "engine/embedded_file.h"
#include "engine/variant.h"

namespace stratego::eval {

// The files of eval/data/*.book compiled into the binary (generated at build time).
const std::vector<EmbeddedFile>& builtin_book_files();

// The set-up lines of v's book (the file of v's base name; lines that are not legal set-ups of
// v's army, e.g. for a variant with options that change it, are left out); empty if none.
std::vector<std::string> setup_book(const Variant& v);

}  // namespace stratego::eval
