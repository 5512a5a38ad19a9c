// Variant files (engine/variant_loader.h, docs/variants.md): the built-in variants carry the
// armies of docs/rules.md C-2, options stack in the order given, and every bad file is refused with
// an InputError naming the file, the line and the key.
#include "engine/variant_loader.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "engine/error.h"
#include "support/random_games.h"

namespace stratego {
namespace {

using test_support::expect_input_error;

// Army in kind order: flag spy scout miner sergeant lieutenant captain major colonel general
// marshal bomb (piece.h), so a row reads like the C-2 table from the bottom up; then the Clone
// Wars powered pieces anger-captain and ranged-major (CW-2a), 0 where not listed.
using Army = std::array<int, kNumKinds>;

TEST(VariantLoader, BuiltinVariantsHaveTheArmiesOfC2) {
  const std::map<std::string, Army> armies = {
      {"classic", {1, 1, 8, 5, 4, 4, 4, 3, 2, 1, 1, 6}},
      {"barrage", {1, 1, 2, 1, 0, 0, 0, 0, 0, 1, 1, 1}},
      {"duel", {1, 1, 2, 2, 0, 0, 0, 0, 0, 1, 1, 2}},
      {"ultimate-lightning", {1, 1, 4, 2, 2, 2, 2, 1, 1, 1, 1, 2}},
      {"clone-wars", {1, 1, 4, 5, 2, 2, 2, 3, 2, 1, 1, 6}},
      {"clone-wars-powers", {1, 1, 4, 5, 2, 2, 1, 2, 2, 1, 1, 6, 1, 1}},
  };
  const std::map<std::string, int> totals = {{"classic", 40},    {"barrage", 8},
                                             {"duel", 10},       {"ultimate-lightning", 20},
                                             {"clone-wars", 30}, {"clone-wars-powers", 30}};
  int bases = 0;
  for (const auto& f : builtin_variant_files()) {
    if (f.is_option || f.name.starts_with("waterloo")) continue;  // Part W: waterloo_*_test
    ++bases;
    const std::string name(f.name);
    SCOPED_TRACE(name);
    const Variant v = load_variant(name);
    ASSERT_TRUE(armies.count(name)) << "a built-in variant without a C-2 column";
    EXPECT_EQ(v.army, armies.at(name));
    EXPECT_EQ(v.army_size(), totals.at(name));
    EXPECT_EQ(v.name, name);
    EXPECT_EQ(v.spec, name);
    EXPECT_EQ(v.width, 10);
    EXPECT_EQ(v.height, 10);
    EXPECT_EQ(popcount(v.lakes), 8);                              // C-1.1
    EXPECT_EQ(popcount(v.setup_zone(kRed)), 40);                  // C-1.2
    EXPECT_EQ(v.setup_fill, name == "classic");                   // C-3.1, C-3.2
    EXPECT_EQ(v.captain_two_step, name == "ultimate-lightning");  // C-4.5
  }
  EXPECT_EQ(bases, int(armies.size()));
  const Variant classic = load_variant("classic");
  for (const char* lake : {"c5", "d5", "c6", "d6", "g5", "h5", "g6", "h6"})
    EXPECT_TRUE(test(classic.lakes, *classic.geometry.parse_square(lake))) << lake;
}

TEST(VariantLoader, OptionsStackInOrder) {
  const Variant v = load_variant("classic+silent-defence+rescue");
  EXPECT_TRUE(v.silent_defence);
  EXPECT_TRUE(v.rescue);
  EXPECT_FALSE(v.moving_flag);
  EXPECT_EQ(v.spec, "classic+silent-defence+rescue");
  EXPECT_EQ(v.name, "classic");
  const Variant bombs = load_variant("barrage+moving-bombs");
  EXPECT_TRUE(bombs.moving_bombs && bombs.exploding_bombs);  // V-3 is V-2 plus moving
  EXPECT_EQ(load_variant("classic+international").two_squares_limit, 5);
  EXPECT_EQ(load_variant("classic+international+two_squares_limit=4").two_squares_limit, 4);
  EXPECT_EQ(load_variant("classic+two_squares_limit=4+international").two_squares_limit, 5);
  EXPECT_FALSE(load_variant("duel+no-chase").chase_rule);
  EXPECT_EQ(load_variant("duel+no-chase").army, load_variant("duel").army);
  // Every option on every base.
  for (const auto& base : builtin_variant_files()) {
    if (base.is_option) continue;
    for (const auto& option : builtin_variant_files()) {
      if (!option.is_option) continue;
      EXPECT_NO_THROW(load_variant(std::string(base.name) + "+" + std::string(option.name)))
          << base.name << "+" << option.name;
    }
  }
  expect_input_error([] { load_variant("classic+nosuch"); }, {"unknown option 'nosuch'"});
  expect_input_error([] { load_variant("classic+width=ten"); }, {"'width'", "'ten'"});
  expect_input_error([] { load_variant("nosuch"); }, {"unknown variant 'nosuch'"});
}

// A folder of variant files for one test, removed afterwards.
class VariantFiles : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() /
           ("stratego_variant_test_" +
            std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()));
    std::filesystem::remove_all(dir_);
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }
  std::string write(const std::string& name, const std::string& text) {
    const std::string path = (dir_ / (name + ".variant")).string();
    std::ofstream(path) << text;
    return path;
  }
  // The file must be refused, by load_variant and by check_variant_file alike.
  void expect_refused(const std::string& text, int line, const std::string& key,
                      std::initializer_list<std::string_view> more = {}) {
    const std::string path = write("bad", text);
    SCOPED_TRACE(text);
    const std::string where = path + ":" + std::to_string(line);
    for (int how = 0; how < 2; ++how) {
      expect_input_error([&] { how ? check_variant_file(path) : load_variant(path); },
                         {where, "'" + key + "'"});
      for (std::string_view part : more)
        expect_input_error([&] { how ? check_variant_file(path) : load_variant(path); }, {part});
    }
  }
  std::filesystem::path dir_;
};

