// What an analysis says about each candidate set-up: its score over its games with a 95%
// interval (pairs as units, strength/stats.h), the Elo difference to the field, how its games
// ended, the mean length, and the paired difference to the best candidate with its standard
// error; the table `analyze strength` prints, and the split-half reliability.
#pragma once

#include <string>
#include <vector>

#include "strength/stats.h"
#include "strength/store.h"

namespace stratego::strength {

struct EndCounts {
  int own_flag = 0;                         // the candidate's flag was taken (a loss)
  int enemy_flag = 0;                       // it took the enemy's flag (a win)
  int no_moves_won = 0, no_moves_lost = 0;  // the loser had no move left (C-7.2)
  int limits = 0;                           // drawn by a limit (move limit, no movable pieces)
  int other = 0;                            // forfeits and anything else
};

struct Summary {
  Candidate candidate;
  int games = 0;
  Estimate score;  // pair scores
  double elo = 0, elo_low = 0, elo_high = 0;
  EndCounts ends;
  double mean_plies = 0;
  Estimate diff;  // paired difference to the best candidate (0 for the best itself)
  bool best = false;
  bool separated = false;      // diff.high < 0: worse than the best at 95% (this comparison alone)
  bool separated_all = false;  // the same with Bonferroni over the K-1 comparisons
};

// End kind of one game from its reason and the candidate's score.
void count_end(EndCounts& e, const std::string& reason, double score);

// Summaries of the candidates over their games 0 .. games-1 (all played games with games <
// 0); the best is the highest mean score.
std::vector<Summary> summarize(Store& store, const std::vector<Candidate>& candidates,
                               int games = -1);

// The printed table (and a legend of labels and lines).
std::string format_table(const std::vector<Summary>& s, const Store& store);

// Split-half reliability over the candidates' first `games` games: the correlation across
// candidates of the mean score on the even pairs with that on the odd pairs.
double split_half(Store& store, const std::vector<Candidate>& candidates, int games);

}  // namespace stratego::strength
