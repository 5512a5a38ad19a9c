#include "heuristic/classic_rules_knowledge.h"

#include <algorithm>
#include <cstdlib>
#include <span>

#include "engine/error.h"

namespace stratego::heuristic {
namespace {

// How much likelier a Flag or Bomb is on an unmoved piece by how far it stands from its
// owner's back row: people put them at the back, and random set-ups lose nothing by it.
constexpr std::array<double, 4> kFlagRowPrior{1.0, 0.35, 0.12, 0.06};
constexpr std::array<double, 4> kBombRowPrior{1.0, 0.9, 0.7, 0.5};
constexpr int kFittingRounds = 12;

}  // namespace

void EnemyKnowledge::reset(std::shared_ptr<const Variant> v, Side me, RulesRisk risk) {
  variant_ = std::move(v);
  me_ = me;
  risk_ = risk;
  mask_.fill(0);
  for (auto& b : belief_) b.fill(0);
  for (Kind k : kAllKinds) remaining_[k] = variant_->army[k];
  tracker_.reset();
}

KindMask EnemyKnowledge::all_kinds() const {
  KindMask m = 0;
  for (Kind k : kAllKinds)
    if (variant_->army[k] > 0) m |= kind_bit(k);
  return m;
}

KindMask EnemyKnowledge::movable_kinds() const {
  KindMask m = 0;
  for (Kind k : kAllKinds)
    if (variant_->army[k] > 0 && variant_->can_move(k)) m |= kind_bit(k);
  return m;
}

void EnemyKnowledge::track_from(const View& view) {
  try {
    tracker_.emplace(view);
  } catch (const InputError&) {  // a view no army fits (a built position): the view alone
    tracker_.reset();
  }
  last_ = view;
}

void EnemyKnowledge::observe(const ObservedMove& m, const View& after) {
  if (!tracking_) return;
  try {
    if (tracker_) {
      tracker_->update(m, after);
    } else if (const std::optional<View> start = view_before_opening(m, after)) {
      tracker_.emplace(*start);
      tracker_->update(m, after);
    } else {
      return track_from(after);
    }
  } catch (const InputError&) {
    // A history the tracker cannot follow (it should not happen): go on from the view.
    return track_from(after);
  }
  last_ = after;
}

void EnemyKnowledge::update(const View& view, EvalMode mode) {
  if (tracking_ && (!tracker_ || !(view == last_)))
    track_from(view);  // first view, or another game's
  update_with(view, tracker_ ? &*tracker_ : nullptr, mode);
}

void EnemyKnowledge::update(const View& view, const eval::PieceTracker& tracker, EvalMode mode) {
  update_with(view, &tracker, mode);
}

void EnemyKnowledge::update_with(const View& view, const eval::PieceTracker* tracker,
                                 EvalMode mode) {
  const Side enemy = other(me_);
  const KindMask all = all_kinds(), movable = movable_kinds();
  for (int sq = 0; sq < variant_->geometry.num_squares(); ++sq) {
    const ViewSquare& vs = view.board[sq];
    if (vs.piece == kNoPiece || piece_side(vs.piece) != enemy) {
      mask_[sq] = 0;
      continue;
    }
    const Kind k = piece_kind(vs.piece);
    if (k != kUnknown) {
      mask_[sq] = kind_bit(k);
      continue;
    }
    const KindMask allowed = (vs.flags & kMovedFlag) ? movable : all;
    const int i = tracker ? tracker->piece_at(sq) : -1;
    const KindMask m = i >= 0 ? tracker->pieces()[std::size_t(i)].mask & allowed : 0;
    mask_[sq] = m ? m : allowed;
  }
  for (Kind k : kAllKinds)
    remaining_[k] = std::max(0, variant_->army[k] - int(view.captured_known[enemy][k]));
  compute_beliefs(view, mode);
}

void EnemyKnowledge::set_belief(int sq, const KindProbs& b) {
  belief_[sq] = b;
  class_[sq] = kNoClass;
}

// Each unknown piece gets a distribution over the kinds its set allows, fitted so that the
// expected number of pieces of each kind matches what the enemy has left (iterative
// proportional fitting: rows sum to one, columns to the remaining counts).
//
// Pieces whose rows start alike (the same set, the same distance from the back row) stay alike
// through the fitting, to the bit: the same operations on the same numbers. So each class of
// rows is fitted once; only the column sums go row by row, in the same order as one row at a
// time would. kReference puts every piece in a class of its own.
void EnemyKnowledge::compute_beliefs(const View& view, EvalMode mode) {
  const Side enemy = other(me_);
  const Variant& v = *variant_;
  std::array<double, kNumKinds> pool{};
  for (Kind k : kAllKinds) pool[k] = remaining_[k];
  std::array<int, kMaxSquares> rows{};
  int n = 0;
  class_.fill(kNoClass);
  for (int sq = 0; sq < v.geometry.num_squares(); ++sq) {
    const Piece p = view.board[sq].piece;
    if (p == kNoPiece || piece_side(p) != enemy) continue;
    const Kind k = piece_kind(p);
    if (k == kUnknown) {
      rows[n++] = sq;
      continue;
    }
    belief_[sq].fill(0);
    belief_[sq][k] = 1;
    pool[k] -= 1;
  }
  double total = 0;
  for (double& c : pool) total += (c = std::max(0.0, c));
  // Only the army's kinds: every other column is zero throughout (a speed-up, same sums).
  std::array<Kind, kNumKinds> kinds{};
  int num_kinds = 0;
  for (Kind k : kAllKinds)
    if (v.army[k] > 0) kinds[std::size_t(num_kinds++)] = k;
  const std::span<const Kind> present(kinds.data(), std::size_t(num_kinds));
  // The classes' rows (fitted in place of their pieces') and what sets each class apart.
  std::array<KindProbs, kMaxSquares> fit;
  std::array<std::uint32_t, kMaxSquares> key;
  classes_ = 0;
  for (int i = 0; i < n; ++i) {
    const int sq = rows[i];
    const int from_back = enemy == kBlue ? v.height - 1 - v.geometry.row(sq) : v.geometry.row(sq);
    const bool in_setup = from_back < v.setup_rows;
    const std::size_t prior_row = std::size_t(std::min(from_back, 3));
    const std::uint32_t row_key = mask_[sq] | (in_setup ? std::uint32_t(prior_row + 1) << 16 : 0);
    int c = mode == EvalMode::kFast ? 0 : classes_;  // kReference: always a class of its own
    while (c < classes_ && key[std::size_t(c)] != row_key) ++c;
    class_[sq] = std::uint8_t(c);
    if (c < classes_) continue;
    key[std::size_t(classes_++)] = row_key;
    KindProbs& w = fit[std::size_t(c)];
    double sum = 0;
    for (Kind k : kAllKinds) {
      double x = (mask_[sq] & kind_bit(k)) && pool[k] > 0 ? 1.0 : 0.0;
      if (x > 0 && k == kFlag) x = in_setup ? kFlagRowPrior[prior_row] : 0.05;
      if (x > 0 && k == kBomb)
        x = in_setup ? (prices_risk(risk_) ? 1.0 : kBombRowPrior[prior_row]) : 0.3;
      sum += (w[k] = x);
    }
    if (sum == 0)  // the counts say nothing that fits: any kind the set allows
      for (Kind k : kAllKinds) w[k] = (mask_[sq] & kind_bit(k)) ? 1.0 : 0.0;
  }
  const double scale = total > 0 ? n / total : 0;
  for (int round = 0; round <= kFittingRounds; ++round) {
    for (int c = 0; c < classes_; ++c) {
      KindProbs& w = fit[std::size_t(c)];
      double sum = 0;
      for (Kind k : present) sum += w[k];
      if (sum > 0)
        for (Kind k : present) w[k] /= sum;
    }
    if (round == kFittingRounds || scale == 0) break;
    std::array<double, kNumKinds> col{};
    for (int i = 0; i < n; ++i)
      for (Kind k : present) col[k] += fit[class_[rows[i]]][k];
    for (Kind k : present) {
      if (col[k] <= 0 || pool[k] <= 0) continue;
      const double f = pool[k] * scale / col[k];
      for (int c = 0; c < classes_; ++c) fit[std::size_t(c)][k] *= f;
    }
  }
  for (int i = 0; i < n; ++i) belief_[rows[i]] = fit[class_[rows[i]]];
}

}  // namespace stratego::heuristic
