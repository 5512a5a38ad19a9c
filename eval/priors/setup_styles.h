// Set-up styles: simple, exactly normalised distributions over one side's legal set-ups that
// describe opponents unlike people. Each is "these kinds somewhere in this region, uniformly,
// and every other piece uniformly on the squares left" (uniform: no constraint), so a style
// can generate set-ups (bots' `setups=` option), score one exactly (log_prob) and, given some
// revealed squares, say exactly how likely they were and what the other squares hold
// (observe), which is what the mixture prior (eval/priors/setup_mixture.h) and the belief need.
//
//   uniform        every legal set-up equally likely (engine/setup.h random_setup)
//   forward-bombs  every Bomb in the front row
//   flag-front     the Flag in the front row
//   high-front     the Marshal and the General in the front row
// A style whose kinds do not fit its region in a variant (or whose kinds the army lacks) is
// not available there (available() is false).
#pragma once

#include <string>
#include <vector>

#include "engine/rng.h"
#include "eval/priors/setup_model.h"

namespace stratego::eval {

enum class SetupStyle { kUniform, kForwardBombs, kFlagFront, kHighFront };
constexpr SetupStyle kAllStyles[] = {SetupStyle::kUniform, SetupStyle::kForwardBombs,
                                     SetupStyle::kFlagFront, SetupStyle::kHighFront};

const char* style_name(SetupStyle s);
// InputError listing the names if unknown.
SetupStyle parse_style(const std::string& name);

// A style on the shape of a model (its zone, symbols and counts).
class StyleDistribution {
 public:
  StyleDistribution(const SetupModel& shape, SetupStyle s);
  SetupStyle style() const { return style_; }
  bool available() const { return available_; }
  // log P(set-up), symbol codes per frame square as SetupModel::symbols_of gives; -infinity
  // outside the style.
  double log_prob(const std::vector<int>& symbols) const;
  // A set-up of the style (symbol codes per frame square, -1 on lakes).
  std::vector<int> sample(Rng& rng) const;
  // Given observed symbol indices (obs[f] = symbol index or -1 per frame square): the exact
  // log-probability that a set-up of the style shows them, and, in pred (zone x symbols,
  // symbol-index columns), the probability of each symbol on every unobserved square.
  double observe(const std::vector<int>& obs, std::vector<double>* pred) const;

 private:
  SetupStyle style_;
  int zone_ = 0;
  std::vector<int> codes_, counts_, order_;  // the shape's symbols, counts, non-lake squares
  bool available_ = true;
  std::vector<bool> region_;  // frame squares of the region
  std::vector<bool> in_k_;    // symbol indices constrained to the region
  int region_size_ = 0, constrained_ = 0;
  double log_total_ = 0;  // log of the number of set-ups of the style
};

}  // namespace stratego::eval
