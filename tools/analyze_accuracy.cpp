// `stratego analyze accuracy`: how well beliefs predict the hidden pieces. Games between two
// built-in bots (referee/referee.h; `rules` against `random` by default, colours alternating)
// start from set-ups of the held-out validation split of a human set-up file; after 20, 50,
// 100 and 200 moves, each player's belief about every enemy piece its view hides is scored
// against the truth by log-loss (-ln of the probability given to the true kind) and top-1
// accuracy, for several belief configurations side by side: counts only (the baseline:
// uniform over the assignments that fit the hard constraints), the set-up prior, its
// structure, each behaviour likelihood, and the `ismcts` bot's own belief (`search`: the
// mixture, structure and idle terms, and the policy evidence of search/policy_evidence.h), with
// and without a floor under that evidence.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <map>
#include <optional>
#include <sstream>

#include "bots/ismcts_bot.h"
#include "bots/registry.h"
#include "engine/error.h"
#include "engine/file_io.h"
#include "engine/movegen.h"
#include "engine/record.h"
#include "engine/setup.h"
#include "engine/variant_loader.h"
#include "eval/belief.h"
#include "eval/priors/setup_fit.h"
#include "eval/priors/setup_mixture.h"
#include "eval/priors/setup_styles.h"
#include "referee/referee.h"
#include "search/policy_evidence.h"
#include "tools/analyze.h"
#include "tools/seed_option.h"

