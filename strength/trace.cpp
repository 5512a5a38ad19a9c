#include "strength/trace.h"

#include <nlohmann/json.hpp>

#include "engine/error.h"

namespace stratego::strength {

int setup_index_of(const Variant& v, Side side, int sq) {
  if (sq < 0 || sq >= v.geometry.num_squares()) return -1;
  const int row = v.geometry.row(sq);
  const int rel = side == kRed ? row : v.height - 1 - row;
  return rel < v.setup_rows ? rel * v.width + v.geometry.col(sq) : -1;
}

int square_of_setup_index(const Variant& v, Side side, int i) {
  const int rel = i / v.width;
  return v.geometry.square(i % v.width, side == kRed ? rel : v.height - 1 - rel);
}

GameTrace trace_game(const GameRecord& r, Side side) {
  State s = record_start(r);
  const Variant& v = s.variant();
  const int n = v.setup_rows * v.width, squares = v.geometry.num_squares();
  GameTrace t;
  t.revealed.assign(std::size_t(n), -1);
  t.lost.assign(std::size_t(n), -1);
  t.taker.assign(std::size_t(n), '-');
  // own[sq]: the set-up index of the traced side's piece on sq; path[sq]: the squares the
  // enemy piece on sq has stood on.
  std::vector<int> own(std::size_t(squares), -1);
  std::vector<std::vector<int>> path(static_cast<std::size_t>(squares));
  for (int sq = 0; sq < squares; ++sq) {
    const Piece p = s.at(sq);
    if (p == kNoPiece) continue;
    if (piece_side(p) == side)
      own[std::size_t(sq)] = setup_index_of(v, side, sq);
    else
      path[std::size_t(sq)] = {sq};
  }
  auto lose = [&](int sq, char by, int ply) {
    const int i = own[std::size_t(sq)];
    if (i < 0) return;
    t.lost[std::size_t(i)] = ply;
    t.taker[std::size_t(i)] = by;
    if (t.revealed[std::size_t(i)] < 0) t.revealed[std::size_t(i)] = ply;  // a fight shows it
    own[std::size_t(sq)] = -1;
  };
  auto mine = [&](int sq) { return s.at(sq) != kNoPiece && piece_side(s.at(sq)) == side; };
  std::vector<int> capturer_path;
  for (std::size_t k = 0; k < r.moves.size(); ++k) {
    const Move m = r.moves[k];
    const int ply = int(k) + 1;
    const int from = m.from(), to = m.to();
    s.make(m);
    const PlyRecord& rec = s.history().back();
    if (m.is_normal()) {
      const bool fight = rec.target != kNoPiece;
      const Piece now = s.at(to);
      if (piece_side(rec.mover) == side) {
        const int i = own[std::size_t(from)];
        own[std::size_t(from)] = -1;
        if (now == rec.mover) {
          own[std::size_t(to)] = i;
          path[std::size_t(to)].clear();
        } else {  // lost its attack (or both fell)
          own[std::size_t(from)] = i;
          lose(from, fight ? kind_letter(piece_kind(rec.target)) : '?', ply);
          if (now == kNoPiece) path[std::size_t(to)].clear();
        }
      } else {
        std::vector<int> p = std::move(path[std::size_t(from)]);
        path[std::size_t(from)].clear();
        p.push_back(to);
        if (fight && own[std::size_t(to)] >= 0 && now != rec.target)
          lose(to, kind_letter(piece_kind(rec.mover)), ply);
        if (now == rec.mover) {
          if (rec.target != kNoPiece && piece_kind(rec.target) == kFlag) capturer_path = p;
          path[std::size_t(to)] = std::move(p);
        }
      }
    } else {
      // Rescues, Anger and ranged attacks: whatever of ours is gone was lost.
      for (int sq = 0; sq < squares; ++sq)
        if (own[std::size_t(sq)] >= 0 && !mine(sq)) lose(sq, '?', ply);
    }
    for (int sq = 0; sq < squares; ++sq) {
      const int i = own[std::size_t(sq)];
      if (i >= 0 && t.revealed[std::size_t(i)] < 0 && (s.flags(sq) & kRevealedFlag))
        t.revealed[std::size_t(i)] = ply;
    }
  }
  t.plies = int(r.moves.size());
  if (s.result().reason == EndReason::kFlagCaptured && s.result().winner == winner_of(other(side)))
    for (int sq : capturer_path) {
      const int i = setup_index_of(v, side, sq);
      if (i >= 0 && (t.route.empty() || t.route.back() != i)) t.route.push_back(i);
    }
  return t;
}

std::string trace_to_json(const GameTrace& t) {
  return nlohmann::json{
      {"r", t.revealed}, {"l", t.lost}, {"t", t.taker}, {"f", t.route}, {"p", t.plies}}
      .dump();
}

GameTrace trace_from_json(const std::string& text) {
  try {
    const auto j = nlohmann::json::parse(text);
    GameTrace t;
    t.revealed = j.at("r").get<std::vector<int>>();
    t.lost = j.at("l").get<std::vector<int>>();
    t.taker = j.at("t").get<std::string>();
    t.route = j.at("f").get<std::vector<int>>();
    t.plies = j.at("p").get<int>();
    return t;
  } catch (const nlohmann::json::exception& e) {
    throw InputError(std::string("a stored game trace is not readable: ") + e.what());
  }
}

}  // namespace stratego::strength
