// The mixture set-up prior (eval/priors/setup_mixture.h): every component and the mixture are
// normalised distributions over legal set-ups (summed over every set-up of small boards), EM
// finds the weights, the styles generate what they score, the posterior
// (eval/priors/mixture_posterior.h) is exact where it says so (against enumeration), and the game
// moves weight onto the broad components when an opponent does what people do not.
#include "eval/priors/setup_mixture.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "engine/error.h"
#include "engine/variant_loader.h"
#include "eval/belief.h"
#include "eval/priors/mixture_posterior.h"
#include "eval/priors/setup_fit.h"
#include "eval/priors/setup_styles.h"
#include "support/tiny_setups.h"

namespace stratego {
namespace {

using eval::SetupMixture;
using eval::SetupModel;

using test_support::every_setup;
using test_support::tiny_variant;

std::shared_ptr<SetupModel> random_model(const Variant& v, std::uint64_t seed) {
  auto m = std::make_shared<SetupModel>(SetupModel::uniform(v));
  Rng rng(seed);
  auto& p = m->params();
  for (auto* x : {&p.phi, &p.theta, &p.rel[0], &p.rel[1], &p.rel[2], &p.pair})
    for (double& y : *x) y = 2 * rng.uniform01() - 1;
  m->set_structure(true);
  return m;
}

// A few "training" set-ups: every 7th of them.
std::vector<std::vector<int>> some_setups(const SetupModel& m,
                                          const std::vector<std::string>& all) {
  std::vector<std::vector<int>> out;
  for (std::size_t i = 0; i < all.size(); i += 7) out.push_back(m.symbols_of(all[i]));
  return out;
}

// The set-ups, and each again with its Marshal and General exchanged.
std::vector<std::vector<int>> with_marshal_and_general_exchanged(
    std::vector<std::vector<int>> setups) {
  for (std::size_t i = 0, size = setups.size(); i < size; ++i) {
    auto t = setups[i];
    for (int& code : t)
      code = code == int(Kind::kMarshal)   ? int(Kind::kGeneral)
             : code == int(Kind::kGeneral) ? int(Kind::kMarshal)
                                           : code;
    setups.push_back(t);
  }
  return setups;
}

TEST(SetupMixture, EveryComponentAndTheMixtureSumToOneOverLegalSetups) {
  // Filling the zone, and with empty squares (where the patterns have an "occupied" class).
  // MBBDD: two pairs of identical pieces, so shift:L sums over four matchings.
  for (const std::string army : {"MLKBDD", "MLBD", "MBBDD"}) {
    const Variant v = tiny_variant(army);
    const auto param = random_model(v, 3);
    const auto all = every_setup(*param);
    SetupMixture mix(param, some_setups(*param, all));
    eval::PlacementModel::Options small;
    small.classes = 2;
    small.iterations = 20;
    mix.add_placement(std::make_shared<const eval::PlacementModel>(
        eval::PlacementModel::fit(*param, some_setups(*param, all), small)));
    std::vector<double> total(mix.components().size(), 0.0);
    double mixture = 0;
    for (const auto& line : all) {
      const auto codes = param->symbols_of(line);
      const auto lps = mix.component_log_probs(codes);
      for (std::size_t c = 0; c < lps.size(); ++c) total[c] += std::exp(lps[c]);
      mixture += std::exp(mix.log_prob(codes));
    }
    for (std::size_t c = 0; c < total.size(); ++c)
      EXPECT_NEAR(total[c], 1.0, 1e-9) << army << ": " << mix.components()[c].name;
    EXPECT_NEAR(mixture, 1.0, 1e-9) << army;
    EXPECT_GE(mix.components().size(),
              14u);  // parametric, exact, 5 resample, 2 rows, patterns, 4 styles
    // Each copying component twice: its training set-ups drawn uniformly and by family weight.
    int swaps = 0, shifts = 0, exchanges = 0, copying = 0, families = 0;
    for (const auto& c : mix.components()) {
      swaps += c.type == SetupMixture::Type::kSwap;
      shifts += c.type == SetupMixture::Type::kShift;
      exchanges += c.type == SetupMixture::Type::kExchange;
      copying += !c.family &&
                 (c.type == SetupMixture::Type::kExact || c.type == SetupMixture::Type::kResample ||
                  c.type == SetupMixture::Type::kSwap || c.type == SetupMixture::Type::kShift ||
                  c.type == SetupMixture::Type::kExchange);
      families += c.family;
    }
    EXPECT_EQ(swaps, 6) << army << ": the sums above must cover swap:1..3";
    EXPECT_EQ(shifts, 8) << army << ": the sums above must cover shift:L";
    EXPECT_EQ(exchanges, 2) << army << ": the sums above must cover exchange";
    EXPECT_EQ(families, copying) << army << ": and every copying component's /family";
    int placed = 0;
    for (const auto& c : mix.components())
      placed += c.type == SetupMixture::Type::kPlacement || c.placement;
    EXPECT_GE(placed, 3) << army << ": the sums above must cover placement and +placement";
  }
}

TEST(SetupMixture, LogProbSkipsOnlyComponentsOfWeightZero) {
  const Variant v = tiny_variant("MLKBDD");
  const auto param = random_model(v, 5);
  const auto all = every_setup(*param);
  SetupMixture mix(param, some_setups(*param, all));
  std::vector<double> w(mix.components().size(), 0.0);
  for (std::size_t c = 0; c < w.size(); c += 2) w[c] = 1.0 / double((w.size() + 1) / 2);
  mix.set_weights(w);
  for (std::size_t i = 0; i < all.size(); i += 7) {
    const auto codes = param->symbols_of(all[i]);
    EXPECT_NEAR(mix.log_prob(codes), SetupMixture::mix(mix.component_log_probs(codes), w), 1e-12)
        << all[i];
  }
}

TEST(SetupMixture, EmFindsTheComponentTheDataComesFrom) {
  const Variant v = tiny_variant("MLKBDD");
  const auto param = random_model(v, 5);
  const auto all = every_setup(*param);
  const auto training = some_setups(*param, all);
  SetupMixture mix(param, training);
  // Held out: the training set-ups themselves, so the exact component explains them best.
  mix.fit_weights(training, 0.01);
  double exact = 0;  // exact and exact/family (the training set-ups, drawn two ways)
  for (std::size_t c = 0; c < mix.components().size(); ++c)
    if (mix.components()[c].type == SetupMixture::Type::kExact) exact += mix.weights()[c];
  EXPECT_GT(exact, 0.5);
  for (std::size_t c = 0; c < mix.components().size(); ++c)
    if (mix.components()[c].broad()) {
      EXPECT_GE(mix.weights()[c], 0.01 - 1e-12) << mix.components()[c].name;
    }
  // The text form keeps the weights and the training set-ups.
  eval::PlacementModel::Options small;
  small.classes = 2;
  small.iterations = 10;
  mix.add_placement(std::make_shared<const eval::PlacementModel>(
      eval::PlacementModel::fit(*param, training, small)));
  mix.fit_weights(training, 0.01);
  const SetupMixture back = SetupMixture::parse(mix.format(), "test", param);
  ASSERT_NE(back.placement(), nullptr);
  EXPECT_NEAR(back.log_prob(training[0]), mix.log_prob(training[0]), 1e-2);
  ASSERT_EQ(back.weights().size(), mix.weights().size());
  for (std::size_t c = 0; c < mix.weights().size(); ++c)
    EXPECT_NEAR(back.weights()[c], mix.weights()[c], 1e-5);
  EXPECT_EQ(back.training_count(), int(training.size()));
  EXPECT_THROW(
      SetupMixture::parse("stratego-mixture 1\nweight nonsense 1\ntraining 0\nend\n", "t", param),
      InputError);
}

TEST(SetupMixture, MatchFindsKnownSetupsTheirMirrorsAndNearCopies) {
  const Variant v = tiny_variant("MLKBDD");
  const auto param = random_model(v, 5);
  const auto all = every_setup(*param);
  const auto training = some_setups(*param, all);
  const SetupMixture mix(param, training);
  const auto known = training[3];
  EXPECT_GE(mix.match(known).exact_setups, 1);
  EXPECT_GE(mix.match(eval::mirrored(known, v.width)).exact_setups, 1);
  auto near = known;
  std::swap(near[0], near[5]);
  if (near[0] != near[5]) {
    const auto m = mix.match(near);
    if (m.exact_setups == 0) {
      EXPECT_EQ(m.nearest, 2);
    }
  }
}

TEST(SetupMixture, StylesGenerateWhatTheyScore) {
  const Variant v = load_variant("classic");
  const SetupModel shape = SetupModel::uniform(v);
  Rng rng(11);
  for (eval::SetupStyle s : eval::kAllStyles) {
    const eval::StyleDistribution d(shape, s);
    ASSERT_TRUE(d.available()) << eval::style_name(s);
    for (int i = 0; i < 20; ++i) {
      const auto codes = d.sample(rng);
      EXPECT_TRUE(std::isfinite(d.log_prob(codes))) << eval::style_name(s);
      if (s == eval::SetupStyle::kForwardBombs) {
        for (int f = 0; f < 30; ++f) EXPECT_NE(codes[std::size_t(f)], kBomb);
      }
    }
  }
  EXPECT_EQ(eval::parse_style("flag-front"), eval::SetupStyle::kFlagFront);
  EXPECT_THROW(eval::parse_style("bombs-everywhere"), InputError);
  // Barrage has one Bomb: it fits the front row; the Duel army too.
  EXPECT_TRUE(eval::StyleDistribution(SetupModel::uniform(load_variant("barrage")),
                                      eval::SetupStyle::kForwardBombs)
                  .available());
}

// The family weight (the /family components' template weight) against a direct count: the
// training entries at most two squares from the entry.
TEST(SetupMixture, FamilyWeightCountsTheEntriesWithinTwoSquares) {
  for (const std::string army : {"MLKBDD", "MBBDD"}) {
    const Variant v = tiny_variant(army);
    const auto param = random_model(v, 3);
    const auto all = every_setup(*param);
    const SetupMixture mix(param, some_setups(*param, all));
    const int zone = param->zone_size();
    double total = 0, largest = 0;
    for (int e = 0; e < mix.entries(); ++e) {
      int near = 0;
      for (int o = 0; o < mix.entries(); ++o) {
        int d = 0;
        for (int f = 0; f < zone; ++f) d += mix.entry(e)[f] != mix.entry(o)[f];
        near += d <= 2;
      }
      EXPECT_EQ(mix.template_weight(e, true), near) << army << " entry " << e;
      EXPECT_EQ(mix.template_weight(e, false), 1);
      total += near, largest = std::max(largest, double(near));
    }
    EXPECT_EQ(mix.template_total(true), total);
    EXPECT_GT(largest, 2) << army << ": some entry must have neighbours for this to test them";
  }
}

// exchange against the obvious sum: every training entry t, every exchange of two squares holding
// different pieces that turns t into x, at the rate of the kinds exchanged. The training set-ups
// exchange the Marshal and the General far more often than any other two pieces, so their rate
// must come out highest.
TEST(SetupMixture, ExchangeSumsTheExchangesThatTurnAnEntryIntoTheSetup) {
  const Variant v = tiny_variant("MLKBDD");
  const auto param = random_model(v, 3);
  const auto all = every_setup(*param);
  const auto training = with_marshal_and_general_exchanged(some_setups(*param, all));
  const int n = param->num_symbols(), zone = param->zone_size(),
            empty = param->symbol_index(eval::kEmptySymbol);
  const int marshal = param->symbol_index(int(Kind::kMarshal)),
            general = param->symbol_index(int(Kind::kGeneral));
  const SetupMixture mix(param, training);
  for (int s = 0; s < n; ++s)
    for (int r = 0; r < n; ++r) {
      const bool other = s != r && s != empty && r != empty &&
                         std::min(s, r) * n + std::max(s, r) !=
                             std::min(marshal, general) * n + std::max(marshal, general);
      if (other) {
        EXPECT_GT(mix.exchange_rate(marshal, general), mix.exchange_rate(s, r));
      }
    }
  const auto index = [&](std::size_t c) {
    return std::size_t(std::find_if(mix.components().begin(), mix.components().end(),
                                    [&](const auto& k) {
                                      return k.type == SetupMixture::Type::kExchange &&
                                             k.family == (c == 1);
                                    }) -
                       mix.components().begin());
  };
  int hits = 0;
  for (const auto& line : all) {
    const auto x = mix.indices_of(param->symbols_of(line));
    double p[2] = {0, 0};
    for (int e = 0; e < mix.entries(); ++e) {
      const std::uint8_t* t = mix.entry(e);
      for (int a = 0; a < zone; ++a)
        for (int b = a + 1; b < zone; ++b) {
          if (t[a] == t[b] || t[a] == empty || t[b] == empty) continue;
          std::vector<std::uint8_t> y(t, t + zone);
          std::swap(y[std::size_t(a)], y[std::size_t(b)]);
          if (y != x) continue;
          for (int fam = 0; fam < 2; ++fam)
            p[fam] += mix.template_weight(e, fam == 1) / mix.template_total(fam == 1) *
                      mix.exchange_rate(t[a], t[b]);
        }
    }
    const auto lps = mix.component_log_probs(param->symbols_of(line));
    for (std::size_t fam = 0; fam < 2; ++fam) {
      if (p[fam] > 0) {
        EXPECT_NEAR(lps[index(fam)], std::log(p[fam]), 1e-9) << line;
      } else {
        EXPECT_TRUE(std::isinf(lps[index(fam)]) && lps[index(fam)] < 0) << line;
      }
    }
    hits += p[0] > 0;
  }
  EXPECT_GT(hits, 10) << "some set-ups must be exchanges of an entry for this to test them";
}

// The exchanged copies the placement prior is fitted on: each training set-up per_setup times,
// each two squares apart from it with two different pieces exchanged, drawn by the exchange
// rates (the Marshal and the General, which these training set-ups exchange, at least twice as
// often as any other two), the same for the same seed.
TEST(SetupMixture, ExchangedCopiesSwapTwoPiecesByTheExchangeRates) {
  const Variant v = tiny_variant("MLKBDD");
  const auto param = random_model(v, 3);
  const auto all = every_setup(*param);
  const auto training = with_marshal_and_general_exchanged(some_setups(*param, all));
  const SetupMixture mix(param, training);
  const auto copies = mix.exchanged_copies(5, 7);
  ASSERT_EQ(copies.size(), 5 * training.size());
  EXPECT_EQ(copies, mix.exchanged_copies(5, 7));
  EXPECT_NE(copies, mix.exchanged_copies(5, 8));
  int marshal_general = 0;
  for (std::size_t i = 0; i < copies.size(); ++i) {
    const auto& t = training[i / 5];
    std::vector<int> differ;
    for (std::size_t f = 0; f < t.size(); ++f)
      if (t[f] != copies[i][f]) differ.push_back(int(f));
    ASSERT_EQ(differ.size(), 2u) << i;
    const int a = t[std::size_t(differ[0])], b = t[std::size_t(differ[1])];
    EXPECT_EQ(copies[i][std::size_t(differ[0])], b);
    EXPECT_EQ(copies[i][std::size_t(differ[1])], a);
    EXPECT_NE(a, eval::kEmptySymbol);
    EXPECT_NE(b, eval::kEmptySymbol);
    marshal_general +=
        std::min(a, b) == int(Kind::kGeneral) && std::max(a, b) == int(Kind::kMarshal);
  }
  // Every set-up offers one exchange of its Marshal and General, drawn at their rate.
  const double expected =
      double(copies.size()) * mix.exchange_rate(param->symbol_index(int(Kind::kMarshal)),
                                                param->symbol_index(int(Kind::kGeneral)));
  EXPECT_NEAR(marshal_general, expected, 4 * std::sqrt(expected));
  EXPECT_GT(marshal_general, 2 * int(copies.size()) / 13) << "13 other exchanges";
}

// exact and exact/family beside uniform: the posterior weights against enumeration (both are
// exact: a known set-up that contradicts an observation gets no weight).
TEST(SetupMixture, PosteriorWeighsExactAndFamilyCopiesExactly) {
  const Variant v = tiny_variant("MLKBDD");
  const auto param = random_model(v, 9);
  const auto all = every_setup(*param);
  SetupMixture mix(param, some_setups(*param, all));
  std::vector<double> w(mix.components().size(), 0.0);
  std::vector<std::size_t> picked;
  for (std::size_t c = 0; c < w.size(); ++c)
    if (mix.components()[c].type == SetupMixture::Type::kExact ||
        mix.components()[c].name == "uniform")
      picked.push_back(c), w[c] = 1;
  ASSERT_EQ(picked.size(), 3u);
  mix.set_weights(w);
  int cases = 0;
  for (std::size_t pick = 0; pick < all.size(); pick += 5) {
    const auto truth = param->symbols_of(all[pick]);
    std::vector<int> obs(6, -1);
    for (int f : {1, 3}) obs[std::size_t(f)] = param->symbol_index(truth[std::size_t(f)]);
    std::vector<double> mass(w.size(), 0.0);
    double sum = 0;
    for (const auto& line : all) {
      const auto codes = param->symbols_of(line);
      if (param->symbol_index(codes[1]) != obs[1] || param->symbol_index(codes[3]) != obs[3])
        continue;
      const auto lp = mix.component_log_probs(codes);
      for (std::size_t c : picked) mass[c] += mix.weights()[c] * std::exp(lp[c]);
    }
    for (std::size_t c : picked) sum += mass[c];
    const eval::MixturePosterior post = eval::condition(mix, obs);
    for (std::size_t c : picked)
      EXPECT_NEAR(post.weights[c], mass[c] / sum, 1e-9)
          << all[pick] << " " << mix.components()[c].name;
    ++cases;
  }
  EXPECT_GT(cases, 10);
}

// Exact where the posterior says so: styles, the exact component and the blocks, against
// enumeration of every set-up of a small army.
TEST(SetupMixture, PosteriorIsExactForStylesExactAndBlocks) {
  for (const std::string army : {"MLKBDD", "MLBD", "MBBDD"}) {
    const Variant v = tiny_variant(army);
    const auto param = random_model(v, 9);
    const auto all = every_setup(*param);
    SetupMixture mix(param, some_setups(*param, all));
    const int n = param->num_symbols();
    std::vector<int> obs(6, -1);
    obs[0] = param->symbol_index(param->symbols_of(all[14])[0]);
    obs[4] = param->symbol_index(param->symbols_of(all[14])[4]);
    std::vector<double> w(mix.components().size(), 0.0);
    for (std::size_t c = 0; c < w.size(); ++c) {
      const auto type = mix.components()[c].type;
      if (type != SetupMixture::Type::kStyle && type != SetupMixture::Type::kExact &&
          type != SetupMixture::Type::kBlock)
        continue;
      std::fill(w.begin(), w.end(), 0.0);
      w[c] = 1;
      mix.set_weights(w);
      const eval::MixturePosterior post = eval::condition(mix, obs);
      // By enumeration: P(square 1 holds each symbol | obs) under this component alone.
      std::vector<double> share(std::size_t(n), 0.0);
      double mass = 0;
      for (const auto& line : all) {
        const auto codes = param->symbols_of(line);
        if (param->symbol_index(codes[0]) != obs[0] || param->symbol_index(codes[4]) != obs[4])
          continue;
        const double p = std::exp(mix.component_log_probs(codes)[c]);
        mass += p;
        share[std::size_t(param->symbol_index(codes[1]))] += p;
      }
      if (mass == 0) continue;
      for (int s = 0; s < n; ++s)
        EXPECT_NEAR(post.others[std::size_t(1 * n + s)], share[std::size_t(s)] / mass, 1e-9)
            << army << " " << mix.components()[c].name << " symbol " << s;
    }
  }
}

// The copying components as noisy copies (eval/priors/mixture_posterior.h): against enumeration of
// a small army, the posterior weight of resample:M beside uniform (half and half) is nearer the
// exact one than the older conditioning, which takes every agreeing observed square as certain.
TEST(SetupMixture, NoisyCopiesWeighResampleNearerTheExactPosterior) {
  double noisy_error = 0, certain_error = 0;
  int cases = 0;
  for (const std::string army : {"MLKBDD", "MBBDDE"}) {
    const Variant v = tiny_variant(army);
    const auto param = random_model(v, 5);
    const auto all = every_setup(*param);
    SetupMixture mix(param, some_setups(*param, all));
    std::size_t uniform = 0;
    for (std::size_t c = 0; c < mix.components().size(); ++c)
      if (mix.components()[c].name == "uniform") uniform = c;
    for (std::size_t c = 0; c < mix.components().size(); ++c) {
      if (mix.components()[c].type != SetupMixture::Type::kResample) continue;
      std::vector<double> w(mix.components().size(), 0.0);
      w[c] = w[uniform] = 0.5;
      mix.set_weights(w);
      for (std::size_t pick = 3; pick < all.size(); pick += 11) {
        const auto truth = param->symbols_of(all[pick]);
        std::vector<int> obs(6, -1);
        for (int f : {0, 2, 5}) obs[std::size_t(f)] = param->symbol_index(truth[std::size_t(f)]);
        double pc = 0, pu = 0;
        for (const auto& line : all) {
          const auto codes = param->symbols_of(line);
          bool fits = true;
          for (int f : {0, 2, 5})
            fits = fits && param->symbol_index(codes[std::size_t(f)]) == obs[std::size_t(f)];
          if (!fits) continue;
          const auto lp = mix.component_log_probs(codes);
          pc += std::exp(lp[c]), pu += std::exp(lp[uniform]);
        }
        const double exact = pc / (pc + pu);
        noisy_error += std::abs(eval::condition(mix, obs).weights[c] - exact);
        certain_error +=
            std::abs(eval::condition(mix, obs, eval::Copies::kCertain).weights[c] - exact);
        ++cases;
      }
    }
  }
  ASSERT_GT(cases, 10);
  if (std::getenv("STRATEGO_PRINT"))
    std::printf("mean |error| of the resample weight: noisy %.4f, certain %.4f (%d cases)\n",
                noisy_error / cases, certain_error / cases, cases);
  EXPECT_LT(noisy_error, certain_error);
  EXPECT_LT(noisy_error / cases, 0.1);
}

// exchange beside uniform at half and half, on armies with empty squares: its posterior weight
// against enumeration, and (exchange alone) its predictive shares of the hidden squares,
// conditioned as a noisy copy of t's pieces (the default) and, for comparison, as resample:2 with
// every agreeing square certain (Copies::kCertain).
TEST(SetupMixture, ExchangeIsConditionedNearTheExactPosterior) {
  double weight_error[2] = {0, 0}, share_error[2] = {0, 0};
  int cases = 0, shares_scored = 0;
  for (const std::string army : {"MLKD", "MLBDD"}) {
    const Variant v = tiny_variant(army);
    const auto param = random_model(v, 5);
    const auto all = every_setup(*param);
    SetupMixture mix(param, some_setups(*param, all));
    SetupMixture alone = mix;
    const int n = param->num_symbols(), zone = param->zone_size();
    std::size_t uniform = 0, exchange = 0;
    for (std::size_t c = 0; c < mix.components().size(); ++c) {
      if (mix.components()[c].name == "uniform") uniform = c;
      if (mix.components()[c].name == "exchange") exchange = c;
    }
    ASSERT_GT(exchange, 0u) << army;
    std::vector<double> w(mix.components().size(), 0.0);
    w[exchange] = 1;
    alone.set_weights(w);
    w[exchange] = w[uniform] = 0.5;
    mix.set_weights(w);
    const std::vector<int> seen = {0, 4};
    for (std::size_t pick = 1; pick < all.size(); pick += 5) {
      const auto truth = param->symbols_of(all[pick]);
      std::vector<int> obs(std::size_t(zone), -1);
      for (int f : seen) obs[std::size_t(f)] = param->symbol_index(truth[std::size_t(f)]);
      double pe = 0, pu = 0;
      std::vector<double> shares(std::size_t(zone * n), 0.0);
      for (const auto& line : all) {
        const auto codes = param->symbols_of(line);
        bool fits = true;
        for (int f : seen)
          fits = fits && param->symbol_index(codes[std::size_t(f)]) == obs[std::size_t(f)];
        if (!fits) continue;
        const auto lp = mix.component_log_probs(codes);
        pe += std::exp(lp[exchange]), pu += std::exp(lp[uniform]);
        for (int f = 0; f < zone; ++f)
          shares[std::size_t(f * n + param->symbol_index(codes[std::size_t(f)]))] +=
              std::exp(lp[exchange]);
      }
      const double exact = pe / (pe + pu);
      for (int way = 0; way < 2; ++way) {
        const auto copies = way == 0 ? eval::Copies::kNoisy : eval::Copies::kCertain;
        weight_error[way] += std::abs(eval::condition(mix, obs, copies).weights[exchange] - exact);
        if (!(pe > 0)) continue;
        const auto post = eval::condition(alone, obs, copies);
        for (int f = 0; f < zone; ++f)
          for (int s = 0; s < n; ++s)
            if (obs[std::size_t(f)] < 0)
              share_error[way] += std::abs(post.others[std::size_t(f * n + s)] -
                                           shares[std::size_t(f * n + s)] / pe);
      }
      ++cases;
      shares_scored += pe > 0;
    }
  }
  ASSERT_GT(cases, 10);
  ASSERT_GT(shares_scored, 10);
  if (std::getenv("STRATEGO_PRINT"))
    std::printf(
        "mean |error| of the exchange weight: pieces-only %.4f, as resample:2 %.4f; of its "
        "shares: %.4f, %.4f\n",
        weight_error[0] / cases, weight_error[1] / cases, share_error[0] / shares_scored,
        share_error[1] / shares_scored);
  EXPECT_LT(weight_error[0], weight_error[1]);
  EXPECT_LT(weight_error[0] / cases, 0.1);
  EXPECT_LT(share_error[0], share_error[1]);
}

TEST(SetupMixture, FrontRowBombsMoveWeightOntoTheBroadComponents) {
  const auto mix = SetupMixture::for_variant(load_variant("classic"));
  if (!mix) GTEST_SKIP() << "no built-in classic mixture";
  const SetupModel& p = mix->parametric();
  std::vector<int> obs(std::size_t(p.zone_size()), -1);
  auto broad = [&](const eval::MixturePosterior& post) {
    double b = 0;
    for (std::size_t c = 0; c < post.weights.size(); ++c)
      if (mix->components()[c].broad()) b += post.weights[c];
    return b;
  };
  double before = broad(eval::condition(*mix, obs));
  for (int k = 0; k < 4; ++k) {
    obs[std::size_t(30 + 3 * k)] = p.symbol_index(kBomb);  // front row
    const double after = broad(eval::condition(*mix, obs));
    if (std::getenv("STRATEGO_PRINT"))
      std::printf("%d front-row bombs: broad %.4f (before %.4f)\n", k + 1, after, before);
    EXPECT_GT(after, before) << k + 1 << " front-row bombs";
    before = after;
  }
  EXPECT_GT(before, 0.5) << "three front-row bombs: an opponent unlike people";
}

}  // namespace
}  // namespace stratego
