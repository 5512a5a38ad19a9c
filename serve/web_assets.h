// The files of the page `stratego serve` sends (serve/web/), compiled into the binary by
// cmake/embed_files.cmake.
#pragma once

#include <string_view>
#include <vector>

namespace stratego::serve {

struct WebAsset {
  std::string_view name;  // "index.html", "app.js", ...
  std::string_view content;
};
const std::vector<WebAsset>& web_assets();

}  // namespace stratego::serve
