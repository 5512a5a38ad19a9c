// eval::WaterlooBelief and its exact posterior behind the BeliefModel interface
// (belief_model.h). A piece's identity is one of WaterlooIdentities::all(): the columns are every
// identity of the enemy army and of the Prussians, a row is 0 outside its own block.
#include "engine/waterloo/notation.h"
#include "eval/belief_model.h"
#include "eval/waterloo_posterior.h"

namespace stratego::eval {
namespace {

std::string unit_name(const WaterlooIdentity& id) {
  return waterloo::unit_token(waterloo::SeenUnit{id.army, id.cls, std::int8_t(id.strength)});
}

// The enemy and Prussian pieces on the board whose identity the view shows: square, identity.
std::vector<std::pair<int, int>> shown_pieces(const waterloo::WaterlooView& v,
                                              const WaterlooIdentities& ids) {
  std::vector<std::pair<int, int>> out;
  for (int sq = 0; sq < v.geometry().num_squares(); ++sq) {
    const auto& u = v.board[std::size_t(sq)];
    if (!u || u->strength < 0 || !ids.hidden_army(u->army)) continue;
    const int column = ids.find(*u);
    if (column >= 0) out.push_back({sq, column});
  }
  return out;
}

class WaterlooBeliefModel final : public BeliefModel {
 public:
  explicit WaterlooBeliefModel(WaterlooBelief b) : belief_(std::move(b)) {}

  void observe(const SeenStep& step) override {
    const ViewedStep& s = std::get<ViewedStep>(step);
    belief_.observe(s.step, s.after);
  }

  BeliefTable marginals() const override { return belief_table(belief_.posterior()); }

  std::vector<int> sample(Rng& rng) const override {
    std::vector<int> out = belief_.posterior().sample(rng);
    for (const auto& [sq, column] : shown_pieces(belief_.view(), belief_.identities()))
      out.push_back(column);
    return out;
  }

  std::vector<int> truth(const TrueWorld& world, const BeliefTable& t) const override {
    const waterloo::WaterlooState& s = *std::get<const waterloo::WaterlooState*>(world);
    std::vector<int> out;
    for (const PieceBelief& b : t.pieces) {
      const int id = b.square >= 0 ? s.unit_at(b.square) : -1;
      if (id < 0) {
        out.push_back(-1);
        continue;
      }
      const waterloo::UnitInfo& u = s.unit_info(id);
      out.push_back(belief_.identities().find(u.army, u.cls, u.strength));
    }
    return out;
  }

  std::vector<SquareLook> board(const BeliefTable& t) const override {
    const waterloo::WaterlooView& v = belief_.view();
    const Geometry& g = geometry();
    std::vector<SquareLook> out(std::size_t(g.num_squares()));
    for (int sq = 0; sq < g.num_squares(); ++sq) {
      SquareLook& look = out[std::size_t(sq)];
      const auto& u = v.board[std::size_t(sq)];
      if (test(g.blocked(), sq)) {
        look.what = SquareLook::What::kBlocked;
        continue;
      }
      if (!u) continue;
      look.label = waterloo::unit_token(*u);
      if (!belief_.identities().hidden_army(u->army)) {
        look.what = SquareLook::What::kOwn;
        continue;
      }
      look.what = SquareLook::What::kEnemyKnown;
      for (std::size_t r = 0; r < t.pieces.size(); ++r)
        if (t.pieces[r].square == sq && !t.pieces[r].shown) {
          look.what = SquareLook::What::kEnemyOpen;
          look.row = int(r);
        }
    }
    return out;
  }

  const Geometry& geometry() const override { return belief_.view().geometry(); }
  Side viewer() const override { return belief_.viewer(); }
  std::string prior_source() const override {
    return "uniform over the set-ups that fit (no human Waterloo set-ups)";
  }

 private:
  WaterlooBelief belief_;
};

}  // namespace

BeliefTable belief_table(const WaterlooPosterior& post) {
  const WaterlooIdentities& ids = post.identities();
  const Eigen::MatrixXd m = post.marginals();
  BeliefTable out;
  const waterloo::Army enemy =
      ids.viewer() == kRed ? waterloo::Army::kFrench : waterloo::Army::kAllied;
  out.enemy = std::string(waterloo::kArmyNames[int(enemy)]) + " and " +
              std::string(waterloo::kArmyNames[int(waterloo::Army::kPrussian)]);
  out.whose = "the " + out.enemy;
  for (int j = 0; j < int(ids.all().size()); ++j) {
    out.names.push_back(ids.name(j));
    out.tokens.push_back(unit_name(ids.all()[std::size_t(j)]));
    out.groups.push_back(ids.all()[std::size_t(j)].block);
  }
  for (std::size_t i = 0; i < post.pieces().size(); ++i) {
    const HiddenPiece& h = post.pieces()[i];
    PieceBelief b;
    b.square = h.square;
    b.group = h.block;
    if (h.square < 0)
      b.place = std::string(waterloo::kArmyNames[int(h.army)]) + " " +
                (h.pile >= 0 ? std::string(waterloo::pile_key(h.pile)) : "not set up yet");
    int open = 0;
    for (Eigen::Index j = 0; j < m.cols(); ++j) {
      b.p.push_back(m(Eigen::Index(i), j));
      open += b.p.back() > 0;
    }
    b.known = open == 1;
    out.pieces.push_back(std::move(b));
  }
  for (const auto& [sq, column] : shown_pieces(post.view(), ids)) {
    PieceBelief b;
    b.square = sq;
    b.known = b.shown = true;
    b.group = ids.all()[std::size_t(column)].block;
    b.p.assign(ids.all().size(), 0.0);
    b.p[std::size_t(column)] = 1;
    out.pieces.push_back(std::move(b));
  }
  return out;
}

std::unique_ptr<BeliefModel> waterloo_belief_model(std::shared_ptr<const Variant> variant,
                                                   Side viewer) {
  return std::make_unique<WaterlooBeliefModel>(WaterlooBelief(std::move(variant), viewer));
}

std::unique_ptr<BeliefModel> waterloo_belief_model(const waterloo::WaterlooView& view) {
  return std::make_unique<WaterlooBeliefModel>(WaterlooBelief(view));
}

}  // namespace stratego::eval
