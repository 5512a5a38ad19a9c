// Belief tracking for one Stratego Waterloo player: what every enemy or Prussian piece whose
// identity the player does not know can still be, kept step by step from the player's own
// observations (engine/waterloo/observation.h) and views (view.h) -- exactly what a bot receives
// (Bot::observe). The view alone says most of it: the visible class, weakened blocks, what is
// revealed and captured (so what remains of each army), the reserves by class (W-15.3). What
// only the history says is where face-down blocks came from:
//  - a block held back at set-up is no commander or commander-in-chief (W-4.2); after the
//    early start the French reserve is exactly the listed 14 pieces (W-14.1, I-3);
//  - a block that went face down while the player knew it (a retreat R, a weakened heavy
//    cavalry taken off, a Prussian sent back to the pool) forgets its reveal (I-22) but is
//    still one of the blocks of that pile, or one of those placed from it since (W-15.3).
// Face-down piles are modelled as units, not guesses: each known unit that went face down is an
// "entry column" (one identity, a count) that only the blocks of that pile, and the blocks
// placed from it after it went in, may take; a block placed from a pile keeps the pile's
// columns and its unknown part (`Lineage`). A block later revealed gives back the latest column
// of its identity it could have been, which keeps every world that any choice would keep.
// Limits (each keeps the true world and may admit a few more): a hidden block going face down
// again (a recovering pile returning to the reserve, a weakened cavalry placed hidden and taken
// off) widens its pile to all it may be; past 48 columns in a block, columns of one identity
// merge; the opponent's choices (which block he moves or places) are not used as evidence.
// Prussian blocks are tracked for both players (W-9.1); the enemy's secret line-of-retreat
// sector is a variable of its own, ruled out sector by sector whenever two of the player's
// pieces stood on it after an action and the game went on (W-11.1).
//
// The posterior (waterloo_posterior.h) turns this and the current view into marginals, samples
// and full determinized states.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <vector>

#include "engine/waterloo/observation.h"
#include "eval/waterloo_identities.h"

namespace stratego::eval {

// What a hidden piece may be by its past: an identity of its block from the unknown pool (bit t
// of `types`, t a local type of the block) or one unit of an entry column (bit c of `cols`).
struct Lineage {
  std::uint64_t cols = 0;
  std::uint32_t types = 0;
  bool operator==(const Lineage&) const = default;
};

// Units of one identity (a local type) that went face down while the viewer knew them.
struct EntryColumn {
  int type = -1;  // -1: a free slot
  int count = 0;
  int joined = 0;  // when it joined its pile: a block revealed gives back its latest column
};

// One observed step with the viewer's view after it: what Bot::observe receives.
struct ViewedStep {
  waterloo::ObservedStep step;
  waterloo::WaterlooView after;
};

class WaterlooPosterior;

class WaterlooBelief {
 public:
  // Tracking from the start of a game of the variant (before the early-start choice, the draft
  // or the set-ups).
  WaterlooBelief(std::shared_ptr<const Variant> variant, Side viewer);
  // Tracking from any view without its history (a game joined late, a position): every face-
  // down block may then be anything its class allows.
  explicit WaterlooBelief(const waterloo::WaterlooView& view);

  // The next step the viewer observed and its view after it. Throws InputError naming the step
  // when it contradicts what was tracked (a piece withdrawn from an empty square, a revealed
  // identity the piece cannot have, every retreat sector ruled out); the tracker is then spent:
  // start again from the view (WaterlooBelief(view)), which knows less but is never wrong.
  void observe(const waterloo::ObservedStep& step, const waterloo::WaterlooView& after);

  const waterloo::WaterlooView& view() const { return view_; }
  Side viewer() const { return view_.viewer; }
  const WaterlooIdentities& identities() const { return *ids_; }
  std::shared_ptr<const WaterlooIdentities> identities_ptr() const { return ids_; }
  // Bit i: the enemy's line-of-retreat card may be sector i (meaningful while it is hidden).
  std::uint8_t possible_sectors() const { return sectors_; }

  // What the posterior reads: the lineage of a hidden piece by where it is.
  Lineage board_lineage(int sq, int block) const;
  Lineage pile_lineage(int block, int damage, waterloo::Pile pile) const;    // face-down piles
  std::vector<Lineage> kept_lineages(waterloo::Pile pile, int block) const;  // saved, left...
  const std::vector<EntryColumn>& columns(int block) const { return cols_[std::size_t(block)]; }
  Lineage general(int block) const { return {0, ids_->all_types(block)}; }

  WaterlooPosterior posterior() const;

 private:
  struct Bag {
    Lineage lin;
    // The column that entries of each type join until the next block leaves the pile (an
    // entry after that exit must not be takeable by the block that left).
    std::array<std::int8_t, 32> current{};
  };
  struct Kept {
    waterloo::Pile pile;
    int block;
    Lineage lin;
  };
  static int bag_key(int block, int damage, waterloo::Pile pile) {
    return (block * 16 + damage) * 8 + int(pile);
  }
  Bag& bag(int block, int damage, waterloo::Pile pile, const Lineage& fresh);
  void add_bags_for_view(const waterloo::WaterlooView& v);
  void setup_bags(Side side, const waterloo::WaterlooView& after);
  bool reveal(const Lineage& lin, int block, int type);  // false: it cannot be that type
  void enter(int block, int damage, waterloo::Pile pile, int known_type, const Lineage& lin);
  void restamp(int block, std::uint64_t cols);
  int new_column(int block, int type);
  void release_column(int block, int col);
  void compact(int block);
  void update_bags(const waterloo::WaterlooView& after);
  void update_sectors(const waterloo::WaterlooView& after);
  template <class F>
  void for_each_lineage(int block, F&& f);

  std::shared_ptr<const WaterlooIdentities> ids_;
  waterloo::WaterlooView view_;
  std::vector<std::vector<EntryColumn>> cols_;  // per block
  std::map<int, Bag> bags_;                     // face-down piles by bag_key
  std::array<Lineage, kMaxSquares> board_{};    // hidden pieces whose lineage is not general
  std::array<std::int8_t, kMaxSquares> board_block_{};
  Bitboard tracked_ = 0;
  std::vector<Kept> kept_;  // hidden pieces in the captured, saved and left piles
  std::uint8_t sectors_ = 7;
  int clock_ = 0;  // stamps EntryColumn::joined
};

}  // namespace stratego::eval
