// The fitted strength models of data/strength/*.model, compiled in (strength/CMakeLists.txt;
// the file builtin_models.cpp is generated at build time). strength/strength_model.h reads them.
#pragma once

#include <string_view>
#include <vector>

namespace stratego::strength {

struct BuiltinModelFile {
  std::string_view name;  // file name without extension: the variant's base name
  std::string_view text;
};
const std::vector<BuiltinModelFile>& builtin_model_files();

}  // namespace stratego::strength
