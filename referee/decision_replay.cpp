#include "referee/decision_replay.h"

#include <memory>

#include "bots/action_keys.h"
#include "engine/error.h"
#include "engine/move_text.h"
#include "engine/movegen.h"
#include "engine/text_util.h"
#include "eval/belief.h"
#include "referee/referee.h"

namespace stratego::referee {

std::uint64_t explained_game_seed(const GameRecord& r, const ExplainSettings& settings) {
  if (settings.seed) return *settings.seed;
  const auto tag = r.tags.find("seed");
  if (tag != r.tags.end())
    if (const auto n = text::parse_number<std::uint64_t>(tag->second)) return *n;
  return 1;
}

void explain_decisions(RecordReplay& replay, bots::Bot& bot, const ExplainSettings& settings,
                       const std::function<void(const ExplainedDecision&)>& each) {
  const Side me = settings.side;
  const GameRecord& r = replay.record();
  const std::string range = settings.to == INT_MAX
                                ? std::string()
                                : " between moves " + std::to_string(settings.from) + " and " +
                                      std::to_string(settings.to);
  // Is there a decision of that side to explain? Checked before any thinking.
  {
    State s = replay.state();
    bool any = false;
    for (int n = replay.ply() + 1; n <= replay.moves() && n <= settings.to && !any; ++n) {
      if (n >= settings.from && s.side_to_move() == me) any = true;
      if (!is_legal(s, r.moves[std::size_t(n - 1)])) {
        any = true;  // next() names the bad move below
        break;
      }
      s.make(r.moves[std::size_t(n - 1)]);
    }
    if (!any)
      throw InputError(replay.origin() + ": " + std::string(side_name(me)) + " makes no move" +
                       (range.empty() ? std::string(" in the record") : range));
  }

  const std::shared_ptr<const Variant> variant = replay.state().variant_ptr();
  bot.new_game(
      bots::GameStart{variant, r.variant, me, bot_seed(explained_game_seed(r, settings), me), ""});
  // The referee asked the bot for its set-up before the first move (unless the match gave the
  // set-ups): asked again, so that a bot that draws it from its own random stream (rules) goes
  // on from where it went on in the game. The answer is not used.
  if (r.start.empty()) {
    const View empty = setup_view(variant, me);
    bot.setup(bots::SetupRequest{&empty, {}});
  }
  // The belief shown for the targets of a bot that keeps none.
  eval::Belief own(replay.view(me), eval::default_options(*variant));
  const std::atomic<bool> stop{false};
  while (!replay.done() && replay.ply() < settings.to) {
    const State& s = replay.state();
    const int move = replay.ply() + 1;
    if (s.side_to_move() == me && !s.over()) {
      const View view = replay.view(me);
      MoveList list;
      generate_moves(s, list);
      bots::Request req;
      req.view = &view;
      for (Move m : list) {
        req.legal.push_back(move_to_text(m, s.geometry()));
        req.actions.push_back(m.raw());
      }
      const std::string played = move_to_text(r.moves[std::size_t(move - 1)], s.geometry());
      if (move >= settings.from) {
        req.limits.nodes = settings.nodes;
        std::optional<bots::DecisionAnalysis> a = bot.analyse(req, stop);
        if (!a)
          throw InputError("bot " + bot.name() +
                           " does not explain its decisions (rules, ismcts and alphabeta do)");
        if (a->belief.empty()) {
          bots::mark_attacks(*a, view);
          bots::fill_target_beliefs(*a, own.tracker(), own.marginals(), "analyze's");
        }
        each(ExplainedDecision{move, played, std::move(*a)});
      } else {
        // Decided as cheaply as the bot can, for its state's sake (header).
        req.limits.nodes = 1;
        req.limits.iterations = 1;
        bot.decide(req, stop, {});
      }
    }
    replay.next();
    const ObservedMove seen = replay.observation(me);
    const View after = replay.view(me);
    bot.observe(bots::observation(seen, after));
    try {
      own.update(seen, after);
    } catch (const InputError& e) {
      throw InputError(replay.where() + ": " + e.what());
    }
  }
}

}  // namespace stratego::referee
