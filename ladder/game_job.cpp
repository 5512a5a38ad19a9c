#include "ladder/game_job.h"

#include <chrono>
#include <map>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>

#include "bots/forwarding_bot.h"
#include "engine/error.h"
#include "engine/variant_loader.h"
#include "protocol/bot_spec.h"
#include "referee/match.h"

namespace stratego::ladder {
namespace {

using bots::Bot;

// Counts a bot's decisions and the wall time it spends in them (set-up included), so a
// game's row can say how long each side thought without the referee having to report it.
class TimedBot : public bots::ForwardingBot {
 public:
  using ForwardingBot::ForwardingBot;
  std::string setup(const bots::SetupRequest& r) override {
    const auto t0 = Clock::now();
    std::string s = ForwardingBot::setup(r);
    ms_ += elapsed(t0);
    return s;
  }
  bots::Reply decide(const bots::Request& r, const std::atomic<bool>& stop,
                     const bots::InfoSink& info) override {
    const auto t0 = Clock::now();
    bots::Reply reply = ForwardingBot::decide(r, stop, info);
    ms_ += elapsed(t0);
    ++decisions_;
    return reply;
  }

  std::int64_t ms() const { return ms_; }
  int decisions() const { return decisions_; }

 private:
  using Clock = std::chrono::steady_clock;
  static std::int64_t elapsed(Clock::time_point t0) {
    return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - t0).count();
  }
  std::int64_t ms_ = 0;
  int decisions_ = 0;
};

// A bot whose program does not start loses its game by "crash"; the ladder goes on.
std::unique_ptr<Bot> start_bot(const std::string& name, const std::string& spec) {
  return bots::start_or_stand_in(name, [&] { return protocol::make_bot_from_spec(spec); });
}

std::shared_ptr<const Variant> variant_for(const std::string& spec) {
  static std::mutex mutex;
  static std::map<std::string, std::shared_ptr<const Variant>> cache;
  std::lock_guard lock(mutex);
  auto& v = cache[spec];
  if (!v) v = std::make_shared<const Variant>(load_variant(spec));
  return v;
}

}  // namespace

referee::TimeControl time_control(std::int64_t movetime_ms, const std::string& tc,
                                  std::int64_t nodes) {
  referee::TimeControl t;
  if (!tc.empty()) t = referee::parse_time_control(tc);
  t.movetime_ms = movetime_ms;
  t.nodes = nodes;
  return t;
}

FinishedGame play_job(const GameJob& job, const std::string& worker) {
  referee::GameSettings gs;
  gs.variant = variant_for(job.s.variant);
  gs.variant_spec = job.s.variant;
  gs.seed = job.s.seed;
  gs.time = time_control(job.movetime_ms, job.tc, job.nodes);
  gs.setup[kRed] = job.s.red_setup;
  gs.setup[kBlue] = job.s.blue_setup;
  gs.names[kRed] = job.red_name;
  gs.names[kBlue] = job.blue_name;
  TimedBot red(start_bot(job.red_name, job.red_spec));
  TimedBot blue(start_bot(job.blue_name, job.blue_spec));
  const referee::GameOutcome o = referee::play_game(red, blue, gs);
  FinishedGame g;
  g.s = job.s;
  g.result = o.winner == Winner::kRed    ? "1-0"
             : o.winner == Winner::kBlue ? "0-1"
             : o.winner == Winner::kDraw ? "1/2-1/2"
                                         : "*";
  g.reason = referee::reason_key(o);
  g.detail = o.detail;
  g.plies = red.decisions() + blue.decisions();
  g.red_ms = red.ms();
  g.blue_ms = blue.ms();
  g.record = o.record;
  g.worker = worker;
  return g;
}

// The messages between the ladder's coordinator and its workers (ladder/mpi_*), field by field.
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(ScheduledGame, id, pair, game, variant, red, blue, seed,
                                   red_setup, blue_setup)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(GameJob, s, red_name, blue_name, red_spec, blue_spec,
                                   movetime_ms, nodes, tc)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(FinishedGame, s, result, reason, detail, plies, red_ms, blue_ms,
                                   record, finished, worker)

std::string job_to_json(const GameJob& j) { return nlohmann::json(j).dump(); }
GameJob job_from_json(const std::string& text) { return nlohmann::json::parse(text); }
std::string game_to_json(const FinishedGame& g) { return nlohmann::json(g).dump(); }
FinishedGame game_from_json(const std::string& text) { return nlohmann::json::parse(text); }

}  // namespace stratego::ladder
