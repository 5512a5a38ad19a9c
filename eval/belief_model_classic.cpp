// eval::Belief behind the BeliefModel interface (belief_model.h).
#include "engine/board_text.h"
#include "eval/belief_model.h"

namespace stratego::eval {
namespace {

// The tracker's pieces the view hides (on the board with their kind unseen, or captured face
// down, V-6), then those it shows on the board.
std::vector<int> table_rows(const Belief& b) {
  const PieceTracker& t = b.tracker();
  const View& v = b.view();
  std::vector<int> out, shown;
  for (int i = 0; i < int(t.pieces().size()); ++i) {
    const EnemyPiece& p = t.pieces()[std::size_t(i)];
    const bool on_board_hidden =
        p.alive() && piece_kind(v.board[std::size_t(p.square)].piece) == kUnknown;
    if (on_board_hidden || (!p.alive() && p.silent))
      out.push_back(i);
    else if (p.alive())
      shown.push_back(i);
  }
  out.insert(out.end(), shown.begin(), shown.end());
  return out;
}

class ClassicBeliefModel final : public BeliefModel {
 public:
  ClassicBeliefModel(const View& start, const BeliefOptions& o,
                     std::shared_ptr<const SetupModel> prior)
      : belief_(start, o, std::move(prior)) {}

  void observe(const SeenStep& step) override {
    const ClassicSeen& s = std::get<ClassicSeen>(step);
    belief_.update(s.step, s.after);
  }

  BeliefTable marginals() const override { return belief_table(belief_, belief_.marginals()); }

  std::vector<int> sample(Rng& rng) const override {
    BeliefSampler sampler(belief_, rng.next());
    const std::vector<Kind>& kinds = sampler.sample_kinds();
    const std::vector<Kind>& columns = sampler.marginals().kinds;
    std::vector<int> out;
    for (int i : table_rows(belief_))
      out.push_back(
          int(std::find(columns.begin(), columns.end(), kinds[std::size_t(i)]) - columns.begin()));
    return out;
  }

  std::vector<int> truth(const TrueWorld& world, const BeliefTable& t) const override {
    const State& s = *std::get<const State*>(world);
    std::vector<int> out;
    for (const PieceBelief& b : t.pieces) {
      int column = -1;
      if (b.square >= 0) {
        const std::string name(kind_name(piece_kind(s.at(b.square))));
        for (std::size_t j = 0; j < t.names.size(); ++j)
          if (t.names[j] == name) column = int(j);
      }
      out.push_back(column);
    }
    return out;
  }

  std::vector<SquareLook> board(const BeliefTable& t) const override {
    const View& v = belief_.view();
    const Geometry& g = geometry();
    const PieceTracker& tracker = belief_.tracker();
    std::vector<SquareLook> out(std::size_t(g.num_squares()));
    for (int sq = 0; sq < g.num_squares(); ++sq) {
      SquareLook& look = out[std::size_t(sq)];
      const Piece pc = v.board[std::size_t(sq)].piece;
      if (test(g.blocked(), sq)) {
        look.what = SquareLook::What::kBlocked;
      } else if (pc != kNoPiece && piece_side(pc) == v.viewer) {
        look.what = SquareLook::What::kOwn;
        look.label = kind_code(piece_kind(pc));
      } else if (pc != kNoPiece) {
        const int i = tracker.piece_at(sq);
        if (i >= 0 && tracker.pieces()[std::size_t(i)].known()) {
          look.what = SquareLook::What::kEnemyKnown;
          look.label = kind_code(tracker.pieces()[std::size_t(i)].kind());
        } else {
          look.what = SquareLook::What::kEnemyOpen;
          for (std::size_t r = 0; r < t.pieces.size(); ++r)
            if (t.pieces[r].square == sq && !t.pieces[r].shown) look.row = int(r);
        }
      }
    }
    return out;
  }

  const Geometry& geometry() const override { return belief_.view().variant->geometry; }
  Side viewer() const override { return belief_.view().viewer; }
  std::string prior_source() const override { return belief_.prior().source(); }

 private:
  Belief belief_;
};

}  // namespace

BeliefTable belief_table(const Belief& b, const Marginals& m) {
  const PieceTracker& t = b.tracker();
  BeliefTable out;
  out.enemy = side_name(t.enemy());
  out.whose = out.enemy + "'s";
  for (Kind k : m.kinds) {
    out.names.emplace_back(kind_name(k));
    out.tokens.emplace_back(kind_name(k));
    out.groups.push_back(0);
  }
  out.converged = m.converged;
  out.max_error = m.max_error;
  for (int i : table_rows(b)) {
    const EnemyPiece& p = t.pieces()[std::size_t(i)];
    PieceBelief row;
    row.shown = p.alive() && piece_kind(b.view().board[std::size_t(p.square)].piece) != kUnknown;
    row.square = p.square;
    if (!p.alive()) row.place = "captured face down";
    row.start = p.start;
    row.moved = p.moved;
    row.known = p.known();
    for (Kind k : m.kinds) row.p.push_back(m.prob(t, i, k));
    out.pieces.push_back(std::move(row));
  }
  return out;
}

std::unique_ptr<BeliefModel> classic_belief_model(const View& start, const BeliefOptions& o,
                                                  std::shared_ptr<const SetupModel> prior) {
  return std::make_unique<ClassicBeliefModel>(start, o, std::move(prior));
}

}  // namespace stratego::eval
