#include "bots/search_position.h"

#include <atomic>
#include <chrono>
#include <optional>

#include "bots/registry.h"
#include "engine/error.h"
#include "engine/game.h"
#include "engine/move_text.h"
#include "engine/movegen.h"
#include "engine/setup.h"
#include "engine/variant_loader.h"
#include "engine/waterloo/action_token.h"
#include "engine/waterloo/record.h"

namespace stratego::bots {

struct PrimedSearch::Impl {
  std::shared_ptr<const Variant> variant;
  std::unique_ptr<Bot> bots[2];  // by side: both watch a Waterloo game; `me` searches
  Side me = kRed;
  std::optional<GameView> view;
  std::vector<std::string> legal;
  std::vector<std::uint32_t> actions;  // the keys of `legal`
};

namespace {

void set_up_bot(Bot& bot, const std::shared_ptr<const Variant>& v, const SearchPosition& p,
                Side side, int threads) {
  bot.set_option("threads", std::to_string(threads));
  bot.new_game(GameStart{v, p.variant, side, p.seed, "bench"});
}

void prime_classic(PrimedSearch::Impl& s, const SearchPosition& p, int threads) {
  Rng rng(p.seed);
  const Setup red = random_setup(*s.variant, kRed, rng),
              blue = random_setup(*s.variant, kBlue, rng);
  Game game(initial_state(s.variant, red, blue));
  MoveList list;
  for (int i = 0; i < p.plies; ++i) {
    generate_moves(game.state(), list);
    const Move m = list[rng.below(std::uint32_t(list.size))];
    Game next = game;
    next.play(m);
    if (next.over()) break;  // the position must leave something to search
    game = std::move(next);
  }
  const Side me = game.state().side_to_move();
  s.me = me;
  set_up_bot(*s.bots[me], s.variant, p, me, threads);
  // The bot sees each of its observations with the view after it.
  Game replay(game.start());
  for (std::size_t i = 0; i < game.observations(me).size(); ++i) {
    replay.play(game.moves()[i]);
    s.bots[me]->observe(bots::observation(game.observations(me)[i], replay.view(me)));
  }
  generate_moves(game.state(), list);
  s.view = game.view(me);
  for (Move m : list) {
    s.legal.push_back(move_to_text(m, s.variant->geometry));
    s.actions.push_back(m.raw());
  }
}

void prime_waterloo(PrimedSearch::Impl& s, const SearchPosition& p, int threads) {
  using namespace waterloo;
  Rng rng(p.seed);
  WaterlooGame game{WaterlooState(s.variant)};
  for (Side side : {kRed, kBlue}) set_up_bot(*s.bots[side], s.variant, p, side, threads);
  ActionList list;
  auto feed = [&] {
    for (Side side : {kRed, kBlue})
      s.bots[side]->observe(
          bots::observation(game.log().of(side).back(), make_view(game.state(), side)));
  };
  // One step of random play (a set-up, a chance outcome or a decision); false, and nothing
  // done, if it would end the game.
  auto step = [&] {
    WaterlooGame next = game;
    const WaterlooState& st = next.state();
    if (st.phase() == Phase::kSetup) {
      next.apply_setup(st.current_player(), st.random_setup(st.current_player(), rng));
    } else if (st.is_chance()) {
      next.apply_random_chance(rng);
    } else {
      st.legal_actions(list);
      next.apply(list[rng.below(std::uint32_t(list.size))]);
    }
    if (next.over()) return false;
    game = std::move(next);
    feed();
    return true;
  };
  for (int i = 0; i < p.plies && step(); ++i) {
  }
  // On to a decision (not a chance event or a set-up); a step that would end the game is
  // tried again with the generator's next numbers.
  for (int tries = 0; game.state().is_chance() || game.state().phase() == Phase::kSetup; ++tries)
    if (!step() && tries > 1000)
      throw InputError("bench: no Waterloo position reached for seed " + std::to_string(p.seed));
  const Side me = s.me = game.state().current_player();
  game.state().legal_actions(list);
  s.view = make_view(game.state(), me);
  for (Action a : list) {
    s.legal.push_back(action_token(game.state(), a));
    s.actions.push_back(a.raw());
  }
}

}  // namespace

PrimedSearch::PrimedSearch(const SearchPosition& p, int threads, const std::string& bot,
                           const std::function<void(Bot&)>& configure)
    : impl_(std::make_unique<Impl>()) {
  for (auto& b : impl_->bots) {
    b = make_bot(bot);
    if (configure) configure(*b);
  }
  impl_->variant = std::make_shared<const Variant>(load_variant(p.variant));
  if (impl_->variant->family == Family::kWaterloo)
    prime_waterloo(*impl_, p, threads);
  else
    prime_classic(*impl_, p, threads);
}

PrimedSearch::~PrimedSearch() = default;

Bot& PrimedSearch::searcher() { return *impl_->bots[impl_->me]; }
const std::vector<std::string>& PrimedSearch::legal() const { return impl_->legal; }

SearchOutcome PrimedSearch::search(const Limits& limits) {
  Request req;
  req.view = view_of(*impl_->view);
  req.legal = impl_->legal;
  req.actions = impl_->actions;
  req.limits = limits;
  SearchOutcome out;
  std::atomic<bool> stop{false};
  const auto t0 = std::chrono::steady_clock::now();
  out.action = impl_->bots[impl_->me]
                   ->decide(req, stop,
                            [&](const SearchInfo& i) {
                              out.nodes = i.nodes;
                              out.iterations = i.iterations;
                            })
                   .action;
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return out;
}

}  // namespace stratego::bots
