// `stratego play` end to end, without a terminal: a scripted person (play::HumanBot on string
// streams) plays through the referee against `random`. The script answers each prompt as a
// person would, from what the program printed: Enter at the set-up, `moves`, then one of the
// moves listed. Whole games finish with a result; bad input gets its helpful error and the
// game goes on; `quit` adjourns and --resume goes on with the same game; the end of input
// adjourns cleanly.
#include <gtest/gtest.h>

#include <deque>
#include <filesystem>
#include <functional>
#include <optional>
#include <sstream>

#include "bots/random_bot.h"
#include "engine/file_io.h"
#include "engine/move_text.h"
#include "engine/record.h"
#include "engine/variant_loader.h"
#include "engine/waterloo/record.h"
#include "play/human_bot.h"
#include "referee/referee.h"

namespace stratego::bots {
namespace {

// Red: Flag a1, Bombs b1-g1, Miners, ... Marshal a4, Spy b4, Scouts c4-j4.
constexpr const char* kRedSetup = "MBBBBBBEEEEEFFFFGGGGHHHHIIIJJKLCDDDDDDDD";

// An input stream whose next line comes from a function, asked only when the program reads:
// the function sees everything printed up to that prompt.
class ScriptBuf : public std::streambuf {
 public:
  explicit ScriptBuf(std::function<std::optional<std::string>()> next) : next_(std::move(next)) {}

 protected:
  int_type underflow() override {
    if (gptr() < egptr()) return traits_type::to_int_type(*gptr());
    const auto line = next_();
    if (!line) return traits_type::eof();
    line_ = *line + "\n";
    setg(line_.data(), line_.data(), line_.data() + line_.size());
    return traits_type::to_int_type(*gptr());
  }

 private:
  std::function<std::optional<std::string>()> next_;
  std::string line_;
};

// The tokens of the latest "Legal moves" listing in text (group names like "b4:" left out).
std::vector<std::string> listed_moves(const std::string& text) {
  std::vector<std::string> out;
  const auto at = text.rfind("Legal moves");
  if (at == std::string::npos) return out;
  std::istringstream lines(text.substr(text.find('\n', at) + 1));
  for (std::string line; std::getline(lines, line) && line.rfind("  ", 0) == 0;) {
    std::istringstream words(line);
    // A Waterloo choice may be followed by its words ("  lust:no   Do not play Battle Lust"):
    // they start with a capital and hold no ':' (a rescue token "R:E@b2" does).
    for (std::string w; words >> w;) {
      if (w[0] >= 'A' && w[0] <= 'Z' && w.find(':') == std::string::npos) break;
      if (w.back() != ':' && w != "none") out.push_back(w);
    }
  }
  return out;
}

// A person at the keyboard: first the fixed answers (nullopt = end of input), then Enter at
// a set-up, `moves` and one of the listed moves (drawn with a seed) at every other prompt.
struct Person {
  std::ostringstream out;
  std::string transcript;  // kept only when asked: a whole game prints megabytes
  bool keep = true;
  std::deque<std::optional<std::string>> answers;
  Rng rng{11};
  int prompts = 0, quit_after = -1;  // quit at this prompt (-1: never)
  ScriptBuf buf{[this] { return next(); }};
  std::istream in{&buf};
  play::HumanBot bot;

  explicit Person(const std::string& setup = "")
      : bot(play::HumanOptions{&in, &out, false, "", setup, "random", 12}) {}

