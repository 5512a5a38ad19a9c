// Stratego Waterloo's Table for the referee's loop (referee_loop.h): the draft, the set-ups
// as steps of the game, decisions of whoever decides (also outside their turn) and the chance
// events rolled with the seed; both bots observe every step through their own ObservedStep.
#include <map>
#include <optional>

#include "engine/error.h"
#include "engine/variant_loader.h"
#include "engine/waterloo/action_token.h"
#include "engine/waterloo/family.h"
#include "engine/waterloo/record.h"
#include "referee/referee_loop.h"

namespace stratego::referee {

GameOutcome play_waterloo_game(bots::Bot& red, bots::Bot& blue, const GameSettings& settings);

namespace {

using namespace detail;
using namespace waterloo;

class WaterlooTable {
 public:
  explicit WaterlooTable(Judge& judge) : judge_(judge) {}

  void open() {
    const GameSettings& st = judge_.settings();
    if (!st.resume_record.empty()) {
      resumed_ = waterloo::parse_record(st.resume_record, "resume record");
      if (st.variant && st.variant->spec != resumed_->variant)
        throw InputError("resume record: the game is of variant '" + resumed_->variant +
                         "', the settings say '" + st.variant->spec + "'");
      if (resumed_->result.over()) throw InputError("resume record: the game is already over");
      game_.emplace(record_start(*resumed_), resumed_->start);
      tags_ = resumed_->tags;
    } else {
      if (!st.variant) throw InputError("play_game: no variant given");
      game_.emplace(WaterlooState(st.variant));
    }
    variant_ = game_->state().variant_ptr();
    spec_ =
        resumed_ ? resumed_->variant : (st.variant_spec.empty() ? variant_->spec : st.variant_spec);
  }
  const std::shared_ptr<const Variant>& variant() const { return variant_; }
  const std::string& spec() const { return spec_; }

  // The record's steps replayed: the bots observe them as they would have; a bad record is
  // the caller's.
  template <class Observe>
  bool begin(Observe observe) {
    if (!resumed_) return true;
    const WaterlooRecord& r = *resumed_;
    auto setups = [&] {
      while (game_->state().phase() == Phase::kSetup && r.setup[game_->state().current_player()]) {
        const Side side = game_->state().current_player();
        try {
          game_->apply_setup(side, *r.setup[side]);
        } catch (const InputError& e) {
          throw InputError("resume record: " + std::string(side_name(side)) +
                           " set-up: " + e.what());
        }
        if (!observe()) return false;
      }
      return true;
    };
    for (std::size_t i = 0; i < r.actions.size(); ++i) {
      if (!setups()) return false;
      try {
        game_->apply(parse_action_token(game_->state(), r.actions[i]));
      } catch (const InputError& e) {
        throw InputError("resume record: action " + std::to_string(i + 1) + ": " + e.what());
      }
      if (!observe()) return false;
    }
    return setups();
  }

  bool over() const { return game_->over(); }
  const WaterlooState& state() const { return game_->state(); }

  // A set-up from the settings (set-up tokens) or from the bot. False if the bot forfeited.
  bool setup(Side side) {
    const WaterlooState& s = game_->state();
    const std::string& given = judge_.settings().setup[side];
    if (!given.empty()) {
      try {
        game_->apply_setup(side, parse_setup_tokens(s, side, given));
      } catch (const InputError& e) {
        throw InputError("settings: " + std::string(side_name(side)) + " set-up: " + e.what());
      }
      return true;
    }
    const WaterlooView view = make_view(s, side);
    const bots::SetupRequest req{&view, judge_.limits()};
    std::string tokens;
    if (!judge_.timed(
            side, "set-up", [&](const std::atomic<bool>&) { tokens = judge_.bot(side).setup(req); },
            false))
      return false;
    try {
      game_->apply_setup(side, parse_setup_tokens(s, side, tokens));
    } catch (const InputError& e) {
      judge_.lose(side, "illegal-action", std::string(side_name(side)) + " set-up: " + e.what());
      return false;
    }
    return true;
  }
  void apply(Action a) { game_->apply(a); }
  void apply_chance(Rng& rng) { game_->apply_random_chance(rng); }
  void end(Side side, EndReason r) { game_->end_externally(r, side); }
  void reject(Side side, const std::string& token) {
    judge_.reject(side, token, is_well_formed_token(game_->state(), token), "action token");
  }
  void forfeit(Side loser, EndReason r) { game_->end_externally(r, loser); }
  const ObservedStep& last_observation(Side s) const { return game_->log().of(s).back(); }

  std::string record_text(bool forfeited) const {
    WaterlooRecord r = game_->record();
    r.tags = tags_;
    judge_.add_tags(r.tags);
    if (const auto& f = judge_.forfeit(); f && forfeited && !f->detail.empty())
      r.tags["detail"] = f->detail;
    return format_record(r);
  }
  Result result(bool) const { return game_->state().result(); }
  std::string result_detail(const Result& res) const {
    std::string d(result_kind_name(res.kind));
    if (res.reason == EndReason::kPursuit)
      d += ", tally " + std::to_string(res.captured_difference);
    return d;
  }

 private:
  Judge& judge_;
  std::optional<WaterlooRecord> resumed_;
  std::shared_ptr<const Variant> variant_;
  std::string spec_;
  std::map<std::string, std::string> tags_;
  std::optional<WaterlooGame> game_;
};

}  // namespace

GameOutcome play_waterloo_game(bots::Bot& red, bots::Bot& blue, const GameSettings& settings) {
  return Referee<WaterlooFamily, WaterlooTable>(red, blue, settings).run();
}

}  // namespace stratego::referee
