#include "eval/belief.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "eval/determinize.h"
#include "eval/ipf.h"

namespace stratego::eval {

BeliefOptions default_options(const Variant& v) {
  BeliefOptions o;
  o.structure = o.behaviour.idle = v.setup_fill;
  return o;
}

BeliefOptions counts_only_options() {
  BeliefOptions o;
  o.prior = false;
  o.structure = false;
  o.behaviour.idle = o.behaviour.approach = o.behaviour.flee = false;
  return o;
}

double Marginals::prob(const PieceTracker& t, int piece, Kind k) const {
  const EnemyPiece& e = t.pieces()[std::size_t(piece)];
  if (e.known()) return e.kind() == k ? 1.0 : 0.0;
  const auto row = std::find(pieces.begin(), pieces.end(), piece);
  const auto col = std::find(kinds.begin(), kinds.end(), k);
  if (row == pieces.end() || col == kinds.end()) return 0.0;
  return p(row - pieces.begin(), col - kinds.begin());
}

Belief::Belief(const View& start) : Belief(start, default_options(*start.variant)) {}

Belief::Belief(const View& start, BeliefOptions o, std::shared_ptr<const SetupModel> prior,
               std::shared_ptr<const SetupMixture> mixture)
    : o_(o),
      prior_(prior ? std::move(prior)
                   : std::make_shared<const SetupModel>(SetupModel::for_variant(*start.variant))),
      tracker_(start),
      behaviour_(o.behaviour, *start.variant, int(tracker_.pieces().size())),
      view_(start) {
  const Variant& v = *start.variant;
  for (Kind k : kAllKinds)
    if (v.army[k] > 0) kinds_.push_back(k);
  evidence_.assign(tracker_.pieces().size(), {});
  // At the very start, the squares of the enemy's zone left empty are part of its set-up too.
  if (start.moves_played == 0)
    for (int sq : squares(v.setup_zone(tracker_.enemy())))
      if (start.board[std::size_t(sq)].piece == kNoPiece) empty_frames_.push_back(frame(sq));
  if (o_.prior && o_.mixture) {
    mixture_ = mixture ? std::move(mixture) : SetupMixture::for_variant(v);
    // The mixture's shape must be the prior's (its parametric component is what beliefs use).
    if (mixture_ && (mixture_->parametric().symbols() != prior_->symbols() ||
                     mixture_->parametric().counts() != prior_->counts() ||
                     mixture_->parametric().zone_size() != prior_->zone_size()))
      mixture_.reset();
    condition_mixture();
  }
}

void Belief::condition_mixture() {
  if (!mixture_) return;
  const SetupModel& p = mixture_->parametric();
  std::vector<int> obs(std::size_t(p.zone_size()), -1);
  for (const EnemyPiece& q : tracker_.pieces())
    if (q.known() && q.start >= 0) obs[std::size_t(frame(q.start))] = p.symbol_index(q.kind());
  for (int e : empty_frames_) obs[std::size_t(e)] = p.symbol_index(kEmptySymbol);
  if (obs == observed_ && !posterior_.weights.empty()) return;
  observed_ = std::move(obs);
  posterior_ = condition(*mixture_, observed_,
                         o_.certain_copies ? Copies::kCertain : Copies::kNoisy, o_.unlike_people);
}

int Belief::frame(int sq) const {
  const Variant& v = tracker_.variant();
  const int row = v.geometry.row(sq);
  const int rel_row = tracker_.enemy() == kRed ? row : v.height - 1 - row;
  return rel_row * v.width + v.geometry.col(sq);
}

void Belief::update(const ObservedMove& m, const View& after) {
  behaviour_.observe(tracker_, view_, m);
  tracker_.update(m, after);
  view_ = after;
  condition_mixture();
}

void Belief::add_evidence(int piece, const std::array<double, kNumKinds>& log_likelihood) {
  if (piece < 0 || std::size_t(piece) >= evidence_.size())
    throw std::logic_error("add_evidence: no such piece");
  for (Kind k : kAllKinds) evidence_[std::size_t(piece)][k] += log_likelihood[k];
}

double Belief::prior_weight(int piece, Kind k) const {
  const EnemyPiece& p = tracker_.pieces()[std::size_t(piece)];
  if (!o_.prior || p.start < 0) return 1.0;
  const int f = frame(p.start);
  double w = prior_->marginal(f, k);
  double lift = 1;
  if (o_.structure && (k == kFlag || mixture_)) {
    for (const EnemyPiece& q : tracker_.pieces())
      if (q.known() && q.start >= 0) lift *= prior_->flag_lift(frame(q.start), q.kind(), f);
    for (int e : empty_frames_) lift *= prior_->flag_lift(e, kEmptySymbol, f);
  }
  if (!mixture_) return k == kFlag ? w * lift : w;
  // The parametric part as a distribution over kinds on f (the Flag lift renormalised), mixed
  // with the other components' predictive shares given f holds a piece.
  const double flag = prior_->marginal(f, kFlag);
  const double param = (k == kFlag ? w * lift : w) / (1 - flag + flag * lift);
  const int n = mixture_->parametric().num_symbols();
  const int empty = mixture_->parametric().symbol_index(kEmptySymbol);
  const double* row = &posterior_.others[std::size_t(f * n)];
  const double occupied = 1 - (empty >= 0 ? row[empty] : 0.0);
  const int idx = mixture_->parametric().symbol_index(k);
  const double other = occupied > 0 && idx >= 0 ? row[idx] / occupied : 0.0;
  return posterior_.parametric * param + (1 - posterior_.parametric) * other;
}

Eigen::MatrixXd Belief::weights() const {
  const std::vector<int> rows = tracker_.unknown_pieces();
  const int n = int(rows.size()), m = int(kinds_.size());
  Eigen::MatrixXd w = Eigen::MatrixXd::Zero(n, m);
  const Variant& v = tracker_.variant();
  for (int r = 0; r < n; ++r) {
    const int i = rows[std::size_t(r)];
    const KindMask mask = tracker_.pieces()[std::size_t(i)].mask;
    // The outside evidence's ceiling, so that its floor is relative to the kind it favours most.
    const auto& evidence = evidence_[std::size_t(i)];
    const bool floored = std::isfinite(o_.evidence_floor);
    double evidence_top = 0;
    if (floored) {
      evidence_top = -1e300;
      for (Kind k : kinds_)
        if (mask & kind_bit(k)) evidence_top = std::max(evidence_top, evidence[k]);
    }
    double top = -1e300;
    for (int c = 0; c < m; ++c) {
      const Kind k = kinds_[std::size_t(c)];
      if (!(mask & kind_bit(k))) continue;
      const double pw = prior_weight(i, k);
      const double lw =
          std::log(std::max(pw, 1e-300)) + behaviour_.log_likelihood(v, i, k) +
          (floored ? std::max(evidence[k] - evidence_top, -o_.evidence_floor) : evidence[k]);
      w(r, c) = lw;
      top = std::max(top, lw);
    }
    // Scale each row to a maximum of 1 (IPF undoes any row scale) and keep every allowed kind
    // above a floor, so that evidence can make a kind unlikely but never impossible.
    for (int c = 0; c < m; ++c)
      if (mask & kind_bit(kinds_[std::size_t(c)]))
        w(r, c) = std::max(std::exp(w(r, c) - top), 1e-12);
  }
  return w;
}

Marginals Belief::marginals() const {
  Marginals out;
  out.pieces = tracker_.unknown_pieces();
  out.kinds = kinds_;
  const auto counts = tracker_.open_counts();
  Eigen::VectorXd cols(kinds_.size());
  for (std::size_t c = 0; c < kinds_.size(); ++c) cols(Eigen::Index(c)) = counts[kinds_[c]];
  const BalanceResult r =
      balance(weights(), Eigen::VectorXd::Ones(Eigen::Index(out.pieces.size())), cols);
  out.p = r.matrix;
  out.sweeps = r.sweeps;
  out.max_error = r.max_error;
  out.converged = r.converged;
  return out;
}

BeliefSampler Belief::sampler(std::uint64_t seed) const { return BeliefSampler(*this, seed); }

namespace {

std::vector<IdMask> column_masks(const Marginals& mg, const PieceTracker& t) {
  std::vector<IdMask> masks;
  for (int i : mg.pieces) {
    IdMask m = 0;
    for (std::size_t c = 0; c < mg.kinds.size(); ++c)
      if (t.pieces()[std::size_t(i)].mask & kind_bit(mg.kinds[c])) m |= IdMask{1} << c;
    masks.push_back(m);
  }
  return masks;
}

std::vector<int> column_counts(const Marginals& mg, const PieceTracker& t) {
  const auto counts = t.open_counts();
  std::vector<int> cols;
  for (Kind k : mg.kinds) cols.push_back(counts[k]);
  return cols;
}

}  // namespace

std::optional<Marginals> Belief::exact_marginals(std::int64_t max_states) const {
  Marginals out;
  out.pieces = tracker_.unknown_pieces();
  out.kinds = kinds_;
  const auto p = eval::exact_marginals(weights(), column_masks(out, tracker_),
                                       column_counts(out, tracker_), max_states);
  if (!p) return std::nullopt;
  out.p = *p;
  return out;
}

namespace {

AssignmentSampler make_chain(const Marginals& mg, const PieceTracker& t, std::uint64_t seed) {
  return AssignmentSampler(mg.p, column_masks(mg, t), column_counts(mg, t), seed);
}

}  // namespace

BeliefSampler::BeliefSampler(const Belief& b, std::uint64_t seed)
    : tracker_(std::make_shared<const PieceTracker>(b.tracker_)),
      view_(b.view_),
      marginals_(b.marginals()),
      chain_(make_chain(marginals_, *tracker_, seed)) {
  kinds_.assign(tracker_->pieces().size(), kUnknown);
  for (std::size_t i = 0; i < kinds_.size(); ++i) kinds_[i] = tracker_->pieces()[i].kind();
}

const std::vector<Kind>& BeliefSampler::sample_kinds() {
  const std::vector<int>& a = chain_.next();
  for (std::size_t r = 0; r < a.size(); ++r)
    kinds_[std::size_t(marginals_.pieces[r])] = marginals_.kinds[std::size_t(a[r])];
  return kinds_;
}

State BeliefSampler::sample_state() { return determinize(view_, *tracker_, sample_kinds()); }

}  // namespace stratego::eval
