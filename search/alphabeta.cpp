#include "search/alphabeta.h"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "eval/values/classic_evaluation.h"
#include "eval/values/value_weights.h"

namespace stratego::search {
namespace {

constexpr std::uint64_t kClockPeriod = 1024;  // nodes between looks at the clock and `stop`

// Attacks move a piece onto an enemy piece's square (or, CW-4, fire at it).
bool is_attack_type(Move m) {
  const MoveType t = m.type();
  return t == MoveType::kNormal || t == MoveType::kAngerAttack || t == MoveType::kRanged;
}

// A won game's score is stored in the table relative to the node, so that it means the same
// wherever the position is met again.
int to_tt(int s, int ply) { return s > kScoreScale ? s + ply : s < -kScoreScale ? s - ply : s; }
int from_tt(int s, int ply) { return s > kScoreScale ? s - ply : s < -kScoreScale ? s + ply : s; }

// Picks the best-scored move of list[i..n) into place i.
void pick(MoveList& list, int* scores, int i) {
  int best = i;
  for (int j = i + 1; j < list.size; ++j)
    if (scores[j] > scores[best]) best = j;
  std::swap(list.items[i], list.items[best]);
  std::swap(scores[i], scores[best]);
}

}  // namespace

AlphaBeta::AlphaBeta(const AlphaBetaParams& p, Side searcher, const CombatBelief& belief,
                     TranspositionTable& tt)
    : p_(p), searcher_(searcher), belief_(belief), tt_(tt) {
  undo_.reserve(kMaxSearchPly);
}

int AlphaBeta::evaluate(const State& w, const eval::ValueWeights* weights) {
  const double red =
      weights ? eval::linear_classic_value(w, weights->w) : eval::classic_value(w, 1.0);
  const int s = int(std::lround((2 * red - 1) * kScoreScale));
  return w.side_to_move() == kRed ? s : -s;
}

int AlphaBeta::terminal(const State& w, int ply) {
  const Winner win = w.result().winner;
  if (win != Winner::kRed && win != Winner::kBlue) return 0;
  const int s = kWinScore - std::min(ply, kMaxSearchPly);
  return win == winner_of(w.side_to_move()) ? s : -s;
}

bool AlphaBeta::hidden_target(const State& w, Move m, Side searcher, const IdentityMap& ids,
                              bool chance_nodes) {
  if (!chance_nodes || w.side_to_move() != searcher || !is_attack_type(m)) return false;
  const int to = m.to();
  const Piece t = w.at(to);
  return t != kNoPiece && piece_side(t) != searcher && ids[std::size_t(to)] >= 0 &&
         !(w.flags(to) & kRevealedFlag);
}

bool AlphaBeta::quiet_capture(const State& w, Move m, Side searcher, const IdentityMap& ids,
                              bool chance_nodes) {
  if (!m.is_normal()) return false;
  const Piece t = w.at(m.to());
  if (t == kNoPiece || piece_side(t) == w.side_to_move()) return false;
  if (hidden_target(w, m, searcher, ids, chance_nodes)) return false;
  return w.outcome_of(m) != Outcome::kDefenderWins;
}

void AlphaBeta::make(Move m) {
  Undo u;
  const MoveType t = m.type();
  if (t == MoveType::kNormal || t == MoveType::kAngerAttack) u.from = std::int16_t(m.from());
  if (t == MoveType::kNormal || t == MoveType::kAngerAttack || t == MoveType::kRanged ||
      t == MoveType::kRescue)
    u.to = std::int16_t(m.to());
  if (u.from >= 0) u.id_from = ids_[std::size_t(u.from)];
  if (u.to >= 0) u.id_to = ids_[std::size_t(u.to)];
  const Side mover = w_->side_to_move();
  w_->make(m);
  ++nodes_;
  // The identities follow the pieces: the enemy's mover takes its identity along; a square
  // the enemy no longer holds has none.
  if (u.from >= 0 && w_->at(u.from) == kNoPiece) ids_[std::size_t(u.from)] = -1;
  if (u.to >= 0) {
    const Piece p = w_->at(u.to);
    std::int8_t& id = ids_[std::size_t(u.to)];
    if (p == kNoPiece || piece_side(p) == searcher_ || t == MoveType::kRescue)
      id = -1;
    else if (mover != searcher_ && u.from >= 0)
      id = u.id_from;  // the enemy's piece moved (and won, if it attacked)
  }
  undo_.push_back(u);
}

void AlphaBeta::unmake() {
  const Undo u = undo_.back();
  undo_.pop_back();
  w_->unmake();
  if (u.from >= 0) ids_[std::size_t(u.from)] = u.id_from;
  if (u.to >= 0) ids_[std::size_t(u.to)] = u.id_to;
}

bool AlphaBeta::out_of_budget() {
  if (!may_abort_) return false;
  if (aborted_) return true;
  if (limits_.nodes >= 0 && std::int64_t(nodes_) >= limits_.nodes) return aborted_ = true;
  if (nodes_ % kClockPeriod == 0) {
    if (limits_.stop && limits_.stop->load(std::memory_order_relaxed)) return aborted_ = true;
    if (limits_.timed && std::chrono::steady_clock::now() >= limits_.deadline)
      return aborted_ = true;
  }
  return false;
}

void AlphaBeta::score_moves(const MoveList& list, int* scores, std::uint16_t tt_move,
                            int ply) const {
  const State& w = *w_;
  const Side me = w.side_to_move();
  for (int i = 0; i < list.size; ++i) {
    const Move m = list[i];
    int& s = scores[i];
    if (tt_move != 0 && m.raw() == tt_move) {
      s = kTtMoveScore;
      continue;
    }
    const Piece t = is_attack_type(m) ? w.at(m.to()) : kNoPiece;
    if (t == kNoPiece || piece_side(t) == me) {
      s = order_.quiet(me, m, ply);
      continue;
    }
    const int attacker = kOrderValue[piece_kind(w.at(m.from()))];
    if (hidden_target(w, m, searcher_, ids_, p_.chance_nodes)) {
      // The victim's expected value under the belief.
      double v = 0;
      const int id = ids_[std::size_t(m.to())];
      for (Kind k : kAllKinds) v += belief_.prob(id, k) * kOrderValue[k];
      s = kChanceAttack + mvv_lva(int(std::min(v, 1000.0)), attacker);
      continue;
    }
    const int victim = kOrderValue[piece_kind(t)];
    if (!m.is_normal()) {
      s = kEvenAttack + mvv_lva(victim, attacker);
      continue;
    }
    switch (w.outcome_of(m)) {
      case Outcome::kAttackerWins:
        s = kWinningAttack + mvv_lva(victim, attacker);
        break;
      case Outcome::kBothRemoved:
        s = kEvenAttack + mvv_lva(victim, attacker);
        break;
      default:
        s = kLosingAttack + mvv_lva(victim, attacker);
    }
  }
}

int AlphaBeta::move_value(Move m, int child_depth, int alpha, int beta, int ply) {
  if (hidden_target(*w_, m, searcher_, ids_, p_.chance_nodes))
    return chance_value(m, child_depth, ply);
  make(m);
  const int v = child_depth > 0 ? -negamax(child_depth, -beta, -alpha, ply + 1)
                                : -quiesce(-beta, -alpha, ply + 1, 0);
  unmake();
  return v;
}

int AlphaBeta::chance_value(Move m, int child_depth, int ply) {
  CombatOutcome out[kNumKinds];
  const int to = m.to();
  const int n = combat_outcomes(*w_, to, ids_, belief_, out);
  double sum = 0;
  for (int i = 0; i < n; ++i) {
    const CombatOutcome& o = out[i];
    if (o.partner >= 0) swap_kinds(*w_, to, o.partner);
    make(m);
    const int v = child_depth > 0 ? -negamax(child_depth, -kInfinity, kInfinity, ply + 1)
                                  : -quiesce(-kInfinity, kInfinity, ply + 1, 0);
    unmake();
    if (o.partner >= 0) swap_kinds(*w_, to, o.partner);
    if (aborted_) return 0;
    sum += o.p * v;
  }
  return int(std::lround(sum));
}

int AlphaBeta::negamax(int depth, int alpha, int beta, int ply) {
  if (w_->over()) return terminal(*w_, ply);
  if (out_of_budget()) return 0;
  const int alpha0 = alpha;
  std::uint16_t tt_move = 0;
  const std::uint64_t key = w_->hash();
  if (const TtEntry* e = tt_.probe(key)) {
    tt_move = e->move;
    if (e->depth >= depth) {
      const int s = from_tt(e->score, ply);
      if (e->bound == Bound::kExact || (e->bound == Bound::kLower && s >= beta) ||
          (e->bound == Bound::kUpper && s <= alpha))
        return s;
    }
  }
  MoveList list;
  generate_moves(*w_, list);
  if (list.size == 0) return -(kWinScore - std::min(ply, kMaxSearchPly));  // C-7.2
  int scores[kMaxMoves];
  score_moves(list, scores, tt_move, ply);
  int best = -kInfinity;
  Move best_move;
  const Side me = w_->side_to_move();
  for (int i = 0; i < list.size; ++i) {
    pick(list, scores, i);
    const Move m = list[i];
    const int v = move_value(m, depth - 1, alpha, beta, ply);
    if (aborted_) return 0;
    if (v > best) {
      best = v;
      best_move = m;
    }
    if (v > alpha) alpha = v;
    if (alpha >= beta) {
      const Piece t = is_attack_type(m) ? w_->at(m.to()) : kNoPiece;
      if (t == kNoPiece) order_.cut_off(me, m, ply, depth);
      break;
    }
  }
  const Bound bound = best <= alpha0 ? Bound::kUpper : best >= beta ? Bound::kLower : Bound::kExact;
  tt_.store(key, depth, to_tt(best, ply), bound, best_move.raw());
  return best;
}

bool AlphaBeta::flag_in_danger(const State& w) {
  const Side me = w.side_to_move();
  const Bitboard flag = w.kind_bb(me, kFlag);
  return flag && (w.geometry().neighbours(flag) & w.movable_bb(other(me)));
}

int AlphaBeta::quiesce(int alpha, int beta, int ply, int qply) {
  if (w_->over()) return terminal(*w_, ply);
  if (out_of_budget()) return 0;
  MoveList list;
  generate_moves(*w_, list);
  if (list.size == 0) return -(kWinScore - std::min(ply, kMaxSearchPly));  // C-7.2
  const int stand = evaluate(*w_, p_.value_weights);
  if (qply >= p_.quiescence_plies) return stand;
  // With an enemy piece next to our flag, doing nothing is no option: every move is searched,
  // as a chess quiescence search answers a check.
  const bool danger = p_.flag_guard && flag_in_danger(*w_);
  if (!danger) {
    if (stand >= beta) return stand;
    alpha = std::max(alpha, stand);
  }
  int n = 0;
  int scores[kMaxMoves];
  if (danger) {
    score_moves(list, scores, 0, ply);
    n = list.size;
  } else {
    for (int i = 0; i < list.size; ++i) {
      const Move m = list[i];
      if (!quiet_capture(*w_, m, searcher_, ids_, p_.chance_nodes)) continue;
      list.items[n] = m;
      scores[n++] = mvv_lva(kOrderValue[piece_kind(w_->at(m.to()))],
                            kOrderValue[piece_kind(w_->at(m.from()))]);
    }
    list.size = n;
  }
  int best = danger ? -kInfinity : stand;
  for (int i = 0; i < n; ++i) {
    pick(list, scores, i);
    const Move m = list[i];
    int v = 0;
    if (hidden_target(*w_, m, searcher_, ids_, p_.chance_nodes)) {
      CombatOutcome out[kNumKinds];
      const int k = combat_outcomes(*w_, m.to(), ids_, belief_, out);
      double sum = 0;
      for (int j = 0; j < k && !aborted_; ++j) {
        if (out[j].partner >= 0) swap_kinds(*w_, m.to(), out[j].partner);
        make(m);
        sum += out[j].p * -quiesce(-kInfinity, kInfinity, ply + 1, qply + 1);
        unmake();
        if (out[j].partner >= 0) swap_kinds(*w_, m.to(), out[j].partner);
      }
      v = int(std::lround(sum));
    } else {
      make(m);
      v = -quiesce(-beta, -alpha, ply + 1, qply + 1);
      unmake();
    }
    if (aborted_) return 0;
    if (v > best) best = v;
    if (v > alpha) alpha = v;
    if (alpha >= beta) break;
  }
  return best;
}

WorldResult AlphaBeta::search(State& world, std::span<const Move> root, const WorldLimits& limits) {
  w_ = &world;
  ids_ = belief_.root_ids();
  undo_.clear();
  nodes_ = 0;
  limits_ = limits;
  aborted_ = false;
  order_.age();
  WorldResult result;
  result.scores.assign(root.size(), 0);
  // Root moves in order: first by the node's ordering, then by the last iteration's scores.
  std::vector<int> order(root.size());
  std::iota(order.begin(), order.end(), 0);
  {
    MoveList list;
    for (Move m : root) list.push(m);
    std::vector<int> s(root.size());
    score_moves(list, s.data(), 0, 0);
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return s[a] > s[b]; });
  }
  std::vector<int> it(root.size());
  for (int depth = 1; depth <= std::max(1, p_.max_depth); ++depth) {
    may_abort_ = depth > 1;
    int best = -kInfinity, best_index = order.front();
    for (int idx : order) {
      const int alpha = best == -kInfinity ? -kInfinity : best - p_.root_margin;
      const int v = move_value(root[std::size_t(idx)], depth - 1, alpha, kInfinity, 0);
      if (aborted_) break;
      it[std::size_t(idx)] = v;
      if (v > best) best = v, best_index = idx;
    }
    if (aborted_) break;
    result.scores = it;
    result.best = best_index;
    result.depth = depth;
    std::stable_sort(order.begin(), order.end(),
                     [&](int a, int b) { return it[std::size_t(a)] > it[std::size_t(b)]; });
    // A forced result, or nothing to choose: deeper would not change the choice.
    if (best >= kWinScore - kMaxSearchPly || best <= -(kWinScore - kMaxSearchPly) ||
        root.size() == 1)
      break;
  }
  result.nodes = nodes_;
  w_ = nullptr;
  return result;
}

int AlphaBeta::value(State& world, int depth) {
  w_ = &world;
  ids_ = belief_.root_ids();
  undo_.clear();
  limits_ = WorldLimits{};
  aborted_ = may_abort_ = false;
  int v = 0;
  for (int d = 1; d <= depth; ++d) v = negamax(d, -kInfinity, kInfinity, 0);
  if (depth <= 0) v = quiesce(-kInfinity, kInfinity, 0, 0);
  w_ = nullptr;
  return v;
}

}  // namespace stratego::search
