// `stratego play`: a person plays a built-in bot in the terminal, in any variant (Waterloo
// too). The person is a play::HumanBot on stdin/stdout, the game runs through the referee,
// which saves the record after every step; `quit` (or the end of input) adjourns the game and
// `--resume FILE` goes on with it. At the end the record is written to --record or the save
// file.
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <iostream>
#include <map>
#include <random>
#include <sstream>

#include "bots/forwarding_bot.h"
#include "bots/registry.h"
#include "engine/error.h"
#include "engine/file_io.h"
#include "engine/record.h"
#include "engine/record_file.h"
#include "engine/setup.h"
#include "engine/text_util.h"
#include "engine/variant_loader.h"
#include "play/human_bot.h"
#include "play/play_board.h"
#include "protocol/bot_spec.h"
#include "referee/match.h"
#include "referee/referee.h"
#include "tools/commands.h"
#include "tools/seed_option.h"

namespace stratego {
namespace {

constexpr const char* kHumanName = "human";
// The record's tag for the bot's time per decision, which the referee does not impose (it is
// the player's own setting), so that --resume goes on with it.
constexpr const char* kMovetimeTag = "play-movetime";
// The person is never timed out when no clock is given (the referee otherwise would).
constexpr std::int64_t kThirtyDaysMs = 30LL * 24 * 3600 * 1000;

struct Options {
  std::string variant = "classic", bot, side = "red", setup, resume, save, record, color = "auto",
              tc;
  std::int64_t movetime = -1;
  std::uint64_t seed = 0;
};

bool use_colour(const std::string& mode) {
  if (mode == "always") return true;
  if (mode == "never") return false;
  const char* term = std::getenv("TERM");
  return isatty(STDOUT_FILENO) && term && std::string(term) != "dumb" && !std::getenv("NO_COLOR");
}

// play-YYYYMMDD-HHMMSS.rec (or .wrec) in the current folder, not taken yet.
std::string default_save_path(bool waterloo) {
  const std::time_t now = std::time(nullptr);
  char stamp[32];
  std::strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", std::localtime(&now));
  const std::string ext = waterloo ? ".wrec" : ".rec";
  std::string path = std::string("play-") + stamp + ext;
  for (int i = 2; file_exists(path); ++i)
    path = std::string("play-") + stamp + "-" + std::to_string(i) + ext;
  return path;
}

// What the record of an unfinished game says: its variant and tags.
RecordHeader read_saved(const std::string& path, const std::string& text) {
  RecordHeader saved = read_record_header(text, path);
  if (saved.over)
    throw InputError(path + ": that game is already over; there is nothing to resume");
  return saved;
}

std::int64_t parse_movetime_tag(const std::string& path, const std::string& value) {
  const auto ms = text::parse_count(value);
  if (!ms || *ms > 86400000)
    throw InputError(path + ": tag " + kMovetimeTag + " '" + value +
                     "' is not a time in milliseconds");
  return std::int64_t(*ms);
}

// The clock of a record's time-control tag ("clock 300000+5000ms", maybe among other parts
// joined by ", "), as --tc takes it; empty when the game had none.
std::string saved_clock(const std::string& time_control) {
  const std::string key = "clock ";
  const auto at = time_control.find(key);
  if (at == std::string::npos) return "";
  const auto end = time_control.find(',', at);
  return time_control.substr(at + key.size(),
                             end == std::string::npos ? end : end - at - key.size());
}

// The final position of a classic-family game with every piece shown: the game is over,
// nothing is hidden any more. (Waterloo's final board is not drawn yet.)
void print_final_board(const std::string& record, Side human, bool colour) {
  const State end = replay(parse_record(record, "the finished game"));
  View v = make_view(end, human);
  for (int sq : squares(end.side_bb(other(human))))
    v.board[std::size_t(sq)] = {end.at(sq), std::uint8_t(end.flags(sq) | kRevealedFlag)};
  std::cout << "The final position, every piece shown:\n" << play::render_player_board(v, colour);
}

// --setup: "random", a file (one line drawn with the seed), or the set-up itself.
std::string chosen_setup(const std::string& given, const Variant& v, Side side,
                         std::uint64_t seed) {
  if (given.empty() || given == "random") return given;
  std::string line = given;
  if (is_readable_file(given)) {
    if (v.family == Family::kWaterloo) {
      // The first line that is neither blank nor a # comment.
      std::istringstream text(read_text_file(given));
      line.clear();
      for (std::string l; line.empty() && std::getline(text, l);) {
        const auto b = l.find_first_not_of(" \t\r");
        if (b != std::string::npos && l[b] != '#')
          line = l.substr(b, l.find_last_not_of(" \t\r") - b + 1);
      }
      if (line.empty()) throw InputError("--setup " + given + ": no set-up tokens in the file");
    } else {
      const SetupFile file = read_setup_file(given, v);
      if (file.lines.empty())
        throw InputError("--setup " + given + ": no set-up lines in the file");
      Rng rng(seed ^ 0x5e7u);
      line = file.lines[rng.below(std::uint32_t(file.lines.size()))];
    }
  }
  if (v.family == Family::kClassic) {
    try {
      validate_setup(v, parse_setup(v, side, line));
    } catch (const InputError& e) {
      throw InputError(std::string("--setup: ") + e.what());
    }
  }
  return line;
}

void run_play(const Options& o, bool seed_given, bool side_given, bool variant_given) {
  const bool colour = use_colour(o.color);
  std::uint64_t seed = o.seed;
  if (!seed_given) {
    std::random_device rd;
    seed = (std::uint64_t(rd()) << 32 | rd()) % 1000000000;  // short enough to type again
  }
  std::string spec = o.variant, resume_text, bot = o.bot, tc = o.tc;
  if (o.movetime < -1) throw InputError("--movetime must not be negative");
  std::int64_t movetime = o.movetime;
  Side human = o.side == "blue" ? kBlue : kRed;
  if (o.side == "random") human = Rng(seed).below(2) ? kBlue : kRed;
  if (!o.resume.empty()) {
    resume_text = read_text_file(o.resume);
    RecordHeader saved = read_saved(o.resume, resume_text);
    if (variant_given && saved.variant != o.variant)
      throw InputError("--variant " + o.variant + ": the game in " + o.resume + " is " +
                       saved.variant);
    spec = saved.variant;
    const bool red = saved.tags["red"] == kHumanName, blue = saved.tags["blue"] == kHumanName;
    if (!side_given || o.side == "random") {
      if (red == blue)
        throw InputError(o.resume +
                         ": cannot tell which side you played; give --side red or --side blue");
      human = red ? kRed : kBlue;
    }
    // The opponent as it was: its spec is the record's name for it (only a built-in bot: a
    // data file never names a program to run), and its time per decision and the clock.
    if (bot.empty()) {
      const std::string other_name = saved.tags[human == kRed ? "blue" : "red"];
      const auto names = bots::builtin_bot_names();
      if (std::find(names.begin(), names.end(), other_name.substr(0, other_name.find(','))) ==
          names.end())
        throw InputError(o.resume + ": the opponent '" + other_name +
                         "' is not a built-in bot; give --bot");
      bot = other_name;
    }
    if (o.movetime == -1 && saved.tags.count(kMovetimeTag))
      movetime = parse_movetime_tag(o.resume, saved.tags[kMovetimeTag]);
    if (tc.empty()) tc = saved_clock(saved.tags["time-control"]);
  }
  if (bot.empty()) bot = bots::default_opponent();
  auto variant = std::make_shared<const Variant>(load_variant(spec));
  const bool waterloo = variant->family == Family::kWaterloo;
  const std::string save_path = !o.save.empty()     ? o.save
                                : !o.resume.empty() ? o.resume
                                                    : default_save_path(waterloo);
  const std::string record_path = o.record.empty() ? save_path : o.record;

  referee::GameSettings st;
  st.variant = variant;
  st.variant_spec = spec;
  st.seed = seed;
  if (!tc.empty()) {
    const referee::TimeControl clock = referee::parse_time_control(tc);
    st.time.base_ms = clock.base_ms;
    st.time.increment_ms = clock.increment_ms;
  }
  st.time.default_timeout_ms = kThirtyDaysMs;
  st.resume_record = resume_text;
  st.autosave_path = save_path;
  if (movetime == -1) movetime = tc.empty() ? 1000 : 0;
  st.tags[kMovetimeTag] = std::to_string(movetime);
  bots::MovetimeBot computer(protocol::make_bot_from_spec(bot), movetime);
  st.names[human] = kHumanName;
  st.names[other(human)] = bot;

  play::HumanOptions h;
  h.in = &std::cin;
  h.out = &std::cout;
  h.colour = colour;
  h.save_path = save_path;
  h.opponent = bot;
  h.resumed = !o.resume.empty();
  if (o.resume.empty()) h.setup = chosen_setup(o.setup, *variant, human, seed);
  play::HumanBot person(h);

  std::cout << "stratego play: " << spec << ", you (" << side_name(human) << ") against " << bot
            << ", seed " << seed << (o.resume.empty() ? "" : ", resumed from " + o.resume) << ".\n"
            << "The game is saved after every move to " << save_path << ".\n";
  bots::Bot& red = human == kRed ? static_cast<bots::Bot&>(person) : computer;
  bots::Bot& blue = human == kBlue ? static_cast<bots::Bot&>(person) : computer;
  const referee::GameOutcome out = referee::play_game(red, blue, st);

  if (out.reason == "adjourned") {
    write_text_file_atomically(save_path, out.record);
    std::cout << "Game adjourned and saved in " << save_path
              << ". To go on with it:\n  stratego play --resume " << save_path << "\n";
    return;
  }
  if (!out.detail.empty()) std::cout << "(" << out.detail << ")\n";
  write_text_file_atomically(record_path, out.record);
  if (!waterloo) print_final_board(out.record, human, colour);
  std::cout << "Record written to " << record_path << " (`stratego check --record " << record_path
            << "` replays it).\n";
}

}  // namespace

void register_play_command(CLI::App& app) {
  auto o = std::make_shared<Options>();
  auto* cmd = app.add_subcommand("play", "Play against the computer in the terminal");
  auto* variant =
      cmd->add_option("--variant,-v", o->variant, "Variant spec, e.g. barrage or waterloo-standard")
          ->capture_default_str();
  cmd->add_option(
      "--bot,-b", o->bot,
      "The opponent: a built-in bot (default ismcts, one thread per core up to 4) or cmd:COMMAND");
  auto* side = cmd->add_option("--side", o->side, "Your side: red, blue or random")
                   ->check(CLI::IsMember({"red", "blue", "random"}))
                   ->capture_default_str();
  cmd->add_option("--movetime", o->movetime,
                  "Milliseconds per decision for the bot (default 1000; 0: its own)");
  cmd->add_option("--tc", o->tc,
                  "Game clock for both players, BASE+INC in seconds (600+5) or ms (500+10ms)");
  auto* seed = cmd->add_option("--seed,-s", o->seed,
                               "Seed for the bot, the dice and random set-ups (default: new)")
                   ->check(seed_validator());
  cmd->add_option(
      "--setup", o->setup,
      "Your set-up: a set-up line (Waterloo: set-up tokens), a file of them, or random");
  cmd->add_option("--resume", o->resume, "Go on with an adjourned game from its save file");
  cmd->add_option("--save", o->save,
                  "Save the game after every move here (default play-DATE-TIME.rec)");
  cmd->add_option("--record,-o", o->record,
                  "Write the finished game's record here (default: the save file)");
  cmd->add_option("--color", o->color, "Colour: auto (a terminal that has it), always or never")
      ->check(CLI::IsMember({"auto", "always", "never"}))
      ->capture_default_str();
  cmd->callback([o, seed, side, variant] {
    run_play(*o, seed->count() > 0, side->count() > 0, variant->count() > 0);
  });
}

}  // namespace stratego
