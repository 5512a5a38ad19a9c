// The analysis commands written once over the belief interface (eval/belief_model.h) and the
// record replay of either family (referee/record_replay.h), on Stratego Waterloo games: beliefs
// along a record sum to 1 per piece, give the truth a positive probability and sample only what
// they allow (sample frequencies against the marginals); `analyze RECORD` names the pieces and
// scores the truth; `analyze decisions` lists every legal action with the die where it decides;
// the classic adapter passes the same checks (the browser's replay: serve_replay_test.cpp).
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <sstream>

#include "bots/ismcts_bot.h"
#include "bots/rules_bot.h"
#include "engine/error.h"
#include "engine/file_io.h"
#include "eval/belief_model.h"
#include "referee/decision_replay.h"
#include "referee/record_replay.h"
#include "support/command_run.h"

namespace stratego {
namespace {

using test_support::run_stratego;
using test_support::unique_temp_path;

// A whole game of two `rules` bots (quick, and with melee, dice and Prussians), in a file.
const std::string& analysis_record(const std::string& variant) {
  static std::map<std::string, std::string> files;
  auto& path = files[variant];
  if (path.empty()) {
    path = unique_temp_path("analysis_" + variant + ".rec");
    std::filesystem::remove(path);
    const auto r = run_stratego("match --bot1 rules --bot2 rules --variant " + variant +
                                " --games 1 --seed 5 --quiet --out " + path);
    EXPECT_EQ(r.status, 0) << r.out;
  }
  return path;
}

// Every row sums to 1 and is 0 outside its group; a sample takes a possible column per row.
void check_belief_table(const eval::BeliefModel& b, const eval::BeliefTable& t,
                        const std::string& where) {
  ASSERT_EQ(t.names.size(), t.tokens.size());
  ASSERT_EQ(t.names.size(), t.groups.size());
  for (const eval::PieceBelief& p : t.pieces) {
    ASSERT_EQ(p.p.size(), t.names.size());
    double sum = 0;
    for (std::size_t j = 0; j < p.p.size(); ++j) {
      EXPECT_GE(p.p[j], 0) << where;
      if (t.groups[j] != p.group) EXPECT_EQ(p.p[j], 0) << where;
      sum += p.p[j];
    }
    EXPECT_NEAR(sum, 1.0, 1e-6) << where << " square " << p.square << " " << p.place;
  }
  Rng rng(11);
  const std::vector<int> world = b.sample(rng);
  ASSERT_EQ(world.size(), t.pieces.size()) << where;
  for (std::size_t i = 0; i < world.size(); ++i) {
    ASSERT_GE(world[i], 0) << where;
    EXPECT_GT(t.pieces[i].p[std::size_t(world[i])], 0) << where << " row " << i;
  }
}

// Along the whole record, for both sides: tables sound, the truth always possible.
void walk_beliefs(const std::string& variant) {
  const auto replay = referee::open_replay(analysis_record(variant), 0);
  std::unique_ptr<eval::BeliefModel> b[2] = {replay->start_belief(kRed),
                                             replay->start_belief(kBlue)};
  int scored = 0;
  for (;;) {
    for (Side s : {kRed, kBlue}) referee::observe_all(*b[s], *replay, s);
    if (replay->step() % 25 == 0 || replay->done()) {
      for (Side s : {kRed, kBlue}) {
        const eval::BeliefTable t = b[s]->marginals();
        const std::string where = replay->where() + " (" + std::string(side_name(s)) + ")";
        check_belief_table(*b[s], t, where);
        const eval::TruthScore sc = b[s]->score(replay->truth(), t);
        if (sc.pieces > 0) {
          EXPECT_GT(sc.min_prob, 0) << where;  // the truth is never ruled out
          EXPECT_LE(sc.correct, sc.pieces);
          ++scored;
        }
      }
    }
    if (replay->done()) break;
    replay->next();
  }
  EXPECT_GT(scored, 2) << variant;
}

TEST(BeliefModel, WaterlooBeliefsAlongAGameSumToOneAndKeepTheTruthPossible) {
  walk_beliefs("waterloo-standard");
}

TEST(BeliefModel, ClassicBeliefsAlongAGameSumToOneAndKeepTheTruthPossible) {
  walk_beliefs("barrage");
}

// The sampler is exact (eval/waterloo_count_sampler.h): over many worlds each row's frequencies
// come near its marginals.
TEST(BeliefModel, WaterlooSampleFrequenciesMatchTheMarginals) {
  const auto replay = referee::open_replay(analysis_record("waterloo-standard"), 0);
  auto b = replay->start_belief(kRed);
  referee::observe_all(*b, *replay, kRed);
  while (replay->step() < 60 && !replay->done()) {
    replay->next();
    referee::observe_all(*b, *replay, kRed);
  }
  const eval::BeliefTable t = b->marginals();
  std::vector<std::vector<double>> freq(t.pieces.size(), std::vector<double>(t.names.size(), 0));
  Rng rng(3);
  constexpr int kSamples = 2000;
  for (int n = 0; n < kSamples; ++n) {
    const std::vector<int> w = b->sample(rng);
    for (std::size_t i = 0; i < w.size(); ++i) freq[i][std::size_t(w[i])] += 1.0 / kSamples;
  }
  for (std::size_t i = 0; i < t.pieces.size(); ++i)
    for (std::size_t j = 0; j < t.names.size(); ++j)
      EXPECT_NEAR(freq[i][j], t.pieces[i].p[j], 0.05) << "row " << i << " " << t.names[j];
}

TEST(AnalyzeCommand, WaterlooRecordShowsEachPiecesIdentitiesAndScoresTheTruth) {
  const std::string svg = unique_temp_path("analysis_waterloo_svg");
  std::filesystem::remove_all(svg);
  const auto r = run_stratego("analyze " + analysis_record("waterloo-standard") +
                              " --side red --at 0,60 --top 2 --svg " + svg);
  ASSERT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("red's beliefs about the french and prussian pieces"), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("after step 60 ("), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("hidden french and prussian pieces"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find(": french inf 3 "), std::string::npos) << r.out;  // a piece, its identity
  EXPECT_NE(r.out.find("prussian pool, "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("  the truth: log-loss "), std::string::npos) << r.out;
  int files = 0;
  for (const auto& e : std::filesystem::directory_iterator(svg)) {
    EXPECT_EQ(read_text_file(e.path().string()).rfind("<svg", 0), 0u);
    ++files;
  }
  EXPECT_GT(files, 5);
  std::filesystem::remove_all(svg);
  // A classic set-up prior is not for a Waterloo army: said, status 2.
  const auto prior =
      run_stratego("analyze " + analysis_record("waterloo-standard") + " --side red --prior " +
                   std::string(STRATEGO_DATA_DIR) + "/../eval/data/classic.prior");
  EXPECT_EQ(prior.status, 2) << prior.out;
  EXPECT_NE(prior.out.find("the prior is for another army or board than waterloo-standard"),
            std::string::npos)
      << prior.out;
}

// ismcts explains Waterloo decisions: a row per legal action, visits adding up to at most the
// iterations, and for attacks the die where strengths may be equal.
TEST(DecisionAnalysis, IsmctsExplainsWaterlooDecisionsWithEveryLegalActionAndTheDie) {
  const auto replay = referee::open_replay(analysis_record("waterloo-standard"), 0);
  bots::IsmctsBot bot;
  bot.set_option("threads", "1");
  referee::ExplainSettings st;
  st.side = kRed;
  st.nodes = 200;
  st.to = 100;
  int decisions = 0, attacks = 0, dice = 0;
  referee::explain_decisions(*replay, bot, st, [&](const referee::ExplainedDecision& d) {
    ++decisions;
    const bots::DecisionAnalysis& a = d.analysis;
    EXPECT_TRUE(a.measure == "visits" || a.measure == "forced") << a.measure;
    std::int64_t visits = 0;
    bool chosen = false, played = false;
    for (const bots::ActionRow& r : a.rows) {
      visits += std::max<std::int64_t>(0, r.visits);
      chosen |= r.action == a.chosen;
      played |= r.action == d.played;
      if (r.attack) {
        ++attacks;
        double sum = 0;
        for (const auto& [name, p] : r.target) sum += p;
        EXPECT_NEAR(sum, 1.0, 1e-6) << d.played << " " << r.action;
      }
      if (bots::given(r.chance)) {
        EXPECT_GE(r.chance, 0);
        EXPECT_LE(r.chance, 1);
        if (r.chance > 0) {
          ++dice;
          double sum = 0;
          for (const auto& [token, p] : r.outcomes) {
            EXPECT_EQ(token.rfind("die:", 0), 0u) << token;
            sum += p;
          }
          EXPECT_NEAR(sum, 1.0, 1e-9);
        }
      }
    }
    EXPECT_TRUE(chosen);
    EXPECT_TRUE(played) << "move " << d.move << ": " << d.played;
    if (a.measure == "visits") EXPECT_LE(visits, a.total_visits);
  });
  EXPECT_GT(decisions, 10);
  EXPECT_GT(attacks, 0);
  EXPECT_GT(dice, 0);
}

// The replay gives the bot what the game gave it (its seed, its set-up requests, every step):
// `rules`, deterministic for its seed, makes every one of the game's choices again.
TEST(DecisionAnalysis, WaterlooRulesRemakesTheGamesChoices) {
  for (Side side : {kRed, kBlue}) {
    const auto replay = referee::open_replay(analysis_record("waterloo-standard"), 0);
    bots::RulesBot bot;
    referee::ExplainSettings st;
    st.side = side;
    int decisions = 0;
    referee::explain_decisions(*replay, bot, st, [&](const referee::ExplainedDecision& d) {
      ++decisions;
      EXPECT_EQ(d.analysis.chosen, d.played) << side_name(side) << " step " << d.move;
      EXPECT_EQ(d.analysis.rows.front().action, d.analysis.chosen);
    });
    EXPECT_GT(decisions, 20);
  }
}

// Every legal action is a row: the rows are the decision's legal tokens, each once.
TEST(AnalyzeDecisionsCommand, WaterlooJsonListsEveryLegalAction) {
  const std::string file = analysis_record("waterloo-standard");
  const auto r = run_stratego("analyze decisions " + file +
                              " --side blue --bot ismcts,threads=1 --nodes 200 --to 40 --top 0 "
                              "--json");
  ASSERT_EQ(r.status, 0) << r.out;
  // The same steps replayed here: each decision's legal actions.
  const auto replay = referee::open_replay(file, 0);
  std::map<int, std::vector<std::string>> legal;
  while (!replay->done() && replay->step() < 40) {
    if (const auto d = replay->decision(); d && d->side == kBlue)
      legal[replay->step() + 1] = d->legal;
    replay->next();
  }
  std::istringstream lines(r.out);
  int objects = 0;
  for (std::string line; std::getline(lines, line);) {
    const auto j = nlohmann::json::parse(line);
    std::vector<std::string> rows;
    for (const auto& row : j["rows"]) rows.push_back(row["action"]);
    std::vector<std::string> expected = legal.at(j["move"].get<int>());
    std::sort(rows.begin(), rows.end());
    std::sort(expected.begin(), expected.end());
    EXPECT_EQ(rows, expected) << "step " << j["move"];
    ++objects;
  }
  EXPECT_EQ(objects, int(legal.size()));
  EXPECT_GT(objects, 3);
}

}  // namespace
}  // namespace stratego
