// play_game: the classic family here, Waterloo in referee_waterloo.cpp, what both share in
// referee_judge.h.
#include "referee/referee.h"

#include <algorithm>
#include <map>
#include <optional>

#include "engine/classic_family.h"
#include "engine/error.h"
#include "engine/file_io.h"
#include "engine/game.h"
#include "engine/move_text.h"
#include "engine/movegen.h"
#include "engine/record.h"
#include "engine/setup.h"
#include "engine/waterloo/record.h"
#include "referee/referee_decision.h"
#include "referee/referee_judge.h"

namespace stratego::bots {

GameOutcome play_waterloo_game(Bot& red, Bot& blue,
                               const GameSettings& settings);  // referee_waterloo.cpp

namespace {

using namespace referee_detail;

EndReason end_reason_of(const std::string& reason) {
  for (int r = int(EndReason::kResignation); r <= int(kLastEndReason); ++r)
    if (end_reason_name(EndReason(r)) == reason) return EndReason(r);
  return EndReason::kCrash;  // not reached: the Judge only uses the names above
}

// A game the record says is unfinished, replayed: the bots observe every move as they would
// have. Problems with the record are the caller's (InputError), not a bot's.
struct Resumed {
  GameRecord record;
  State start;
};

Resumed read_resume(const GameSettings& settings) {
  GameRecord r = parse_record(settings.resume_record, "resume record");
  if (settings.variant && settings.variant->spec != r.variant)
    throw InputError("resume record: the game is of variant '" + r.variant +
                     "', the settings say '" + settings.variant->spec + "'");
  if (r.result.over())
    throw InputError("resume record: the game is already over (" +
                     std::string(end_reason_name(r.result.reason)) + ")");
  State start = record_start(r);
  return {std::move(r), std::move(start)};
}

class ClassicReferee {
 public:
  ClassicReferee(Bot& red, Bot& blue, const GameSettings& settings) : judge_(red, blue, settings) {}

  GameOutcome run() {
    const GameSettings& st = judge_.settings();
    std::optional<Resumed> resumed;
    if (!st.resume_record.empty()) resumed = read_resume(st);
    variant_ = resumed ? resumed->start.variant_ptr() : st.variant;
    if (!variant_) throw InputError("play_game: no variant given");
    spec_ = resumed ? resumed->record.variant
                    : (st.variant_spec.empty() ? variant_->spec : st.variant_spec);
    if (resumed) tags_ = resumed->record.tags;

    for (Side s : {kRed, kBlue}) {
      const GameStart g{variant_, spec_, s, judge_.bot_seed(s), judge_.name(other(s))};
      if (!judge_.untimed(s, "new game", [&] { judge_.bot(s).new_game(g); })) return finish();
    }
    if (resumed) {
      game_.emplace(resumed->start, resumed->record.red_setup, resumed->record.blue_setup);
      for (std::size_t i = 0; i < resumed->record.moves.size(); ++i) {
        const Move m = resumed->record.moves[i];
        try {
          game_->play(m);
        } catch (const InputError& e) {
          throw InputError("resume record: move " + std::to_string(i + 1) + ": " + e.what());
        }
        if (!observe_last()) return finish();
      }
    } else if (!make_setups()) {
      return finish();
    }
    play();
    return finish();
  }

 private:
  // Both set-ups, from the settings or asked of the bots. False if a bot forfeited.
  bool make_setups() {
    const GameSettings& st = judge_.settings();
    Setup setups[2];
    for (Side s : {kRed, kBlue}) {
      if (!st.setup[s].empty()) {
        try {
          setups[s] = parse_setup(*variant_, s, st.setup[s]);
          validate_setup(*variant_, setups[s]);
        } catch (const InputError& e) {
          throw InputError("settings: " + std::string(side_name(s)) + " set-up: " + e.what());
        }
        lines_[s] = st.setup[s];
        continue;
      }
      std::string line;
      const SetupRequest req{nullptr, judge_.limits()};
      if (!judge_.timed(
              s, "set-up", [&](const std::atomic<bool>&) { line = judge_.bot(s).setup(req); },
              false))
        return false;
      try {
        setups[s] = parse_setup(*variant_, s, line);
        validate_setup(*variant_, setups[s]);
      } catch (const InputError& e) {
        judge_.lose(s, "illegal-action",
                    std::string(side_name(s)) + " set-up '" + line + "': " + e.what());
        return false;
      }
      lines_[s] = format_setup(*variant_, setups[s]);
    }
    game_.emplace(initial_state(variant_, setups[kRed], setups[kBlue]), lines_[kRed],
                  lines_[kBlue]);
    autosave();
    return true;
  }

