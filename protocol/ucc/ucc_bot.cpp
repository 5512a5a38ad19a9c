#include "protocol/ucc/ucc_bot.h"

#include <algorithm>
#include <chrono>
#include <string>
#include <string_view>
#include <thread>

#include "engine/error.h"
#include "engine/move_text.h"
#include "engine/text_util.h"
#include "protocol/ucc/ucc_protocol.h"

namespace stratego::protocol {
namespace {

constexpr std::size_t kMaxLine = std::size_t(1) << 20;  // as the bot protocol: docs/robustness.md

// The UCC manager's piece value: Spy 1 ... Marshal 10; Bombs and the Flag 0.
int piece_value(Kind k) { return k == kBomb || k == kFlag ? 0 : rank_of(k); }

}  // namespace

UccBot::UccBot(std::string command, UccBotOptions options)
    : command_(std::move(command)), options_(std::move(options)) {}

UccBot::~UccBot() = default;

void UccBot::write(const std::string& line) {
  // A program that closed its input shows up at the next read. One whose input stays full
  // would block a plain write for ever: it loses on time, as if it had not answered.
  if (!process_) return;
  const auto timeout = std::chrono::milliseconds(options_.grace_ms);
  if (process_->write_line(line, timeout) == Subprocess::Write::kTimeout)
    throw bots::BotFault(bots::BotFault::Kind::kTimeout,
                         name() + ": did not read its input (a line could not be written within " +
                             std::to_string(options_.grace_ms) + " ms)");
}

std::string UccBot::read_reply(std::int64_t timeout_ms, const std::string& what) {
  using FaultKind = bots::BotFault::Kind;
  if (!process_)
    throw bots::BotFault(FaultKind::kProtocolError,
                         "ucc: the program was not started (no new_game)");
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
  std::string line;
  for (;;) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - std::chrono::steady_clock::now());
    // Slices of at most 50 ms: a program that exited while a child still holds its output
    // open is found out at once, not at the deadline.
    const auto slice =
        std::clamp(left, std::chrono::milliseconds(0), std::chrono::milliseconds(50));
    Subprocess::Read got = process_->read_line(line, slice, kMaxLine);
    if (got == Subprocess::Read::kTimeout) {
      if (!process_->running())
        got = Subprocess::Read::kClosed;
      else if (left > slice)
        continue;
    }
    switch (got) {
      case Subprocess::Read::kLine:
        if (ucc_trim(line).empty()) continue;
        return std::string(ucc_trim(line));
      case Subprocess::Read::kTimeout:
        throw bots::BotFault(FaultKind::kTimeout, name() + ": no " + what + " within " +
                                                      std::to_string(timeout_ms) + " ms");
      case Subprocess::Read::kTooLong:
        throw bots::BotFault(FaultKind::kFlood, name() + ": a line of more than " +
                                                    std::to_string(kMaxLine) +
                                                    " bytes instead of " + what);
      case Subprocess::Read::kClosed: {
        // Give an exiting program a moment to be reaped, to tell a crash from a closed pipe.
        const auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(500);
        while (process_->running() && std::chrono::steady_clock::now() < until)
          std::this_thread::sleep_for(std::chrono::milliseconds(2));
        // One rule for both protocols: a program that exits with status 0 or closes its
        // output hangs up (disconnect); any other status is a crash.
        if (process_->running())
          throw bots::BotFault(FaultKind::kDisconnect,
                               name() + ": closed its output instead of sending " + what);
        const int status = process_->exit_status().value_or(-1);
        throw bots::BotFault(
            status == 0 ? FaultKind::kDisconnect : FaultKind::kCrash,
            name() + ": exited (status " + std::to_string(status) + ") instead of sending " + what);
      }
    }
  }
}

std::int64_t UccBot::timeout_for(const bots::Limits& l) const {
  const Side s = game_.side;
  if (l.movetime_ms > 0) return l.movetime_ms + options_.grace_ms;
  if (l.time_left_ms[s] >= 0) return l.time_left_ms[s] + options_.grace_ms;
  return options_.default_timeout_ms;
}