  std::optional<std::string> next() {
    const std::string fresh = out.str();
    out.str("");
    if (keep) transcript += fresh;
    ++prompts;
    if (!answers.empty()) {
      auto a = answers.front();
      answers.pop_front();
      return a;
    }
    if (prompts == quit_after) return "quit";
    if (fresh.ends_with("Set-up> ")) return "";
    const auto moves = listed_moves(fresh);
    if (moves.empty()) return "moves";
    return moves[rng.below(std::uint32_t(moves.size()))];
  }
  std::string all() {
    transcript += out.str();
    out.str("");
    return transcript;
  }
};

referee::GameSettings human_game_settings(const std::string& spec, std::uint64_t seed) {
  referee::GameSettings st;
  st.variant = std::make_shared<const Variant>(load_variant(spec));
  st.variant_spec = spec;
  st.seed = seed;
  st.names[kRed] = "human";
  return st;
}

TEST(PlayGame, ScriptedPersonFinishesAClassicGameAgainstRandom) {
  Person person;
  person.keep = false;
  RandomBot random;
  const referee::GameOutcome o =
      referee::play_game(person.bot, random, human_game_settings("classic", 5));
  ASSERT_NE(o.reason, "adjourned") << person.all();
  EXPECT_NE(o.winner, Winner::kNone);
  EXPECT_GT(o.decisions, 10);
  const GameRecord r = parse_record(o.record);
  EXPECT_EQ(replay(r).result(), r.result) << "the record replays to its result";
  EXPECT_EQ(r.tags.at("red"), "human");
  EXPECT_NE(person.all().find("Game over."), std::string::npos);
}

TEST(PlayGame, BadInputGetsAHelpfulErrorAndTheGameGoesOn) {
  Person person(kRedSetup);
  person.answers = {"b1-b2", "z9-a1", "a4-a6", "c4-c5", "dance", "a4xa5", "quit"};
  RandomBot random;
  const referee::GameOutcome o =
      referee::play_game(person.bot, random, human_game_settings("classic", 3));
  const std::string t = person.all();
  EXPECT_NE(t.find("b1-b2: your Bomb cannot move (C-4.3)"), std::string::npos) << t;
  EXPECT_NE(t.find("z9-a1: z9 is not a square of this board"), std::string::npos);
  EXPECT_NE(t.find("a4-a6: only Scouts move more than one square (C-4.4)"), std::string::npos);
  EXPECT_NE(t.find("c4-c5: c5 is a lake (C-1.1)"), std::string::npos);
  EXPECT_NE(t.find("'dance' is neither a legal move nor a command"), std::string::npos);
  EXPECT_EQ(o.reason, "adjourned");
  const GameRecord r = parse_record(o.record);
  ASSERT_EQ(r.moves.size(), 2u) << "a4xa5 (read as a4-a5) and the reply; the errors played nothing";
  EXPECT_EQ(move_to_text(r.moves[0], record_start(r).geometry()), "a4-a5");
  EXPECT_EQ(r.red_setup, kRedSetup);
}

TEST(PlayGame, QuitThenResumeGoesOnWithTheSameGame) {
  const auto path = std::filesystem::temp_directory_path() / "stratego_play_resume_test.rec";
  std::filesystem::remove(path);
  referee::GameSettings st = human_game_settings("classic", 9);
  st.autosave_path = path.string();
  std::string first;
  {
    Person person(kRedSetup);
    person.quit_after = 7;  // a few moves, then `quit`
    RandomBot random;
    const referee::GameOutcome o = referee::play_game(person.bot, random, st);
    ASSERT_EQ(o.reason, "adjourned");
    EXPECT_TRUE(person.bot.quit());
    first = read_text_file(path.string());
    EXPECT_EQ(first, o.record) << "the save file holds the game as it stopped";
  }
  const GameRecord before = parse_record(first);
  ASSERT_GE(before.moves.size(), 2u);
  ASSERT_FALSE(before.result.over());

  st.resume_record = first;
  Person person;
  person.quit_after = 5;
  RandomBot random;
  const referee::GameOutcome o = referee::play_game(person.bot, random, st);
  ASSERT_EQ(o.reason, "adjourned");
  const GameRecord after = parse_record(o.record);
  EXPECT_EQ(after.red_setup, before.red_setup);
  EXPECT_EQ(after.blue_setup, before.blue_setup);
  ASSERT_GT(after.moves.size(), before.moves.size()) << "the resumed game went on";
  EXPECT_TRUE(std::equal(before.moves.begin(), before.moves.end(), after.moves.begin()));
  const State start = record_start(before);
  const Geometry& g = start.geometry();
  const std::string last = move_to_text(before.moves.back(), g);
  EXPECT_NE(person.all().find(last.substr(0, 2)), std::string::npos)
      << "the person sees the moves before the break";
  std::filesystem::remove(path);
}

TEST(PlayGame, EndOfInputAdjournsCleanly) {
  {  // at the set-up: the suggested set-up is kept, the game stops before the first move
    Person person;
    person.answers = {std::nullopt};
    RandomBot random;
    const referee::GameOutcome o =
        referee::play_game(person.bot, random, human_game_settings("classic", 4));
    EXPECT_EQ(o.reason, "adjourned");
    EXPECT_TRUE(person.bot.quit());
    const GameRecord r = parse_record(o.record);
    EXPECT_EQ(r.red_setup.size(), 40u);
    EXPECT_TRUE(r.moves.empty());
    EXPECT_NE(person.all().find("End of input"), std::string::npos);
  }
  {  // in the middle of the game
    Person person(kRedSetup);
    person.answers = {"a4-a5", std::nullopt};
    RandomBot random;
    const referee::GameOutcome o =
        referee::play_game(person.bot, random, human_game_settings("classic", 4));
    EXPECT_EQ(o.reason, "adjourned");
    EXPECT_EQ(parse_record(o.record).moves.size(), 2u);
  }
}

// Plays random moves, offering a draw with every one and taking any draw offered.
class DrawingBot : public RandomBot {
 public:
  Reply decide(const Request& r, const std::atomic<bool>& stop, const InfoSink& info) override {
    if (r.draw_offered) {
      Reply accept;
      accept.accept_draw = true;
      return accept;
    }
    Reply reply = RandomBot::decide(r, stop, info);
    reply.offer_draw = true;
    return reply;
  }
};

// The suggested set-up (C-3) keeps its Flag off an open file: a uniformly random one often
// left it where an enemy Scout could strike it on the first move (Barrage: 8 pieces, 40 squares).
TEST(PlayGame, C_3_SuggestedSetupCoversItsFlagFromAScoutsStrike) {
  for (const char* spec : {"classic", "barrage"}) {
    for (std::uint64_t seed = 1; seed <= 30; ++seed) {
      Person person;
      person.answers = {std::nullopt};  // end of input at the set-up keeps the suggestion
      RandomBot random;
      const referee::GameOutcome o =
          referee::play_game(person.bot, random, human_game_settings(spec, seed));
      const GameRecord r = parse_record(o.record);
      const Variant v = load_variant(spec);
      const Geometry& g = v.geometry;
      const stratego::Setup s = parse_setup(v, kRed, r.red_setup);
      int flag = -1;
      for (const auto& [sq, k] : s.pieces)
        if (k == kFlag) flag = sq;
      ASSERT_GE(flag, 0) << spec;
      bool covered = false;  // Red's front is toward higher rows
      for (const auto& [sq, k] : s.pieces)
        covered |= g.col(sq) == g.col(flag) && g.row(sq) > g.row(flag);
      EXPECT_TRUE(covered) << spec << " seed " << seed << ": " << r.red_setup;
    }
  }
}

TEST(PlayGame, ResignDrawAndAcceptCommands) {
  {
    Person person(kRedSetup);
    person.answers = {"resign", "no", "resign", "yes"};
    RandomBot random;
    const referee::GameOutcome o =
        referee::play_game(person.bot, random, human_game_settings("classic", 6));
    EXPECT_EQ(o.winner, Winner::kBlue);
    EXPECT_EQ(o.reason, "resignation");
    EXPECT_NE(person.all().find("Not resigned; play on."), std::string::npos);
  }
  {  // the person offers, the bot takes it
    Person person(kRedSetup);
    person.answers = {"draw", "a4-a5"};
    DrawingBot bot;
    const referee::GameOutcome o =
        referee::play_game(person.bot, bot, human_game_settings("classic", 6));
    EXPECT_EQ(o.winner, Winner::kDraw);
    EXPECT_EQ(o.reason, "draw-agreed");
    EXPECT_NE(person.all().find("Draw offer noted"), std::string::npos);
  }
  {  // the bot offers, the person takes it
    Person person(kRedSetup);
    person.answers = {"accept", "a4-a5", "accept"};
    DrawingBot bot;
    const referee::GameOutcome o =
        referee::play_game(person.bot, bot, human_game_settings("classic", 6));
    EXPECT_EQ(o.reason, "draw-agreed");
    const std::string t = person.all();
    EXPECT_NE(t.find("There is no draw offer to accept."), std::string::npos) << t;
    EXPECT_NE(t.find("random offers a draw: type `accept` to take it"), std::string::npos);
  }
}

TEST(PlayGame, ScriptedPersonPlaysWaterlooThroughDraftSetupAndResume) {
  // The French (blue) against random in the Standard game: the draft, the set-up prompt, the
  // actions, Battle Lust questions; adjourned halfway and resumed to the end.
  referee::GameSettings st = human_game_settings("waterloo-standard", 21);
  st.names[kRed] = "random";
  st.names[kBlue] = "human";
  std::string first;
  {
    Person person;
    person.keep = false;
    person.quit_after = 40;
    RandomBot random;
    const referee::GameOutcome o = referee::play_game(random, person.bot, st);
    ASSERT_EQ(o.reason, "adjourned") << "the game should still be on after 40 prompts";
    first = o.record;
  }
  const auto before = waterloo::parse_record(first);
  ASSERT_TRUE(before.setup[kBlue].has_value()) << "the person's set-up is in the record";
  st.resume_record = first;
  Person person;
  person.keep = false;
  RandomBot random;
  const referee::GameOutcome o = referee::play_game(random, person.bot, st);
  ASSERT_NE(o.reason, "adjourned");
  EXPECT_NE(o.winner, Winner::kNone);
  const auto after = waterloo::parse_record(o.record);
  ASSERT_GT(after.actions.size(), before.actions.size());
  EXPECT_TRUE(std::equal(before.actions.begin(), before.actions.end(), after.actions.begin()));
  EXPECT_EQ(waterloo::replay(after).result(), after.result);
  EXPECT_NE(person.all().find("Game over."), std::string::npos);
}

}  // namespace
}  // namespace stratego::bots
