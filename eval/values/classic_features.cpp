#include "eval/values/classic_features.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "engine/bitboard.h"
#include "eval/values/classic_evaluation.h"

namespace stratego::eval {
namespace {

// One side's terms, before the difference: the per-kind counts and the game-dependent bonuses.
void add_side(const State& s, Side side, double sign, ClassicFeatures& f) {
  const Side them = other(side);
  const Bitboard shown_bb = s.revealed_bb();
  const bool marshal = s.kind_bb(them, kMarshal) != 0, bombs = s.kind_bb(them, kBomb) != 0;
  const int miners = popcount(s.kind_bb(side, kMiner));
  for (Kind k : kAllKinds) {
    const Bitboard b = s.kind_bb(side, k);
    if (!b) continue;
    const int n = popcount(b), shown = popcount(b & shown_bb);
    f[std::size_t(kFeatMaterial + k)] += sign * n;
    f[std::size_t(kFeatRevealed + k)] += sign * shown;
    if (k == kSpy && marshal) {
      f[kFeatSpyMarshal] += sign * n;
      f[kFeatSpyMarshalRevealed] += sign * shown;
    }
    if (k == kMiner && bombs) {
      const int few = std::max(0, 4 - miners);
      f[kFeatMinerBombs] += sign * n * few;
      f[kFeatMinerBombsRevealed] += sign * shown * few;
    }
  }
  f[kFeatMovable] += sign * popcount(s.movable_bb(side));
}

}  // namespace

ClassicFeatures classic_features(const State& s) {
  ClassicFeatures f{};
  add_side(s, kRed, 1, f);
  add_side(s, kBlue, -1, f);
  f[kFeatFlagThreat] = classic_flag_threats(s, kBlue) - classic_flag_threats(s, kRed);
  f[kFeatOpenSides] = classic_open_sides(s, kBlue) - classic_open_sides(s, kRed);
  f[kFeatScoutLanes] = classic_scout_lanes(s, kBlue) - classic_scout_lanes(s, kRed);
  f[kFeatToMove] = s.side_to_move() == kRed ? 1 : -1;
  f[kFeatBias] = 1;
  return f;
}

std::string_view classic_feature_name(int i) {
  static const std::array<std::string, kNumClassicFeatures> names = [] {
    std::array<std::string, kNumClassicFeatures> n;
    for (Kind k : kAllKinds) {
      n[std::size_t(kFeatMaterial + k)] = "material." + std::string(kind_name(k));
      n[std::size_t(kFeatRevealed + k)] = "revealed." + std::string(kind_name(k));
    }
    n[kFeatSpyMarshal] = "spy_while_marshal";
    n[kFeatSpyMarshalRevealed] = "revealed_spy_while_marshal";
    n[kFeatMinerBombs] = "miner_while_bombs";
    n[kFeatMinerBombsRevealed] = "revealed_miner_while_bombs";
    n[kFeatFlagThreat] = "flag_threat";
    n[kFeatOpenSides] = "flag_open_sides";
    n[kFeatScoutLanes] = "flag_scout_lanes";
    n[kFeatMovable] = "movable";
    n[kFeatToMove] = "to_move";
    n[kFeatBias] = "bias";
    return n;
  }();
  return names[std::size_t(i)];
}

ClassicFeatures classic_hand_weights(const Variant& v, double eval_scale) {
  // The margin's weights, then times 6 * scale: classic_value's logit.
  const double unit = classic_army_value(v);
  ClassicFeatures w{};
  for (Kind k : kAllKinds) {
    w[std::size_t(kFeatMaterial + k)] = classic_base_value(k) / unit;
    w[std::size_t(kFeatRevealed + k)] = -kClassicRevealedCost * classic_base_value(k) / unit;
  }
  w[kFeatSpyMarshal] = kClassicSpyBonus / unit;
  w[kFeatSpyMarshalRevealed] = -kClassicRevealedCost * kClassicSpyBonus / unit;
  w[kFeatMinerBombs] = kClassicMinerBonus / unit;
  w[kFeatMinerBombsRevealed] = -kClassicRevealedCost * kClassicMinerBonus / unit;
  w[kFeatFlagThreat] = kClassicFlagThreat;
  w[kFeatOpenSides] = kClassicOpenSide;
  w[kFeatScoutLanes] = kClassicScoutLane;
  for (double& x : w) x *= 6.0 * eval_scale;
  return w;
}

double linear_classic_value(const State& s, const ClassicFeatures& w) {
  const Result r = s.result();
  if (r.over()) return r.winner == Winner::kRed ? 1.0 : r.winner == Winner::kBlue ? 0.0 : 0.5;
  const ClassicFeatures f = classic_features(s);
  double z = 0;
  for (int i = 0; i < kNumClassicFeatures; ++i) z += w[std::size_t(i)] * f[std::size_t(i)];
  return 1.0 / (1.0 + std::exp(-z));
}

}  // namespace stratego::eval
