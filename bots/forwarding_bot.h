// Bots that wrap another bot: the forwarding base the referee's callers extend to time, limit or
// watch a bot, one that gives a bot a time per decision where the request sets none, and the
// stand-in for a bot that could not start.
#pragma once

#include <exception>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "bots/bot.h"
#include "engine/error.h"

namespace stratego::bots {

// Passes every call to the inner bot; a wrapper overrides only what it changes.
class ForwardingBot : public Bot {
 public:
  explicit ForwardingBot(std::unique_ptr<Bot> inner) : inner_(std::move(inner)) {}
  std::string name() const override { return inner_->name(); }
  std::string author() const override { return inner_->author(); }
  std::vector<BotOption> options() const override { return inner_->options(); }
  void set_option(const std::string& n, const std::string& v) override { inner_->set_option(n, v); }
  void new_game(const GameStart& g) override { inner_->new_game(g); }
  std::string setup(const SetupRequest& r) override { return inner_->setup(r); }
  void observe(const Observation& o) override { inner_->observe(o); }
  Reply decide(const Request& r, const std::atomic<bool>& stop, const InfoSink& info) override {
    return inner_->decide(r, stop, info);
  }
  std::optional<DecisionAnalysis> analyse(const Request& r,
                                          const std::atomic<bool>& stop) override {
    return inner_->analyse(r, stop);
  }
  void game_over(const std::string& result) override { inner_->game_over(result); }

 protected:
  Bot& inner() { return *inner_; }

 private:
  std::unique_ptr<Bot> inner_;
};

// The computer's side of a game against a person: the referee imposes no time on the bot, so
// it thinks movetime_ms a decision (its set-up included) unless the request says otherwise.
class MovetimeBot : public ForwardingBot {
 public:
  MovetimeBot(std::unique_ptr<Bot> inner, std::int64_t movetime_ms)
      : ForwardingBot(std::move(inner)), movetime_ms_(movetime_ms) {}
  std::string setup(const SetupRequest& r) override {
    SetupRequest own = r;
    limit(own.limits);
    return ForwardingBot::setup(own);
  }
  Reply decide(const Request& r, const std::atomic<bool>& stop, const InfoSink& info) override {
    Request own = r;
    limit(own.limits);
    return ForwardingBot::decide(own, stop, info);
  }

 private:
  void limit(Limits& l) const {
    if (movetime_ms_ > 0 && l.movetime_ms <= 0) l.movetime_ms = movetime_ms_;
  }
  std::int64_t movetime_ms_;
};

// Stands in for a bot whose program did not start: it fails its first call with that error,
// so the referee forfeits the game ("crash") and still writes its record.
class FailingBot : public Bot {
 public:
  FailingBot(std::string name, std::exception_ptr error) : name_(std::move(name)), error_(error) {}
  std::string name() const override { return name_; }
  void new_game(const GameStart&) override { std::rethrow_exception(error_); }
  std::string setup(const SetupRequest&) override { std::rethrow_exception(error_); }
  Reply decide(const Request&, const std::atomic<bool>&, const InfoSink&) override {
    std::rethrow_exception(error_);
  }

 private:
  std::string name_;
  std::exception_ptr error_;
};

// The bot start() makes, or a FailingBot carrying the error it failed with. A configuration
// error (InputError, such as an unknown bot) is thrown on: it stops the whole match or ladder.
template <class Start>
std::unique_ptr<Bot> start_or_stand_in(const std::string& name, Start start) {
  try {
    return start();
  } catch (const InputError&) {
    throw;
  } catch (...) {
    return std::make_unique<FailingBot>(name, std::current_exception());
  }
}

}  // namespace stratego::bots
