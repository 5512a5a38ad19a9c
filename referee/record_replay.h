// A game record of either family walked step by step as the players saw it: what `stratego
// analyze` (beliefs along a game), `analyze decisions` (a bot's thinking along a game) and the
// browser's replay read. A step is a move of a classic record or an action of a Waterloo one
// (chance outcomes included); Waterloo's set-ups are applied as they fall due, as the referee
// applies them. After each step it gives each side what it observed (set-ups included) with its
// view after each, the true state, the belief each side started with, and, before a step, the
// decision it makes as the referee asked it. Every problem with the record is an InputError
// naming the file, the record and the step. The one place above the engine that reads a record
// by its family: open_replay() picks the walker, and everything after it is written once.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "bots/bot.h"
#include "eval/belief_model.h"

namespace stratego::referee {

// A decision as the referee asked it: the decider's view and its legal actions.
struct ReplayDecision {
  Side side = kRed;
  std::variant<View, waterloo::WaterlooView> view;
  std::vector<std::string> legal;   // tokens, in generation order
  std::vector<std::uint32_t> keys;  // the same as keys (bots::Request::actions)
  bots::Request request() const;    // pointing into this decision
};

class RecordReplay {
 public:
  virtual ~RecordReplay() = default;

  const std::string& origin() const { return origin_; }  // "FILE" or "FILE, record 3 (line 120)"
  virtual const Variant& variant() const = 0;
  virtual std::shared_ptr<const Variant> variant_ptr() const = 0;
  virtual const std::string& variant_spec() const = 0;  // as the record names it
  virtual const std::map<std::string, std::string>& tags() const = 0;
  std::optional<std::string> tag(const std::string& name) const {
    const auto it = tags().find(name);
    if (it == tags().end()) return std::nullopt;
    return it->second;
  }
  // The set-up the referee asked `side` for in the last next() (before any: at the start), if
  // it asked: a classic game not started from a position asks both before the first move with
  // no view; Waterloo asks each side when its set-up falls due, with the view then. The request
  // points into the replay until the next next().
  virtual std::optional<bots::SetupRequest> setup_request(Side side) const = 0;

  virtual int steps() const = 0;  // moves or actions in the record
  virtual int step() const = 0;   // made so far
  bool done() const { return step() == steps(); }
  virtual std::string token(int n) const = 0;  // step n (1-based) as the record has it
  // "move"/"step": how headings count steps.
  virtual std::string step_noun() const = 0;
  // "ORIGIN: move N (TOKEN)" for the step made last; "ORIGIN: the start" before any.
  std::string where() const {
    if (step() == 0) return origin_ + ": the start";
    return origin_ + ": " + step_noun() + " " + std::to_string(step()) + " (" + token(step()) + ")";
  }
  // Makes the next step (InputError naming it if it is not legal).
  virtual void next() = 0;
  virtual bool over() const = 0;
  // Who is to do what ("red to move", "game over"), for headings.
  virtual std::string status() const = 0;

  // What `viewer` observed in the last next() (before any: the set-ups made before the first
  // step), each with its view after it, in order.
  virtual const std::vector<eval::SeenStep>& seen(Side viewer) const = 0;
  virtual eval::TrueWorld truth() const = 0;
  // What `viewer` believed at the record's start, before seen() of the start. prior: a classic
  // set-up prior instead of the built-in one (InputError in Waterloo, which has none).
  virtual std::unique_ptr<eval::BeliefModel> start_belief(
      Side viewer, std::shared_ptr<const eval::SetupModel> prior = nullptr) const = 0;
  // The decision the next step makes, or nullopt if it is no decision (a chance outcome, the
  // end) or the record has no next step.
  virtual std::optional<ReplayDecision> decision() const = 0;

 protected:
  std::string origin_;
};

// Game `game` (1-based) of the records in the file `path`; game 0: the file must hold one.
std::unique_ptr<RecordReplay> open_replay(const std::string& path, int game);
// One record's text (either family); origin names it in messages.
std::unique_ptr<RecordReplay> replay_of_text(const std::string& text, const std::string& origin);

// Each step seen, fed to a belief, with the step named when the belief refuses it.
void observe_all(eval::BeliefModel& belief, const RecordReplay& replay, Side viewer);

}  // namespace stratego::referee
