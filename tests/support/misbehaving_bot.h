// In-process bots for the referee tests: a random player that misbehaves in one chosen way
// at its n-th decision (throws each kind of fault, replies an illegal or malformed token,
// takes too long, resigns, offers or accepts a draw, adjourns), and a spy that keeps every
// request and observation it gets.
#pragma once

#include <chrono>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "bots/random_bot.h"

namespace stratego::bots::testing {

enum class Misdeed {
  kNone,
  kFault,         // throws BotFault of `fault`
  kRuntimeError,  // throws std::runtime_error
  kIllegalToken,  // a well-formed action that is not legal
  kGarbage,       // not an action token at all
  kSlow,          // sleeps `sleep_ms` and then answers legally
  kResign,
  kOfferDraw,  // offers a draw with a legal action
  kAcceptAny,  // accept_draw whether or not a draw was offered (with a legal action)
  kAdjourn,
  kBadSetup,        // a set-up that is not legal
  kThrowInObserve,  // throws from observe() after its n-th decision
  kThrowInNewGame,
};

class MisbehavingBot : public RandomBot {
 public:
  explicit MisbehavingBot(Misdeed what, int at_decision = 3) : what_(what), at_(at_decision) {}
  std::string name() const override { return "misbehaving"; }
  BotFault::Kind fault = BotFault::Kind::kCrash;
  std::int64_t sleep_ms = 100;
  int decisions = 0;
  bool accepts_offers = false;  // accept a draw when one is offered
  std::vector<Limits> limits_seen;

  void new_game(const GameStart& g) override {
    if (what_ == Misdeed::kThrowInNewGame) throw std::runtime_error("cannot start");
    family_waterloo_ = g.variant->family == Family::kWaterloo;
    RandomBot::new_game(g);
  }
  std::string setup(const SetupRequest& r) override {
    if (what_ == Misdeed::kBadSetup) return family_waterloo_ ? "I3@a1" : "MBBBBBBBBB";
    return RandomBot::setup(r);
  }
  void observe(const Observation&) override { maybe_throw_in_observe(); }

  Reply decide(const Request& r, const std::atomic<bool>& stop, const InfoSink& info) override {
    limits_seen.push_back(r.limits);
    Reply reply = RandomBot::decide(r, stop, info);
    if (accepts_offers && r.draw_offered) reply.accept_draw = true;
    if (++decisions != at_) return reply;
    switch (what_) {
      case Misdeed::kFault:
        throw BotFault(fault, "misbehaving on purpose");
      case Misdeed::kRuntimeError:
        throw std::runtime_error("out of cheese");
      case Misdeed::kIllegalToken:
        reply.action = family_waterloo_ ? "a1-l10" : "a1-j10";
        break;
      case Misdeed::kGarbage:
        reply.action = "%%garbage%%";
        break;
      case Misdeed::kSlow:
        std::this_thread::sleep_for(std::chrono::milliseconds(sleep_ms));
        break;
      case Misdeed::kResign:
        reply = Reply{}, reply.resign = true;
        break;
      case Misdeed::kOfferDraw:
        reply.offer_draw = true;
        break;
      case Misdeed::kAcceptAny:
        reply.accept_draw = true;
        break;
      case Misdeed::kAdjourn:
        reply = Reply{}, reply.adjourn = true;
        break;
      default:
        break;
    }
    return reply;
  }

 private:
  void maybe_throw_in_observe() {
    if (what_ == Misdeed::kThrowInObserve && decisions >= at_)
      throw std::runtime_error("observe failed");
  }
  Misdeed what_;
  int at_;
  bool family_waterloo_ = false;
};

}  // namespace stratego::bots::testing
