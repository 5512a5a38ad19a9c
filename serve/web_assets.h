// The files of the page `stratego serve` sends (serve/web/), compiled into the binary by
// cmake/embed_files.cmake.
#pragma once

#include <string_view>
#include <vector>

#include "engine/embedded_file.h"

namespace stratego::serve {

// Named as under serve/web/: "index.html", "app.js", ...
const std::vector<EmbeddedFile>& web_assets();

}  // namespace stratego::serve
