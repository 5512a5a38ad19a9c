// `rules`: the rule-based baseline the search must beat. One name for every family: it plays
// the classic family with ClassicRulesBot and Waterloo with WaterlooRulesBot, chosen when a
// game starts.
#pragma once

#include <memory>

#include "bots/bot.h"

namespace stratego::bots {

std::unique_ptr<Bot> make_classic_rules_bot();   // bots/classic_rules_bot.cpp
std::unique_ptr<Bot> make_waterloo_rules_bot();  // bots/waterloo_rules_bot.cpp

class RulesBot : public Bot {
 public:
  std::string name() const override { return "rules"; }
  // setups= (bots/setup_style_option.h) is the classic family's; Waterloo keeps its own plan.
  std::vector<BotOption> options() const override { return classic_->options(); }
  void set_option(const std::string& name, const std::string& value) override {
    classic_->set_option(name, value);
  }
  void new_game(const GameStart& g) override {
    current_ = g.variant->family == Family::kWaterloo ? waterloo_.get() : classic_.get();
    current_->new_game(g);
  }
  std::string setup(const SetupRequest& r) override { return current_->setup(r); }
  void observe(const Observation& o) override { current_->observe(o); }
  Reply decide(const Request& r, const std::atomic<bool>& stop, const InfoSink& info) override {
    return current_->decide(r, stop, info);
  }
  std::optional<DecisionAnalysis> analyse(const Request& r,
                                          const std::atomic<bool>& stop) override {
    return current_->analyse(r, stop);
  }
  void game_over(const std::string& result) override { current_->game_over(result); }

 private:
  std::unique_ptr<Bot> classic_ = make_classic_rules_bot(), waterloo_ = make_waterloo_rules_bot();
  Bot* current_ = classic_.get();
};

}  // namespace stratego::bots
