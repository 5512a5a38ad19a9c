#include "support/seeded_games.h"

#include <cstdlib>
#include <utility>

#include "engine/variant_loader.h"

namespace stratego::seeded {

const std::vector<std::string>& all_variant_specs() {
  static const std::vector<std::string> specs = {
      "classic",
      "barrage",
      "duel",
      "ultimate-lightning",
      "clone-wars",
      "clone-wars-powers",           // CW-3, CW-4
      "classic+attacker-advantage",  // V-1
      "classic+exploding-bombs",     // V-2
      "classic+moving-bombs",        // V-3
      "classic+moving-flag",         // V-4
      "classic+rescue",              // V-5
      "classic+silent-defence",      // V-6
      "classic+international",       // C-6.1 with N = 5
      "classic+no-chase",            // C-6.2 off
      "classic+strategus",           // C-6.3
      "barrage+strategus",
      "classic+rescue+silent-defence+moving-bombs+moving-flag+attacker-advantage+exploding-bombs",
      "barrage+rescue+moving-flag+moving-bombs+international",
      "duel+attacker-advantage+exploding-bombs+no-chase+two_squares_limit=0",
      "ultimate-lightning+rescue+moving-flag+silent-defence+two_squares_limit=5",
      "clone-wars+moving-bombs+rescue+no-chase",
      // The powers with the options they meet: rescues after an Anger chain, silent combat.
      "clone-wars-powers+rescue+silent-defence+exploding-bombs",
  };
  return specs;
}

std::shared_ptr<const Variant> load(std::string_view spec) {
  return std::make_shared<const Variant>(load_variant(spec));
}

std::uint64_t seed_of(std::string_view text, std::uint64_t salt) {
  std::uint64_t h = 0xcbf29ce484222325ull ^ salt;
  for (char c : text) h = (h ^ std::uint8_t(c)) * 0x100000001b3ull;
  return h;
}

State seeded_start(std::shared_ptr<const Variant> v, std::uint64_t seed, double keep) {
  State s(v);
  Rng rng(seed);
  std::vector<Kind> army;
  for (Kind k : kAllKinds) army.insert(army.end(), std::size_t(v->army[k]), k);
  for (Side side : {kRed, kBlue}) {
    std::vector<int> zone;
    for (int sq = 0; sq < v->width * v->height; ++sq) {
      const int row = sq / v->width;
      const bool ours = side == kRed ? row < v->setup_rows : row >= v->height - v->setup_rows;
      if (ours && !((v->lakes >> sq) & 1)) zone.push_back(sq);
    }
    for (std::size_t i = zone.size() - 1; i > 0; --i)
      std::swap(zone[i], zone[rng.below(std::uint32_t(i + 1))]);
    for (std::size_t i = 0; i < army.size(); ++i) s.put(zone[i], side, army[i]);
  }
  if (keep < 1.0) {
    std::array<std::array<int, kNumKinds>, 2> removed{};
    for (int sq = 0; sq < v->width * v->height; ++sq) {
      const Piece p = s.at(sq);
      if (p == kNoPiece || piece_kind(p) == kFlag || piece_kind(p) == kMarshal ||
          rng.uniform01() < keep)
        continue;
      ++removed[piece_side(p)][piece_kind(p)];
      s.remove(sq);
    }
    for (Side side : {kRed, kBlue})
      for (Kind k : kAllKinds) s.set_captured(side, k, removed[side][k], 0);
  }
  return s;
}

namespace {

bool next_to(const Geometry& g, int a, int b) {
  return std::abs(g.col(a) - g.col(b)) + std::abs(g.row(a) - g.row(b)) == 1;
}

// A random move of the list satisfying pred, or none.
template <class Pred>
Move pick_if(const MoveList& list, Rng& rng, Pred pred) {
  std::vector<Move> fits;
  for (Move m : list)
    if (m.type() == MoveType::kNormal && pred(m)) fits.push_back(m);
  return fits.empty() ? Move() : fits[rng.below(std::uint32_t(fits.size()))];
}

}  // namespace

Move choose_move(const State& s, const MoveList& list, Rng& rng, const Bias& bias) {
  const auto& h = s.history();
  const Side us = s.side_to_move();
  const Geometry& g = s.geometry();
  if (s.pending_rescue() || s.pending_anger() || h.empty())
    return list[int(rng.below(std::uint32_t(list.size)))];
  const PlyRecord& last = h.back();
  // The opponent's last move, if its piece still stands where it went.
  const int theirs = last.move.type() == MoveType::kNormal && piece_side(last.mover) != us &&
                             s.at(last.move.to()) == last.mover
                         ? last.move.to()
                         : -1;
  // Each wish in turn, with its own chance; the first that some legal move fulfils wins.
  Move back;  // our last move reversed
  for (auto it = h.rbegin(); it != h.rend(); ++it) {
    if (it->move.type() != MoveType::kNormal || piece_side(it->mover) != us) continue;
    back = Move::normal(it->move.to(), it->move.from());
    break;
  }
  Move picked;
  if (!back.is_none() && rng.uniform01() < bias.back_and_forth)
    picked = pick_if(list, rng, [&](Move m) { return m == back; });
  if (picked.is_none() && theirs >= 0 && rng.uniform01() < bias.evade)
    picked = pick_if(list, rng, [&](Move m) {
      return next_to(g, m.from(), theirs) && s.at(m.to()) == kNoPiece;
    });
  // A chaser that steps straight back is always allowed (C-6.2); other chasing moves can
  // close a cycle and meet the rule.
  if (picked.is_none() && theirs >= 0 && rng.uniform01() < bias.chase)
    picked = pick_if(list, rng, [&](Move m) { return m != back && next_to(g, m.to(), theirs); });
  if (picked.is_none() && rng.uniform01() < bias.threaten) {
    const Bitboard enemies = s.side_bb(other(us));
    picked = pick_if(list, rng, [&](Move m) {
      return m != back && s.at(m.to()) == kNoPiece &&
             (g.neighbours(square_bb(m.to())) & enemies & ~square_bb(m.from())) != 0;
    });
  }
  if (picked.is_none() && rng.uniform01() < bias.advance) {
    const int ahead = us == kRed ? 1 : -1;
    picked =
        pick_if(list, rng, [&](Move m) { return (g.row(m.to()) - g.row(m.from())) * ahead > 0; });
  }
  return picked.is_none() ? list[int(rng.below(std::uint32_t(list.size)))] : picked;
}

}  // namespace stratego::seeded
