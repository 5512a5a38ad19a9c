#include "serve/belief_json.h"

#include <cmath>
#include <string>

namespace stratego::serve {

nlohmann::json belief_pieces_json(const eval::Belief& b, const eval::Marginals& m) {
  const eval::PieceTracker& t = b.tracker();
  const Geometry& g = t.variant().geometry;
  const View& v = b.view();
  nlohmann::json pieces = nlohmann::json::array();
  for (int i = 0; i < int(t.pieces().size()); ++i) {
    const eval::EnemyPiece& p = t.pieces()[std::size_t(i)];
    if (!p.alive() || piece_kind(v.board[std::size_t(p.square)].piece) != kUnknown) continue;
    nlohmann::json probs = nlohmann::json::object();
    for (Kind k : m.kinds) {
      const double pr = m.prob(t, i, k);
      if (pr >= 0.005) probs[std::string(kind_name(k))] = std::round(pr * 100) / 100;
    }
    pieces.push_back(
        {{"square", g.square_name(p.square)},
         {"start", p.start >= 0 ? nlohmann::json(g.square_name(p.start)) : nlohmann::json()},
         {"moved", p.moved},
         {"known", p.known()},
         {"probs", probs}});
  }
  return pieces;
}

}  // namespace stratego::serve
