// docs/rules.md is the rules reference the tests and the code cite by id. These tests fail when
// a test name (C_4_3), a test string or a comment (C-4.3), a variant file or another doc names
// an id that docs/rules.md does not define, and when docs/rules.md loses one of the ids it must
// define (kRuleIds), so a reader can always look up the rule behind a name.
#include <gtest/gtest.h>

#include <cctype>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "support/text_file.h"

namespace stratego {
namespace {

namespace fs = std::filesystem;

// Every id docs/rules.md defines: the sections and rules of Parts C and W, the classic options,
// Clone Wars, and the Waterloo engine's readings I-1..I-22. Removing a rule from the reference
// means removing it here too, on purpose.
constexpr std::string_view kRuleIds =
    "C-1 C-1.1 C-1.2 C-2 C-3 C-3.1 C-3.2 C-3.3 C-4 C-4.1 C-4.2 C-4.3 C-4.4 C-4.5 C-5 C-5.1 C-5.2 "
    "C-5.3 C-5.4 C-5.5 C-5.6 C-6 C-6.1 C-6.2 C-6.3 C-7 C-7.1 C-7.2 C-7.3 C-7.4 C-8 C-8.1 C-8.2 "
    "C-8.3 "
    "C-8.4 V-1 V-2 V-3 V-4 V-5 V-6 CW-1 CW-2 CW-2a CW-3 CW-4 CW-5 "
    "W-1 W-1.1 W-1.2 W-1.3 W-1.4 W-2 W-3 W-3.1 W-3.2 W-3.3 W-3.4 W-4 W-4.1 W-4.2 W-4.3 W-5 W-5.1 "
    "W-5.2 W-5.3 W-5.4 W-5.5 W-5.6 W-5.7 W-6 W-6.1 W-6.2 W-6.3 W-6.4 W-7 W-7.1 W-7.2 W-7.3 W-7.4 "
    "W-8 W-8.1 W-8.2 W-8.3 W-9 W-9.1 W-9.2 W-9.3 W-9.4 W-10 W-10.1 W-10.2 W-10.3 W-10.4 W-10.5 "
    "W-10.6 W-10.7 W-10.8 W-10.9 W-11 W-11.1 W-11.2 W-11.3 W-11.4 W-12 W-12.1 W-12.2 W-12.3 "
    "W-12.4 W-12.5 W-12.6 W-12.7 W-12.8 W-13 W-13.1 W-13.2 W-13.3 W-13.4 W-13.5 W-13.6 W-14 "
    "W-14.1 W-14.2 W-14.3 W-14.4 W-15 W-15.1 W-15.2 W-15.3 "
    "I-1 I-2 I-3 I-4 I-5 I-6 I-7 I-8 I-9 I-10 I-11 I-12 I-13 I-14 I-15 I-16 I-17 I-18 I-19 I-20 "
    "I-21 I-22";

using test_support::read_file;

bool alnum(char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0; }
bool digit(char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; }
bool lower(char c) { return c >= 'a' && c <= 'z'; }

// Reads a rule id starting at text[i]: a prefix (CW, C, V, W, I), the separator ('-', or '_'
// in a test name), a number, optionally a sub-number ('.' or '_' before it) and one lower-case
// letter that ends a word (CW-2a). Returns it spelt with '-' and '.', or "" when there is none.
std::string id_at(std::string_view text, std::size_t i, char sep) {
  if (i > 0 && (alnum(text[i - 1]) || (sep == '-' && text[i - 1] == '_'))) return "";
  std::size_t j = i;
  std::string prefix;
  for (std::string_view p : {"CW", "C", "V", "W", "I"}) {
    if (text.substr(i, p.size()) == p) {
      prefix = p;
      break;
    }
  }
  if (prefix.empty()) return "";
  j += prefix.size();
  if (j + 1 >= text.size() || text[j] != sep || !digit(text[j + 1])) return "";
  std::string id = prefix + "-";
  for (++j; j < text.size() && digit(text[j]); ++j) id += text[j];
  const char sub = sep == '-' ? '.' : '_';
  if (j + 1 < text.size() && text[j] == sub && digit(text[j + 1])) {
    id += '.';
    for (++j; j < text.size() && digit(text[j]); ++j) id += text[j];
  }
  if (j < text.size() && lower(text[j]) && (j + 1 == text.size() || !alnum(text[j + 1]))) {
    id += text[j];
    ++j;
  }
  if (j < text.size() && alnum(text[j])) return "";  // C-3PO is not an id
  return id;
}

std::set<std::string> ids_in(std::string_view text, char sep) {
  std::set<std::string> out;
  for (std::size_t i = 0; i < text.size(); ++i)
    if (std::string id = id_at(text, i, sep); !id.empty()) out.insert(id);
  return out;
}

// The ids docs/rules.md defines: those that open a heading ("### C-1 Board") or a list item
// ("- C-1.1 The board ..."). Mentions inside a rule's text are references, not definitions.
std::set<std::string> defined_ids(const std::string& doc) {
  std::set<std::string> out;
  std::istringstream lines(doc);
  for (std::string line; std::getline(lines, line);) {
    std::size_t at = 0;
    if (line.starts_with("### "))
      at = 4;
    else if (line.starts_with("- "))
      at = 2;
    else
      continue;
    const std::string id = id_at(line, at, '-');
    if (!id.empty() && (at + id.size() == line.size() || line[at + id.size()] == ' '))
      out.insert(id);
  }
  return out;
}

const std::string& rules_doc() {
  static const std::string doc = read_file(fs::path(STRATEGO_SOURCE_DIR) / "docs/rules.md");
  return doc;
}

// The project's own files that may cite rule ids: sources, scripts, CMake and variant files,
// and the Markdown docs, in every top-level folder but the build trees and the data.
std::vector<fs::path> citing_files() {
  std::vector<fs::path> out;
  const fs::path root(STRATEGO_SOURCE_DIR);
  const std::set<std::string> exts = {".h",  ".hpp",   ".cpp",     ".cc", ".py",
                                      ".sh", ".cmake", ".variant", ".md"};
  for (const auto& top : fs::directory_iterator(root)) {
    const std::string name = top.path().filename().string();
    if (name.starts_with(".") || name.starts_with("build") || name == "data" || name == "out")
      continue;
    auto take = [&](const fs::path& p) {
      if (p == root / "docs/rules.md") return;
      if (exts.count(p.extension().string()) || p.filename() == "CMakeLists.txt") out.push_back(p);
    };
    if (top.is_regular_file()) {
      take(top.path());
      continue;
    }
    if (!top.is_directory()) continue;
    for (const auto& e : fs::recursive_directory_iterator(top.path()))
      if (e.is_regular_file()) take(e.path());
  }
  return out;
}

TEST(DocsRules, DefinesEveryRuleIdOfTheReference) {
  ASSERT_FALSE(rules_doc().empty()) << "docs/rules.md is missing";
  const std::set<std::string> defined = defined_ids(rules_doc());
  const std::set<std::string> expected = ids_in(kRuleIds, '-');
  EXPECT_EQ(expected.size(), 151u);
  for (const std::string& id : expected)
    EXPECT_TRUE(defined.count(id)) << "docs/rules.md does not define " << id;
  for (const std::string& id : defined)
    EXPECT_TRUE(expected.count(id)) << "docs/rules.md defines " << id << ", which kRuleIds lacks";
  // Cross-references inside the reference point at rules it defines.
  for (const std::string& id : ids_in(rules_doc(), '-'))
    EXPECT_TRUE(defined.count(id)) << "docs/rules.md refers to undefined " << id;
}

TEST(DocsRules, EveryIdNamedInTestsCodeAndDocsIsDefined) {
  const std::set<std::string> defined = defined_ids(rules_doc());
  ASSERT_FALSE(defined.empty());
  std::map<std::string, std::string> missing;  // id -> first file naming it
  std::size_t files = 0, named = 0;
  for (const fs::path& p : citing_files()) {
    const std::string text = read_file(p);
    ++files;
    std::set<std::string> ids = ids_in(text, '-');
    // Test names spell an id with underscores (TEST(Rules, C_6_2_ChasingRule)).
    if (p.extension() == ".cpp" && p.parent_path().filename() == "tests")
      ids.merge(ids_in(text, '_'));
    named += ids.size();
    for (const std::string& id : ids)
      if (!defined.count(id)) missing.emplace(id, fs::relative(p, STRATEGO_SOURCE_DIR).string());
  }
  for (const auto& [id, file] : missing)
    ADD_FAILURE() << file << " names " << id << ", which docs/rules.md does not define";
  EXPECT_GT(files, 100u);
  EXPECT_GT(named, 300u);  // the scan does see the ids the tests and the engine cite
}

// The Waterloo readings are written out in docs/rule-readings.md, one table row each
// ("| I-22 | W-15.3, W-8.2 | ..."), not only in the header of engine/waterloo/state.h.
TEST(DocsRules, RuleReadingsDocHasEveryWaterlooReading) {
  const std::string doc = read_file(fs::path(STRATEGO_SOURCE_DIR) / "docs/rule-readings.md");
  ASSERT_FALSE(doc.empty()) << "docs/rule-readings.md is missing";
  int readings = 0;
  for (const std::string& id : defined_ids(rules_doc())) {
    if (!id.starts_with("I-")) continue;
    ++readings;
    EXPECT_NE(doc.find("\n| " + id + " | W-"), std::string::npos)
        << "docs/rule-readings.md has no row for " << id;
  }
  EXPECT_EQ(readings, 22);
}

TEST(DocsRules, ReadsIdsAsTestsAndCommentsWriteThem) {
  EXPECT_EQ(ids_in("TEST(Rules, C_6_2_ChasingRule) {", '_'), std::set<std::string>{"C-6.2"});
  EXPECT_EQ(ids_in("TEST(CloneWars, CW_2a_PoweredKinds)", '_'), std::set<std::string>{"CW-2a"});
  EXPECT_EQ(ids_in("// (W-12.4, W-8.2; I-22) and CW-2a's kinds", '-'),
            (std::set<std::string>{"W-12.4", "W-8.2", "I-22", "CW-2a"}));
  EXPECT_TRUE(ids_in("UTF-8 x86-64 V-options AC-3 foo_W-1 C-3PO", '-').empty());
  EXPECT_EQ(defined_ids("### C-1 Board\n- C-1.1 Ten columns\n- see C-1.2\n  - W-5.5 nested\n"),
            (std::set<std::string>{"C-1", "C-1.1"}));
}

}  // namespace
}  // namespace stratego
