// Explaining decisions (bots/decision_analysis.h, referee/decision_replay.h, `stratego analyze
// decisions`): a game played by the referee, replayed to a fresh bot of the same kind with the
// game's seed and budget, makes the game's choices again (so the bot saw what it saw in the
// game); the rows are the legal actions, ordered by the bot's measure, with visits adding up to
// the root's; each attack's target belief sums to 1 and is 0 for what the target was shown not
// to be; bad input is an InputError naming what and where, exit 2 from the command.
#include <gtest/gtest.h>

#include <cmath>
#include <nlohmann/json.hpp>
#include <sstream>

#include "bots/alphabeta_bot.h"
#include "bots/ismcts_bot.h"
#include "bots/random_bot.h"
#include "bots/rules_bot.h"
#include "engine/error.h"
#include "engine/file_io.h"
#include "engine/move_text.h"
#include "engine/movegen.h"
#include "engine/record.h"
#include "engine/variant_loader.h"
#include "referee/decision_replay.h"
#include "referee/referee.h"
#include "support/command_run.h"

namespace stratego::bots {
namespace {

using test_support::unique_temp_path;

constexpr std::int64_t kNodes = 400;
const char* const kSpec = "classic+move_limit=60";

// The tests explain ismcts's choices, not its set-up prior: they run it on the parametric table,
// whose belief updates cost a thirtieth of the mixture's (much more under the sanitizers).
void use_table_prior(IsmctsBot& bot) { bot.set_option("setup_prior", "parametric"); }

// One game of ismcts (Red, one thread) against rules at kNodes a decision, written to a file.
const std::string& game_file() {
  static const std::string path = [] {
    IsmctsBot red;
    use_table_prior(red);
    RulesBot blue;
    referee::GameSettings s;
    s.variant = std::make_shared<const Variant>(load_variant(kSpec));
    s.variant_spec = kSpec;
    s.seed = 7;
    s.time.nodes = kNodes;
    const referee::GameOutcome o = referee::play_game(red, blue, s);
    const std::string file = unique_temp_path("explained_game.rec");
    write_text_file_atomically(file, o.record);
    return file;
  }();
  return path;
}

std::vector<referee::ExplainedDecision> explain(Bot& bot, Side side, int from = 1, int to = INT_MAX,
                                                std::int64_t nodes = kNodes) {
  const auto replay = referee::open_replay(game_file(), 0);
  referee::ExplainSettings st;
  st.side = side;
  st.nodes = nodes;
  st.from = from;
  st.to = to;
  std::vector<referee::ExplainedDecision> out;
  referee::explain_decisions(*replay, bot, st,
                             [&](const referee::ExplainedDecision& d) { out.push_back(d); });
  return out;
}

// The position before each move of the game.
std::vector<State> positions() {
  const GameRecord r = read_record_file(game_file());
  std::vector<State> out{record_start(r)};
  for (Move m : r.moves) {
    State s = out.back();
    s.make(m);
    out.push_back(s);
  }
  return out;
}

// Every attack row: its belief sums to 1 over the army's kinds; a target that has moved is no
// Bomb and no Flag; a target whose kind was shown is that kind for sure. Returns how many
// attack rows had a moved target.
int check_attacks(const referee::ExplainedDecision& d, const State& before) {
  int moved_targets = 0;
  const Side me = before.side_to_move();
  for (const ActionRow& r : d.analysis.rows) {
    const Move m = Move::from_raw(std::uint16_t(r.key));
    const int on = before.at(m.to());
    const bool enemy_there = on != kNoPiece && piece_side(Piece(on)) == other(me);
    EXPECT_EQ(r.attack, enemy_there) << "move " << d.move << " " << r.action;
    if (!r.attack) continue;
    EXPECT_EQ(r.target_square, m.to());
    EXPECT_EQ(r.attacker, kind_name(piece_kind(Piece(before.at(m.from())))));
    double sum = 0;
    for (const auto& [k, p] : r.target) {
      EXPECT_GE(p, 0);
      sum += p;
    }
    EXPECT_NEAR(sum, 1.0, 1e-6) << "move " << d.move << " " << r.action;
    auto prob = [&](Kind k) {
      for (const auto& [kind, p] : r.target)
        if (kind == kind_name(k)) return p;
      ADD_FAILURE() << "kind " << kind_name(k) << " missing from the target's belief";
      return -1.0;
    };
    const std::uint8_t flags = before.flags(m.to());
    if (flags & kMovedFlag) {
      ++moved_targets;
      EXPECT_EQ(prob(kBomb), 0) << "move " << d.move << " " << r.action;
      EXPECT_EQ(prob(kFlag), 0) << "move " << d.move << " " << r.action;
    }
    if (flags & kRevealedFlag) {
      EXPECT_EQ(prob(piece_kind(Piece(on))), 1.0);
    }
  }
  return moved_targets;
}

std::size_t legal_count(const State& s) {
  MoveList list;
  generate_moves(s, list);
  return std::size_t(list.size);
}

TEST(DecisionAnalysis, IsmctsRemakesTheGamesChoicesWithRowsByVisitsAndSoundTargetBeliefs) {
  IsmctsBot bot;
  use_table_prior(bot);
  const auto decisions = explain(bot, kRed);
  const auto before = positions();
  ASSERT_GE(decisions.size(), 25u);
  int moved_targets = 0;
  for (const referee::ExplainedDecision& d : decisions) {
    const DecisionAnalysis& a = d.analysis;
    EXPECT_EQ(a.chosen, d.played) << "move " << d.move;  // the game's view, seed and budget
    EXPECT_EQ(a.bot, "ismcts");
    EXPECT_EQ(a.rows.size(), legal_count(before[std::size_t(d.move - 1)]));
    if (a.measure == "forced") continue;
    EXPECT_EQ(a.measure, "visits");
    EXPECT_EQ(a.rows.front().action, a.chosen);
    std::int64_t visits = 0;
    double prior = 0;
    for (std::size_t i = 0; i < a.rows.size(); ++i) {
      visits += a.rows[i].visits;
      prior += a.rows[i].prior;
      if (i > 0) {
        EXPECT_GE(a.rows[i - 1].visits, a.rows[i].visits) << "move " << d.move;
      }
      if (a.rows[i].visits > 0) {
        EXPECT_TRUE(a.rows[i].value >= 0 && a.rows[i].value <= 1);
      }
    }
    EXPECT_EQ(visits, a.total_visits) << "move " << d.move;
    EXPECT_NEAR(prior, 1.0, 1e-9);
    EXPECT_EQ(a.belief, "the bot's");
    moved_targets += check_attacks(d, before[std::size_t(d.move - 1)]);
  }
  EXPECT_GT(moved_targets, 0);  // the game had attacks on pieces known to be neither
}

TEST(DecisionAnalysis, DecisionsBeforeTheRangeKeepTheBotsStateAsInTheGame) {
  IsmctsBot bot;
  use_table_prior(bot);
  const auto decisions = explain(bot, kRed, 31, 50);
  ASSERT_FALSE(decisions.empty());
  EXPECT_GE(decisions.front().move, 31);
  for (const referee::ExplainedDecision& d : decisions) {
    EXPECT_LE(d.move, 50);
    EXPECT_EQ(d.analysis.chosen, d.played) << "move " << d.move;
  }
}

TEST(DecisionAnalysis, RulesShowsItsScoresAndAnalyzesBeliefAboutTargets) {
  RulesBot bot;
  const auto decisions = explain(bot, kBlue);
  const auto before = positions();
  ASSERT_GE(decisions.size(), 25u);
  for (const referee::ExplainedDecision& d : decisions) {
    const DecisionAnalysis& a = d.analysis;
    EXPECT_EQ(a.chosen, d.played) << "move " << d.move;
    EXPECT_EQ(a.measure, "score");
    for (std::size_t i = 1; i < a.rows.size(); ++i) EXPECT_GE(a.rows[i - 1].score, a.rows[i].score);
    EXPECT_EQ(a.belief, "analyze's");
    check_attacks(d, before[std::size_t(d.move - 1)]);
  }
}

TEST(DecisionAnalysis, AlphabetaShowsValuesAndVotesOverTheWorlds) {
  AlphaBetaBot bot;
  bot.set_option("worlds", "4");
  const auto decisions = explain(bot, kRed, 1, 12, 4000);
  const auto before = positions();
  ASSERT_FALSE(decisions.empty());
  for (const referee::ExplainedDecision& d : decisions) {
    const DecisionAnalysis& a = d.analysis;
    EXPECT_EQ(a.measure, "values");
    EXPECT_EQ(a.worlds, 4);
    EXPECT_EQ(a.rows.front().action, a.chosen);
    int votes = 0;
    for (std::size_t i = 0; i < a.rows.size(); ++i) {
      votes += a.rows[i].votes;
      if (i > 0) {
        EXPECT_GE(a.rows[i - 1].score, a.rows[i].score);
      }
    }
    EXPECT_EQ(votes, a.worlds);
    check_attacks(d, before[std::size_t(d.move - 1)]);
  }
}

TEST(DecisionAnalysis, BadInputIsNamed) {
  auto message = [](const std::function<void()>& f) {
    try {
      f();
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  // A bot that does not explain itself.
  RandomBot random;
  EXPECT_NE(message([&] { explain(random, kRed); }).find("does not explain"), std::string::npos);
  // A side with no move in the range.
  IsmctsBot bot;
  use_table_prior(bot);
  EXPECT_NE(
      message([&] { explain(bot, kBlue, 1, 1); }).find("blue makes no move between moves 1 and 1"),
      std::string::npos);
  // An illegal move is named with its number and token.
  const std::string bad = unique_temp_path("explained_bad.rec");
  std::string text = read_text_file(game_file());
  const auto at = text.find("\nmoves ") + 7;
  text.replace(at, text.find(' ', at) - at, "a1-a9");
  write_text_file_atomically(bad, text);
  const std::string e = message([&] {
    const auto replay = referee::open_replay(bad, 0);
    referee::ExplainSettings st;
    referee::explain_decisions(*replay, bot, st, [](const referee::ExplainedDecision&) {});
  });
  EXPECT_NE(e.find(bad + ": move 1 (a1-a9) is not legal"), std::string::npos) << e;
  EXPECT_NE(message([] {
              referee::open_replay("/nonexistent/game.rec", 0);
            }).find("/nonexistent/game.rec"),
            std::string::npos);
}

test_support::CommandRun run(const std::string& args) { return test_support::run_stratego(args); }

TEST(AnalyzeDecisionsCommand, PrintsTheTopRowsAndOneJsonObjectPerDecision) {
  const test_support::CommandRun text =
      run("analyze decisions " + game_file() +
          " --side red --bot ismcts,setup_prior=parametric --nodes 400 --to 12 "
          "--top 3");
  ASSERT_EQ(text.status, 0) << text.out;
  EXPECT_NE(text.out.find("red's decisions in " + game_file() + " explained by ismcts"),
            std::string::npos)
      << text.out;
  EXPECT_NE(text.out.find("\nmove 1 (red): played "), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("action  visits  value  prior"), std::string::npos) << text.out;
  EXPECT_EQ(text.out.find("move 13 ("), std::string::npos) << text.out;

  const test_support::CommandRun json =
      run("analyze decisions " + game_file() + " --side blue --bot rules --from 2 --to 9 --json");
  ASSERT_EQ(json.status, 0) << json.out;
  std::istringstream lines(json.out);
  int objects = 0;
  for (std::string line; std::getline(lines, line);) {
    const auto j = nlohmann::json::parse(line);
    EXPECT_EQ(j["side"], "blue");
    EXPECT_EQ(j["chosen"], j["played"]);  // rules with the game's seed plays as in the game
    EXPECT_LE(j["rows"].size(), 6u);      // the top 5, and the move played if not among them
    ++objects;
  }
  EXPECT_EQ(objects, 4);  // blue's moves 2, 4, 6, 8
}

TEST(AnalyzeDecisionsCommand, BadInputExitsWithStatus2AndSaysWhat) {
  const std::string rec = game_file();
  struct Case {
    std::string args, says;
  } cases[] = {
      {"/nonexistent/game.rec --side red --bot rules", "/nonexistent/game.rec"},
      {rec + " --side green --bot rules", "--side must be red or blue"},
      {rec + " --side red --bot nobot", "no built-in bot named 'nobot'"},
      {rec + " --side red --bot rules --from 9 --to 3", "--from 9 is after --to 3"},
      {rec + " --side red --bot rules --from 100000", "the record has only"},
      {rec + " --side red --bot random", "does not explain"},
  };
  for (const Case& c : cases) {
    const auto r = run("analyze decisions " + c.args);
    EXPECT_EQ(r.status, 2) << c.args << "\n" << r.out;
    EXPECT_NE(r.out.find("error: "), std::string::npos) << r.out;
    EXPECT_NE(r.out.find(c.says), std::string::npos) << c.args << "\n" << r.out;
  }
  // A bad record line is named with its file and line.
  const std::string bad = unique_temp_path("decisions_bad_line.rec");
  write_text_file_atomically(bad, "stratego-record 1\nvariant classic\nnonsense here\n");
  const auto r = run("analyze decisions " + bad + " --side red --bot rules");
  EXPECT_EQ(r.status, 2) << r.out;
  EXPECT_NE(r.out.find(bad), std::string::npos) << r.out;
  EXPECT_NE(r.out.find(bad + ":3: unknown line 'nonsense'"), std::string::npos) << r.out;
}

}  // namespace
}  // namespace stratego::bots
