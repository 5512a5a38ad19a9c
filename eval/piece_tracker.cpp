#include "eval/piece_tracker.h"

#include <bit>
#include <cstdlib>

#include "engine/combat.h"
#include "engine/error.h"
#include "engine/move_text.h"
#include "eval/assignment.h"

namespace stratego::eval {

std::string describe_kinds(KindMask m) {
  std::string out;
  const int n = std::popcount(unsigned(m));
  int i = 0;
  for (Kind k : kAllKinds) {
    if (!(m & kind_bit(k))) continue;
    if (i > 0) out += (i == n - 1) ? " or " : ", ";
    out += kind_name(k);
    ++i;
  }
  return n == 0 ? std::string("nothing") : out;
}

Kind EnemyPiece::kind() const {
  return known() && mask ? Kind(std::countr_zero(unsigned(mask))) : kUnknown;
}

namespace {

KindMask army_mask(const std::array<int, kNumKinds>& army) {
  KindMask m = 0;
  for (Kind k : kAllKinds)
    if (army[k] > 0) m |= kind_bit(k);
  return m;
}

KindMask immobile_mask(const Variant& v) {
  KindMask m = 0;
  for (Kind k : kAllKinds)
    if (!v.can_move(k)) m |= kind_bit(k);
  return m;
}

}  // namespace

PieceTracker::PieceTracker(const View& start)
    : variant_(start.variant), viewer_(start.viewer), army_(start.variant->army) {
  at_.fill(-1);
  current_ = "the start view";
  const Variant& v = *variant_;
  const Side en = enemy();
  const KindMask all = all_ = army_mask(army_), immobile = immobile_mask(v);
  for (int sq = 0; sq < v.geometry.num_squares(); ++sq) {
    const ViewSquare& vs = start.board[std::size_t(sq)];
    if (vs.piece == kNoPiece) continue;
    occupied_ |= square_bb(sq);
    if (piece_side(vs.piece) != en) continue;
    EnemyPiece p;
    p.moved = vs.flags & kMovedFlag;
    p.rescuer = vs.flags & kRescuerFlag;
    p.start = p.moved ? -1 : sq;
    const Kind k = piece_kind(vs.piece);
    p.shown = k != kUnknown;
    p.mask = p.shown ? kind_bit(k) : KindMask(p.moved ? all & ~immobile : all);
    pieces_.push_back(p);
    place(int(pieces_.size()) - 1, sq);
  }
  for (Kind k : kAllKinds)
    for (int n = 0; n < start.captured_known[en][k]; ++n) {
      EnemyPiece p;
      p.mask = kind_bit(k);
      p.shown = true;
      pieces_.push_back(p);
    }
  // A piece captured face down (V-6) is no Flag unless taking it is what won the game.
  const bool flag_taken =
      start.result.winner == winner_of(viewer_) && start.result.reason == EndReason::kFlagCaptured;
  for (int n = 0; n < start.captured_unknown[en]; ++n) {
    EnemyPiece p;
    p.mask = flag_taken ? all : KindMask(all & ~kind_bit(kFlag));
    p.silent = true;
    pieces_.push_back(p);
  }
  if (int(pieces_.size()) != v.army_size())
    fail("the view holds " + std::to_string(pieces_.size()) + " " + std::string(side_name(en)) +
         " pieces on the board and captured, but the army has " + std::to_string(v.army_size()));
  anger_wins_ = start.side_to_move == viewer_ ? start.anger_wins : 0;
  pending_rescuer_ = start.pending_rescue ? start.rescuer_square : -1;
  result_over_ = start.result.over();
  narrow();
}

void PieceTracker::fail(const std::string& what) const {
  throw InputError(current_ + ": impossible for " + std::string(side_name(viewer_)) + ": " + what);
}

std::string PieceTracker::describe(int i) const {
  const EnemyPiece& p = pieces_[std::size_t(i)];
  const Geometry& g = variant_->geometry;
  std::string who = std::string(side_name(enemy())) + "'s piece";
  if (p.start >= 0) return who + " from " + g.square_name(p.start);
  if (p.square >= 0) return who + " on " + g.square_name(p.square);
  return who + " captured face down";
}

void PieceTracker::restrict(int i, KindMask allowed, const char* why) {
  EnemyPiece& p = pieces_[std::size_t(i)];
  const KindMask m = KindMask(p.mask & allowed);
  if (m == 0)
    fail(describe(i) + " can only be " + describe_kinds(p.mask) + ", but " + why + " " +
         describe_kinds(KindMask(allowed & all_)));
  if (m != p.mask) {
    p.mask = m;
    dirty_ = true;
  }
}

void PieceTracker::fix(int i, Kind k, const char* why) {
  restrict(i, kind_bit(k), why);
  pieces_[std::size_t(i)].shown = true;
}

void PieceTracker::place(int i, int sq) {
  EnemyPiece& p = pieces_[std::size_t(i)];
  if (p.square >= 0) {
    at_[std::size_t(p.square)] = -1;
    enemy_bb_ &= ~square_bb(p.square);
  }
  p.square = sq;
  at_[std::size_t(sq)] = std::int8_t(i);
  enemy_bb_ |= square_bb(sq);
}

void PieceTracker::capture(int i) {
  EnemyPiece& p = pieces_[std::size_t(i)];
  at_[std::size_t(p.square)] = -1;
  enemy_bb_ &= ~square_bb(p.square);
  p.square = -1;
  dirty_ = true;
}

void PieceTracker::update(const ObservedMove& m, const View& after) {
  ++observations_;
  current_ = "observation " + std::to_string(observations_) + " (" +
             move_to_text(m.move, variant_->geometry) + ")";
  if (after.viewer != viewer_) fail("the view after it belongs to the other player");
  if (m.move.is_normal() && !m.attack) {
    if (quiet_tail_.size() == kQuietTailPlies) quiet_tail_.erase(quiet_tail_.begin());
    quiet_tail_.push_back(m.move);
  } else {
    quiet_tail_.clear();
  }
  const bool by_enemy = m.mover == enemy();
  switch (m.move.type()) {
    case MoveType::kRescue:
      if (by_enemy) enemy_rescue(m);
      break;
    case MoveType::kDeclineRescue:
    case MoveType::kAngerStop:
      break;
    default:
      if (by_enemy) {
        enemy_action(m, after);
      } else if (m.attack) {
        own_attack(m, after);
      }
  }
  // The view after the decision must show the enemy pieces where they were followed to, with
  // every kind it shows; it also gives the occupancy and the follow-up decisions.
  Bitboard occupied = 0, enemy_squares = 0;
  for (int sq = 0; sq < variant_->geometry.num_squares(); ++sq) {
    const Piece pc = after.board[std::size_t(sq)].piece;
    if (pc == kNoPiece) continue;
    occupied |= square_bb(sq);
    if (piece_side(pc) != enemy()) continue;
    enemy_squares |= square_bb(sq);
    const int i = at_[std::size_t(sq)];
    if (i >= 0 && piece_kind(pc) != kUnknown && !pieces_[std::size_t(i)].shown)
      fix(i, piece_kind(pc), "the view shows it as");
  }
  if (enemy_squares != enemy_bb_)
    fail("the view after it shows " + std::string(side_name(enemy())) +
         "'s pieces on other squares than the moves put them");
  occupied_ = occupied;
  anger_wins_ = after.side_to_move == viewer_ ? after.anger_wins : 0;
  enemy_anger_wins_ = after.side_to_move == enemy() ? after.anger_wins : 0;
  pending_rescuer_ = after.pending_rescue ? after.rescuer_square : -1;
  result_over_ = after.result.over();
  if (dirty_) narrow();
}

void PieceTracker::enemy_action(const ObservedMove& m, const View& after) {
  const Geometry& g = variant_->geometry;
  const Variant& v = *variant_;
  const MoveType type = m.move.type();
  const int from = m.move.from(), to = m.move.to();
  const int i = at_[std::size_t(from)];
  if (i < 0)
    fail("no " + std::string(side_name(enemy())) + " piece stands on " + g.square_name(from));
  if (type != MoveType::kRanged) pieces_[std::size_t(i)].moved = true;
  if (m.mover_kind != kUnknown) {
    fix(i, m.mover_kind, "it was shown as");
  } else {
    // Only a normal move can leave the mover hidden: a move is no Bomb or Flag (C-8.3, V-3,
    // V-4), and a two-square straight move in Ultimate Lightning is a Scout or a Captain
    // (longer moves reveal the Scout, engine move_reveals()).
    restrict(i, KindMask(~immobile_mask(v)), "having moved, it is");
    const int dist = std::abs(g.col(from) - g.col(to)) + std::abs(g.row(from) - g.row(to));
    if (dist >= 2)
      restrict(
          i,
          KindMask(kind_bit(kScout) | (v.captain_two_step && dist == 2 ? kind_bit(kCaptain) : 0)),
          "moving two squares or more, it is");
  }
  if (m.attack) {
    const Kind ak = pieces_[std::size_t(i)].kind();
    const int bonus = type == MoveType::kAngerAttack ? anger_bonus(ak, enemy_anger_wins_) : 0;
    if (ak != kUnknown && m.target_kind != kUnknown &&
        resolve_combat(ak, m.target_kind, v, bonus) != m.outcome)
      fail("the combat's outcome does not follow from the ranks shown (C-5)");
    if (m.outcome != Outcome::kAttackerWins) {
      capture(i);
      return;
    }
  }
  if (type == MoveType::kRanged) return;  // CW-4: the attacker stays where it is
  place(i, to);
  if (g.row(to) == v.back_row(viewer_)) arrived_on_back_row(i, after);
}

void PieceTracker::arrived_on_back_row(int i, const View& after) {
  const Variant& v = *variant_;
  EnemyPiece& p = pieces_[std::size_t(i)];
  // The back-row rules (V-4, V-5) run only if the move's combat did not end the game.
  const Result r = after.result;
  if (r.reason == EndReason::kFlagCaptured || r.reason == EndReason::kNoMovablePieces) return;
  if (v.moving_flag) {
    if (r.reason == EndReason::kFlagReachedBack) {
      fix(i, kFlag, "winning by V-4, it is");
      return;
    }
    restrict(i, KindMask(~kind_bit(kFlag)), "the game went on (V-4), so it is");
  }
  if (!v.rescue || p.known()) return;
  if (after.pending_rescue) {
    restrict(i, KindMask(~kind_bit(kScout)), "earning a rescue (V-5: never a Scout), it is");
    return;
  }
  // No rescue although every other condition of V-5 holds: only a Scout earns none. (A face-
  // down pile alone does not tell whether a non-Bomb is there to rescue: then no conclusion.)
  const Side en = enemy();
  int face_up_non_bombs = 0;
  for (Kind k : kAllKinds)
    if (k != kBomb) face_up_non_bombs += after.captured_known[en][k];
  const bool at_limit = v.move_limit > 0 && after.moves_played >= v.move_limit;
  if (!p.rescuer && after.rescues_used[en] < v.rescue_limit && !at_limit &&
      (v.setup_zone(en) & ~occupied_of(after)) != 0 && face_up_non_bombs > 0)
    fix(i, kScout, "earning no rescue on the back row (V-5), it is");
}

Bitboard PieceTracker::occupied_of(const View& view) const {
  Bitboard b = 0;
  for (int sq = 0; sq < variant_->geometry.num_squares(); ++sq)
    if (view.board[std::size_t(sq)].piece != kNoPiece) b |= square_bb(sq);
  return b;
}

void PieceTracker::own_attack(const ObservedMove& m, const View& after) {
  const Variant& v = *variant_;
  const int to = m.move.to();
  const int j = at_[std::size_t(to)];
  if (j < 0)
    fail("the attack on " + v.geometry.square_name(to) + " finds no " +
         std::string(side_name(enemy())) + " piece there");
  const Kind ak = m.mover_kind;
  if (ak == kUnknown) fail("the viewer's own attacker is not named");
  const int bonus = m.move.type() == MoveType::kAngerAttack ? anger_bonus(ak, anger_wins_) : 0;
  if (m.target_kind != kUnknown) {
    fix(j, m.target_kind, "combat showed it as");
    if (resolve_combat(ak, m.target_kind, v, bonus) != m.outcome)
      fail("the combat's outcome does not follow from the ranks shown (C-5)");
  } else {
    // V-6: the defender stays silent; the outcome tells what it can have been.
    KindMask fits = 0;
    for (Kind k : kAllKinds)
      if (resolve_combat(ak, k, v, bonus) == m.outcome) fits |= kind_bit(k);
    restrict(j, fits, "the outcome of its silent defence (V-6) says it is");
    if (m.outcome == Outcome::kAttackerWins) {
      // Taking the Flag ends the game (C-7.1); a game that goes on took something else.
      if (after.result.winner == winner_of(viewer_) &&
          after.result.reason == EndReason::kFlagCaptured)
        restrict(j, kind_bit(kFlag), "the game was won by taking it, so it is");
      else
        restrict(j, KindMask(~kind_bit(kFlag)), "the game went on after it was taken, so it is");
    }
  }
  if (m.outcome != Outcome::kDefenderWins) {
    pieces_[std::size_t(j)].silent = m.target_kind == kUnknown;
    capture(j);
  }
}

void PieceTracker::enemy_rescue(const ObservedMove& m) {
  const Kind k = m.move.rescued_kind();
  const int to = m.move.to();
  if (pending_rescuer_ >= 0 && at_[std::size_t(pending_rescuer_)] >= 0)
    pieces_[std::size_t(at_[std::size_t(pending_rescuer_)])].rescuer = true;
  // The engine takes a face-up piece of that kind first (engine/state.cpp, make_rescue).
  int chosen = -1;
  for (int i = 0; i < int(pieces_.size()) && chosen < 0; ++i) {
    const EnemyPiece& p = pieces_[std::size_t(i)];
    if (!p.alive() && !p.silent && p.mask == kind_bit(k)) chosen = i;
  }
  if (chosen < 0) {
    // From the face-down pile: commit to a face-down piece that can be k, keeping the rest
    // completable (see the header for what this leaves out).
    std::vector<int> open = unknown_pieces();
    std::vector<IdMask> masks;
    const auto counts = open_counts();
    for (int i = 0; i < int(pieces_.size()) && chosen < 0; ++i) {
      const EnemyPiece& p = pieces_[std::size_t(i)];
      if (p.alive() || !p.silent || !(p.mask & kind_bit(k))) continue;
      if (p.known()) {
        chosen = i;
        break;
      }
      masks.clear();
      std::array<int, kNumKinds> c = counts;
      for (int o : open) {
        if (o == i) continue;
        masks.push_back(pieces_[std::size_t(o)].mask);
      }
      --c[k];
      if (HallIndex(masks, std::span<const int>(c.data(), c.size())).feasible()) chosen = i;
    }
  }
  if (chosen < 0)
    fail(std::string(side_name(enemy())) + " rescues a " + std::string(kind_name(k)) +
         ", but no captured piece of theirs can be one");
  EnemyPiece& p = pieces_[std::size_t(chosen)];
  p.mask = kind_bit(k);
  p.shown = true;
  p.silent = false;
  p.moved = false;
  p.rescuer = false;  // (its start square stays: the identity whose kind it was)
  place(chosen, to);
  dirty_ = true;
}

std::vector<int> PieceTracker::unknown_pieces() const {
  std::vector<int> out;
  for (int i = 0; i < int(pieces_.size()); ++i)
    if (!pieces_[std::size_t(i)].known()) out.push_back(i);
  return out;
}

std::array<int, kNumKinds> PieceTracker::open_counts() const {
  std::array<int, kNumKinds> c = army_;
  for (const EnemyPiece& p : pieces_)
    if (p.known()) --c[p.kind()];
  return c;
}

void PieceTracker::narrow() {
  dirty_ = false;
  const auto counts = open_counts();
  for (Kind k : kAllKinds)
    if (counts[k] < 0)
      fail("more " + std::string(kind_name(k)) + "s are known than the army has (" +
           std::to_string(army_[k]) + ")");
  const std::vector<int> open = unknown_pieces();
  std::vector<IdMask> masks;
  masks.reserve(open.size());
  for (int i : open) masks.push_back(pieces_[std::size_t(i)].mask);
  HallViolation why;
  if (!narrow_masks(masks, std::span<const int>(counts.data(), counts.size()), &why)) {
    if (why.ids == 0) fail("the kinds left do not add up to the pieces left");
    fail(std::to_string(why.pieces) + " of " + std::string(side_name(enemy())) +
         "'s pieces can only be " + describe_kinds(KindMask(why.ids)) + ", but only " +
         std::to_string(why.capacity) + " such pieces remain");
  }
  for (std::size_t n = 0; n < open.size(); ++n)
    pieces_[std::size_t(open[n])].mask = KindMask(masks[n]);
}

}  // namespace stratego::eval
