// `stratego analyze decisions RECORD --side S --bot B`: replays a game record of either family
// to bot B as side S saw it, and at each of S's decisions lets B think again with a fixed budget
// and prints what it thought (referee/decision_replay.h): the step played in the game, the one
// B would choose now, B's best root actions with its own figures for them, the belief about
// the target of each attack, and where chance (Waterloo's die) settles an action, how often
// and with what outcomes. --json: one object per decision, one per line.
#include <algorithm>
#include <climits>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "engine/error.h"
#include "protocol/bot_spec.h"
#include "referee/decision_replay.h"
#include "tools/analyze.h"
#include "tools/seed_option.h"

namespace stratego::analyze {
namespace {

constexpr int kShownKinds = 3;  // most likely kinds shown per attack target (text)

struct DecisionOptions {
  std::string record, side, bot;
  std::int64_t nodes = 20000;
  int top = 5, from = 1, to = INT_MAX, game = 0;
  std::string seed;  // empty: the record's
  bool json = false;
};

std::string decision_fixed(double x, int decimals) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.*f", decimals, x);
  return buf;
}

std::string decision_percent(double p) {
  if (p > 0 && p < 0.005) return "<1%";  // possible, but not 0%
  char buf[16];
  std::snprintf(buf, sizeof buf, "%.0f%%", 100 * p);
  return buf;
}

// The identities worth showing for an attack: the most likely ones, and in the classic family
// always the Bomb, and the Spy when the attacker is the Marshal (what a Marshal must fear of an
// unknown piece).
std::vector<std::pair<std::string, double>> shown_kinds(const bots::ActionRow& r) {
  std::vector<std::pair<std::string, double>> out;
  for (const auto& kp : r.target)
    if (kp.second > 0 && int(out.size()) < kShownKinds) out.push_back(kp);
  for (std::string_view must : {kind_name(kBomb), kind_name(kSpy)}) {
    if (must == kind_name(kSpy) && r.attacker != kind_name(kMarshal)) continue;
    if (std::any_of(out.begin(), out.end(), [&](const auto& kp) { return kp.first == must; }))
      continue;
    for (const auto& kp : r.target)
      if (kp.first == must) out.push_back(kp);
  }
  return out;
}

std::string target_text(const bots::ActionRow& r, const Geometry& g) {
  if (!r.attack) return {};
  std::string out = r.attacker + " x " + g.square_name(r.target_square) + ":";
  for (const auto& [k, p] : shown_kinds(r)) out += " " + k + " " + decision_percent(p);
  return out;
}

// Where chance settles the action: "chance in 35% of the worlds: die:blue 17% die:red+ 17% ...",
// or "... die:blue die:red ... 17% each" when the outcomes are equally likely (a die).
std::string chance_text(const bots::ActionRow& r) {
  if (!bots::given(r.chance) || r.chance == 0) return {};
  std::string out = "chance in " + decision_percent(r.chance) + " of the worlds:";
  const bool even = std::all_of(r.outcomes.begin(), r.outcomes.end(), [&](const auto& o) {
    return std::abs(o.second - r.outcomes.front().second) < 1e-9;
  });
  for (const auto& [token, p] : r.outcomes)
    out += " " + token + (even ? "" : " " + decision_percent(p));
  if (even && !r.outcomes.empty())
    out += " " + decision_percent(r.outcomes.front().second) + " each";
  return out;
}

// The rows to show: the top K (all if K is 0), and the move played if it is not among them.
std::vector<const bots::ActionRow*> shown_rows(const referee::ExplainedDecision& d, int top) {
  std::vector<const bots::ActionRow*> out;
  for (const bots::ActionRow& r : d.analysis.rows)
    if (top == 0 || int(out.size()) < top || r.action == d.played) out.push_back(&r);
  return out;
}

void print_text(const referee::ExplainedDecision& d, Side side, int top, const Geometry& g,
                const std::string& noun) {
  const bots::DecisionAnalysis& a = d.analysis;
  std::cout << noun << " " << d.move << " (" << side_name(side) << "): played " << d.played << ", "
            << a.bot << " chooses " << a.chosen << (a.chosen == d.played ? " (the same)" : "");
  if (a.measure == "visits")
    std::cout << "  [" << a.total_visits << " iterations, " << a.nodes << " nodes]";
  else if (a.measure == "values" || a.measure == "votes")
    std::cout << "  [by " << a.measure << " over " << a.worlds << " worlds, depth " << a.min_depth
              << ".." << a.max_depth << ", " << a.nodes << " nodes]";
  else if (a.measure == "forced")
    std::cout << "  [the only legal move]";
  else if (a.measure == "choice")
    std::cout << "  [its rules pick one action and score no other]";
  std::cout << "\n";
  const auto rows = shown_rows(d, top);
  // Columns the bot has figures for.
  const bool visits = a.measure == "visits";
  const bool prior =
      std::any_of(a.rows.begin(), a.rows.end(), [](const auto& r) { return bots::given(r.prior); });
  const bool value =
      std::any_of(a.rows.begin(), a.rows.end(), [](const auto& r) { return bots::given(r.value); });
  const bool flag_lost = std::any_of(a.rows.begin(), a.rows.end(), [](const auto& r) {
    return bots::given(r.flag_lost) && r.flag_lost > 0;
  });
  const bool votes = a.measure == "values" || a.measure == "votes";
  const bool score = a.measure == "score" || votes;
  std::size_t width = 6;
  for (const auto* r : rows) width = std::max(width, r->action.size());
  std::ostringstream head;
  head << "      " << std::string(width - 6, ' ') << "action";
  if (visits) head << "  visits";
  if (value) head << "  value";
  if (prior) head << "  prior";
  if (flag_lost) head << "  flag lost";
  if (votes) head << "  votes";
  if (score) head << "     score";
  const bool attacks = std::any_of(rows.begin(), rows.end(), [](auto* r) { return r->attack; });
  if (attacks) head << "  target (" << a.belief << " belief)";
  std::cout << head.str() << "\n";
  for (const auto* r : rows) {
    std::ostringstream line;
    const bool chosen = r->action == a.chosen, played = r->action == d.played;
    line << "  " << (chosen ? '>' : ' ') << (played ? '*' : ' ') << "  "
         << std::string(width - r->action.size(), ' ') << r->action;
    auto cell = [&](bool on, double x, int w, int decimals, bool have) {
      if (!on) return;
      const std::string t = have ? decision_fixed(x, decimals) : "-";
      line << std::string(std::size_t(std::max(0, w - int(t.size()))), ' ') << t;
    };
    cell(visits, double(r->visits), 8, 0, r->visits >= 0);
    cell(value, r->value, 7, 3, bots::given(r->value));
    cell(prior, r->prior, 7, 3, bots::given(r->prior));
    cell(flag_lost, r->flag_lost, 11, 2, bots::given(r->flag_lost));
    cell(votes, double(r->votes), 7, 0, r->votes >= 0);
    cell(score, r->score, 10, 1, bots::given(r->score));
    if (r->attack) line << "  " << target_text(*r, g);
    if (const std::string c = chance_text(*r); !c.empty()) line << "  " << c;
    std::cout << line.str() << "\n";
  }
}

nlohmann::ordered_json to_json(const referee::ExplainedDecision& d, Side side, int top,
                               const Geometry& g) {
  const bots::DecisionAnalysis& a = d.analysis;
  nlohmann::ordered_json j;
  j["move"] = d.move;
  j["side"] = side_name(side);
  j["played"] = d.played;
  j["bot"] = a.bot;
  j["chosen"] = a.chosen;
  j["measure"] = a.measure;
  if (a.measure == "visits") j["iterations"] = a.total_visits;
  if (a.worlds > 0) {
    j["worlds"] = a.worlds;
    j["depth"] = {a.min_depth, a.max_depth};
  }
  j["nodes"] = a.nodes;
  if (!a.belief.empty()) j["belief"] = a.belief;
  j["rows"] = nlohmann::ordered_json::array();
  for (const auto* r : shown_rows(d, top)) {
    nlohmann::ordered_json row;
    row["action"] = r->action;
    if (r->visits >= 0) row["visits"] = r->visits;
    if (bots::given(r->value)) row["value"] = r->value;
    if (bots::given(r->prior)) row["prior"] = r->prior;
    if (bots::given(r->flag_lost)) row["flag_lost"] = r->flag_lost;
    if (r->votes >= 0) row["votes"] = r->votes;
    if (bots::given(r->score)) row["score"] = r->score;
    if (r->action == d.played) row["played"] = true;
    if (r->attack) {
      nlohmann::ordered_json t;
      t["square"] = g.square_name(r->target_square);
      t["attacker"] = r->attacker;
      nlohmann::ordered_json kinds = nlohmann::ordered_json::object();
      for (const auto& [k, p] : r->target) kinds[k] = p;
      t["kinds"] = kinds;
      row["target"] = t;
    }
    if (bots::given(r->chance)) {
      nlohmann::ordered_json c;
      c["share"] = r->chance;
      nlohmann::ordered_json outcomes = nlohmann::ordered_json::object();
      for (const auto& [token, p] : r->outcomes) outcomes[token] = p;
      c["outcomes"] = outcomes;
      row["chance"] = c;
    }
    j["rows"].push_back(row);
  }
  return j;
}

void analyze_decisions(const DecisionOptions& o) {
  if (o.side != "red" && o.side != "blue")
    throw InputError("analyze decisions: --side must be red or blue, not '" + o.side + "'");
  if (o.from > o.to)
    throw InputError("analyze decisions: --from " + std::to_string(o.from) + " is after --to " +
                     std::to_string(o.to));
  const Side side = o.side == "red" ? kRed : kBlue;
  const std::unique_ptr<referee::RecordReplay> replay = referee::open_replay(o.record, o.game);
  if (o.from > replay->steps())
    throw InputError(replay->origin() + ": --from " + std::to_string(o.from) +
                     ": the record has only " + std::to_string(replay->steps()) + " " +
                     replay->step_noun() + "s");
  std::unique_ptr<bots::Bot> bot = protocol::make_bot_from_spec(o.bot);
  referee::ExplainSettings st;
  st.side = side;
  st.nodes = o.nodes;
  st.from = o.from;
  st.to = o.to;
  if (!o.seed.empty()) st.seed = std::stoull(o.seed);
  const Geometry& g = replay->variant().geometry;
  bool first = true;
  referee::explain_decisions(*replay, *bot, st, [&](const referee::ExplainedDecision& d) {
    // The heading with the first decision, so that a bot that cannot explain prints nothing.
    if (first && !o.json)
      std::cout << replay->variant().spec << ": " << side_name(side) << "'s decisions in "
                << replay->origin() << " explained by " << o.bot << " (" << o.nodes
                << " nodes a decision, game seed " << referee::explained_game_seed(*replay, st)
                << ")\n  > the bot's choice now, * the " << replay->step_noun()
                << " played in the game\n";
    first = false;
    if (o.json) {
      std::cout << to_json(d, side, o.top, g).dump() << "\n";
    } else {
      std::cout << "\n";
      print_text(d, side, o.top, g, replay->step_noun());
    }
    std::cout.flush();
  });
}

}  // namespace

