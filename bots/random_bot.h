// `random`: a uniformly random legal action for every decision, a uniformly random legal
// set-up. The floor every other bot must beat.
#pragma once

#include "bots/bot.h"
#include "engine/rng.h"

namespace stratego::bots {

class RandomBot : public Bot {
 public:
  std::string name() const override { return "random"; }
  void new_game(const GameStart& g) override;
  std::string setup(const SetupRequest& r) override;
  Reply decide(const Request& r, const std::atomic<bool>& stop, const InfoSink& info) override;

 private:
  GameStart game_;
  Rng rng_{1};
};

}  // namespace stratego::bots
