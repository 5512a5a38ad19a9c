// The folders say what lives in them: each layer's README lists every source file of the
// folder, and the top README's Layout names every layer (a folder with a CMakeLists.txt).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "support/text_file.h"

namespace stratego {
namespace {

namespace fs = std::filesystem;

using test_support::read_file;

// The layer folders: top-level folders with a CMakeLists.txt, except the test suite.
std::vector<std::string> layers() {
  std::vector<std::string> out;
  for (const auto& e : fs::directory_iterator(STRATEGO_SOURCE_DIR)) {
    const std::string name = e.path().filename().string();
    if (e.is_directory() && fs::exists(e.path() / "CMakeLists.txt") && name != "tests")
      out.push_back(name);
  }
  return out;
}

TEST(DocsLayout, EveryFolderReadmeListsEveryFileOfItsFolder) {
  const fs::path root(STRATEGO_SOURCE_DIR);
  for (const std::string& layer : layers()) {
    const fs::path readme = root / layer / "README.md";
    ASSERT_TRUE(fs::exists(readme)) << layer << "/ has no README.md";
    const std::string text = read_file(readme);
    for (const auto& e : fs::recursive_directory_iterator(root / layer)) {
      const std::string ext = e.path().extension().string();
      if (!e.is_regular_file() || (ext != ".h" && ext != ".cpp")) continue;
      // A subfolder's files may be listed in its own README instead.
      const fs::path own = e.path().parent_path() / "README.md";
      const std::string where = fs::exists(own) ? read_file(own) : text;
      EXPECT_NE(where.find("`" + e.path().filename().string() + "`"), std::string::npos)
          << fs::relative(e.path(), root).string() << " is not listed in its folder's README.md";
    }
  }
}

TEST(DocsLayout, TopReadmeNamesEveryLayer) {
  const std::string readme = read_file(fs::path(STRATEGO_SOURCE_DIR) / "README.md");
  const auto layout = readme.find("## Layout");
  ASSERT_NE(layout, std::string::npos);
  const std::string table = readme.substr(layout, readme.find("\n## ", layout + 1) - layout);
  for (const std::string& layer : layers())
    EXPECT_NE(table.find("[" + layer + "/]"), std::string::npos)
        << "README.md's Layout does not name " << layer << "/";
}

}  // namespace
}  // namespace stratego
