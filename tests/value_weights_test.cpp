// The learned value's weights file (eval/values/value_weights.h): written and read back exactly,
// bad files refused with the file and line, and the shipped classic weights present.
#include "eval/values/value_weights.h"

#include <gtest/gtest.h>

#include <filesystem>

#include "engine/file_io.h"
#include "support/command_run.h"
#include "support/random_games.h"

namespace stratego::eval {
namespace {

ValueWeights sample_weights() {
  ValueWeights v;
  v.variant = "classic";
  v.comments = {"made by a test", "", "second line"};
  for (int i = 0; i < kNumClassicFeatures; ++i) v.w[std::size_t(i)] = 0.1 * i - 1.0 / (i + 3);
  return v;
}

TEST(ValueWeights, RoundTripExactly) {
  const ValueWeights v = sample_weights();
  const std::string path = test_support::unique_temp_path("weights.txt");
  write_value_weights_file(path, v);
  const ValueWeights back = read_value_weights_file(path);
  EXPECT_EQ(back.variant, v.variant);
  EXPECT_EQ(back.comments, v.comments);
  for (int i = 0; i < kNumClassicFeatures; ++i)
    EXPECT_EQ(back.w[std::size_t(i)], v.w[std::size_t(i)]);
  EXPECT_EQ(format_value_weights(back), format_value_weights(v));
  std::filesystem::remove(path);
}

TEST(ValueWeights, BadFilesNameTheLine) {
  const std::string good = format_value_weights(sample_weights());
  const std::string path = test_support::unique_temp_path("bad_weights.txt");
  auto check = [&](const std::string& text, std::initializer_list<std::string_view> parts) {
    write_text_file_atomically(path, text);
    test_support::expect_input_error([&] { read_value_weights_file(path); }, parts);
  };
  // Line 4 is the header (three comment lines before it), 5 the variant, 6 the first weight.
  std::string text = good;
  text.replace(text.find("weight material.flag"), 20, "weight material.king");
  check(text, {path + ":6:", "unknown feature 'material.king'"});
  text = good;
  text.replace(text.find("stratego-value-weights 1"), 24, "stratego-value-weights 9");
  check(text, {path + ":4:", "expected 'stratego-value-weights 1'"});
  text = good;
  const std::size_t at = text.find("weight bias ");
  check(text.substr(0, at) + "weight bias nan\n", {path + ":", "'nan' is not a finite number"});
  check(text.substr(0, at), {path + ":", "no weight for feature 'bias'"});
  check(good + "weight bias 1\n", {path + ":", "feature 'bias' given twice"});
  check(good + "colour red\n", {path + ":", "unknown line 'colour'"});
  test_support::expect_input_error([&] { read_value_weights_file(path + ".missing"); },
                                   {path + ".missing"});
  std::filesystem::remove(path);
}

TEST(ValueWeights, ClassicWeightsAreShipped) {
  const ValueWeights* w = builtin_value_weights("classic");
  ASSERT_NE(w, nullptr);
  EXPECT_EQ(w->variant, "classic");
  EXPECT_EQ(builtin_value_weights("no-such-variant"), nullptr);
  // A Marshal is worth more than a Scout to the fitted value too.
  EXPECT_GT(w->w[std::size_t(kFeatMaterial + kMarshal)], w->w[std::size_t(kFeatMaterial + kScout)]);
}

}  // namespace
}  // namespace stratego::eval
