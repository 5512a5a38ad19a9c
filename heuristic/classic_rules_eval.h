// How the classic-family `rules` bot judges one decision: a picture of the board built from its
// own view and what it knows of the enemy (classic_rules_knowledge.h), with the few numbers a
// rule-based player reasons with: what each piece is worth now, what an attack is expected to
// win (over the belief of the defender), how exposed a piece is on a square (known stronger
// enemies next to it, scouts down a line, a Ranged piece two squares away), how strongly a
// piece is pulled towards the enemies it can beat, and how near the enemy is to our flag.
// score() rates any legal move against standing still; the bot plays the best.
#pragma once

#include <algorithm>
#include <array>
#include <vector>

#include "engine/move.h"
#include "engine/view.h"
#include "heuristic/classic_rules_knowledge.h"

namespace stratego::heuristic {

// The value of winning the game, on the scale of piece values (a Marshal is 80).
constexpr double kWinValue = 1000;

// RulesRisk (classic_rules_knowledge.h): kOn also weighs a loss the more, the more the attacker
// is worth (a Marshal or General against a piece that may be a Bomb), charges an unrevealed
// attacker for showing itself, and has a revealed Marshal fear every unknown piece that may be
// the Spy.

class ClassicRulesEval {
 public:
  // EvalMode::kFast (classic_rules_knowledge.h) takes these shortcuts, which give the very
  // same scores, bit for bit: paths by bitboard (classic_rules_paths.h), searched only until
  // every square a move of mine can use has its cost; the threat to and pull on a piece where it
  // stands worked out once per piece; the odds of an attack worked out once per belief class of
  // the defender; the parts of our flag's exposure that a move leaves alone taken as they stand,
  // and the lines from our flag walked by bitboard.
  ClassicRulesEval(const View& view, const EnemyKnowledge& know, EvalMode mode = EvalMode::kFast,
                   RulesRisk risk = kDefaultRisk);

  // How much better the position looks after m than if nothing moved (m legal now).
  double score(Move m) const;

  // The parts of score(), public so that tools and tests can look inside a decision.
  // Expected gain of my piece of kind a (rank raised by bonus, CW-3) attacking the enemy piece
  // on sq; p_win and p_removed receive the chances that it wins and that the defender goes.
  double attack_value(Kind a, int bonus, int sq, double& p_win, double& p_removed) const;
  // Expected loss of my piece of kind a standing on x before my next move. `ignore` is an
  // enemy square to leave out (a piece this move takes), `vacated` a square this move empties,
  // `occupied` one it fills; `shown`: the piece is shown to the enemy there (it has just
  // attacked), whatever the view says now.
  double threat(Kind a, int x, int ignore = -1, int vacated = -1, int occupied = -1,
                bool shown = false) const;
  // How strongly my piece of kind a on x is drawn to the enemy pieces it can profitably attack
  // (kFast: x where one of my pieces stands or a move of mine can end).
  double pull(Kind a, int x) const;

 private:
  struct Target {
    int sq = 0;
    std::array<double, kNumKinds> value{};       // attack_value by my attacking kind, if > 0
    std::array<std::uint8_t, kMaxSquares> dist;  // path cost from a square to the target
  };

  // threat() that adds to *seen every square whose contents it looked at (seen may be null).
  double threat_seen(Kind a, int x, int ignore, int vacated, int occupied, Bitboard* seen,
                     bool shown = false) const;
  // What moving nothing costs the piece on f: the threat to it there and its pull from there.
  struct Standing {
    double threat = 0, pull = 0;
  };
  const Standing& standing(int f) const;

  // An attack of my kind a (rank raised by bonus) on a defender believed to be b: the expected
  // gain in material, the defender's expected worth, the chances that the attacker wins and
  // that the defender goes.
  struct Odds {  // trivial, so a table of them costs nothing until filled
    double ev, worth, p_win, p_removed;
  };
  Odds odds(Kind a, int bonus, const KindProbs& b) const;
  // attack_value() from the odds against the piece on sq.
  double attack_value(Kind a, int sq, const Odds& o, double& p_win, double& p_removed) const;

