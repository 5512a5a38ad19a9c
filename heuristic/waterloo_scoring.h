// How the Waterloo `rules` policy values each of its legal actions: what the action does
// (heuristic/waterloo_action_info.h) is scored against the Model: material won or lost in
// expectation (W-5, W-6), progress towards the enemy's lines of retreat or sectors (W-11.1,
// W-13.2), the safety of its pieces (commanders first), the guard of its own back row, and the
// cards' worth (W-12). The policy plays the best score; a score of 0 is "nothing worth doing"
// (ending the turn).
#pragma once

#include <array>
#include <string>
#include <string_view>
#include <vector>

#include "heuristic/waterloo_action_info.h"
#include "heuristic/waterloo_model.h"

namespace stratego::heuristic::wrules {

// What the bot remembers between decisions of one game.
struct Memory {
  std::array<bool, 3> excluded{};  // enemy retreat sectors shown not to be the card (W-11.1)
};

class Scorer {
 public:
  Scorer(const Model& m, const Memory& mem);
  // Scores of every action, in order.
  std::vector<double> score_all(const std::vector<ActionInfo>& actions) const;
  double score(const ActionInfo& t) const;

  // Positional worth of a piece of mine (kinds d, army a) standing on sq.
  double pos(const Dist& d, Army a, int sq) const;
  // Worth of a second own piece entering enemy sector x (W-11.1, W-13.2).
  double pair_value(int x) const;

 private:
  double score_move(const ActionInfo& t) const;
  double score_attack(int from, int to, Direction dir, int approach) const;
  double score_fire(const ActionInfo& t) const;
  double score_place(const ActionInfo& t) const;
  double score_card(CardKind k) const;
  double score_look(int sq) const;
  double score_save(int sq) const;
  double score_take_off(int sq) const;
  double best_fire_value(int art_sq, int from_sq) const;
  // The pull of the enemy pieces that the piece now on `from` could beat and that are worth
  // taking (commanders, the commander-in-chief, cavalry, artillery), if it stood on sq.
  // `skip`: an enemy square not counted (the piece just taken there).
  double hunt(int from, int sq, int skip = -1) const;
  // Extra danger to my valuable pieces if square sq is vacated (a line opened).
  double exposure_if_vacated(int sq) const;
  // Enemy sector index (0..2) of sq if it is on the enemy's back row, else -1.
  int enemy_sector(int sq) const;
  double intruder_value(int sq) const;

  const Model& m_;
  const Memory& mem_;
  int ncand_ = 3;
  std::array<Bitboard, 3> enemy_sector_{}, own_sector_{};
  std::array<double, 3> guard_{};  // worth of holding a square of each own back-row sector
  Bitboard vips_ = 0;              // my pieces worth guarding with care (commanders)
  Bitboard shield_ = 0;            // squares beside them
  double shield_worth_ = 0;
  // Per piece of mine (by square): enemy squares worth hunting and the expected gain.
  mutable std::array<std::vector<std::pair<int, double>>, kMaxSquares> prey_;
  mutable std::array<bool, kMaxSquares> prey_done_{};
  mutable const std::vector<ActionInfo>* actions_ = nullptr;  // the legal list (for card estimates)
  mutable std::vector<double> base_;                          // their scores without cards
};

}  // namespace stratego::heuristic::wrules