std::string command_for_game(const std::string& command, std::uint64_t seed) {
  static constexpr std::string_view kSeed = "{seed}";
  const std::string digits = std::to_string(seed);
  std::string out = command;
  for (std::size_t at = out.find(kSeed); at != std::string::npos;
       at = out.find(kSeed, at + digits.size()))
    out.replace(at, kSeed.size(), digits);
  return out;
}

void UccBot::new_game(const bots::GameStart& g) {
  check_ucc_variant(*g.variant);
  if (process_) process_->finish(std::chrono::milliseconds(200));
  game_ = g;
  setup_read_ = started_ = false;
  moves_seen_ = 0;
  pending_.reset();
  last_view_.reset();
  process_ = std::make_unique<Subprocess>(command_for_game(command_, g.seed), options_.stderr_path);
  UccHello hello;
  hello.side = g.side;
  hello.opponent = g.opponent;
  hello.width = g.variant->width;
  hello.height = g.variant->height;
  write(format_ucc_hello(hello));
}

std::string UccBot::setup(const bots::SetupRequest& r) {
  std::vector<std::string> lines;
  const std::int64_t timeout = timeout_for(r.limits);
  for (int i = 0; i < game_.variant->setup_rows; ++i)
    lines.push_back(read_reply(timeout, "set-up line " + std::to_string(i + 1)));
  setup_read_ = true;
  try {
    // Only the shape is checked here (lines, tokens): a readable set-up that breaks the rules
    // (the army, the squares) is the referee's to judge, illegal-action as for any bot.
    return ucc_lines_to_setup_text(*game_.variant, game_.side, lines);
  } catch (const InputError& e) {
    throw bots::BotFault(bots::BotFault::Kind::kProtocolError, name() + ": " + e.what());
  }
}

void UccBot::require_own_setup() const {
  // The protocol has no message that tells a program where its pieces stand: a set-up fixed
  // by the referee (--setups, a resumed game) would leave it playing pieces it does not have.
  if (!setup_read_)
    throw bots::BotFault(
        bots::BotFault::Kind::kProtocolError,
        name() +
            ": a UCC program chooses its own set-up; this game did not ask for one "
            "(fixed set-ups and resumed games cannot be played over the UCC protocol)");
}

void UccBot::observe(const bots::Observation& o) {
  const auto* seen = std::get_if<bots::ClassicObservation>(&o);
  if (!seen) return;  // new_game refused Waterloo
  const ObservedMove& m = seen->step;
  const View& after = seen->after;
  last_view_ = after;
  if (pending_ || !process_) return;
  ++moves_seen_;
  try {
    require_own_setup();
    if (!m.move.is_normal()) throw InputError("a move the UCC protocol cannot describe");
    UccConfirmation c;
    c.move = move_to_ucc(after.variant->geometry, m.move);
    if (m.attack) {
      c.attacker = m.mover_kind;
      c.defender = m.target_kind;
      c.outcome = m.target_kind == kFlag                ? UccOutcome::kVictoryFlag
                  : m.outcome == Outcome::kAttackerWins ? UccOutcome::kKills
                  : m.outcome == Outcome::kDefenderWins ? UccOutcome::kDies
                                                        : UccOutcome::kBothDie;
    }
    write(format_ucc_confirmation(c));
  } catch (const bots::BotFault& f) {
    pending_ = f;
  } catch (const InputError& e) {
    pending_ = bots::BotFault(bots::BotFault::Kind::kProtocolError, name() + ": " + e.what());
  }
}

