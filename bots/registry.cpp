#include "bots/registry.h"

#include <algorithm>
#include <functional>
#include <thread>
#include <utility>

#include "bots/alphabeta_bot.h"
#include "bots/ismcts_bot.h"
#include "bots/random_bot.h"
#include "bots/rules_bot.h"
#include "engine/error.h"

namespace stratego::bots {
namespace {

using Factory = std::function<std::unique_ptr<Bot>()>;

const std::vector<std::pair<std::string, Factory>>& factories() {
  static const std::vector<std::pair<std::string, Factory>> list = {
      {"random", [] { return std::make_unique<RandomBot>(); }},
      {"rules", [] { return std::make_unique<RulesBot>(); }},
      {"ismcts", [] { return std::make_unique<IsmctsBot>(); }},
      {"alphabeta", [] { return std::make_unique<AlphaBetaBot>(); }},
  };
  return list;
}

}  // namespace

std::unique_ptr<Bot> make_bot(const std::string& name) {
  for (const auto& [n, make] : factories())
    if (n == name) return make();
  std::string names;
  for (const auto& n : builtin_bot_names()) names += (names.empty() ? "" : ", ") + n;
  throw InputError("no built-in bot named '" + name + "' (built-in bots: " + names + ")");
}

std::vector<std::string> builtin_bot_names() {
  std::vector<std::string> out;
  for (const auto& [n, make] : factories()) out.push_back(n);
  return out;
}

std::string default_opponent() {
  const unsigned cores = std::clamp(std::thread::hardware_concurrency(), 1u, 4u);
  return "ismcts,threads=" + std::to_string(cores);
}

}  // namespace stratego::bots
