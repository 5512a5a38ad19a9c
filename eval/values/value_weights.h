// Weights of the linear value (eval/values/classic_features.h): a text file per variant, written by
// `stratego train value` and shipped as eval/data/<variant>.weights (compiled in). Format:
//   # free comments: how the weights were made (command line, data, fit figures)
//   stratego-value-weights 1
//   variant classic
//   weight material.marshal 2.31         (one line per feature, every feature exactly once)
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "engine/embedded_file.h"
#include "eval/values/classic_features.h"

namespace stratego::eval {

struct ValueWeights {
  std::string variant;                // the base variant's name key they were fitted on
  std::vector<std::string> comments;  // without the leading "# "
  ClassicFeatures w{};
};

std::string format_value_weights(const ValueWeights& v);
// InputError "ORIGIN:LINE: ..." for a bad line, a feature named twice, one missing.
ValueWeights parse_value_weights(std::string_view text, const std::string& origin);
// Written to PATH.tmp and renamed (engine/file_io.h).
void write_value_weights_file(const std::string& path, const ValueWeights& v);
ValueWeights read_value_weights_file(const std::string& path);

// The files eval/data/*.weights compiled into the binary (generated at build time).
const std::vector<EmbeddedFile>& builtin_value_weights_files();
// The compiled-in weights of the variant's base name, parsed once; nullptr if none.
const ValueWeights* builtin_value_weights(std::string_view variant_name);

}  // namespace stratego::eval