bots::Reply UccBot::decide(const bots::Request& r, const std::atomic<bool>& /*stop*/,
                           const bots::InfoSink& /*info*/) {
  using FaultKind = bots::BotFault::Kind;
  if (pending_) throw *pending_;
  if (!r.classic())
    throw bots::BotFault(FaultKind::kProtocolError,
                         name() + ": the UCC protocol plays classic games only");
  const std::int64_t timeout = timeout_for(r.limits);
  require_own_setup();
  if (!started_ && game_.side == kRed) write("START");
  started_ = true;
  last_view_ = *r.classic();
  for (const std::string& line : format_ucc_board(*r.classic())) write(line);
  const std::string answer = read_reply(timeout, "move");
  bots::Reply reply;
  if (ucc_starts_with(answer, "SURRENDER")) {
    reply.resign = true;
    return reply;
  }
  if (ucc_starts_with(answer, "NO_MOVE"))
    throw bots::BotFault(FaultKind::kIllegal, name() + ": answered NO_MOVE but has " +
                                                  std::to_string(r.legal.size()) + " legal moves");
  UccMove u;
  try {
    u = parse_ucc_move(answer);
  } catch (const InputError& e) {
    throw bots::BotFault(FaultKind::kProtocolError, name() + ": " + e.what());
  }
  const Geometry& g = r.classic()->variant->geometry;
  std::string token;
  try {
    token = move_to_text(ucc_to_move(g, u), g);
  } catch (const InputError& e) {
    throw bots::BotFault(FaultKind::kIllegal, name() + ": " + e.what());
  }
  if (std::find(r.legal.begin(), r.legal.end(), token) == r.legal.end())
    throw bots::BotFault(FaultKind::kIllegal, name() + ": " + text::quoted(answer) + " (" + token +
                                                  ") is not a legal move now");
  reply.action = token;
  return reply;
}

std::string UccBot::quit_line(const std::string& result) const {
  // Our "red flag-captured" as the manager's "NAME COLOUR OUTCOME TURNS RED_VALUE BLUE_VALUE",
  // told from the side of the winner (or of the program, for a draw).
  const std::string winner = result.substr(0, result.find(' '));
  const std::string reason =
      result.find(' ') == std::string::npos ? "" : result.substr(result.find(' ') + 1);
  Side side = game_.side;
  std::string outcome = "DRAW";
  if (winner == "red" || winner == "blue") {
    const Side w = winner == "red" ? kRed : kBlue;
    const bool forfeit = reason == "resignation" || reason == "illegal-action" ||
                         reason == "time-forfeit" || reason == "crash" || reason == "disconnect" ||
                         reason == "protocol-error";
    side = forfeit ? other(w) : w;
    outcome = reason == "resignation" ? "SURRENDER" : forfeit ? "ILLEGAL" : "VICTORY";
  } else if (reason == "move-limit") {
    outcome = "DRAW_DEFAULT";
  } else if (winner == "none") {
    outcome = "INTERNAL_ERROR";
  }
  const std::string who = side == game_.side
                              ? command_
                              : (game_.opponent.empty() ? std::string("opponent") : game_.opponent);
  int values[2] = {0, 0};
  if (last_view_)
    for (Side s : {kRed, kBlue})
      for (Kind k : kAllKinds) {
        const int left = game_.variant->army[k] - last_view_->captured_known[s][k];
        values[s] += std::max(left, 0) * piece_value(k);
      }
  std::string name = who;
  for (char& c : name)
    if (c == ' ' || c == '\t') c = '_';
  return std::string("QUIT ") + name + " " + (side == kRed ? "RED" : "BLUE") + " " + outcome + " " +
         std::to_string((moves_seen_ + 1) / 2) + " " + std::to_string(values[kRed]) + " " +
         std::to_string(values[kBlue]);
}

void UccBot::game_over(const std::string& result) {
  if (!process_) return;
  try {
    write(quit_line(result));
  } catch (const bots::BotFault&) {  // the game is decided; a program that no longer reads changes
                                     // nothing
  }
  process_->finish(std::chrono::milliseconds(500));
  process_.reset();
}

}  // namespace stratego::protocol
