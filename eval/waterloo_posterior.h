// What a Waterloo player believes now, from a WaterlooBelief (tracker) and its current view:
// the hidden pieces, the identities they may have, exact marginals, independent samples of
// complete consistent assignments, the enemy's secret retreat sector, and determinizations --
// full WaterlooStates that give back the player's view exactly and the same legal actions, for
// the search to play on.
//
// The model: every consistent way to give the hidden pieces the army's units is equally likely
// (a unit that went face down while known counts apart from the unknown units of its identity,
// so the weights are those of uniform set-ups and of uniform choices of which face-down block
// comes back), and the hidden retreat sector is uniform over the sectors still possible. The
// prior is the set-up generator's (WaterlooState::random_setup shuffles the units before it
// picks the reserve and the squares, so given the classes shown, which identity is where is
// exchangeable; there are no human Waterloo set-ups to learn from); the opponent's choices are
// not used as evidence. Consistent means:
// the block's visible class (W-2), its weakening (a clipped heavy cavalry is at least one
// stronger than its clip, W-8.1), the counts of each army less what the view shows known, the
// set-up and reserve facts of the tracker (waterloo_belief.h), a commander-in-chief for a piece
// that left at the pursuit (W-13.5), no commander-in-chief in a melee that asks for Battle Lust
// (I-8). Pieces in the box (an army not set up yet) are included: they are what is left.
// Marginals and samples are exact: a counting programme per block (waterloo_count_sampler.h).
#pragma once

#include <Eigen/Core>
#include <array>
#include <memory>
#include <span>
#include <vector>

#include "engine/rng.h"
#include "engine/waterloo/state.h"
#include "eval/waterloo_belief.h"
#include "eval/waterloo_count_sampler.h"

namespace stratego::eval {

// A piece whose identity the viewer does not know.
struct HiddenPiece {
  waterloo::Army army = waterloo::Army::kFrench;
  waterloo::UnitClass shown = waterloo::UnitClass::kInfantry;  // the class on its back
  int damage = 0;                                              // its weakening (W-8.1)
  int square = -1;                                             // on the board, or -1
  int pile = -1;  // off the board: a waterloo::Pile; -1 and square -1: still in the box
  int block = 0;  // WaterlooIdentities block
};

class WaterlooPosterior {
 public:
  // Throws InputError, saying which block or sector, when no world fits what was observed.
  explicit WaterlooPosterior(const WaterlooBelief& belief);

  const WaterlooIdentities& identities() const { return *ids_; }
  const waterloo::WaterlooView& view() const { return view_; }
  const std::vector<HiddenPiece>& pieces() const { return pieces_; }
  // Units of each identity (WaterlooIdentities::all()) not known to the viewer: the column
  // sums of the marginals.
  const std::vector<int>& remaining() const { return remaining_; }
  // pieces() x identities: P(piece i is identity j). Rows sum to 1, columns to remaining().
  Eigen::MatrixXd marginals() const;

  // A consistent assignment drawn uniformly: the identity index of each piece.
  std::vector<int> sample(Rng& rng) const;
  void sample(Rng& rng, std::vector<int>& identity_of_piece) const;
  // True if some consistent assignment gives each piece the identity asked (-1: any).
  bool admits(const std::vector<int>& identity_of_piece) const;

  // The enemy's line-of-retreat sector (W-11.1): probabilities of sectors 0..2 while it is
  // drawn and hidden from the viewer, else all 0.
  std::array<double, 3> sector_probabilities() const { return sectors_; }
  bool sector_hidden() const { return sectors_[0] + sectors_[1] + sectors_[2] > 0; }
  int sample_sector(Rng& rng) const;  // -1 when not hidden

  // The referee's view of one world: the viewer's view with every hidden piece filled in.
  waterloo::WaterlooView full_view(const std::vector<int>& identity_of_piece, int sector) const;
  // A determinization: make_view(result, viewer) == view(), and the viewer's legal actions are
  // those of the true state. The second form overwrites `world` (no allocation when `world` is
  // a world of the same variant object without undo history, e.g. an earlier determinization),
  // for the search's samplers; safe to call from several threads with their own rng and world.
  waterloo::WaterlooState determinize(Rng& rng) const;
  void determinize(Rng& rng, waterloo::WaterlooState& world) const;

 private:
  struct Block {
    std::vector<int> pieces;     // indices into pieces_
    std::vector<int> column_id;  // identity of each counting column
    std::vector<std::uint64_t> masks;
    std::vector<int> counts;
    CountSampler sampler;
  };
  void build_block(const WaterlooBelief& belief, int b, const std::vector<Lineage>& lineage);
  void build_template();

  std::shared_ptr<const WaterlooIdentities> ids_;
  waterloo::WaterlooView view_;
  std::vector<HiddenPiece> pieces_;
  std::vector<int> pile_index_;           // index of a piece within its view pile
  std::vector<std::uint32_t> view_mask_;  // local types the view allows each piece
  std::vector<int> remaining_;
  std::vector<Block> blocks_;
  std::array<double, 3> sectors_{};
  // Fast determinization: a world built once; each sample permutes the hidden units' ids.
  std::shared_ptr<const waterloo::WaterlooState> template_;
  std::vector<waterloo::UnitState> slot_;           // per piece: its unit state there
  std::vector<std::vector<int>> unit_of_identity_;  // template ids of hidden units, per identity
};

// The whole history at once (tools, tests): `start` is the viewer's view before the first
// step, each step comes with the view after it. The views are needed, not only the steps: a
// set-up step does not say where the pieces went, and a known piece retreating face down is
// named by the view before the step.
waterloo::WaterlooState determinize(const waterloo::WaterlooView& start,
                                    std::span<const ViewedStep> history, Rng& rng);

}  // namespace stratego::eval
