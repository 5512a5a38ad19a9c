// `stratego tally`: the standings of the games in record files (what `match --out` appends),
// so that matches played in several runs, or on several machines, are counted together.
// Games are grouped by variant and pair of bots (the `tag red` / `tag blue` names); each
// group is reported as `match` reports a match, from the side of the bot that was red in the
// group's first game (bot1 of the match that played it).
#include <iostream>
#include <map>
#include <nlohmann/json.hpp>
#include <utility>
#include <vector>

#include "engine/error.h"
#include "engine/file_io.h"
#include "engine/record.h"
#include "engine/record_file.h"
#include "engine/waterloo/record.h"
#include "tools/commands.h"
#include "tools/match_report.h"

namespace stratego {
namespace {

struct GameResult {
  std::string variant, red, blue, reason;
  Winner winner = Winner::kNone;
};

std::string tag(const std::map<std::string, std::string>& tags, const std::string& name,
                const std::string& where) {
  const auto it = tags.find(name);
  if (it == tags.end() || it->second.empty())
    throw InputError(where + ": no 'tag " + name + "' naming the " + name + " bot");
  return it->second;
}

GameResult read_result(const RecordInFile& rec, const std::string& where) {
  GameResult g;
  if (rec.waterloo) {
    const waterloo::WaterlooRecord r = waterloo::parse_record(rec.text, where);
    g.variant = r.variant;
    g.red = tag(r.tags, "red", where), g.blue = tag(r.tags, "blue", where);
    g.winner = r.result.winner;
    g.reason = std::string(end_reason_name(r.result.reason));
    if (r.result.reason == EndReason::kPursuit)  // as `match` counts it
      g.reason += " (" + std::string(result_kind_name(r.result.kind)) + ")";
  } else {
    const GameRecord r = parse_record(rec.text, where);
    g.variant = r.variant;
    g.red = tag(r.tags, "red", where), g.blue = tag(r.tags, "blue", where);
    g.winner = r.result.winner;
    g.reason = std::string(end_reason_name(r.result.reason));
  }
  if (g.winner == Winner::kNone) g.reason = "none";
  return g;
}

struct Group {
  std::string variant;
  referee::MatchSummary summary;
};

}  // namespace

void register_tally_command(CLI::App& app) {
  struct Options {
    std::vector<std::string> files;
    bool json = false;
  };
  auto o = std::make_shared<Options>();
  auto* cmd = app.add_subcommand("tally",
                                 "W/D/L, score and Elo of the games in record files (match --out), "
                                 "by variant and pair of bots");
  cmd->add_option("files", o->files, "Record files")->required();
  cmd->add_flag("--json", o->json, "Print the standings as one JSON array on the last line");
  cmd->callback([o] {
    std::vector<Group> groups;
    // (variant, red, blue) in either order of the bots -> index in groups.
    std::map<std::pair<std::string, std::pair<std::string, std::string>>, std::size_t> index;
    for (const std::string& path : o->files) {
      const std::string text = read_text_file(path);
      const auto records = split_records(text, path);
      for (const RecordInFile& rec : records) {
        const GameResult g = read_result(rec, record_origin(path, rec, records.size()));
        const auto pair = std::minmax(g.red, g.blue);
        const auto key = std::make_pair(g.variant, std::make_pair(pair.first, pair.second));
        auto it = index.find(key);
        if (it == index.end()) {
          it = index.emplace(key, groups.size()).first;
          Group& fresh = groups.emplace_back();
          fresh.variant = g.variant;
          fresh.summary.names[0] = g.red;
          fresh.summary.names[1] = g.blue;
        }
        referee::MatchSummary& m = groups[it->second].summary;
        // With the same name on both sides (self-play) red is bot1.
        const Side bot1_side = g.red == m.names[0] ? kRed : kBlue;
        const double score = g.winner == Winner::kNone ? -1
                             : g.winner == Winner::kDraw
                                 ? 0.5
                                 : (g.winner == winner_of(bot1_side) ? 1.0 : 0.0);
        referee::count_game(m, bot1_side, score, g.reason);
      }
    }
    nlohmann::json all = nlohmann::json::array();
    for (Group& g : groups) {
      g.summary.elo = referee::estimate_elo(g.summary.wins, g.summary.draws, g.summary.losses);
      if (!o->json) print_summary(g.summary, g.variant);
      all.push_back(summary_json(g.summary, g.variant));
    }
    if (o->json) std::cout << all.dump() << std::endl;
  });
}

}  // namespace stratego
