#include "strength/generate.h"

#include <cmath>
#include <vector>

namespace stratego::strength {
namespace {

// One index drawn from log-weights (-infinity: never).
int draw(const std::vector<double>& logp, Rng& rng) {
  double top = -INFINITY;
  for (double x : logp) top = std::max(top, x);
  double sum = 0;
  for (double x : logp) sum += std::isfinite(x) ? std::exp(x - top) : 0;
  double u = rng.uniform01() * sum;
  int last = -1;
  for (std::size_t i = 0; i < logp.size(); ++i) {
    if (!std::isfinite(logp[i])) continue;
    last = int(i);
    u -= std::exp(logp[i] - top);
    if (u < 0) return int(i);
  }
  return last;
}

char letter_of(int code) {
  return code < 0 ? '_' : code == eval::kEmptySymbol ? 'A' : kind_letter(Kind(code));
}

}  // namespace

std::string sample_setup(const eval::SetupModel& m, Rng& rng) {
  std::vector<int> placed(std::size_t(m.zone_size()), -1), left(m.counts());
  std::vector<double> cond;
  int flag_square = -1;
  const int flag_index = m.symbol_index(kFlag);
  if (m.structure() && m.has_flag_step()) {
    m.flag_distribution(cond);
    flag_square = draw(cond, rng);
    placed[std::size_t(flag_square)] = flag_index;
    --left[std::size_t(flag_index)];
  }
  for (int f : m.order()) {
    if (f == flag_square) continue;
    m.conditional(f, placed, left, flag_square, cond);
    const int s = draw(cond, rng);
    placed[std::size_t(f)] = s;
    --left[std::size_t(s)];
  }
  std::string line(std::size_t(m.zone_size()), '_');
  for (int f = 0; f < m.zone_size(); ++f)
    if (placed[std::size_t(f)] >= 0)
      line[std::size_t(f)] = letter_of(m.symbols()[std::size_t(placed[std::size_t(f)])]);
  return line;
}

std::string swap_two(const std::string& line, int width, Rng& rng) {
  const int n = int(line.size());
  const int flag = int(line.find(kind_letter(kFlag)));
  for (int attempt = 0; attempt < 1000; ++attempt) {
    int a = int(rng.below(std::uint32_t(n)));
    if (flag >= 0 && rng.below(2)) {  // a neighbour of the Flag (or the Flag itself)
      const int col = flag % width, row = flag / width;
      const int nb[5][2] = {
          {col, row}, {col - 1, row}, {col + 1, row}, {col, row - 1}, {col, row + 1}};
      const auto& [c, r] = nb[rng.below(5)];
      if (c < 0 || c >= width || r < 0 || r * width + c >= n) continue;
      a = r * width + c;
    }
    const int b = int(rng.below(std::uint32_t(n)));
    const char x = line[std::size_t(a)], y = line[std::size_t(b)];
    if (x == y || x == '_' || y == '_') continue;
    std::string out = line;
    std::swap(out[std::size_t(a)], out[std::size_t(b)]);
    return out;
  }
  return line;
}

double prior_log_prob(const eval::SetupModel& m, const std::string& line) {
  return m.log_prob(m.symbols_of(line));
}

}  // namespace stratego::strength
