// The fitted strength models of data/strength/*.model, compiled in (strength/CMakeLists.txt;
// the file builtin_models.cpp is generated at build time). strength/strength_model.h reads them.
#pragma once

#include <vector>

#include "engine/embedded_file.h"

namespace stratego::strength {

// Named by the variant's base name.
const std::vector<EmbeddedFile>& builtin_model_files();

}  // namespace stratego::strength
