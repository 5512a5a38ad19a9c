// `random`: a uniformly random legal action for every decision, a uniformly random legal
// set-up. The floor every other bot must beat.
#pragma once

#include "bots/bot.h"
#include "bots/setup_style_option.h"
#include "engine/rng.h"

namespace stratego::bots {

class RandomBot : public Bot {
 public:
  std::string name() const override { return "random"; }
  std::vector<BotOption> options() const override { return {setups_.option()}; }
  void set_option(const std::string& name, const std::string& value) override {
    if (name == SetupStyleOption::kName)
      setups_.set(value);
    else
      Bot::set_option(name, value);
  }
  void new_game(const GameStart& g) override;
  std::string setup(const SetupRequest& r) override;
  Reply decide(const Request& r, const std::atomic<bool>& stop, const InfoSink& info) override;

 private:
  GameStart game_;
  Rng rng_{1};
  SetupStyleOption setups_;
};

}  // namespace stratego::bots
