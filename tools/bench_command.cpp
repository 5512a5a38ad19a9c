// `stratego bench`: the search's signature. Fixed positions of Classic, Barrage and Waterloo
// Standard (reached by seeded random play, each fed move by move to a fresh `ismcts` bot as
// its own observations), one thread, a fixed iteration budget and seed; prints the nodes
// each search visited and their total as `Nodes searched : N`, and nodes per second. The
// same binary and arguments always give the same N: a changed N means the search behaves
// differently (quote it in commit messages that change the search).
#include <chrono>
#include <iomanip>
#include <iostream>
#include <vector>

#include "bots/ismcts_bot.h"
#include "engine/game.h"
#include "engine/move_text.h"
#include "engine/movegen.h"
#include "engine/setup.h"
#include "engine/variant_loader.h"
#include "engine/waterloo/action_token.h"
#include "engine/waterloo/record.h"
#include "engine/error.h"
#include "tools/commands.h"

namespace stratego {
namespace {

struct BenchPosition {
  std::string variant;
  std::uint64_t seed;
  int plies;  // decisions (classic) or steps (Waterloo) of random play before the search
};

// Enough to cover the opening, the middle game and a thinned-out board of each family.
const std::vector<BenchPosition> kPositions = {
    {"classic", 1, 20}, {"classic", 2, 120}, {"classic", 3, 400},
    {"barrage", 4, 10}, {"barrage", 5, 60},  {"barrage", 6, 150},
    {"waterloo-standard", 7, 40}, {"waterloo-standard", 8, 200},
};

struct SearchOutcome {
  std::int64_t nodes = 0, iterations = 0;
  double seconds = 0;
  std::string move;
};

SearchOutcome search_classic(const BenchPosition& p, const bots::Limits& limits, int threads) {
  auto variant = std::make_shared<const Variant>(load_variant(p.variant));
  Rng rng(p.seed);
  const Setup red = random_setup(*variant, kRed, rng), blue = random_setup(*variant, kBlue, rng);
  Game game(initial_state(variant, red, blue));
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
  bots::IsmctsBot bot;
  bot.set_option("threads", std::to_string(threads));
  bot.new_game(bots::GameStart{variant, p.variant, me, p.seed, "bench"});
  for (std::size_t i = 0; i < game.observations(me).size(); ++i) {
    // Views after each move: replay the moves on a copy of the start.
    Game replay(game.start());
    for (std::size_t j = 0; j <= i; ++j) replay.play(game.moves()[j]);
    bot.observe(game.observations(me)[i], replay.view(me));
  }
  generate_moves(game.state(), list);
  bots::Request req;
  const View view = game.view(me);
  req.view = &view;
  for (Move m : list) req.legal.push_back(move_to_text(m, variant->geometry));
  req.limits = limits;
  SearchOutcome out;
  std::atomic<bool> stop{false};
  const auto t0 = std::chrono::steady_clock::now();
  out.move = bot.decide(req, stop, [&](const bots::SearchInfo& i) {
                  out.nodes = i.nodes;
                  out.iterations = i.iterations;
                }).action;
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return out;
}

SearchOutcome search_waterloo(const BenchPosition& p, const bots::Limits& limits, int threads) {
  using namespace waterloo;
  auto variant = std::make_shared<const Variant>(load_variant(p.variant));
  Rng rng(p.seed);
  WaterlooGame game{WaterlooState(variant)};
  bots::IsmctsBot bots_by_side[2];
  for (Side s : {kRed, kBlue}) {
    bots_by_side[s].set_option("threads", std::to_string(threads));
    bots_by_side[s].new_game(bots::GameStart{variant, p.variant, s, p.seed, "bench"});
  }
  ActionList list;
  auto feed = [&] {
    for (Side s : {kRed, kBlue}) bots_by_side[s].observe(game.log().of(s).back(), make_view(game.state(), s));
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
    if (!step() && tries > 1000) throw InputError("bench: no Waterloo position reached for seed " + std::to_string(p.seed));
  const Side me = game.state().current_player();
  game.state().legal_actions(list);
  bots::Request req;
  const WaterlooView view = make_view(game.state(), me);
  req.waterloo_view = &view;
  for (Action a : list) req.legal.push_back(action_token(game.state(), a));
  req.limits = limits;
  SearchOutcome out;
  std::atomic<bool> stop{false};
  const auto t0 = std::chrono::steady_clock::now();
  out.move = bots_by_side[me].decide(req, stop, [&](const bots::SearchInfo& i) {
                               out.nodes = i.nodes;
                               out.iterations = i.iterations;
                             }).action;
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return out;
}

}  // namespace

void register_bench_command(CLI::App& app) {
  auto* cmd = app.add_subcommand("bench", "Search fixed positions with a fixed seed and print the node signature");
  static std::int64_t iterations = 20000;
  static int threads = 1;
  cmd->add_option("--iterations", iterations, "Iterations per position")->check(CLI::Range(1, 100'000'000));
  cmd->add_option("--threads", threads, "Search threads (the signature is quoted with 1)")->check(CLI::Range(1, 64));
  cmd->callback([] {
    bots::Limits limits;
    limits.iterations = iterations;
    std::int64_t nodes = 0;
    double seconds = 0;
    std::cout << std::left;
    for (const BenchPosition& p : kPositions) {
      const bool wl = p.variant.rfind("waterloo", 0) == 0;
      const SearchOutcome o = wl ? search_waterloo(p, limits, threads) : search_classic(p, limits, threads);
      std::cout << std::setw(20) << p.variant << " seed " << p.seed << " after " << std::setw(4) << p.plies
                << " nodes " << std::setw(10) << o.nodes << " iterations/s " << std::setw(9)
                << std::int64_t(double(o.iterations) / o.seconds) << " best " << o.move << "\n";
      nodes += o.nodes;
      seconds += o.seconds;
    }
    std::cout << "===========================\n"
              << "Total time (ms) : " << std::int64_t(seconds * 1000) << "\n"
              << "Nodes searched  : " << nodes << "\n"
              << "Nodes/second    : " << std::int64_t(double(nodes) / seconds) << "\n";
  });
}

}  // namespace stratego