namespace stratego::analyze {
namespace {

struct AccuracyOptions {
  std::string variant = "classic", data, players = "rules,random", at = "20,50,100,200", prior,
              mixture, setups = "human", only;
  int games = 100;
  std::uint64_t seed = 1;
  double idle_scale = 1.0, approach = 0.5, flee = 0.5;
  bool exact = false;
  std::vector<double> unlike_people, evidence_floors;
};

struct Config {
  std::string name;
  eval::BeliefOptions options;
  bool exact = false;  // exact marginals (eval/exact_marginals.h) where affordable, else IPF
  bool policy_evidence = false;  // the opponent's steps read by the `ismcts` bot's policy model
};

// The default of eval::default_options() is one of these: prior+structure+idle where set-ups
// fill the zone (classic), prior alone elsewhere (Barrage).
std::vector<Config> configs(const AccuracyOptions& o) {
  std::vector<Config> out;
  out.push_back({"counts only", eval::counts_only_options()});
  eval::BeliefOptions prior = eval::counts_only_options();
  prior.prior = true;
  out.push_back({"prior", prior});
  eval::BeliefOptions c = prior;
  c.structure = true;
  out.push_back({"prior+structure", c});
  c = prior;
  c.behaviour.idle = true;
  c.behaviour.idle_scale = o.idle_scale;
  out.push_back({"prior+idle", c});
  c = prior;
  c.behaviour.approach = true;
  c.behaviour.approach_weight = o.approach;
  out.push_back({"prior+approach", c});
  c = prior;
  c.behaviour.flee = true;
  c.behaviour.flee_weight = o.flee;
  out.push_back({"prior+flee", c});
  eval::BeliefOptions all = eval::BeliefOptions{};
  all.behaviour.idle_scale = o.idle_scale;
  out.push_back({"prior+structure+idle", all});
  if (o.exact) out.push_back({"  the same, exact", all, true});
  c = prior;
  c.mixture = true;
  // The mixture as it was: copies certain, the fitted weights alone.
  c.certain_copies = true;
  c.unlike_people = 0;
  out.push_back({"mixture-certain", c});
  c.certain_copies = false;
  c.unlike_people = eval::BeliefOptions{}.unlike_people;
  out.push_back({"mixture", c});
  for (double beta : o.unlike_people) {
    c.unlike_people = beta;
    char name[48];
    std::snprintf(name, sizeof name, "mixture unlike=%g", beta);
    out.push_back({name, c});
  }
  c.unlike_people = eval::BeliefOptions{}.unlike_people;
  c.structure = true;
  out.push_back({"mixture+structure", c});
  all.mixture = true;
  out.push_back({"mixture+structure+idle", all});
  out.push_back({"search", all, false, true});
  for (double floor : o.evidence_floors) {
    all.evidence_floor = floor;
    char name[48];
    std::snprintf(name, sizeof name, "search floor=%g", floor);
    out.push_back({name, all, false, true});
  }
  return out;
}

struct Score {
  double log_loss = 0;
  long pieces = 0, correct = 0, impossible = 0;
};

std::vector<std::string> split_list(const std::string& text) {
  std::vector<std::string> out;
  std::stringstream in(text);
  for (std::string item; std::getline(in, item, ',');) out.push_back(item);
  return out;
}

void run_accuracy(const AccuracyOptions& o) {
  const Variant base = load_variant(o.variant);
  std::vector<int> at;
  for (const std::string& s : split_list(o.at)) at.push_back(std::stoi(s));
  int last = 0;
  for (int n : at) last = std::max(last, n);
  // Games need not go on past the last point measured.
  auto v = std::make_shared<const Variant>(
      load_variant(o.variant + "+move_limit=" + std::to_string(last + 1)));
  const SetupFile file = read_setup_file(o.data, base);
  std::vector<std::string> validation;
  for (std::size_t i = 0; i < file.lines.size(); ++i)
    if ((i + 1) % eval::kValidationEvery == 0) validation.push_back(file.lines[i]);
  if (validation.empty()) throw InputError(o.data + ": no validation set-ups (every 10th line)");
  // Both sides' set-ups: from the held-out split; each player's own (the `rules` bot's plan,
  // say); or from a style, for opponents unlike people (eval/priors/setup_styles.h).
  const bool own = o.setups == "own";
  std::optional<eval::StyleDistribution> style;
  if (o.setups != "human" && !own) {
    style.emplace(eval::SetupModel::uniform(base), eval::parse_style(o.setups));
    if (!style->available())
      throw InputError("--setups " + o.setups + ": the style does not fit the " + base.name +
                       " army");
  }
  auto style_line = [&](Rng& rng) {
    std::string line;
    for (int code : style->sample(rng))
      line += code < 0 ? '_' : code == eval::kEmptySymbol ? 'A' : kind_letter(Kind(code));
    return line;
  };
  const auto players = split_list(o.players);
  if (players.size() != 2) throw InputError("--players takes two bot names, e.g. rules,random");
  const auto prior = load_prior(base, o.prior);
  std::shared_ptr<const eval::SetupMixture> mixture =
      o.mixture.empty() ? eval::SetupMixture::for_variant(base)
                        : std::make_shared<const eval::SetupMixture>(eval::SetupMixture::parse(
                              read_text_file(o.mixture), o.mixture, prior));
  std::vector<Config> list = configs(o);
  if (!o.only.empty()) {
    // Only the named configurations: the belief updates of the others are most of the time.
    std::vector<Config> kept;
    for (const std::string& name : split_list(o.only)) {
      const auto it =
          std::find_if(list.begin(), list.end(), [&](const Config& c) { return c.name == name; });
      if (it == list.end()) throw InputError("--configs: no configuration named '" + name + "'");
      kept.push_back(*it);
    }
    list = std::move(kept);
  }
  // score[opponent's bot][config][point]
  std::map<std::string, std::vector<std::vector<Score>>> score;
  for (const auto& p : players) score[p].assign(list.size(), std::vector<Score>(at.size()));
  Rng pick(o.seed);
  long plies_total = 0;
  for (int game = 0; game < o.games; ++game) {
    const int first = game % 2;  // colours alternate
    const std::string names[2] = {players[std::size_t(first)], players[std::size_t(1 - first)]};
    auto red = bots::make_bot(names[0]), blue = bots::make_bot(names[1]);
    referee::GameSettings gs;
    gs.variant = v;
    gs.variant_spec = v->spec;
    gs.seed = o.seed * 1000003 + std::uint64_t(game);
    if (!own)
      for (Side side : {kRed, kBlue})
        gs.setup[side] =
            style ? style_line(pick) : validation[pick.below(std::uint32_t(validation.size()))];
    const referee::GameOutcome out = referee::play_game(*red, *blue, gs);
    const GameRecord r = parse_record(out.record, "game " + std::to_string(game + 1));
    State s = record_start(r);
    plies_total += long(r.moves.size());
    for (Side viewer : {kRed, kBlue}) {
      State truth = s;
      std::vector<eval::Belief> beliefs;
      std::vector<search::PolicyEvidence> evidence(list.size());
      for (const Config& c : list)
        beliefs.emplace_back(make_view(truth, viewer), c.options, prior, mixture);
      search::Params model;  // the policy as the `ismcts` bot models its opponent
      model.rules_risk = bots::kIsmctsDefaultOpponentRisk;
      std::size_t next = 0;
      for (std::size_t ply = 0; ply <= r.moves.size() && next < at.size(); ++ply) {
        if (ply > 0) {
          truth.make(r.moves[ply - 1]);
          const ObservedMove m = observe(truth, truth.history().back(), viewer);
          const View after = make_view(truth, viewer);
          for (std::size_t c = 0; c < beliefs.size(); ++c) {
            const auto e = list[c].policy_evidence
                               ? evidence[c].observe(beliefs[c], m, model, gs.seed + ply)
                               : std::nullopt;
            beliefs[c].update(m, after);
            if (e) beliefs[c].add_evidence(e->piece, e->log_likelihood);
          }
        }
        if (truth.moves_played() < at[next] || truth.pending_rescue() || truth.pending_anger())
          continue;
        for (std::size_t c = 0; c < beliefs.size(); ++c) {
          const eval::Belief& b = beliefs[c];
          std::optional<eval::Marginals> exact;
          if (list[c].exact) exact = b.exact_marginals();
          const eval::Marginals mg = exact ? *exact : b.marginals();
          Score& sc = score[names[1 - viewer]][c][next];
          for (int i = 0; i < int(b.tracker().pieces().size()); ++i) {
            const eval::EnemyPiece& p = b.tracker().pieces()[std::size_t(i)];
            if (!p.alive() || piece_kind(b.view().board[std::size_t(p.square)].piece) != kUnknown)
              continue;
            const Kind truth_kind = piece_kind(truth.at(p.square));
            const double q = mg.prob(b.tracker(), i, truth_kind);
            Kind best = kUnknown;
            double best_p = -1;
            for (Kind k : mg.kinds)
              if (mg.prob(b.tracker(), i, k) > best_p)
                best_p = mg.prob(b.tracker(), i, k), best = k;
            ++sc.pieces;
            sc.correct += best == truth_kind;
            if (q <= 0) ++sc.impossible;
            sc.log_loss += -std::log(std::max(q, 1e-12));
          }
        }
        ++next;
      }
    }
  }
  std::cout << v->spec << ": " << o.games << " games " << players[0] << " vs " << players[1]
            << " (colours alternating), set-ups "
            << (own     ? std::string("the players' own")
                : style ? "of the style " + o.setups
                        : "drawn from the " + std::to_string(validation.size()) +
                              " held-out set-ups of " +
                              std::filesystem::path(o.data).filename().string())
            << ", " << plies_total / std::max(1, o.games)
            << " decisions per game on average\nprior: " << prior->source()
            << "\nmixture: " << (mixture ? mixture->source : std::string("none for this variant"))
            << "\n";
  for (const auto& [opponent, by_config] : score) {
    std::cout << "\nbeliefs about the pieces of " << opponent << ":\n";
    std::cout << "  moves  config                  pieces   log-loss  top-1\n";
    for (std::size_t n = 0; n < at.size(); ++n)
      for (std::size_t c = 0; c < list.size(); ++c) {
        const Score& sc = by_config[c][n];
        if (sc.pieces == 0) continue;
        char line[160];
        std::snprintf(line, sizeof line, "  %5d  %-22s %7ld   %7.3f  %5.1f%%%s\n", at[n],
                      list[c].name.c_str(), sc.pieces, sc.log_loss / double(sc.pieces),
                      100.0 * double(sc.correct) / double(sc.pieces),
                      sc.impossible ? "  (true kind given probability 0!)" : "");
        std::cout << line;
      }
  }
}

}  // namespace

void register_accuracy(CLI::App* analyze) {
  auto o = std::make_shared<AccuracyOptions>();
  auto* cmd = analyze->add_subcommand(
      "accuracy", "Score beliefs against the truth in bot games from held-out human set-ups");
  cmd->add_option("--variant,-v", o->variant, "Variant (classic or barrage have data)")
      ->capture_default_str();
  cmd->add_option("--data", o->data, "The human set-up file of the variant")->required();
  cmd->add_option("--games", o->games, "Games to play")->capture_default_str();
  cmd->add_option("--seed", o->seed, "Seed of the set-up draws and the games")
      ->check(seed_validator())
      ->capture_default_str();
  cmd->add_option("--players", o->players, "Two built-in bots")->capture_default_str();
  cmd->add_option("--at", o->at, "Move counts to score at")->capture_default_str();
  cmd->add_option("--prior", o->prior, "A .prior file to use instead of the built-in one");
  cmd->add_option("--mixture", o->mixture, "A .mixture file to use instead of the built-in one");
  cmd->add_option("--setups", o->setups,
                  "Where both sides' set-ups come from: human (the held-out split), own (each "
                  "player's own) or a style (uniform, forward-bombs, flag-front, high-front)")
      ->capture_default_str();
  cmd->add_option("--idle-scale", o->idle_scale, "Behaviour: idle hazard scale")
      ->capture_default_str();
  cmd->add_option("--approach", o->approach, "Behaviour: approach weight")->capture_default_str();
  cmd->add_option("--flee", o->flee, "Behaviour: flee weight")->capture_default_str();
  cmd->add_option("--configs", o->only,
                  "Only these configurations, comma-separated (e.g. 'counts only,prior,mixture')");
  cmd->add_option("--unlike-people", o->unlike_people,
                  "Also configurations 'mixture unlike=B' for these B: the mixture with prior "
                  "probability B that the opponent sets up unlike people (comma-separated)")
      ->delimiter(',');
  cmd->add_option("--evidence-floors", o->evidence_floors,
                  "Also configurations 'search floor=F' for these F: the search's belief with its "
                  "policy evidence floored at F nats (comma-separated)")
      ->delimiter(',');
  cmd->add_flag("--exact", o->exact, "Also score the exact marginals (slow) next to IPF's");
  cmd->callback([o] { run_accuracy(*o); });
}

}  // namespace stratego::analyze
