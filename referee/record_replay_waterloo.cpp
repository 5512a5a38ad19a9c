// A Waterloo record walked action by action (record_replay.h): the set-ups applied as they fall
// due, every step observed by both sides through the game's observation log.
#include "engine/error.h"
#include "engine/waterloo/action_token.h"
#include "engine/waterloo/record.h"
#include "referee/record_replay.h"

namespace stratego::referee {
namespace {

class WaterlooReplay final : public RecordReplay {
 public:
  WaterlooReplay(const std::string& text, const std::string& origin)
      : record_(waterloo::parse_record(text, origin)), game_([&] {
          try {
            return waterloo::WaterlooGame(waterloo::record_start(record_), record_.start);
          } catch (const InputError& e) {
            throw InputError(origin + ": " + e.what());
          }
        }()) {
    origin_ = origin;
    for (Side s : {kRed, kBlue}) start_view_[s] = waterloo::make_view(game_.state(), s);
    setups_due();
  }

  const Variant& variant() const override { return game_.state().variant(); }
  std::shared_ptr<const Variant> variant_ptr() const override {
    return game_.state().variant_ptr();
  }
  const std::string& variant_spec() const override { return record_.variant; }
  const std::map<std::string, std::string>& tags() const override { return record_.tags; }
  std::optional<bots::SetupRequest> setup_request(Side side) const override {
    if (!asked_[side]) return std::nullopt;
    return bots::SetupRequest{&setup_view_[side], {}};
  }
  int steps() const override { return int(record_.actions.size()); }
  int step() const override { return step_; }
  std::string token(int n) const override { return record_.actions[std::size_t(n - 1)]; }
  std::string step_noun() const override { return "step"; }

  void next() override {
    if (done()) throw InputError(origin_ + ": no step after step " + std::to_string(step_));
    for (Side s : {kRed, kBlue}) {
      seen_[s].clear();
      asked_[s] = false;
    }
    const std::string at =
        origin_ + ": step " + std::to_string(step_ + 1) + " (" + token(step_ + 1) + ")";
    const waterloo::WaterlooState& s = game_.state();
    if (s.over()) throw InputError(at + ": the game is already over");
    if (s.phase() == waterloo::Phase::kSetup)
      throw InputError(at + ": the record lacks the " + std::string(side_name(s.current_player())) +
                       " set-up");
    try {
      game_.apply(waterloo::parse_action_token(s, token(step_ + 1)));
    } catch (const InputError& e) {
      throw InputError(at + ": " + e.what());
    }
    ++step_;
    observed();
    setups_due();
  }
  bool over() const override { return game_.over(); }
  std::string status() const override {
    const waterloo::WaterlooState& s = game_.state();
    if (s.over()) return "game over";
    const std::string who(side_name(s.current_player()));
    if (s.phase() == waterloo::Phase::kSetup) return who + " to set up";
    if (s.is_chance()) return "turn " + std::to_string(s.turn()) + ", chance to roll";
    return "turn " + std::to_string(s.turn()) + ", " + who + " to act";
  }

  const std::vector<eval::SeenStep>& seen(Side viewer) const override { return seen_[viewer]; }
  eval::TrueWorld truth() const override { return &game_.state(); }
  std::unique_ptr<eval::BeliefModel> start_belief(
      Side viewer, std::shared_ptr<const eval::SetupModel> prior) const override {
    if (prior)
      throw InputError(origin_ +
                       ": a Waterloo belief takes no set-up prior (--prior is for "
                       "the classic family)");
    // From the game's start the tracker knows where face-down blocks came from; from a given
    // position it knows what the view says.
    if (record_.start.empty()) return eval::waterloo_belief_model(variant_ptr(), viewer);
    return eval::waterloo_belief_model(start_view_[viewer]);
  }
  std::optional<ReplayDecision> decision() const override {
    const waterloo::WaterlooState& s = game_.state();
    if (done() || s.over() || s.is_chance() || s.phase() == waterloo::Phase::kSetup)
      return std::nullopt;
    ReplayDecision d;
    d.side = s.current_player();
    d.view = waterloo::make_view(s, d.side);
    waterloo::ActionList list;
    s.legal_actions(list);
    for (int i = 0; i < list.size; ++i) {
      d.legal.push_back(waterloo::action_token(s, list[i]));
      d.keys.push_back(list[i].raw());
    }
    return d;
  }

 private:
  // The step just made, as each side saw it.
  void observed() {
    for (Side s : {kRed, kBlue})
      seen_[s].push_back(
          eval::ViewedStep{game_.log().of(s).back(), waterloo::make_view(game_.state(), s)});
  }
  // The set-ups the game has reached and the record holds, each a step of its own.
  void setups_due() {
    while (game_.state().phase() == waterloo::Phase::kSetup) {
      const Side side = game_.state().current_player();
      if (!record_.setup[side]) return;  // an unfinished game
      setup_view_[side] = waterloo::make_view(game_.state(), side);
      asked_[side] = true;
      try {
        game_.apply_setup(side, *record_.setup[side]);
      } catch (const InputError& e) {
        throw InputError(origin_ + ": " + std::string(side_name(side)) + " set-up: " + e.what());
      }
      observed();
    }
  }

  waterloo::WaterlooRecord record_;
  waterloo::WaterlooGame game_;
  waterloo::WaterlooView start_view_[2];
  int step_ = 0;
  std::vector<eval::SeenStep> seen_[2];
  waterloo::WaterlooView setup_view_[2];  // the view each side's set-up was asked with
  bool asked_[2] = {false, false};
};

}  // namespace

std::unique_ptr<RecordReplay> waterloo_replay(const std::string& text, const std::string& origin) {
  return std::make_unique<WaterlooReplay>(text, origin);
}

}  // namespace stratego::referee
