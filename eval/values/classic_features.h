// The features of a classic-family world (every kind known: a determinization) that the
// linear value (eval/values/value_weights.h) weighs: the terms of the hand-set evaluation
// (eval/values/classic_evaluation.h) taken apart, each as Red's count minus Blue's, plus a few the
// hand-set evaluation gives no weight. With classic_hand_weights() the dot product is exactly
// the hand-set evaluation's logit, so the learned value starts from the same terms and only
// their weights change.
#pragma once

#include <array>
#include <string_view>

#include "engine/state.h"

namespace stratego::eval {

// Feature indices. Per kind: the pieces on the board and the revealed ones among them.
inline constexpr int kFeatMaterial = 0;                          // + kind
inline constexpr int kFeatRevealed = kFeatMaterial + kNumKinds;  // + kind
inline constexpr int kFeatSpyMarshal =
    kFeatRevealed + kNumKinds;  // Spies while the enemy Marshal lives
inline constexpr int kFeatSpyMarshalRevealed = kFeatSpyMarshal + 1;
inline constexpr int kFeatMinerBombs =
    kFeatSpyMarshalRevealed + 1;  // Miners x (4 - Miners) while bombs stand
inline constexpr int kFeatMinerBombsRevealed = kFeatMinerBombs + 1;
inline constexpr int kFeatFlagThreat =
    kFeatMinerBombsRevealed + 1;                            // on the enemy flag minus on ours
inline constexpr int kFeatOpenSides = kFeatFlagThreat + 1;  // of the enemy flag minus ours
inline constexpr int kFeatScoutLanes = kFeatOpenSides + 1;  // onto the enemy flag minus onto ours
inline constexpr int kFeatMovable = kFeatScoutLanes + 1;    // movable pieces
inline constexpr int kFeatToMove = kFeatMovable + 1;        // +1 Red to move, -1 Blue
inline constexpr int kFeatBias = kFeatToMove + 1;           // always 1
inline constexpr int kNumClassicFeatures = kFeatBias + 1;

using ClassicFeatures = std::array<double, kNumClassicFeatures>;

// The features of s for Red (Blue's are the same negated, but for the bias).
ClassicFeatures classic_features(const State& s);
// A feature's name in the weights files: "material.marshal", "flag_threat", ...
std::string_view classic_feature_name(int i);
// The weights with which logistic(w . classic_features(s)) is classic_value(s, eval_scale)
// for every world not over.
ClassicFeatures classic_hand_weights(const Variant& v, double eval_scale);
// logistic(w . f) as Red's win probability; 1 / 0 / 0.5 when the game is over.
double linear_classic_value(const State& s, const ClassicFeatures& w);

}  // namespace stratego::eval
