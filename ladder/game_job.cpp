#include "ladder/game_job.h"

#include <chrono>
#include <exception>
#include <map>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>

#include "engine/error.h"
#include "engine/variant_loader.h"
#include "protocol/bot_spec.h"
#include "referee/match.h"

namespace stratego::ladder {
namespace {

using bots::Bot;

// Counts a bot's decisions and the wall time it spends in them (set-up included), so a
// game's row can say how long each side thought without the referee having to report it.
class TimedBot : public Bot {
 public:
  explicit TimedBot(std::unique_ptr<Bot> inner) : inner_(std::move(inner)) {}
  std::string name() const override { return inner_->name(); }
  std::string author() const override { return inner_->author(); }
  std::vector<bots::BotOption> options() const override { return inner_->options(); }
  void set_option(const std::string& n, const std::string& v) override { inner_->set_option(n, v); }
  void new_game(const bots::GameStart& g) override { inner_->new_game(g); }
  std::string setup(const bots::SetupRequest& r) override {
    const auto t0 = Clock::now();
    std::string s = inner_->setup(r);
    ms_ += elapsed(t0);
    return s;
  }
  void observe(const ObservedMove& m, const View& after) override { inner_->observe(m, after); }
  void observe(const waterloo::ObservedStep& s, const waterloo::WaterlooView& after) override {
    inner_->observe(s, after);
  }
  bots::Reply decide(const bots::Request& r, const std::atomic<bool>& stop,
                     const bots::InfoSink& info) override {
    const auto t0 = Clock::now();
    bots::Reply reply = inner_->decide(r, stop, info);
    ms_ += elapsed(t0);
    ++decisions_;
    return reply;
  }
  void game_over(const std::string& result) override { inner_->game_over(result); }

  std::int64_t ms() const { return ms_; }
  int decisions() const { return decisions_; }

 private:
  using Clock = std::chrono::steady_clock;
  static std::int64_t elapsed(Clock::time_point t0) {
    return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - t0).count();
  }
  std::unique_ptr<Bot> inner_;
  std::int64_t ms_ = 0;
  int decisions_ = 0;
};

// Stands in for a bot whose program did not start: it fails its first call the same way, so
// the referee forfeits the game ("crash") and still writes its record.
class BrokenBot : public Bot {
 public:
  BrokenBot(std::string name, std::exception_ptr e) : name_(std::move(name)), e_(e) {}
  std::string name() const override { return name_; }
  void new_game(const bots::GameStart&) override { std::rethrow_exception(e_); }
  std::string setup(const bots::SetupRequest&) override { std::rethrow_exception(e_); }
  bots::Reply decide(const bots::Request&, const std::atomic<bool>&,
                     const bots::InfoSink&) override {
    std::rethrow_exception(e_);
  }

 private:
  std::string name_;
  std::exception_ptr e_;
};

std::unique_ptr<Bot> start_bot(const std::string& spec, const std::string& name) {
  try {
    return protocol::make_bot_from_spec(spec);
  } catch (const InputError&) {
    throw;
  } catch (...) {
    return std::make_unique<BrokenBot>(name, std::current_exception());
  }
}

std::shared_ptr<const Variant> variant_for(const std::string& spec) {
  static std::mutex mutex;
  static std::map<std::string, std::shared_ptr<const Variant>> cache;
  std::lock_guard lock(mutex);
  auto& v = cache[spec];
  if (!v) v = std::make_shared<const Variant>(load_variant(spec));
  return v;
}

nlohmann::json scheduled_json(const ScheduledGame& s) {
  return {{"id", s.id},
          {"pair", s.pair},
          {"game", s.game},
          {"variant", s.variant},
          {"red", s.red},
          {"blue", s.blue},
          {"seed", s.seed},
          {"red_setup", s.red_setup},
          {"blue_setup", s.blue_setup}};
}

ScheduledGame scheduled_of(const nlohmann::json& j) {
  ScheduledGame s;
  s.id = j.at("id");
  s.pair = j.at("pair");
  s.game = j.at("game");
  s.variant = j.at("variant");
  s.red = j.at("red");
  s.blue = j.at("blue");
  s.seed = j.at("seed");
  s.red_setup = j.at("red_setup");
  s.blue_setup = j.at("blue_setup");
  return s;
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
  TimedBot red(start_bot(job.red_spec, job.red_name));
  TimedBot blue(start_bot(job.blue_spec, job.blue_name));
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

std::string job_to_json(const GameJob& j) {
  return nlohmann::json{{"s", scheduled_json(j.s)}, {"red_name", j.red_name},
                        {"blue_name", j.blue_name}, {"red_spec", j.red_spec},
                        {"blue_spec", j.blue_spec}, {"movetime_ms", j.movetime_ms},
                        {"nodes", j.nodes},         {"tc", j.tc}}
      .dump();
}

GameJob job_from_json(const std::string& text) {
  const auto j = nlohmann::json::parse(text);
  GameJob g;
  g.s = scheduled_of(j.at("s"));
  g.red_name = j.at("red_name");
  g.blue_name = j.at("blue_name");
  g.red_spec = j.at("red_spec");
  g.blue_spec = j.at("blue_spec");
  g.movetime_ms = j.at("movetime_ms");
  g.nodes = j.at("nodes");
  g.tc = j.at("tc");
  return g;
}

std::string game_to_json(const FinishedGame& g) {
  return nlohmann::json{{"s", scheduled_json(g.s)}, {"result", g.result}, {"reason", g.reason},
                        {"detail", g.detail},       {"plies", g.plies},   {"red_ms", g.red_ms},
                        {"blue_ms", g.blue_ms},     {"record", g.record}, {"worker", g.worker}}
      .dump();
}

FinishedGame game_from_json(const std::string& text) {
  const auto j = nlohmann::json::parse(text);
  FinishedGame g;
  g.s = scheduled_of(j.at("s"));
  g.result = j.at("result");
  g.reason = j.at("reason");
  g.detail = j.at("detail");
  g.plies = j.at("plies");
  g.red_ms = j.at("red_ms");
  g.blue_ms = j.at("blue_ms");
  g.record = j.at("record");
  g.worker = j.at("worker");
  return g;
}

}  // namespace stratego::ladder
