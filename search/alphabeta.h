// Alpha-beta on one world of a classic-family game (a determinization, every kind known), for
// the perfect-information Monte Carlo search of search/pimc.h. Negamax with fail-soft
// alpha-beta, iterative deepening, a transposition table on the engine's Zobrist hash
// (search/transposition_table.h), move ordering (search/move_order.h), a quiescence search over
// the attacks whose outcome the mover knows, and chance nodes where the searching side attacks
// a piece it cannot see (search/unknown_combat.h): the world is a guess, and the search must
// not act on what the guess says about the very piece it attacks.
//
// Scores are for the side to move, in units of kScoreScale: the static evaluation
// eval/classic_evaluation (the same that ends the ISMCTS play-outs) as 2 * P(win) - 1, so a
// chance node's weighted mean is itself a win expectation; a won game counts kWinScore less
// the plies to it (sooner is better, and above any evaluation).
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <span>
#include <vector>

#include "engine/movegen.h"
#include "engine/state.h"
#include "search/move_order.h"
#include "search/transposition_table.h"
#include "search/unknown_combat.h"

namespace stratego::eval {
struct ValueWeights;
}

namespace stratego::search {

constexpr int kScoreScale = 10000;
constexpr int kWinScore = 12000;
constexpr int kMaxSearchPly = 256;  // a won game's score is at least kWinScore - this
constexpr int kInfinity = 32000;

struct AlphaBetaParams {
  int worlds = 8;            // determinizations a decision searches (search/pimc.h)
  int max_depth = 64;        // iterative deepening stops here (plies)
  int quiescence_plies = 6;  // attacks in a row the quiescence search follows
  int root_margin = 300;     // root moves within this of the best get exact scores
  bool chance_nodes = true;  // false: attacks on hidden pieces use the world's kinds
  bool votes = false;        // choose by worlds won (true) or by summed scores (false)
  // An enemy piece next to the flag of the side to move: the quiescence search does not stand
  // pat there but searches every move (search/README.md, "alphabeta"). Off by default: it
  // scored 33% against off in the SPRT of search/README.md.
  bool flag_guard = false;
  // The static evaluation: the hand-set one (nullptr) or the linear value with these weights
  // (eval/values/value_weights.h), as the ismcts option `value`.
  const eval::ValueWeights* value_weights = nullptr;
  std::size_t tt_bytes = std::size_t(32) << 20;  // per thread
  int threads = 1;
  std::uint64_t seed = 1;
};

// When one world's search must stop. Node budgets are checked at every node (exactly
// reproducible), the clock and `stop` every 1,024 nodes. The first iteration always finishes.
struct WorldLimits {
  std::int64_t nodes = -1;  // -1: none
  bool timed = false;
  std::chrono::steady_clock::time_point deadline{};
  const std::atomic<bool>* stop = nullptr;
};

struct WorldResult {
  std::vector<int> scores;  // per root move, from the deepest finished iteration; moves more
                            // than root_margin below the best hold upper bounds
  int best = 0;             // index of the best root move
  int depth = 0;            // the deepest finished iteration
  std::uint64_t nodes = 0;  // moves made, every ply and chance outcome counted
};

class AlphaBeta {
 public:
  // searcher: the side whose information the chance nodes follow; belief must outlive this.
  AlphaBeta(const AlphaBetaParams& p, Side searcher, const CombatBelief& belief,
            TranspositionTable& tt);

  // Iterative deepening over the root moves (all legal in world) until the limits or
  // max_depth. world is played on and restored.
  WorldResult search(State& world, std::span<const Move> root, const WorldLimits& limits);
  // The score of world for its side to move by a full-window search of exactly `depth`
  // plies (then quiescence), with iterative deepening up to it (tests).
  int value(State& world, int depth);

  // The pieces that count as hidden from the searcher in the current line (tests).
  const IdentityMap& identities() const { return ids_; }
  std::uint64_t nodes() const { return nodes_; }

  // The static evaluation of w for its side to move, and a finished game's score.
  static int evaluate(const State& w, const eval::ValueWeights* weights = nullptr);
  static int terminal(const State& w, int ply);
  // Does the side to move attack a piece the searcher cannot see (a chance node)?
  static bool hidden_target(const State& w, Move m, Side searcher, const IdentityMap& ids,
                            bool chance_nodes);
  // Does an enemy piece that can move stand next to the flag of the side to move?
  static bool flag_in_danger(const State& w);
  // Is m an attack whose outcome the mover knows and does not lose (the quiescence moves)?
  static bool quiet_capture(const State& w, Move m, Side searcher, const IdentityMap& ids,
                            bool chance_nodes);

 private:
  struct Undo {
    std::int16_t from = -1, to = -1;
    std::int8_t id_from = -1, id_to = -1;
  };

  int negamax(int depth, int alpha, int beta, int ply);
  int quiesce(int alpha, int beta, int ply, int qply);
  // The value, for the side to move, of playing m and searching the child to child_depth
  // (chance nodes averaged over their outcomes with full windows).
  int move_value(Move m, int child_depth, int alpha, int beta, int ply);
  int chance_value(Move m, int child_depth, int ply);
  void make(Move m);
  void unmake();
  bool out_of_budget();
  // Scores for ordering list[0..n) at this node; tt_move first.
  void score_moves(const MoveList& list, int* scores, std::uint16_t tt_move, int ply) const;

  AlphaBetaParams p_;
  Side searcher_;
  const CombatBelief& belief_;
  TranspositionTable& tt_;
  MoveOrder order_;
  State* w_ = nullptr;
  IdentityMap ids_{};
  std::vector<Undo> undo_;
  std::uint64_t nodes_ = 0;
  WorldLimits limits_;
  bool may_abort_ = false, aborted_ = false;
};

}  // namespace stratego::search