TEST_F(VariantFiles, AGoodFileLoads) {
  const std::string path =
      write("mine", "# a comment\ninherit = barrage\nname = mine\n\nrescue = yes\n");
  const Variant v = load_variant(path + "+silent-defence");
  EXPECT_EQ(v.name, "mine");
  EXPECT_TRUE(v.rescue && v.silent_defence);
  EXPECT_EQ(v.army, load_variant("barrage").army);
  EXPECT_EQ(check_variant_file(path).army_size(), 8);
}

// Issue 58: `+inherit=NAME` reached the key's missing setter (std::bad_function_call, a 500 in
// `stratego serve`); now an InputError naming the key.
TEST(VariantSpecs, InheritAsAnOptionIsRefusedNamingTheKey) {
  try {
    load_variant("classic+inherit=barrage");
    ADD_FAILURE() << "accepted";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("'inherit'"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("inherit=barrage"), std::string::npos) << e.what();
  }
}

TEST_F(VariantFiles, UnknownKey) {
  expect_refused("inherit = classic\nname = t\ncolour = red\n", 3, "colour", {"unknown key"});
}
TEST_F(VariantFiles, BadBoolean) {
  expect_refused("inherit = classic\nname = t\nrescue = maybe\n", 3, "rescue",
                 {"'maybe'", "boolean"});
}
TEST_F(VariantFiles, BadInteger) {
  expect_refused("inherit = classic\nname = t\nmove_limit = lots\n", 3, "move_limit",
                 {"whole number"});
  expect_refused("inherit = classic\nname = t\nmove_limit = 12x\n", 3, "move_limit", {"'12x'"});
}
TEST_F(VariantFiles, OutOfRange) {
  expect_refused("inherit = classic\nname = t\nwidth = 13\n", 3, "width", {"4 to 12"});
  expect_refused("inherit = classic\nname = t\n\nrescue_limit = 11\n", 4, "rescue_limit",
                 {"0 to 10"});
  expect_refused("inherit = classic\nname = t\nwidth = 12\nheight = 12\n", 4, "height", {"128"});
}
TEST_F(VariantFiles, BadArmyEntry) {
  expect_refused("inherit = classic\nname = t\narmy = marshal:1 dragon:2\n", 3, "army",
                 {"'dragon:2'"});
  expect_refused("inherit = classic\nname = t\narmy = marshal:one flag:1\n", 3, "army",
                 {"'marshal:one", "whole number"});
  expect_refused("inherit = classic\nname = t\narmy = marshal:41 flag:1\n", 3, "army", {"0 to 40"});
}
TEST_F(VariantFiles, TwoFlags) {
  expect_refused("inherit = barrage\nname = t\narmy = flag:2 marshal:1 scout:4\n", 3, "army",
                 {"exactly one flag"});
}
TEST_F(VariantFiles, LakesOnTheSetupRows) {
  expect_refused("inherit = classic\nname = t\nlakes = c5 d5 c6 d6 a2\n", 3, "lakes", {"set-up"});
  expect_refused("inherit = classic\nname = t\nlakes = c5 k5\n", 3, "lakes", {"'k5'"});
}
TEST_F(VariantFiles, InheritOfAnUnknownVariant) {
  expect_refused("inherit = nosuch\nname = t\n", 1, "inherit", {"nosuch"});
}
TEST_F(VariantFiles, InheritanceCycle) {
  // Either file may be blamed, but the message must point at an inherit line.
  write("b", "inherit = bad\nname = b\n");
  const std::string path = write("bad", "inherit = b\nname = t\n");
  expect_input_error([&] { load_variant(path); },
                     {dir_.string(), ".variant:1", "'inherit'", "cycle"});
}
TEST_F(VariantFiles, InheritNotFirst) {
  expect_refused("name = t\ninherit = classic\n", 2, "inherit", {"first"});
}
TEST_F(VariantFiles, MalformedLine) {
  const std::string path = write("bad", "inherit = classic\nname = t\nthis line has no equals\n");
  expect_input_error([&] { load_variant(path); }, {path + ":3", "key = value", "'this line"});
}
TEST_F(VariantFiles, CrossKeyChecksNameTheLine) {
  expect_refused("inherit = classic\nname = t\nmoving_bombs = true\n", 3, "moving_bombs", {"V-3"});
  expect_refused("inherit = classic\nname = t\nsetup_rows = 6\n", 3, "setup_rows", {"overlap"});
  expect_refused("inherit = barrage\nname = t\nsetup_fill = true\n", 3, "setup_fill", {"8 pieces"});
}

}  // namespace
}  // namespace stratego
