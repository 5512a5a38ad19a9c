// The referee's game, written once over the GameFamily (engine/family.h) and a Table: the
// bots are told of the game, a resumed game is replayed to them or the set-ups are made, then
// every step is asked of whoever must decide, rolled if it is chance, and observed by both;
// the record is saved after every step and the outcome made when the game ends or a bot
// forfeits. Internal to referee/referee_*.cpp.
//
// A Table holds one family's true game (referee_classic.cpp, referee_waterloo.cpp):
//   Table(Judge&)                    the Judge it reports bot faults to
//   void open()                      read the settings: variant, spec, a resumed record
//                                    (InputError if it is bad)
//   variant(), spec()                what the bots are told in GameStart
//   bool begin(observe)              replay a resumed game (observe() after every step) or make
//                                    what must exist before the first step; false: a forfeit
//   bool over(), state()             the game so far
//   bool setup(Side)                 a set-up step (F::setup_due); false: a forfeit
//   apply(Action), apply_chance(Rng&), end(Side, EndReason) (resignation, draw-agreed),
//   reject(Side, token), forfeit(Side loser, EndReason)
//   last_observation(Side)           what that side saw of the last step
//   std::string record_text(bool forfeited), Result result(bool forfeited),
//   std::string result_detail(const Result&)   for a game the rules ended
#pragma once

#include <string>

#include "engine/family.h"
#include "engine/file_io.h"
#include "engine/rng.h"
#include "referee/referee.h"
#include "referee/referee_decision.h"
#include "referee/referee_judge.h"

namespace stratego::referee::detail {

template <GameFamily F, class Table>
class Referee {
 public:
  Referee(bots::Bot& red, bots::Bot& blue, const GameSettings& settings)
      : judge_(red, blue, settings), table_(judge_), rng_(settings.seed) {}

  GameOutcome run() {
    table_.open();
    for (Side s : {kRed, kBlue}) {
      const bots::GameStart g{table_.variant(), table_.spec(), s, judge_.bot_seed(s),
                              judge_.name(other(s))};
      if (!judge_.untimed(s, "new game", [&] { judge_.bot(s).new_game(g); })) return finish();
    }
    if (!table_.begin([this] { return observe_last(); })) return finish();
    autosave();
    play();
    return finish();
  }

 private:
  void play() {
    while (!table_.over()) {
      const typename F::State& s = table_.state();
      if (F::setup_due(s)) {
        if (!table_.setup(F::current_player(s))) return;
      } else if (F::is_chance(s)) {
        table_.apply_chance(rng_);
      } else {
        const Side side = F::current_player(s);
        const Decision<F> d = ask_decision<F>(judge_, s, side, decisions_);
        switch (d.kind) {
          case DecisionKind::kNoReply:
            return;
          case DecisionKind::kAdjourn:
            adjourned_ = true;
            return;
          case DecisionKind::kResign:
            return table_.end(side, EndReason::kResignation);
          case DecisionKind::kAcceptDraw:
            return table_.end(side, EndReason::kDrawAgreed);
          case DecisionKind::kIllegal:
            return table_.reject(side, d.token);
          case DecisionKind::kAction:
            table_.apply(d.action);
            break;
        }
      }
      if (!observe_last()) return;
      autosave();
    }
  }

  bool observe_last() {
    for (Side s : {kRed, kBlue}) {
      const auto& seen = table_.last_observation(s);
      const typename F::View after = F::view(table_.state(), s);
      if (!judge_.untimed(s, "observe",
                          [&] { judge_.bot(s).observe(bots::observation(seen, after)); }))
        return false;
    }
    return true;
  }

  void autosave() const {
    if (!judge_.settings().autosave_path.empty())
      write_text_file_atomically(judge_.settings().autosave_path, table_.record_text(forfeited_));
  }

  GameOutcome finish() {
    // A bot failing after the rules ended the game (in observing the last step) changes nothing.
    if (const auto& f = judge_.forfeit(); f && !table_.over()) {
      forfeited_ = true;
      table_.forfeit(f->loser, end_reason_of(f->reason));
    }
    GameOutcome out;
    out.decisions = decisions_;
    out.record = table_.record_text(forfeited_);
    if (adjourned_) {
      out.reason = "adjourned";
    } else {
      const Result r = table_.result(forfeited_);
      out.winner = r.winner;
      out.reason = std::string(end_reason_name(r.reason));
      out.detail = forfeited_ ? judge_.forfeit()->detail : table_.result_detail(r);
    }
    autosave();
    judge_.tell_result(result_text(out.winner, out.reason));
    return out;
  }

  Judge judge_;
  Table table_;
  Rng rng_;
  int decisions_ = 0;
  bool adjourned_ = false, forfeited_ = false;
};

}  // namespace stratego::referee::detail
