// The Bot interface: what the referee, `stratego engine` and `stratego play` talk to. A bot
// sees only its own view (engine/view.h, engine/waterloo/view.h), what it observed, and the
// tokens of its legal actions; never the true state. The same interface is implemented by
// built-in bots in this process and by programs driven over a protocol (ProtocolBot, UccBot),
// so the referee treats them alike.
//
// Actions travel as tokens: classic moves as engine/move_text.h writes them ("a4-a5",
// "R:E@b2"), Waterloo actions as engine/waterloo/action_token.h writes them ("e5xe6/n",
// "card:initiative", "end"). Set-ups as a set-up line (engine/setup.h) for the classic family
// and as set-up tokens (engine/waterloo/record.h, setup_tokens) for Waterloo.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <variant>
#include <vector>

#include "bots/decision_analysis.h"
#include "engine/game_view.h"
#include "engine/variant.h"
#include "engine/view.h"
#include "engine/waterloo/observation.h"
#include "engine/waterloo/view.h"

namespace stratego::bots {

// A typed option, as the handshake announces it (docs/protocol.md, "option").
struct BotOption {
  enum class Type { kSpin, kCheck, kString, kCombo };
  std::string name;
  Type type = Type::kSpin;
  std::string default_value;
  std::int64_t min = 0, max = 0;     // kSpin
  std::vector<std::string> choices;  // kCombo
};

// How long a decision may take. Zero / negative means "not given". With no limit at all the
// bot decides by its own default.
struct Limits {
  std::int64_t movetime_ms = 0;             // exactly this long per decision
  std::int64_t time_left_ms[2] = {-1, -1};  // game clock by Side, -1 if no clock
  std::int64_t increment_ms[2] = {0, 0};    // added after each of that side's decisions
  std::int64_t nodes = 0, iterations = 0;   // search budget
  bool infinite = false;                    // until stopped
};

// What a bot reports while it thinks (the protocol's `info` line).
struct SearchInfo {
  int depth = 0;
  std::int64_t iterations = 0, nodes = 0, nps = 0, samples = 0;
  double win_probability = -1;  // in [0, 1]; -1 unknown
  std::vector<std::string> pv;  // best line, as tokens
  std::string text;             // free text
};
using InfoSink = std::function<void(const SearchInfo&)>;

struct GameStart {
  std::shared_ptr<const Variant> variant;
  std::string variant_spec;  // the name or spec it was loaded from ("inline" if sent whole)
  Side side = kRed;
  std::uint64_t seed = 0;  // a seed the bot may use for its own randomness
  std::string opponent;    // the opponent's name, if known
};

// A bot's own view of the position, of the game's family: a classic-family View or a
// WaterlooView. Empty only in a request not filled yet.
using BotView = std::variant<std::monostate, const View*, const waterloo::WaterlooView*>;

// The BotView of a view kept as a value (engine/game_view.h).
inline BotView view_of(const GameView& v) {
  return std::visit([](const auto& x) -> BotView { return &x; }, v);
}

// Calls f with the view a BotView points to; an empty BotView is a caller's mistake.
template <class F>
struct ViewCall {
  F& f;
  decltype(auto) operator()(const View* v) const { return f(*v); }
  decltype(auto) operator()(const waterloo::WaterlooView* v) const { return f(*v); }
  auto operator()(std::monostate) const -> decltype(f(std::declval<const View&>())) {
    throw std::logic_error("a bot request without a view");
  }
};

// One step of the game as a bot saw it (its own steps included), with its view right after
// the step: a classic-family move or a Waterloo step. A bot for both families visits it with
// one overload per family; a bot for one family takes its own and ignores the other.
struct ClassicObservation {
  const ObservedMove& step;
  const View& after;
};
struct WaterlooObservation {
  const waterloo::ObservedStep& step;
  const waterloo::WaterlooView& after;
};
using Observation = std::variant<ClassicObservation, WaterlooObservation>;
// The observation of a step and the view after it, for code written once over the family.
inline Observation observation(const ObservedMove& m, const View& after) {
  return ClassicObservation{m, after};
}
inline Observation observation(const waterloo::ObservedStep& s,
                               const waterloo::WaterlooView& after) {
  return WaterlooObservation{s, after};
}

// What a set-up request and a decision have in common: the bot's view.
struct ViewRequest {
  BotView view;
  // The view if the game is of that family, else null.
  const View* classic() const {
    const auto* v = std::get_if<const View*>(&view);
    return v ? *v : nullptr;
  }
  const waterloo::WaterlooView* waterloo() const {
    const auto* v = std::get_if<const waterloo::WaterlooView*>(&view);
    return v ? *v : nullptr;
  }
  // f(view) with the view of the request's family, so that code written once for both
  // families (over overloads for View and WaterlooView) needs no branch of its own. A request
  // always has a view once it is made.
  template <class F>
  decltype(auto) with_view(F&& f) const {
    return std::visit(ViewCall<F>{f}, view);
  }
  // The game's variant, from the view.
  const Variant& variant() const {
    return *with_view(
        [](const auto& v) -> const std::shared_ptr<const Variant>& { return v.variant; });
  }
};

// One decision. In Waterloo the decision may be outside the bot's own turn (Battle Lust when
// attacked, a target after "+", the card draft, the early start).
struct Request : ViewRequest {
  std::vector<std::string> legal;  // every legal action, as tokens, never empty
  Limits limits;
  bool draw_offered = false;  // the opponent offers a draw; accept_draw takes it
  // The same actions as keys, in the same order: Move::raw() (classic) or
  // waterloo::Action::raw(). In-process bots work on these; tokens are for the wire. Empty when
  // the request came over a wire: bots/action_keys.h derives them then.
  std::vector<std::uint32_t> actions;
};

struct Reply {
  std::string action;  // one of Request::legal (empty only with resign or accept_draw)
  bool resign = false;
  bool offer_draw = false;   // offer a draw along with the action
  bool accept_draw = false;  // accept the opponent's offer (ends the game as a draw)
  bool adjourn = false;      // stop the game here, unfinished, to resume later (a person
                             // playing with `stratego play` quits)
};

// A set-up request, with the bot's view before it places anything. Classic family: the view of
// the empty board (engine/view.h, setup_view); reply with a set-up line for its viewer.
// Waterloo: the set-up phase's view (phase kSetup, what the draft and an early start decided);
// reply with set-up tokens for it.
struct SetupRequest : ViewRequest {
  Limits limits;
};

// Raised by bots driven over a pipe when the program misbehaves; the referee turns it into a
// lost game with the matching reason. Built-in bots never throw it.
struct BotFault : std::runtime_error {
  enum class Kind { kCrash, kDisconnect, kTimeout, kProtocolError, kFlood, kIllegal };
  BotFault(Kind k, const std::string& what) : std::runtime_error(what), kind(k) {}
  Kind kind;
};

class Bot {
 public:
  virtual ~Bot() = default;
  virtual std::string name() const = 0;
  virtual std::string author() const { return "stratego"; }
  virtual std::vector<BotOption> options() const { return {}; }
  // Throws InputError naming the option or value if it is unknown or out of range.
  virtual void set_option(const std::string& name, const std::string& value);

  virtual void new_game(const GameStart& g) = 0;
  virtual std::string setup(const SetupRequest& r) = 0;
  // Every step of the game as this bot saw it, its own included, in order, with its view
  // after the step.
  virtual void observe(const Observation& /*o*/) {}
  // `stop` becomes true when the bot must answer at once (the protocol's `stop`).
  virtual Reply decide(const Request& r, const std::atomic<bool>& stop, const InfoSink& info) = 0;
  // The same decision as decide() (the same search, the same state change, the same choice in
  // DecisionAnalysis::chosen), with the bot's figures for every legal action, for people to
  // see why it chose (`stratego analyze decisions`). nullopt: this bot does not explain itself
  // (it then has not decided either).
  virtual std::optional<DecisionAnalysis> analyse(const Request& /*r*/,
                                                  const std::atomic<bool>& /*stop*/) {
    return std::nullopt;
  }
  // The game ended; result as "red flag-captured", "draw move-limit", ...
  virtual void game_over(const std::string& /*result*/) {}
};

}  // namespace stratego::bots
