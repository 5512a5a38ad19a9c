#include "eval/belief_model.h"

#include <algorithm>
#include <cmath>

namespace stratego::eval {

std::vector<std::pair<int, double>> BeliefTable::ranked(std::size_t row) const {
  std::vector<std::pair<int, double>> out;
  const std::vector<double>& p = pieces[row].p;
  for (std::size_t j = 0; j < p.size(); ++j)
    if (p[j] > 0) out.push_back({int(j), p[j]});
  std::stable_sort(out.begin(), out.end(),
                   [](const auto& a, const auto& b) { return a.second > b.second; });
  return out;
}

TruthScore BeliefModel::score(const TrueWorld& world, const BeliefTable& t) const {
  TruthScore s;
  const std::vector<int> truth_of = truth(world, t);
  for (std::size_t i = 0; i < t.pieces.size(); ++i) {
    const int j = truth_of[i];
    if (j < 0 || t.pieces[i].shown) continue;
    const std::vector<double>& p = t.pieces[i].p;
    const double q = p[std::size_t(j)];
    ++s.pieces;
    // The first of the most likely columns, as the table ranks them.
    s.correct += std::max_element(p.begin(), p.end()) - p.begin() == j;
    s.log_loss += -std::log(std::max(q, 1e-12));
    s.min_prob = std::min(s.min_prob, q);
  }
  return s;
}

}  // namespace stratego::eval
