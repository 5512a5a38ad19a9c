// Games for the belief tests: a seeded game recorded ply by ply (states, observations and
// views of both players), beliefs replayed from it, and the strongest consistency check there
// is: put a sampled assignment on the enemy's start squares, replay the real moves in that world
// and require every move to be legal and the viewer's view to come out the same after every
// ply. Header-only.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "engine/movegen.h"
#include "engine/view.h"
#include "eval/belief.h"
#include "support/seeded_games.h"

namespace stratego::test_support {

struct PlayedGame {
  State start;
  std::vector<Move> moves;
  std::vector<State> states;  // states[t]: after t decisions; states[0] == start
};

// Random legal moves, steered now and then towards repetitions and the back row so that
// rescues (V-5) and chases happen; stops at max_plies or the end.
inline PlayedGame play_seeded(const std::string& spec, std::uint64_t seed, int max_plies,
                              double keep = 1.0) {
  auto v = seeded::load(spec);
  PlayedGame g{seeded::seeded_start(v, seed, keep), {}, {}};
  State s = g.start;
  g.states.push_back(s);
  Rng rng(seed ^ 0x5eedull);
  const seeded::Bias bias = seed % 2 ? seeded::Bias{} : seeded::Bias{0.1, 0.2, 0.2, 0.5};
  MoveList list;
  while (!s.over() && int(g.moves.size()) < max_plies) {
    generate_moves(s, list);
    if (list.size == 0) break;
    const Move m = seeded::choose_move(s, list, rng, bias);
    s.make(m);
    g.moves.push_back(m);
    g.states.push_back(s);
  }
  return g;
}

inline ObservedMove observation(const PlayedGame& g, int t, Side viewer) {
  const State& after = g.states[std::size_t(t)];
  return observe(after, after.history().back(), viewer);
}

// The belief of `viewer` after `plies` decisions of the game.
inline eval::Belief belief_after(const PlayedGame& g, Side viewer, int plies,
                                 eval::BeliefOptions o = {}) {
  eval::Belief b(make_view(g.start, viewer), o);
  for (int t = 1; t <= plies; ++t)
    b.update(observation(g, t, viewer), make_view(g.states[std::size_t(t)], viewer));
  return b;
}

// Empty if the assignment (a kind per tracker piece) replays the game consistently for the
// viewer up to `plies`; otherwise what went wrong.
inline std::string replay_mismatch(const PlayedGame& g, const eval::PieceTracker& t,
                                   const std::vector<Kind>& kinds, int plies) {
  State s = g.start;
  const Side enemy = t.enemy();
  for (std::size_t i = 0; i < t.pieces().size(); ++i) {
    const int sq = t.pieces()[i].start;
    if (sq < 0) return "piece " + std::to_string(i) + " has no start square";
    if (s.at(sq) == kNoPiece || piece_side(s.at(sq)) != enemy)
      return "no enemy piece starts on a start square";
    s.put(sq, enemy, kinds[i]);
  }
  for (int ply = 1; ply <= plies; ++ply) {
    const Move m = g.moves[std::size_t(ply - 1)];
    if (!is_legal(s, m)) return "move " + std::to_string(ply) + " is illegal in the sampled world";
    s.make(m);
    if (!(make_view(s, t.viewer()) == make_view(g.states[std::size_t(ply)], t.viewer())))
      return "the view differs after move " + std::to_string(ply);
    if (!(observe(s, s.history().back(), t.viewer()) == observation(g, ply, t.viewer())))
      return "the observation differs at move " + std::to_string(ply);
  }
  return {};
}

}  // namespace stratego::test_support
