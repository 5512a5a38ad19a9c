// play_game for Stratego Waterloo: the draft, the set-ups, every decision of whoever decides
// (also outside their turn) and the chance events rolled with the seed; both bots observe
// every step through their own ObservedStep and view.
#include <algorithm>
#include <map>
#include <optional>

#include "engine/error.h"
#include "engine/file_io.h"
#include "engine/variant_loader.h"
#include "engine/waterloo/action_token.h"
#include "engine/waterloo/family.h"
#include "engine/waterloo/record.h"
#include "referee/referee.h"
#include "referee/referee_decision.h"
#include "referee/referee_judge.h"

namespace stratego::bots {

GameOutcome play_waterloo_game(Bot& red, Bot& blue, const GameSettings& settings);

namespace {

using namespace referee_detail;
using namespace waterloo;

EndReason end_kind_of(const std::string& reason) {
  for (int k = int(EndReason::kResignation); k <= int(kLastEndReason); ++k)
    if (end_reason_name(EndReason(k)) == reason) return EndReason(k);
  return EndReason::kCrash;  // not reached: the Judge only uses the names above
}

class WaterlooReferee {
 public:
  WaterlooReferee(Bot& red, Bot& blue, const GameSettings& settings)
      : judge_(red, blue, settings), rng_(settings.seed) {}

  GameOutcome run() {
    const GameSettings& st = judge_.settings();
    std::optional<WaterlooRecord> resumed;
    if (!st.resume_record.empty()) {
      resumed = parse_record(st.resume_record, "resume record");
      if (st.variant && st.variant->spec != resumed->variant)
        throw InputError("resume record: the game is of variant '" + resumed->variant +
                         "', the settings say '" + st.variant->spec + "'");
      if (resumed->result.over()) throw InputError("resume record: the game is already over");
      game_.emplace(record_start(*resumed), resumed->start);
      tags_ = resumed->tags;
    } else {
      if (!st.variant) throw InputError("play_game: no variant given");
      game_.emplace(WaterlooState(st.variant));
    }
    variant_ = game_->state().variant_ptr();
    const std::string spec =
        resumed ? resumed->variant : (st.variant_spec.empty() ? variant_->spec : st.variant_spec);
    for (Side s : {kRed, kBlue}) {
      const GameStart g{variant_, spec, s, judge_.bot_seed(s), judge_.name(other(s))};
      if (!judge_.untimed(s, "new game", [&] { judge_.bot(s).new_game(g); })) return finish();
    }
    if (resumed && !replay_resumed(*resumed)) return finish();
    play();
    return finish();
  }

 private:
  // The bots observe the record's steps as they would have; a bad record is the caller's.
  bool replay_resumed(const WaterlooRecord& r) {
    auto setups = [&] {
      while (game_->state().phase() == Phase::kSetup && r.setup[game_->state().current_player()]) {
        const Side side = game_->state().current_player();
        try {
          game_->apply_setup(side, *r.setup[side]);
        } catch (const InputError& e) {
          throw InputError("resume record: " + std::string(side_name(side)) +
                           " set-up: " + e.what());
        }
        if (!observe_last()) return false;
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
      if (!observe_last()) return false;
    }
    return setups();
  }

  void play() {
    while (!game_->over()) {
      const WaterlooState& s = game_->state();
      if (s.phase() == Phase::kSetup) {
        if (!setup(s.current_player())) return;
      } else if (s.is_chance()) {
        game_->apply_random_chance(rng_);
      } else {
        const Side side = s.current_player();
        const Decision<WaterlooFamily> d =
            ask_decision<WaterlooFamily>(judge_, s, side, decisions_);
        switch (d.kind) {
          case DecisionKind::kNoReply:
            return;
          case DecisionKind::kAdjourn:
            adjourned_ = true;
            return;
          case DecisionKind::kResign:
            return game_->end_externally(EndReason::kResignation, side);
          case DecisionKind::kAcceptDraw:
            return game_->end_externally(EndReason::kDrawAgreed, side);
          case DecisionKind::kIllegal:
            return judge_.reject(side, d.token, is_well_formed_token(s, d.token), "action token");
          case DecisionKind::kAction:
            game_->apply(d.action);
            break;
        }
      }
      if (!observe_last()) return;
      autosave();
    }
  }

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
    const SetupRequest req{&view, judge_.limits()};
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

  bool observe_last() {
    for (Side s : {kRed, kBlue}) {
      const ObservedStep& step = game_->log().of(s).back();
      const WaterlooView after = make_view(game_->state(), s);
      if (!judge_.untimed(s, "observe", [&] { judge_.bot(s).observe(step, after); })) return false;
    }
    return true;
  }

  WaterlooRecord record() const {
    WaterlooRecord r = game_->record();
    r.tags = tags_;
    judge_.add_tags(r.tags);
    if (const auto& f = judge_.forfeit(); f && forfeited_ && !f->detail.empty())
      r.tags["detail"] = f->detail;
    return r;
  }

  void autosave() const {
    if (!judge_.settings().autosave_path.empty())
      write_text_file_atomically(judge_.settings().autosave_path, format_record(record()));
  }

  GameOutcome finish() {
    // A bot failing after the rules ended the game (in observing the last step) changes nothing.
    if (const auto& f = judge_.forfeit(); f && !game_->over()) {
      forfeited_ = true;
      game_->end_externally(end_kind_of(f->reason), f->loser);
    }
    GameOutcome out;
    out.decisions = decisions_;
    out.record = format_record(record());
    const Result res = game_->state().result();
    if (adjourned_) {
      out.reason = "adjourned";
    } else {
      out.winner = res.winner;
      out.reason = std::string(end_reason_name(res.reason));
      if (forfeited_) {
        out.detail = judge_.forfeit()->detail;
      } else {
        out.detail = std::string(result_kind_name(res.kind));
        if (res.reason == EndReason::kPursuit)
          out.detail += ", tally " + std::to_string(res.captured_difference);
      }
    }
    autosave();
    judge_.tell_result(result_text(out.winner, out.reason));
    return out;
  }

  Judge judge_;
  Rng rng_;
  std::shared_ptr<const Variant> variant_;
  std::map<std::string, std::string> tags_;
  std::optional<WaterlooGame> game_;
  int decisions_ = 0;
  bool adjourned_ = false, forfeited_ = false;
};

}  // namespace

GameOutcome play_waterloo_game(Bot& red, Bot& blue, const GameSettings& settings) {
  return WaterlooReferee(red, blue, settings).run();
}

}  // namespace stratego::bots
