#include "strength/waterloo_generate.h"

#include <vector>

#include "engine/error.h"
#include "engine/text_util.h"
#include "engine/waterloo/record.h"
#include "engine/waterloo/state.h"
#include "engine/waterloo/view.h"
#include "heuristic/waterloo_setup_plan.h"
#include "strength/job.h"

namespace stratego::strength {

std::string waterloo_draw(const std::shared_ptr<const Variant>& v, Side side, bool planned,
                          Rng& rng) {
  const waterloo::WaterlooState s = waterloo::setup_phase_state(v, nullptr, side);
  if (planned)
    return heuristic::wrules::planned_setup_tokens(waterloo::make_view(s, side), side, rng);
  return waterloo::setup_tokens(s, side, s.random_setup(side, rng));
}

std::string waterloo_swap_two(const std::shared_ptr<const Variant>& v, Side side,
                              const std::string& tokens, Rng& rng) {
  std::vector<std::string> w;
  for (auto word : text::words(tokens)) w.emplace_back(word);
  const auto n = std::uint32_t(w.size());
  if (n < 2) return tokens;
  // Tokens are UNIT@PLACE: two units of the same kind exchanging places is the same set-up,
  // so only different kinds at different places count.
  for (int attempt = 0; attempt < 1000; ++attempt) {
    const std::size_t a = rng.below(n), b = rng.below(n);
    const auto at_a = w[a].find('@'), at_b = w[b].find('@');
    if (at_a == std::string::npos || at_b == std::string::npos) return tokens;
    if (w[a].substr(0, at_a) == w[b].substr(0, at_b) || w[a].substr(at_a) == w[b].substr(at_b))
      continue;
    std::vector<std::string> out = w;
    out[a] = w[a].substr(0, at_a) + w[b].substr(at_b);
    out[b] = w[b].substr(0, at_b) + w[a].substr(at_a);
    std::string line;
    for (const auto& t : out) line += (line.empty() ? "" : " ") + t;
    try {
      check_waterloo_setup(v, side, line);
    } catch (const InputError&) {
      continue;  // e.g. artillery moved into a building, or a required reserve placed
    }
    return line;
  }
  return tokens;
}

}  // namespace stratego::strength