  void play() {
    while (!game_->over()) {
      const State& s = game_->state();
      const Side side = s.side_to_move();
      const Decision<ClassicFamily> d = ask_decision<ClassicFamily>(judge_, s, side, decisions_);
      switch (d.kind) {
        case DecisionKind::kNoReply:
          return;
        case DecisionKind::kAdjourn:
          adjourned_ = true;
          return;
        case DecisionKind::kResign:
          return game_->resign(side);
        case DecisionKind::kAcceptDraw:
          return game_->agree_draw();
        case DecisionKind::kIllegal:
          return reject(side, d.token, s);
        case DecisionKind::kAction:
          game_->play(d.action);
          break;
      }
      if (!observe_last()) return;
      autosave();
    }
  }

  void reject(Side side, const std::string& token, const State& s) {
    bool well_formed = true;
    try {
      parse_move(token, s.geometry());
    } catch (const InputError&) {
      well_formed = false;
    }
    judge_.reject(side, token, well_formed, "move token");
  }

  bool observe_last() {
    for (Side s : {kRed, kBlue}) {
      const ObservedMove& m = game_->observations(s).back();
      const View after = game_->view(s);
      if (!judge_.untimed(s, "observe", [&] { judge_.bot(s).observe(m, after); })) return false;
    }
    return true;
  }

  GameRecord record() const {
    GameRecord r;
    if (game_) {
      r = game_->record();
    } else {  // forfeited at the set-up: the set-ups given so far, no moves
      r.red_setup = lines_[kRed];
      r.blue_setup = lines_[kBlue];
    }
    r.variant = variant_->spec;
    r.tags = tags_;
    judge_.add_tags(r.tags);
    if (const auto& f = judge_.forfeit(); f && forfeited_) {
      r.result = {winner_of(other(f->loser)), end_reason_of(f->reason)};
      if (!f->detail.empty()) r.tags["detail"] = f->detail;
    }
    return r;
  }

  void autosave() const {
    if (!judge_.settings().autosave_path.empty())
      write_text_file_atomically(judge_.settings().autosave_path, format_record(record()));
  }

  GameOutcome finish() {
    // A bot failing after the rules ended the game (in observing the last move) changes nothing.
    if (const auto& f = judge_.forfeit(); f && (!game_ || !game_->over())) {
      forfeited_ = true;
      if (game_) game_->forfeit(f->loser, end_reason_of(f->reason));
    }
    const GameRecord r = record();
    GameOutcome out;
    out.decisions = decisions_;
    out.record = format_record(r);
    if (adjourned_) {
      out.reason = "adjourned";
    } else {
      out.winner = r.result.winner;
      out.reason = std::string(end_reason_name(r.result.reason));
      if (forfeited_) out.detail = judge_.forfeit()->detail;
    }
    autosave();
    judge_.tell_result(result_text(out.winner, out.reason));
    return out;
  }

  Judge judge_;
  std::shared_ptr<const Variant> variant_;
  std::string spec_;
  std::map<std::string, std::string> tags_;
  std::string lines_[2];
  std::optional<Game> game_;
  int decisions_ = 0;
  bool adjourned_ = false, forfeited_ = false;
};

}  // namespace

GameOutcome play_game(Bot& red, Bot& blue, const GameSettings& settings) {
  const bool waterloo = !settings.resume_record.empty()
                            ? waterloo::is_waterloo_record(settings.resume_record)
                            : settings.variant && settings.variant->family == Family::kWaterloo;
  if (waterloo) return play_waterloo_game(red, blue, settings);
  return ClassicReferee(red, blue, settings).run();
}

}  // namespace stratego::bots
