// The documentation names every variant key, built-in variant and option the code knows, so
// docs/variants.md cannot silently fall behind the loader.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "engine/variant_loader.h"

namespace stratego {
namespace {

std::string read_doc(const std::string& relative) {
  std::ifstream in(std::string(STRATEGO_SOURCE_DIR) + "/" + relative);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

TEST(Docs, VariantsDocListsEveryKey) {
  const std::string doc = read_doc("docs/variants.md");
  ASSERT_FALSE(doc.empty());
  for (const auto& k : variant_keys())
    EXPECT_NE(doc.find("| `" + std::string(k.key) + "` | " + std::string(k.type) + " | `" +
                       std::string(k.default_value) + "` |"),
              std::string::npos)
        << "docs/variants.md does not document key " << k.key << " with its type and default";
}

TEST(Docs, VariantsDocListsEveryBuiltinVariantAndOption) {
  const std::string doc = read_doc("docs/variants.md");
  for (const auto& f : builtin_variant_files())
    EXPECT_NE(doc.find("| `" + std::string(f.name) + "` |"), std::string::npos)
        << "docs/variants.md does not list " << f.name;
}

}  // namespace
}  // namespace stratego
