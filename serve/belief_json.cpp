#include "serve/belief_json.h"

#include <cmath>
#include <string>

namespace stratego::serve {

nlohmann::json belief_pieces_json(const eval::BeliefTable& t, const Geometry& g) {
  nlohmann::json pieces = nlohmann::json::array();
  for (const eval::PieceBelief& p : t.pieces) {
    if (p.square < 0 || p.shown) continue;
    nlohmann::json probs = nlohmann::json::object();
    for (std::size_t j = 0; j < t.tokens.size(); ++j)
      if (p.p[j] >= 0.005) probs[t.tokens[j]] = std::round(p.p[j] * 100) / 100;
    nlohmann::json piece = {
        {"square", g.square_name(p.square)},
        {"start", p.start >= 0 ? nlohmann::json(g.square_name(p.start)) : nlohmann::json()},
        {"known", p.known},
        {"probs", probs}};
    if (p.moved) piece["moved"] = *p.moved;
    pieces.push_back(std::move(piece));
  }
  return pieces;
}

}  // namespace stratego::serve
