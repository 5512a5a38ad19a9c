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
  if (auto line = setups_.setup(*game_.variant, rng_)) return *line;
  return r.with_view([&](const auto& v) { return random_setup_for(v, rng_); });
}

Reply RandomBot::decide(const Request& r, const std::atomic<bool>& /*stop*/,
                        const InfoSink& /*info*/) {
  Reply reply;
  reply.action = r.legal[rng_.below(std::uint32_t(r.legal.size()))];
  return reply;
}

}  // namespace stratego::bots
