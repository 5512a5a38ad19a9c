#include "search/policy_evidence.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include "engine/error.h"
#include "search/rules_modeled_game.h"

namespace stratego::bots {

std::optional<PolicyEvidenceResult> PolicyEvidence::observe(const eval::Belief& before,
                                                            const ObservedMove& m,
                                                            const search::Params& p,
                                                            std::uint64_t seed) {
  const eval::PieceTracker& tracker = before.tracker();
  const Variant& v = tracker.variant();
  const Geometry& g = v.geometry;
  const Move mv = m.move;
  if (m.mover != tracker.enemy() || mv.type() != MoveType::kNormal || m.attack) return std::nullopt;
  const int from = mv.from();
  // A longer move shows a Scout (the tracker knows); only a one-square step leaves it open.
  if (!(g.neighbours(square_bb(from)) & square_bb(mv.to()))) return std::nullopt;
  const int piece = tracker.piece_at(from);
  if (piece < 0) return std::nullopt;
  const auto counts = tracker.open_counts();
  std::vector<Kind> kinds;
  for (Kind k : kAllKinds)
    if ((tracker.pieces()[std::size_t(piece)].mask & eval::kind_bit(k)) && v.can_move(k) &&
        counts[k] > 0)
      kinds.push_back(k);
  if (kinds.size() < 2) return std::nullopt;

  using Game = RulesModeledClassicGame;
  std::vector<std::uint32_t> keys(Game::kMaxActions);
  std::vector<double> probs(Game::kMaxActions);
  std::array<double, kNumKinds> policy{};  // mean P_policy(m | mover is k) over the worlds
  double predictive = 0, uniform = 0;      // the same for the world's own kind, and 1 / legal
  try {
    eval::BeliefSampler sampler(before, seed);
    for (int w = 0; w < kWorlds; ++w) {
      State world = sampler.sample_state();
      const Kind sampled = piece_kind(world.at(from));
      const std::uint8_t flags = world.flags(from);
      for (Kind k : kinds) {
        world.remove(from);
        world.put(from, tracker.enemy(), k, flags);
        const int n = Game::legal(world, keys.data());
        const auto at = std::find(keys.begin(), keys.begin() + n, std::uint32_t(mv.raw()));
        double pk = 0;
        if (at != keys.begin() + n) {
          Game::policy(world, keys.data(), n, probs.data(), p);
          pk = probs[std::size_t(at - keys.begin())];
        }
        policy[k] += pk / kWorlds;
        if (k == sampled) {
          predictive += pk / kWorlds;
          uniform += 1.0 / std::max(1, n) / kWorlds;
        }
      }
    }
  } catch (const InputError&) {
    return std::nullopt;  // a view the tracker cannot determinize: no evidence, as before
  }
  if (uniform <= 0) return std::nullopt;

  const double b = beta();
  PolicyEvidenceResult out;
  out.piece = piece;
  double top = -1e300;
  for (Kind k : kinds)
    top = std::max(top, out.log_likelihood[k] = std::log(b * policy[k] + (1 - b) * uniform));
  for (Kind k : kinds) out.log_likelihood[k] -= top;
  const double odds = b * predictive, even = (1 - b) * uniform;
  policy_ += odds / (odds + even);
  moves_ += 1;
  return out;
}

}  // namespace stratego::bots
