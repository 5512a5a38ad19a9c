#include "search/policy_evidence.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include "engine/error.h"
#include "search/rules_modeled_game.h"

namespace stratego::search {

std::optional<PolicyEvidenceResult> PolicyEvidence::observe(const eval::Belief& before,
                                                            const ObservedMove& m, const Params& p,
                                                            std::uint64_t seed) {
  const eval::PieceTracker& tracker = before.tracker();
  const Variant& v = tracker.variant();
  const Geometry& g = v.geometry;
  const Move mv = m.move;
  if (m.mover != tracker.enemy()) return std::nullopt;
  const int from = mv.from();
  // Evidence on the kind: only the opponent's quiet one-square steps (a longer move shows a
  // Scout, the tracker knows) of a piece whose kind is still open.
  std::vector<Kind> kinds;
  const int piece = tracker.piece_at(from);
  if (mv.type() == MoveType::kNormal && !m.attack &&
      (g.neighbours(square_bb(from)) & square_bb(mv.to())) && piece >= 0) {
    const auto counts = tracker.open_counts();
    for (Kind k : kAllKinds)
      if ((tracker.pieces()[std::size_t(piece)].mask & eval::kind_bit(k)) && v.can_move(k) &&
          counts[k] > 0)
        kinds.push_back(k);
  }
  const bool kind_evidence = kinds.size() >= 2;
  // Without styles nothing else is learnt from a move; with them every move weighs the styles.
  if (!kind_evidence && !styles_) return std::nullopt;

  using Game = RulesModeledClassicGame;
  std::vector<std::uint32_t> keys(Game::kMaxActions);
  std::vector<double> probs(std::size_t(Game::kMaxActions) * kStyleCount);
  std::array<double*, kStyleCount> style_probs{};
  for (int s = 0; s < kStyleCount; ++s)
    if (s != kUniformStyle) style_probs[std::size_t(s)] = probs.data() + s * Game::kMaxActions;
  // policy[s][k]: mean P_s(m | mover is k) over the worlds; predictive[s]: the same for the
  // world's own kind. Uniform, as the `beta` model had it: 1 / legal in the world of its own
  // kind, for every kind (`uniform`); with styles, 0 where m is not legal (a world whose mover
  // cannot make it explains it under no style).
  std::array<std::array<double, kNumKinds>, kStyleCount> policy{};
  StyleWeights predictive{};
  double uniform = 0;
  try {
    eval::BeliefSampler sampler(before, seed);
    for (int w = 0; w < kWorlds; ++w) {
      State world = sampler.sample_state();
      const Kind sampled = piece_kind(world.at(from));
      const std::uint8_t flags = world.flags(from);
      const std::vector<Kind> own{sampled};
      for (Kind k : kind_evidence ? kinds : own) {
        if (kind_evidence) {
          world.remove(from);
          world.put(from, tracker.enemy(), k, flags);
        }
        const int n = Game::legal(world, keys.data());
        const auto at = std::find(keys.begin(), keys.begin() + n, std::uint32_t(mv.raw()));
        StyleWeights pk{};
        if (at != keys.begin() + n) {
          const std::size_t i = std::size_t(at - keys.begin());
          if (styles_) {
            Game::style_policies(world, keys.data(), n, style_probs, p);
            for (int s = 0; s < kStyleCount; ++s)
              pk[std::size_t(s)] = s == kUniformStyle ? 1.0 / n : style_probs[std::size_t(s)][i];
          } else {
            Game::policy(world, keys.data(), n, probs.data(), p);
            pk[kRulesStyle] = probs[i];
          }
        }
        for (int s = 0; s < kStyleCount; ++s)
          policy[std::size_t(s)][k] += pk[std::size_t(s)] / kWorlds;
        if (k == sampled) {
          for (int s = 0; s < kStyleCount; ++s)
            predictive[std::size_t(s)] += pk[std::size_t(s)] / kWorlds;
          uniform += 1.0 / std::max(1, n) / kWorlds;
        }
      }
    }
  } catch (const InputError&) {
    return std::nullopt;  // a view the tracker cannot determinize: no evidence, as before
  }
  if (!styles_) {
    if (uniform <= 0) return std::nullopt;
    predictive[kUniformStyle] = uniform;
    for (Kind k : kinds) policy[kUniformStyle][k] = uniform;
  }

  const StyleWeights w = weights();
  std::optional<PolicyEvidenceResult> out;
  if (kind_evidence) {
    out.emplace();
    out->piece = piece;
    double top = -1e300;
    for (Kind k : kinds) {
      double l = 0;
      for (int s = 0; s < kStyleCount; ++s) {
        double ps = policy[std::size_t(s)][k];
        // With styles, every style slips as the posterior has it (StylePosterior::kSlip).
        if (styles_ && s != kUniformStyle)
          ps = (1 - StylePosterior::kSlip) * ps + StylePosterior::kSlip * policy[kUniformStyle][k];
        l += w[std::size_t(s)] * ps;
      }
      top = std::max(top, out->log_likelihood[k] = std::log(l));
    }
    for (Kind k : kinds) out->log_likelihood[k] -= top;
  }
  posterior_.update(predictive);
  return out;
}

}  // namespace stratego::search
