#include "bots/random_bot.h"

#include "engine/setup.h"
#include "engine/waterloo/record.h"
#include "heuristic/waterloo_setup_plan.h"

namespace stratego::bots {

void RandomBot::new_game(const GameStart& g) {
  game_ = g;
  rng_ = Rng(g.seed ^ (g.side == kRed ? 0x52ull : 0x42ull) << 56);
}

std::string RandomBot::setup(const SetupRequest& r) {
  const Variant& v = *game_.variant;
  if (v.family == Family::kWaterloo) {
    // Set-up legality depends on the variant (W-4) and on the early start (W-14.1: the
    // French then hold back exactly its pieces), so a fresh state with that choice serves.
    waterloo::WaterlooState fresh(game_.variant);
    if (r.waterloo() && r.waterloo()->early_start) {
      waterloo::Core c = fresh.core();
      c.early_start = true;
      fresh.set_core(c);
    }
    return waterloo::setup_tokens(fresh, game_.side, fresh.random_setup(game_.side, rng_));
  }
  if (auto line = setups_.setup(v, rng_)) return *line;
  return format_setup(v, random_setup(v, game_.side, rng_));
}

Reply RandomBot::decide(const Request& r, const std::atomic<bool>& /*stop*/,
                        const InfoSink& /*info*/) {
  Reply reply;
  reply.action = r.legal[rng_.below(std::uint32_t(r.legal.size()))];
  return reply;
}

}  // namespace stratego::bots
