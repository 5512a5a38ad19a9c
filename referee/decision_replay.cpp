#include "referee/decision_replay.h"

#include <memory>

#include "engine/error.h"
#include "engine/text_util.h"
#include "referee/referee.h"

namespace stratego::referee {
namespace {

// The step as the bot observes it, of the family the replay is of.
void observe(bots::Bot& bot, const eval::SeenStep& step) {
  std::visit([&](const auto& s) { bot.observe(bots::observation(s.step, s.after)); }, step);
}

}  // namespace

std::uint64_t explained_game_seed(const RecordReplay& r, const ExplainSettings& settings) {
  if (settings.seed) return *settings.seed;
  if (const auto tag = r.tag("seed"))
    if (const auto n = text::parse_number<std::uint64_t>(*tag)) return *n;
  return 1;
}

void explain_decisions(RecordReplay& replay, bots::Bot& bot, const ExplainSettings& settings,
                       const std::function<void(const ExplainedDecision&)>& each) {
  const Side me = settings.side;
  const std::string range = settings.to == INT_MAX
                                ? std::string()
                                : " between moves " + std::to_string(settings.from) + " and " +
                                      std::to_string(settings.to);
  const std::shared_ptr<const Variant> variant = replay.variant_ptr();
  bot.new_game(bots::GameStart{variant, replay.variant_spec(), me,
                               bot_seed(explained_game_seed(replay, settings), me), ""});
  // The belief shown for the targets of a bot that keeps none.
  const std::unique_ptr<eval::BeliefModel> own = replay.start_belief(me);
  // The set-up the referee asked for is asked again, so that a bot that draws it from its own
  // random stream (rules) goes on from where it went on in the game; the answer is not used.
  // Then the steps: within one step of the record the set-up is asked before any is observed.
  auto observed = [&] {
    if (const auto req = replay.setup_request(me)) bot.setup(*req);
    for (const eval::SeenStep& s : replay.seen(me)) observe(bot, s);
    observe_all(*own, replay, me);
  };
  observed();
  const std::atomic<bool> stop{false};
  bool any = false;
  while (!replay.done() && replay.step() < settings.to) {
    const int move = replay.step() + 1;
    if (const std::optional<ReplayDecision> d = replay.decision(); d && d->side == me) {
      bots::Request req = d->request();
      if (move >= settings.from) {
        any = true;
        req.limits.nodes = settings.nodes;
        std::optional<bots::DecisionAnalysis> a = bot.analyse(req, stop);
        if (!a)
          throw InputError("bot " + bot.name() +
                           " does not explain its decisions (rules, ismcts and alphabeta do)");
        if (a->belief.empty()) {
          std::visit([&](const auto& v) { bots::mark_attacks(*a, v); }, d->view);
          bots::fill_target_beliefs(*a, own->marginals(), "analyze's");
        }
        each(ExplainedDecision{move, replay.token(move), std::move(*a)});
      } else {
        // Decided as cheaply as the bot can, for its state's sake (header).
        req.limits.nodes = 1;
        req.limits.iterations = 1;
        bot.decide(req, stop, {});
      }
    }
    replay.next();
    observed();
  }
  if (!any)
    throw InputError(replay.origin() + ": " + std::string(side_name(me)) + " makes no move" +
                     (range.empty() ? std::string(" in the record") : range));
}

}  // namespace stratego::referee