void register_decisions(CLI::App* analyze) {
  auto o = std::make_shared<DecisionOptions>();
  auto* cmd = analyze->add_subcommand(
      "decisions",
      "Replay a game record to a bot and show, at each decision of one side, what it thinks: "
      "its best actions with visits, values, prior or scores, and the belief about each "
      "attack's target");
  cmd->add_option("record", o->record, "A game record (either family)")->required();
  cmd->add_option("--side", o->side, "Whose decisions: red or blue")->required();
  cmd->add_option("--bot", o->bot,
                  "The bot that explains: rules, ismcts or alphabeta, with "
                  "options after commas (ismcts,threads=1)")
      ->required();
  cmd->add_option("--nodes", o->nodes, "Search budget of each decision")
      ->capture_default_str()
      ->check(CLI::Range(std::int64_t(1), std::int64_t(1'000'000'000'000)));
  cmd->add_option("--top", o->top, "Actions shown per decision (0: all)")
      ->capture_default_str()
      ->check(CLI::Range(0, 10000));
  cmd->add_option("--from", o->from, "First move number to explain")->check(CLI::Range(1, INT_MAX));
  cmd->add_option("--to", o->to, "Last move number to explain")->check(CLI::Range(1, INT_MAX));
  cmd->add_option("--game", o->game, "Which game of a file of several records (1-based)")
      ->check(CLI::Range(1, INT_MAX));
  cmd->add_option("--seed", o->seed,
                  "The game's seed, from which the bot's comes as in the game (default: the "
                  "record's seed tag)")
      ->check(seed_validator());
  cmd->add_flag("--json", o->json, "One JSON object per decision, one per line");
  cmd->callback([o] { analyze_decisions(*o); });
}

}  // namespace stratego::analyze
