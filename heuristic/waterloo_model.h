// What the Waterloo `rules` bot believes about a position, built from its own view only
// (W-15): every piece with the kinds it may be (an unrevealed piece is any unrevealed piece
// of its army that shows that class, W-2 and W-15.3), what each kind is worth to its side,
// the odds of a melee (W-5), and which enemy pieces can attack or fire at each square on
// their next action (W-3, W-6). The bot scores its actions with these; nothing here reads
// hidden truth, so the same code serves any opponent.
#pragma once

#include <array>

#include "engine/geometry.h"
#include "engine/waterloo/view.h"

namespace stratego::heuristic::wrules {

using waterloo::Army;
using waterloo::UnitClass;

constexpr double kWin = 1000.0;  // the value of winning the game now

// One thing a piece may be: its real class, its current strength, and how likely it is.
struct Kind {
  UnitClass cls = UnitClass::kInfantry;
  int strength = 0;
  double p = 1.0;
};

// Every kind a piece may be (an unrevealed LC-looking piece: light cavalry, commander or
// commander-in-chief; an unrevealed infantry piece: any strength still unseen).
struct Dist {
  int n = 0;
  std::array<Kind, 8> k{};
  void add(const Kind& x) {
    if (n < int(k.size())) k[std::size_t(n++)] = x;
  }
};

// The odds of one melee, summed over the kinds both pieces may be.
struct Odds {
  double win = 0, lose = 0;  // attacker wins / loses (a die face counts for its side)
  double gain = 0;           // expected value of the defender removed (win-weighted)
  double loss = 0;           // expected value of the attacker lost (lose-weighted)
};

class Model {
 public:
  // `me`: the side whose pieces the bot moves (the viewer).
  explicit Model(const waterloo::WaterlooView& v);

  const waterloo::WaterlooView& view() const { return v_; }
  const Geometry& geo() const { return g_; }
  Side me() const { return me_; }
  Side foe() const { return other(me_); }
  waterloo::Level level() const { return v_.rules().level; }
  const std::optional<waterloo::SeenUnit>& at(int sq) const { return v_.board[std::size_t(sq)]; }
  const Dist& dist(int sq) const { return dist_[std::size_t(sq)]; }
  Bitboard side_bb(Side s) const { return side_[s]; }
  Bitboard occupied() const { return side_[0] | side_[1]; }
  Bitboard buildings() const { return buildings_; }  // intact buildings (W-10.2)
  Bitboard hills() const { return hills_; }
  Bitboard villages() const { return villages_; }  // intact villages (W-10.7)
  Bitboard mud() const { return mud_; }
  Direction facing(Side s) const { return s == kBlue ? kNorth : kSouth; }  // I-1
  // Rows advanced towards the enemy back row: 0 on one's own back row.
  int progress(Side s, int sq) const {
    return s == kBlue ? g_.row(sq) : g_.height() - 1 - g_.row(sq);
  }

  // What a kind of piece of that army is worth to its side now (W-7.1, W-11.2, W-11.3,
  // W-13.1: losing a commander costs actions, a commander-in-chief may lose the game).
  double value(const Kind& k, Army a) const;
  // Expected value of the piece on sq.
  double expected_value(int sq) const;
  // The kinds of a reserve piece as a place action names it (own pieces are known).
  Dist dist_of(const waterloo::SeenUnit& u) const;

  // Melee odds (W-5): a piece (kinds `att`, army aa) that started its move on att_sq attacks
  // a piece (kinds `def`, army da) on def_sq with its last step in direction d, from square
  // `approach`. Terrain modifiers are read from the board as it is now.
  Odds odds(const Dist& att, Army aa, int att_sq, int approach, const Dist& def, Army da,
            int def_sq, Direction d) const;
  // The odds of an attack from beside the defender (east or west, never an artillery
  // front, W-5.3): for judging pieces that are not yet in contact.
  Odds side_odds(const Dist& att, Army aa, int att_sq, const Dist& def, Army da, int def_sq) const {
    const bool from_west = g_.col(def_sq) > 0;
    return odds(att, aa, att_sq, from_west ? def_sq - 1 : def_sq + 1, def, da, def_sq,
                from_west ? kEast : kWest);
  }
  // The same for the pieces now on att_sq and def_sq.
  Odds odds(int att_sq, int approach, int def_sq, Direction d) const {
    return odds(dist(att_sq), at(att_sq)->army, att_sq, approach, dist(def_sq), at(def_sq)->army,
                def_sq, d);
  }

  // Squares the enemy piece on e could attack within two actions (a move, then an attack),
  // the board otherwise unchanged: a turn has three actions (W-7.1).
  Bitboard reach2(int e) const { return reach2_[std::size_t(e)]; }
  // Expected loss of a piece of mine (distribution dist, army a) standing on sq next enemy
  // turn, with each possible attack taken with probability `w` (a rough opponent model).
  // `ignore` removes enemy pieces (a defender this move captures).
  double danger(const Dist& d, Army a, int sq, double w, Bitboard ignore = 0) const;
  // How much the enemy piece on sq threatens my pieces (its share of their dangers).
  double threat_of(int sq) const { return relief_[std::size_t(sq)]; }

  // The squares my artillery on sq could fire at (W-6, W-10.6), given the board.
  Bitboard fire_targets(int sq, Side s) const;
  // Melee strength modifiers (W-10.2, W-10.5, W-10.7) for a piece of side s and class k
  // fighting from square sq; `other_sq` is the opponent's square. `held`: the piece is still
  // where it stood, so a building it completes keeps its bonus (an attacker that moved out
  // of a building has broken the occupation).
  int modifier(UnitClass k, Side s, int sq, bool attacking, int other_sq, bool held = true) const;

  // Number of pieces of each side captured (the W-13.5 tally counts pieces).
  int captured(Side s) const { return v_.captured[s]; }
  // True if the army has lost its commander / commander-in-chief (W-7.1).
  bool lost_commander(Army a) const { return lost_[int(a)][0]; }
  bool lost_cic(Army a) const { return lost_[int(a)][1]; }

 private:
  void build_dists();
  void build_threats();
  Bitboard two_action_reach(int sq, UnitClass k, Bitboard empty) const;

  const waterloo::WaterlooView& v_;
  const Geometry& g_;
  Side me_;
  std::array<Bitboard, 2> side_{};
  Bitboard buildings_ = 0, hills_ = 0, villages_ = 0, mud_ = 0;
  std::array<std::int8_t, kMaxSquares> tile_of_{};
  std::array<Dist, kMaxSquares> dist_{};
  // Unrevealed kinds left per army and apparent class: (real class, printed strength) counts.
  std::array<std::array<Dist, waterloo::kNumClasses>, waterloo::kNumArmies> unseen_{};
  std::array<std::array<bool, 2>, waterloo::kNumArmies> lost_{};
  std::array<std::array<Bitboard, kMaxSquares>, 4> attackers_{};
  std::array<Bitboard, kMaxSquares> fire_{};
  std::array<Bitboard, kMaxSquares> reach2_{};
  std::array<double, kMaxSquares> relief_{};
};

// Danger weights of the opponent model: how likely a possible enemy attack or fire is taken.
constexpr double kAttackWeight = 0.35;
constexpr double kFireWeight = 0.35;

bool is_cavalry_like(UnitClass k);
bool is_infantry(UnitClass k);
// The most likely class of a piece (a Prussian of unknown strength acts by its look).
UnitClass likely_class(const Dist& d);

}  // namespace stratego::heuristic::wrules
