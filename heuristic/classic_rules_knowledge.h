// What the classic-family `rules` judgement believes about the enemy's pieces: for every enemy
// piece the set of kinds it can still be, and a belief over those kinds that also respects how
// many of each kind the enemy still has and where people put Flags and Bombs.
// The sets are eval::PieceTracker's (the one reading of the rules about what an observation
// shows: a moved piece is no Bomb or Flag, a silent defence (V-6) that survives is higher or a
// Bomb, a two-square move in Ultimate Lightning shows "Scout or Captain", elimination over the
// counts, ...), fed by observe(). update() lines them up with the view (pieces revealed, pieces
// seen moving); without observations (a game joined midway, a play-out position) the sets are
// what the view alone shows.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>

#include "engine/view.h"
#include "eval/piece_tracker.h"

namespace stratego::heuristic {

using eval::kind_bit;
using eval::KindMask;  // bit k set: the piece may be of kind k
using KindProbs = std::array<double, kNumKinds>;

// kFast takes shortcuts that give the very same numbers, bit for bit; kReference takes none:
// the slow obvious version the tests hold the fast one to (classic_rules_eval.h says which).
enum class EvalMode { kFast, kReference };

// How the judgement prices the risk of an attack on a piece it cannot see (option risk= of the
// `rules` and `ismcts` bots), as the sum of independent bits. 0 is the judgement as it was.
// 1 (kOn, classic_rules_eval.h says what it does): an unmoved piece is a Bomb about as likely
// on the front row as at the back (the row prior of the belief is flat for Bombs), since people
// are not the only opponents. 2 (kPatient): flag patience (classic_rules_eval.cpp kFlagPatience:
// a dear attacker counts a quarter of the chance that an unmoved piece is the Flag). 4
// (kBombWalls): an enemy piece is a danger to our flag by its own way there, and our Bombs are
// walls to every kind but the Miner (C-5.4). 8 (kBombGuard): a Bomb next to our flag wants a
// guard next to it while an enemy piece that may take it (a Miner, C-5.4) is near
// (classic_rules_bomb_guard.cpp).
enum class RulesRisk { kOff = 0, kOn = 1, kPatient = 2, kBombWalls = 4, kBombGuard = 8 };
constexpr int kMaxRisk = 15;  // every bit set
inline bool prices_risk(RulesRisk r) { return int(r) & int(RulesRisk::kOn); }
inline bool flag_patience(RulesRisk r) { return int(r) & int(RulesRisk::kPatient); }
inline bool bomb_walls(RulesRisk r) { return int(r) & int(RulesRisk::kBombWalls); }
inline bool bomb_guard(RulesRisk r) { return int(r) & int(RulesRisk::kBombGuard); }
constexpr RulesRisk kDefaultRisk = RulesRisk::kOff;

class EnemyKnowledge {
 public:
  void reset(std::shared_ptr<const Variant> v, Side me, RulesRisk risk = kDefaultRisk);
  // Off: no tracker, the sets are what each view shows (the search's play-outs, which judge a
  // fresh position at every ply and have no observations). On by default.
  void set_tracking(bool on) { tracking_ = on; }
  void observe(const ObservedMove& m, const View& after);
  // Lines the tracked sets up with `view` and computes every enemy piece's belief. A view
  // other than the last observed one starts the tracking again from it.
  void update(const View& view, EvalMode mode = EvalMode::kFast);
  // The same with another's tracker of this game, already at `view` (the search's belief): no
  // second tracker follows the game. observe() is then not needed.
  void update(const View& view, const eval::PieceTracker& tracker, EvalMode mode = EvalMode::kFast);

  KindMask mask(int sq) const { return mask_[sq]; }
  // The belief over kinds of the enemy piece on sq (valid after update()); a point mass for a
  // revealed piece.
  const KindProbs& belief(int sq) const { return belief_[sq]; }
  // Unrevealed enemy pieces whose beliefs were worked out together share a class (0, 1, ...),
  // and so share their belief to the bit; kNoClass for every other square. classes() counts
  // them.
  static constexpr std::uint8_t kNoClass = 0xff;
  std::uint8_t belief_class(int sq) const { return class_[sq]; }
  int classes() const { return classes_; }
  // Enemy pieces of kind k not seen captured (silent captures, V-6, are not subtracted).
  int remaining(Kind k) const { return remaining_[k]; }
  // After update(): replaces the belief about the unrevealed enemy piece on sq by a better
  // informed one (the search's, from the set-up prior and every observation, where this one
  // knows only the counts and a row prior); the square leaves its class, so the judgement works
  // its odds out alone.
  void set_belief(int sq, const KindProbs& b);

 private:
  KindMask all_kinds() const;
  KindMask movable_kinds() const;
  // The tracker started again from this view (none if no army fits it).
  void track_from(const View& view);
  void compute_beliefs(const View& view, EvalMode mode);
  void update_with(const View& view, const eval::PieceTracker* tracker, EvalMode mode);

  std::shared_ptr<const Variant> variant_;
  Side me_ = kRed;
  RulesRisk risk_ = kDefaultRisk;
  std::array<KindMask, kMaxSquares> mask_{};
  std::array<KindProbs, kMaxSquares> belief_{};
  std::array<std::uint8_t, kMaxSquares> class_{};
  int classes_ = 0;
  std::array<int, kNumKinds> remaining_{};
  bool tracking_ = true;
  std::optional<eval::PieceTracker> tracker_;  // from the observations, if any
  View last_;                                  // the view after the last observation
};

}  // namespace stratego::heuristic
