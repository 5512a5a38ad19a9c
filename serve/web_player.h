// A person in a browser, as a Bot: the referee's thread calls setup() and decide(), which
// publish the decision (the person's view, the legal actions, a suggested set-up) and block
// until an HTTP handler submits an answer (submit_setup / submit_action / resign / adjourn)
// or the server shuts down (then the game is adjourned, to be resumed from its save file).
// observe() keeps the steps as the person saw them and, in the classic family, the person's
// belief about the enemy's hidden pieces (eval/belief.h, as `stratego analyze` computes it).
// Every public member is thread-safe.
#pragma once

#include <condition_variable>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "bots/bot.h"
#include "engine/rng.h"
#include "engine/setup.h"
#include "engine/waterloo/state.h"
#include "eval/belief.h"
#include "eval/waterloo_belief.h"

namespace stratego::serve {

class WebPlayer : public bots::Bot {
 public:
  WebPlayer() = default;
  std::string name() const override { return "human"; }
  void new_game(const bots::GameStart& g) override;
  std::string setup(const bots::SetupRequest& r) override;
  void observe(const bots::Observation& o) override;
  bots::Reply decide(const bots::Request& r, const std::atomic<bool>& stop,
                     const bots::InfoSink& info) override;
  void game_over(const std::string& result) override;

  // What the page shows: {"pending": "setup"|"action"|null, "decision", "view", "legal",
  // "draw_offered", "setup": {...}, "steps": [from `since` on], "step_count"}.
  nlohmann::json snapshot(int since) const;
  // Each returns {} when taken, else the HTTP status and why not: 400 for a malformed or
  // illegal answer, 409 for one that does not fit the moment. `decision`, if not -1, must be
  // the pending decision's number (a stale page cannot move twice).
  struct Refusal {
    int status = 0;  // 0: taken
    std::string reason;
  };
  Refusal submit_setup(const nlohmann::json& body, int decision);
  Refusal redraw_setup();
  Refusal submit_action(const std::string& token, bool offer_draw, int decision);
  Refusal accept_draw();
  Refusal resign();
  Refusal adjourn();
  // Every decision from now on adjourns the game (server shutdown).
  void shutdown();
  // Whether the person asked to adjourn (POST /adjourn), not the server's shutdown.
  bool person_adjourned() const;
  // {"pieces": [{"square","start","moved","probs":{kind:p}}], "kinds": [...]}: the person's
  // belief now, or {"error": why not}. Waterloo: the exact posterior of eval/waterloo_posterior.h
  // over the identities (unit tokens, "I3"), with the enemy's hidden retreat sector.
  nlohmann::json beliefs() const;

 private:
  // What observe() does for each family's step.
  void observed(const bots::ClassicObservation& o);
  void observed(const bots::WaterlooObservation& o);
  enum class Pending { kNone, kSetup, kAction };
  bots::Reply wait_reply(std::unique_lock<std::mutex>& lock);
  nlohmann::json setup_json() const;
  nlohmann::json waterloo_beliefs() const;
  std::string classic_line(const nlohmann::json& body) const;  // throws InputError
  std::string waterloo_tokens(const nlohmann::json& body) const;

  mutable std::mutex mu_;
  std::condition_variable cv_;
  bots::GameStart game_;
  Rng rng_{1};
  bool shutdown_ = false, adjourn_ = false, person_adjourned_ = false;
  Pending pending_ = Pending::kNone;
  int decision_ = 0;
  std::vector<std::string> legal_;
  // The view of the pending action, to say why a refused token is not legal (play_input.h).
  // (none before the first decision)
  std::variant<std::monostate, View, waterloo::WaterlooView> decision_view_;
  bool draw_offered_ = false;
  nlohmann::json view_;  // the latest view, as JSON
  std::optional<bots::Reply> reply_;
  std::optional<std::string> setup_answer_;
  // Set-up in progress.
  Setup classic_suggestion_;
  std::optional<waterloo::WaterlooState> setup_state_;
  waterloo::WaterlooView setup_view_;  // the person's view at the set-up: hand, reserve, ...
  waterloo::WaterlooSetup waterloo_suggestion_;
  std::vector<nlohmann::json> steps_;
  std::optional<eval::Belief> belief_;
  std::optional<eval::WaterlooBelief> waterloo_belief_;
  std::string belief_error_;
  std::string result_;
};

}  // namespace stratego::serve
