// Elo difference from a match's wins, draws and losses, with a 95% interval: what
// `stratego match` reports. Method (elo.cpp): the score's standard error from the per-game
// variance of the W/D/L outcomes (normal approximation), the interval's ends mapped through
// the logistic Elo curve. Scores of 0% and 100% have no variance and an infinite Elo: their
// far end is infinite and their near end is the exact (Clopper-Pearson) 95% bound.
#pragma once

#include <string>

namespace stratego::referee {

struct EloEstimate {
  int games = 0;
  double score = 0;                      // (W + D/2) / N in [0, 1]; NaN without games
  double score_low = 0, score_high = 0;  // its 95% interval
  // Elo difference of the player with the score, and its 95% interval. +/-infinity at a
  // score of 1 or 0 (and for an interval end that reaches it); NaN without games.
  double elo = 0, elo_low = 0, elo_high = 0;
};

EloEstimate estimate_elo(int wins, int draws, int losses);
// The Elo difference that gives an expected score p: -400 log10(1/p - 1).
double elo_of_score(double p);
// "+147", "-inf", "n/a": whole Elo points for reports.
std::string format_elo(double elo);

}  // namespace stratego::referee
