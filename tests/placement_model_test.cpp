// The placement prior (eval/priors/placement_model.h): a normalised distribution over legal set-ups
// and over the set-ups of any layout of classes (summed over every set-up of small armies), it
// learns an offset between two pieces that a square-by-square model cannot see, and its text form
// keeps it exactly and rejects a damaged file with the line.
#include "eval/priors/placement_model.h"

#include <gtest/gtest.h>
#include <tbb/task_arena.h>

#include <cmath>
#include <map>
#include <sstream>

#include "engine/error.h"
#include "eval/priors/setup_fit.h"
#include "support/tiny_setups.h"

namespace stratego {
namespace {

using eval::PlacementModel;
using eval::SetupModel;
using test_support::every_setup;
using test_support::tiny_variant;

PlacementModel fitted(const SetupModel& shape, const std::vector<std::string>& lines, int classes,
                      int iterations) {
  std::vector<std::vector<int>> training;
  for (std::size_t i = 0; i < lines.size(); i += 5) training.push_back(shape.symbols_of(lines[i]));
  PlacementModel::Options o;
  o.classes = classes;
  o.iterations = iterations;
  o.l2 = 0.5;
  return PlacementModel::fit(shape, training, o);
}

TEST(PlacementModel, SumsToOneOverLegalSetupsAndOverEveryLayout) {
  // With empty squares, filling the zone, and two kinds of identical pieces.
  for (const std::string army : {"MLKBDD", "MLBD", "MBBDD", "FBDDLK"}) {
    const Variant v = tiny_variant(army);
    const SetupModel shape = SetupModel::uniform(v);
    const auto all = every_setup(shape);
    const PlacementModel m = fitted(shape, all, 2, 40);
    double total = 0;
    // Within a layout: "empty / Bomb / any other piece" per square.
    std::vector<int> class_of(std::size_t(shape.num_symbols()), 2);
    if (const int e = shape.symbol_index(eval::kEmptySymbol); e >= 0) class_of[std::size_t(e)] = 0;
    if (const int b = shape.symbol_index(kBomb); b >= 0) class_of[std::size_t(b)] = 1;
    std::map<std::string, double> within;
    for (const auto& line : all) {
      const auto codes = shape.symbols_of(line);
      total += std::exp(m.log_prob(codes));
      std::string layout;
      for (int f = 0; f < shape.zone_size(); ++f)
        layout += char('0' + class_of[std::size_t(shape.symbol_index(codes[std::size_t(f)]))]);
      within[layout] += std::exp(m.log_prob_within(codes, class_of));
    }
    EXPECT_NEAR(total, 1.0, 1e-9) << army;
    for (const auto& [layout, sum] : within) EXPECT_NEAR(sum, 1.0, 1e-9) << army << " " << layout;
    // The fit moved away from uniform (else the sums above check little).
    EXPECT_GT(std::abs(m.log_prob(shape.symbols_of(all[0])) - shape.uniform_log_prob()), 1e-3)
        << army;
  }
}

// People put the Bomb beside the Flag: set-ups with the Flag on the back row and the Bomb in front
// of it, everything else anywhere. The square-by-square shares of the Bomb are those of the Flag
// moved a row, so only the offset tells which square guards the Flag; the placement prior must
// find it.
TEST(PlacementModel, LearnsWhereTheBombStandsFromTheFlag) {
  Variant v = tiny_variant("BMDDK");  // Flag, Bomb, two Scouts, General
  v.width = 5;
  v.geometry = Geometry(v.width, v.height, 0);
  const SetupModel shape = SetupModel::uniform(v);
  std::vector<std::string> bombed, other;
  for (const auto& line : every_setup(shape)) {
    const auto flag = line.find('B'), bomb = line.find('M');
    (flag < 5 && bomb == flag + 5 ? bombed : other).push_back(line);
  }
  ASSERT_FALSE(bombed.empty());
  const PlacementModel m = fitted(shape, bombed, 1, 400);
  double held = 0;
  for (std::size_t i = 2; i < bombed.size(); i += 5)
    held += m.log_prob(shape.symbols_of(bombed[i]));
  held /= double((bombed.size() - 2 + 4) / 5);
  // At most log(15120 / 840) = 2.89 nats better than uniform: 5 Flag squares instead of 10, and
  // the Bomb's square known instead of 1 of 9.
  EXPECT_GT(held - shape.uniform_log_prob(), 2.3);
  double unlike = 0;
  for (std::size_t i = 0; i < other.size(); i += 50)
    unlike += m.log_prob(shape.symbols_of(other[i]));
  unlike /= double((other.size() + 49) / 50);
  EXPECT_LT(unlike, held - 3);
}

// Extra set-ups weigh in the fit by their weight: at weight 0 the fit is the one without them,
// and the more weight, the likelier the model finds them.
TEST(PlacementModel, ExtraSetupsWeighInTheFitByTheirWeight) {
  const Variant v = tiny_variant("MLKBDD");
  const SetupModel shape = SetupModel::uniform(v);
  const auto all = every_setup(shape);
  std::vector<std::vector<int>> training, extra;
  for (std::size_t i = 0; i < all.size(); i += 9) training.push_back(shape.symbols_of(all[i]));
  for (std::size_t i = 4; i < all.size(); i += 23) extra.push_back(shape.symbols_of(all[i]));
  PlacementModel::Options o;
  o.classes = 2;
  o.iterations = 60;
  const auto mean_on_extra = [&](const PlacementModel& m) {
    double total = 0;
    for (const auto& s : extra) total += m.log_prob(s);
    return total / double(extra.size());
  };
  const PlacementModel without = PlacementModel::fit(shape, training, o);
  o.extra_weight = 0;
  EXPECT_EQ(PlacementModel::fit(shape, training, o, extra).format(), without.format());
  double last = mean_on_extra(without);
  for (double w : {0.3, 1.0}) {
    o.extra_weight = w;
    const double now = mean_on_extra(PlacementModel::fit(shape, training, o, extra));
    EXPECT_GT(now, last + 0.05) << "weight " << w;
    last = now;
  }
}

// The smoothness prior pulls a piece's weights on neighbouring squares together: fitted on a few
// hundred set-ups with the General often on one square, the squares beside that one gain on the
// corners when the fit is smoothed.
TEST(PlacementModel, SmoothnessLiftsTheSquaresBesideAFavouredOne) {
  Variant v = tiny_variant("BMDDK");
  v.width = 5;
  v.geometry = Geometry(v.width, v.height, 0);
  const SetupModel shape = SetupModel::uniform(v);
  constexpr int kFavoured = 2;  // back row, middle column
  std::vector<std::vector<int>> training;
  int favoured = 0, other = 0;
  for (const auto& line : every_setup(shape))
    if (line[kFavoured] == 'K' ? ++favoured % 8 == 0 : ++other % 60 == 0)
      training.push_back(shape.symbols_of(line));
  const int general = shape.symbol_index(kGeneral);
  PlacementModel::Options o;
  o.classes = 1;
  o.iterations = 150;
  const auto beside_over_corners = [&](double smooth) {
    o.smooth = smooth;
    const PlacementModel m = PlacementModel::fit(shape, training, o);
    // Beside: left of, right of and in front of the favoured square; the corners of the zone.
    const double beside = m.share(1, general) + m.share(3, general) + m.share(7, general);
    const double corners =
        m.share(0, general) + m.share(4, general) + m.share(5, general) + m.share(9, general);
    return beside / 3 / (corners / 4);
  };
  const double plain = beside_over_corners(0), smooth = beside_over_corners(40);
  EXPECT_GT(smooth, plain * 1.2) << "plain " << plain;
}

// The fit sums its sequences in fixed chunks, whatever the threads: the same model on one
// thread as on four.
TEST(PlacementModel, FitIsTheSameOnOneThreadAsOnSeveral) {
  Variant v = tiny_variant("BMDDK");
  v.width = 5;
  v.geometry = Geometry(v.width, v.height, 0);
  const SetupModel shape = SetupModel::uniform(v);
  const auto all = every_setup(shape);
  std::vector<std::vector<int>> training;
  for (std::size_t i = 0; i < all.size(); i += 7) training.push_back(shape.symbols_of(all[i]));
  ASSERT_GT(training.size(), 2000u) << "too few set-ups for several chunks";
  PlacementModel::Options o;
  o.classes = 2;
  o.iterations = 12;
  const auto fit_on = [&](int threads) {
    tbb::task_arena arena(threads);
    return arena.execute([&] { return PlacementModel::fit(shape, training, o); });
  };
  const PlacementModel one = fit_on(1), four = fit_on(4);
  for (std::size_t i = 0; i < training.size(); i += 97)
    EXPECT_EQ(one.log_prob(training[i]), four.log_prob(training[i])) << i;
}

// An ensemble is its fits (seeds 1 and 2) mixed with equal weight, checked against the fits
// made one by one.
TEST(PlacementModel, EnsembleIsItsFitsMixedEqually) {
  const Variant v = tiny_variant("MLKBDD");
  const SetupModel shape = SetupModel::uniform(v);
  const auto all = every_setup(shape);
  std::vector<std::vector<int>> training;
  for (std::size_t i = 0; i < all.size(); i += 5) training.push_back(shape.symbols_of(all[i]));
  PlacementModel::Options o;
  o.classes = 2;
  o.iterations = 30;
  o.ensemble = 2;
  const PlacementModel both = PlacementModel::fit(shape, training, o);
  EXPECT_EQ(both.classes(), 4);
  o.ensemble = 1;
  const PlacementModel first = PlacementModel::fit(shape, training, o);
  o.seed = 2;
  const PlacementModel second = PlacementModel::fit(shape, training, o);
  double apart = 0;
  for (std::size_t i = 0; i < all.size(); i += 13) {
    const auto codes = shape.symbols_of(all[i]);
    const double a = first.log_prob(codes), b = second.log_prob(codes);
    EXPECT_NEAR(both.log_prob(codes), std::log(0.5 * std::exp(a) + 0.5 * std::exp(b)), 1e-9);
    apart += std::abs(a - b);
  }
  EXPECT_GT(apart, 0.1) << "the two seeds gave the same fit, so this checks little";
  // More classes in all than a .mixture file holds: refused before any fitting.
  o.classes = PlacementModel::kMaxClasses / 2 + 1;
  o.ensemble = 2;
  EXPECT_THROW(PlacementModel::fit(shape, training, o), InputError);
}

TEST(PlacementModel, TextFormKeepsTheModelAndNamesTheDamagedLine) {
  const Variant v = tiny_variant("MLKBDD");
  const SetupModel shape = SetupModel::uniform(v);
  const auto all = every_setup(shape);
  const PlacementModel m = fitted(shape, all, 3, 20);
  const std::string text = m.format();
  auto read = [&](const std::string& t) {
    std::istringstream in(t);
    std::string first;
    std::getline(in, first);
    int line_no = 1;
    return PlacementModel::parse(shape, m.classes(), in, "test.mixture", line_no);
  };
  const PlacementModel back = read(text);
  // format() keeps 4 significant digits.
  for (std::size_t i = 0; i < all.size(); i += 11) {
    const auto codes = shape.symbols_of(all[i]);
    EXPECT_NEAR(back.log_prob(codes), m.log_prob(codes), 1e-2) << all[i];
  }
  try {
    read(text.substr(0, text.find("end-placement")));
    FAIL() << "a placement prior without its end";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("end-placement"), std::string::npos) << e.what();
  }
  std::string short_line = text;
  short_line.replace(short_line.find("theta 1 2 "), 10, "theta 1 2 x");
  try {
    read(short_line);
    FAIL() << "a theta line with a word for a number";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("test.mixture:"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("theta"), std::string::npos) << e.what();
  }
  // Classic's army is too large for offsets between every two pieces.
  EXPECT_FALSE(PlacementModel::fits(SetupModel::uniform(load_variant("classic"))));
}

}  // namespace
}  // namespace stratego