  void set_values();
  void find_flag_danger();
  void find_targets();
  // RulesRisk::kBombGuard: the Bombs next to our flag, what threatens each, who guards it.
  void find_breaches();
  // My kind a can move and attack and takes or trades with every kind in diggers.
  bool guards_against(Kind a, KindMask diggers) const;
  // The sum of the threats to the Bombs next to our flag that no guard reaches in time, after
  // a guard leaves `left` and arrives on `arrived` (either -1 for none).
  double breach_exposure(int left, int arrived) const;
  // What moving my piece from f to t (taking what stands there with chance p_take) does to
  // the guard of those Bombs.
  double bomb_guard_cover(int f, int t, double p_take) const;
  Bitboard find_pull_squares() const;
  // Path costs to the enemy on `target`; kFast may leave squares outside pull_squares_ at kNoPath.
  void path_costs(int target, std::array<std::uint8_t, kMaxSquares>& dist) const;
  // What the enemy piece on e expects from attacking my kind a, counting only its kinds in
  // `reach` (those that can hit from where it stands).
  // spy_fear: my piece is a Marshal the enemy has seen (RulesRisk::kOn).
  double enemy_gain(int e, Kind a, KindMask reach, bool spy_fear = false) const;
  double relief(int e, int mover_from, double p_removed) const;
  double rescue_bonus(int from, Kind a) const;
  // What a move of my piece from f to t (taking what stands on t with chance p_take) does to
  // our flag: lines it opens or closes, a guard leaving or arriving next to it.
  double flag_cover(int f, int t, double p_take) const;
  // How exposed our flag is with these changes: what can take it next turn (the threat to it
  // where it stands), and (discounted) what can reach a free square next to it (per line from
  // it, the likeliest arrival: flag_line). A part that looks at none of the changed squares
  // looks at the same squares as things stand, finds them as they were, and comes to the same
  // value: kFast takes that value from flag_now_.
  double flag_exposure(int removed, int vacated, int occupied) const;
  // One line's part; adds the squares it looked at to *seen (seen may be null).
  double flag_line(Direction d, int removed, int vacated, int occupied, Bitboard* seen) const;
  double flag_line_by_bitboard(Direction d, int removed, int vacated, int occupied,
                               Bitboard* seen) const;
  bool mine(int sq) const;
  bool theirs(int sq) const;
  Kind kind_at(int sq) const { return piece_kind(view_.board[sq].piece); }

  const View& view_;
  const Variant& v_;
  const Geometry& g_;
  const EnemyKnowledge& know_;
  EvalMode mode_;
  RulesRisk risk_;
  Side me_, enemy_;
  bool marshal_shown_ = false;  // one of my Marshals is revealed
  Bitboard mine_bb_ = 0, theirs_bb_ = 0;
  // By enemy square and path length 1, 2, 3 or more: how likely the piece there moves and
  // attacks and is of a kind that reaches that far (reach_at).
  std::array<std::array<double, 3>, kMaxSquares> reach_prob_;
  double reach_prob(int sq, int steps) const {
    return reach_prob_[std::size_t(sq)][std::size_t(std::min(steps, 3) - 1)];
  }
  std::array<double, kNumKinds> mine_{}, theirs_{};
  std::array<double, kMaxSquares> danger_{};
  int flag_sq_ = -1;
  double flag_exposure_ = 0;  // flag_exposure(-1, -1, -1): as things stand
  struct FlagParts {
    double threat = 0;
    std::array<double, 4> line{};  // by direction
    Bitboard threat_watch = 0;     // the squares each part looked at
    std::array<Bitboard, 4> line_watch{};
  };
  FlagParts flag_now_;  // the parts of flag_exposure_
  // A Bomb of mine next to our flag (RulesRisk::kBombGuard): what threatens it, who guards it.
  struct Breach {
    Bitboard around = 0;          // guard squares: next to the Bomb, the flag's square aside
    Bitboard ready = 0;           // squares a move away from an empty guard square
    double near = 0;              // how likely an enemy piece next to the Bomb can take it
    double coming = 0;            // the same for one two steps away, halved
    std::array<int, 3> guards{};  // my guards by moves_to_guard, 0 and 1 (2: farther)
    int moves_to_guard(int sq) const { return test(around, sq) ? 0 : test(ready, sq) ? 1 : 2; }
  };
  std::array<Breach, 4> breaches_{};  // by direction from the flag
  std::array<bool, kNumKinds> guard_kind_{};
  // standing() by square, filled as score() asks (a cache: score() stays const).
  mutable std::array<Standing, kMaxSquares> standing_{};
  mutable Bitboard standing_known_ = 0;
  Bitboard pull_squares_ = ~Bitboard{0};  // where pull() may be asked (kFast)
  std::vector<Target> targets_;
  KindMask my_kinds_ = 0;  // kinds among my pieces that can move
  double cheapest_ = 1e9;  // the worth of my cheapest kind that moves and attacks
};

}  // namespace stratego::heuristic
