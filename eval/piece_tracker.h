// What one player of a classic-family game knows for certain about the opponent's pieces,
// from his own observation history (engine/view.h): every enemy piece is followed from its
// start square (its identity) through its moves, captures and rescues, with the set of kinds
// it can still be. The sets take in: the army and what has been captured or shown (C-2, C-5.6,
// C-8.2), a move means no Bomb or Flag unless the variant lets them move (C-8.3, V-3, V-4), a
// move of more than one square means a Scout (C-4.4, C-8.3; two squares straight in Ultimate
// Lightning: a Scout or a Captain, C-4.5), combat shows ranks (C-5.1) -- under V-6 a silent
// defence only tells what the outcome implies --, reaching the enemy back row with or without
// earning a rescue (V-5: a Scout never rescues) or winning there (V-4), a captured Flag ending
// the game (C-7.1), the Clone Wars powers (CW-3, CW-4). Then every set is narrowed to the kinds
// the piece has in at least one assignment that fits all counts (eval/assignment.h), so a piece
// is known as soon as elimination leaves it one kind.
//
// An observation history that no assignment fits throws InputError naming the observation.
// Not used as evidence: a game that ended by C-7.2 or C-7.3.
// Limit: when a V-5 rescue takes a piece from the face-down pile (V-6) the tracker commits to
// one face-down piece that can be the rescued kind and keeps the rest completable; the worlds
// it allows are all consistent, but worlds where another face-down piece was the one rescued
// are left out.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "engine/view.h"

namespace stratego::eval {

using KindMask = std::uint16_t;  // bit k: Kind k
constexpr KindMask kind_bit(Kind k) { return KindMask(1u << k); }
std::string describe_kinds(KindMask m);  // "scout or captain", "any of flag, bomb, spy"

struct EnemyPiece {
  int start = -1;   // start square (the identity); -1 if unknown (a view taken mid-game)
  int square = -1;  // where it stands, -1 once captured
  KindMask mask = 0;
  bool shown = false;   // its kind was shown to the viewer (combat, a long move, a rescue)
  bool silent = false;  // captured without its kind being shown (V-6): in the face-down pile
  bool moved = false;
  bool rescuer = false;  // has rescued (V-5)
  bool alive() const { return square >= 0; }
  bool known() const { return (mask & (mask - 1)) == 0; }
  Kind kind() const;  // the kind if known(), else kUnknown
};

class PieceTracker {
 public:
  // From a view at the start of a game, or any later view (pieces that moved before it then
  // have no start square, and pieces captured face down have no history).
  explicit PieceTracker(const View& start);

  // The next decision of the game as the viewer saw it, and the viewer's view right after it.
  // Throws InputError if the observation does not fit the pieces followed so far.
  void update(const ObservedMove& m, const View& after);

  const Variant& variant() const { return *variant_; }
  Side viewer() const { return viewer_; }
  Side enemy() const { return other(viewer_); }
  const std::vector<EnemyPiece>& pieces() const { return pieces_; }
  // Index into pieces() of the enemy piece on sq, or -1.
  int piece_at(int sq) const { return at_[std::size_t(sq)]; }
  // Observations applied so far.
  int observations() const { return observations_; }
  // Army counts of the enemy per kind (C-2).
  const std::array<int, kNumKinds>& army() const { return army_; }
  // Board occupancy after the last observation (both sides).
  Bitboard occupied() const { return occupied_; }
  Bitboard enemy_squares() const { return enemy_bb_; }
  // The game's latest plain moves (no attack, no other kind of decision), oldest first, at
  // most kQuietTailPlies: the history the chasing rule (C-6.2) reads, replayed into every
  // determinized world (eval/determinize.h).
  static constexpr std::size_t kQuietTailPlies = 64;
  const std::vector<Move>& quiet_tail() const { return quiet_tail_; }

  // Pieces whose kind is still open (alive or face down), their masks and the counts of the
  // kinds not taken by known pieces.
  std::vector<int> unknown_pieces() const;
  std::array<int, kNumKinds> open_counts() const;

 private:
  [[noreturn]] void fail(const std::string& what) const;
  std::string describe(int i) const;
  Bitboard occupied_of(const View& view) const;
  void restrict(int i, KindMask allowed, const char* why);
  void fix(int i, Kind k, const char* why);
  void place(int i, int sq);
  void capture(int i);
  void own_attack(const ObservedMove& m, const View& after);
  void enemy_action(const ObservedMove& m, const View& after);
  void enemy_rescue(const ObservedMove& m);
  void arrived_on_back_row(int i, const View& after);
  void narrow();

  std::shared_ptr<const Variant> variant_;
  Side viewer_ = kRed;
  std::array<int, kNumKinds> army_{};
  KindMask all_ = 0;  // the kinds of the army
  std::vector<EnemyPiece> pieces_;
  std::array<std::int8_t, kMaxSquares> at_{};
  Bitboard occupied_ = 0, enemy_bb_ = 0;
  int observations_ = 0;
  std::vector<Move> quiet_tail_;
  int anger_wins_ = 0;        // CW-3: the viewer's pending Anger chain, from the last view
  int enemy_anger_wins_ = 0;  // the same for the enemy's chain
  int pending_rescuer_ = -1;  // V-5: the square of the piece that earned a pending rescue
  bool result_over_ = false;
  bool dirty_ = false;   // masks or counts changed since the last narrow()
  std::string current_;  // the observation being applied, for error messages
};

}  // namespace stratego::eval
