#include "engine/perft.h"

#include "engine/movegen.h"

namespace stratego {

std::uint64_t perft(State& s, int depth) {
  if (depth <= 0) return 1;
  MoveList list;  // on the stack: no heap in the count, one list per ply of depth
  generate_moves(s, list);
  // Bulk count: the last ply's moves are counted, not made.
  if (depth == 1) return std::uint64_t(list.size);
  std::uint64_t nodes = 0;
  for (Move m : list) {
    s.make(m);
    nodes += perft(s, depth - 1);
    s.unmake();
  }
  return nodes;
}

std::vector<std::pair<Move, std::uint64_t>> perft_divide(State& s, int depth) {
  std::vector<std::pair<Move, std::uint64_t>> out;
  if (depth <= 0) return out;
  MoveList list;
  generate_moves(s, list);
  out.reserve(std::size_t(list.size));
  for (Move m : list) {
    s.make(m);
    out.emplace_back(m, perft(s, depth - 1));
    s.unmake();
  }
  return out;
}

}  // namespace stratego
