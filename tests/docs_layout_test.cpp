// The folders say what lives in them: each layer's README lists every source file of the
// folder, and the top README's Layout names every layer (a folder with a CMakeLists.txt) after
// every layer whose library it links (the real dependency order).
#include <gtest/gtest.h>

#include <cctype>
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

// Whether a CMakeLists.txt names the library of layer `used` (stratego_<used>, whole).
bool names_library(const std::string& cmake, const std::string& used) {
  const std::string target = "stratego_" + used;
  for (auto at = cmake.find(target); at != std::string::npos; at = cmake.find(target, at + 1)) {
    const char next = at + target.size() < cmake.size() ? cmake[at + target.size()] : ' ';
    if (!std::isalnum(static_cast<unsigned char>(next)) && next != '_') return true;
  }
  return false;
}

TEST(DocsLayout, TopReadmeNamesEveryLayerAfterTheLayersItUses) {
  const fs::path root(STRATEGO_SOURCE_DIR);
  const std::string readme = read_file(root / "README.md");
  const auto layout = readme.find("## Layout");
  ASSERT_NE(layout, std::string::npos);
  const std::string table = readme.substr(layout, readme.find("\n## ", layout + 1) - layout);
  for (const std::string& layer : layers()) {
    const auto at = table.find("[" + layer + "/]");
    EXPECT_NE(at, std::string::npos) << "README.md's Layout does not name " << layer << "/";
    const std::string cmake = read_file(root / layer / "CMakeLists.txt");
    for (const std::string& used : layers()) {
      if (used == layer || !names_library(cmake, used)) continue;
      EXPECT_LT(table.find("[" + used + "/]"), at)
          << "README.md's Layout lists " << layer << "/ before " << used << "/, which it uses";
    }
  }
}

}  // namespace
}  // namespace stratego
