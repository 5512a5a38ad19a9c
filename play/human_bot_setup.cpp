// The set-up dialogue of HumanBot: a suggested set-up shown on the board, which the person
// takes, redraws or replaces by typing one (a set-up line, or Waterloo set-up tokens).
#include <ostream>

#include "engine/board_text.h"
#include "engine/error.h"
#include "engine/setup.h"
#include "engine/waterloo/record.h"
#include "heuristic/classic_rules_setup.h"
#include "play/human_bot.h"
#include "play/play_board.h"
#include "play/play_board_waterloo.h"

namespace stratego::play {
namespace {

std::string letters_help(const Variant& v) {
  std::string out =
      "A set-up line has one letter per square of your set-up rows, from your back row to your "
      "front\n"
      "row, each row from column a: B Bomb, C Spy, D Scout, E Miner, F Sergeant, G Lieutenant,\n"
      "H Captain, I Major, J Colonel, K General, L Marshal, M Flag, N Anger Captain, O Ranged "
      "Major,\n"
      "A an empty square. Your army:";
  for (Kind k : kAllKinds)
    if (v.army[k] > 0)
      out.append(" ")
          .append(kind_label(k))
          .append(" x")
          .append(std::to_string(v.army[k]))
          .append(",");
  out.back() = '.';
  return out + "\n";
}

bool takes_it(const std::string& line) {
  return line.empty() || line == "ok" || line == "yes" || line == "y";
}

}  // namespace

std::string HumanBot::setup(const bots::SetupRequest& r) {
  return r.with_view([&](const auto& v) { return setup_for(v); });
}

std::string HumanBot::setup_for(const View& /*empty board*/) {
  const Variant& v = *game_.variant;
  const Side side = game_.side;
  if (o_.setup == "random") return format_setup(v, random_setup(v, side, rng_));
  if (!o_.setup.empty()) {
    try {
      const Setup s = parse_setup(v, side, o_.setup);
      validate_setup(v, s);
      return format_setup(v, s);
    } catch (const InputError& e) {
      out_ << "The set-up given cannot be used: " << e.what() << "\n";
    }
  }
  // A uniformly random set-up often leaves the Flag in the open (in Barrage, down a file a Scout
  // can strike along on the first move); suggest one of the `rules` bot's plans instead.
  Setup suggestion = heuristic::rules_setup(v, side, rng_);
  bool show = true;
  for (;;) {
    if (show) {
      View preview;
      preview.variant = game_.variant;
      preview.viewer = side;
      for (const auto& [sq, k] : suggestion.pieces) preview.board[sq].piece = make_piece(side, k);
      out_ << "\nA set-up for you (" << (side == kRed ? "Red" : "Blue") << "):\n"
           << render_player_board(preview, o_.colour) << "Its line: " << format_setup(v, suggestion)
           << "\n"
           << "Enter (or `ok`) takes it, `random` draws another, or type a set-up line; `help` "
              "explains.\n";
    }
    show = false;
    std::string line;
    if (read_line("Set-up> ", line) == Line::kEnd) {
      quit_ = true;
      out_ << "End of input: this set-up is kept and the game is adjourned.\n";
      return format_setup(v, suggestion);
    }
    if (takes_it(line)) return format_setup(v, suggestion);
    if (line == "random" || line == "r") {
      suggestion = heuristic::rules_setup(v, side, rng_);
      show = true;
    } else if (line == "help" || line == "?") {
      out_ << letters_help(v);
    } else if (line == "quit" || line == "exit") {
      quit_ = true;
      out_ << "This set-up is kept and the game is adjourned.\n";
      return format_setup(v, suggestion);
    } else {
      try {
        const Setup s = parse_setup(v, side, line);
        validate_setup(v, s);
        return format_setup(v, s);
      } catch (const InputError& e) {
        out_ << "error: " << e.what() << "\n";
      }
    }
  }
}

std::string HumanBot::setup_for(const waterloo::WaterlooView& at_setup) {
  const Side side = game_.side;
  const waterloo::WaterlooState state = waterloo::setup_phase_state(game_.variant, &at_setup, side);
  // Returns the set-up's tokens if the rules accept it; throws InputError otherwise.
  auto accept = [&](const waterloo::WaterlooSetup& s) {
    waterloo::WaterlooState trial = state;
    trial.apply_setup(side, s);
    return waterloo::setup_tokens(state, side, s);
  };
  if (o_.setup == "random") return accept(state.random_setup(side, rng_));
  if (!o_.setup.empty()) {
    try {
      return accept(waterloo::parse_setup_tokens(state, side, o_.setup));
    } catch (const InputError& e) {
      out_ << "The set-up given cannot be used: " << e.what() << "\n";
    }
  }
  waterloo::WaterlooSetup suggestion = state.random_setup(side, rng_);
  bool show = true;
  for (;;) {
    if (show) {
      waterloo::WaterlooView preview = at_setup;
      preview.viewer = side;
      auto& reserve = preview.piles[int(waterloo::Pile::kReserve)];
      std::erase_if(reserve, [&](const waterloo::SeenUnit& u) { return u.side() == side; });
      const waterloo::Army army = side == kRed ? waterloo::Army::kAllied : waterloo::Army::kFrench;
      std::vector<bool> placed(std::size_t(state.num_units()), false);
      for (const auto& [id, sq] : suggestion.placements) {
        const auto& info = state.unit_info(id);
        preview.board[sq] = waterloo::SeenUnit{info.army, info.cls, std::int8_t(info.strength)};
        placed[std::size_t(id)] = true;
      }
      for (int id = state.army_begin(army); id < state.army_end(army); ++id)
        if (!placed[std::size_t(id)]) {
          const auto& info = state.unit_info(id);
          reserve.push_back(waterloo::SeenUnit{info.army, info.cls, std::int8_t(info.strength)});
        }
      out_ << "\nA set-up for you (the " << army_title(side) << "):\n"
           << render_player_board(preview, o_.colour) << status_text(preview)
           << "Enter (or `ok`) takes it, `random` draws another, `tokens` prints it as set-up "
              "tokens to\n"
           << "edit, or type set-up tokens (one per piece of your army in order, piece@square or "
              "piece@-\n"
           << "for the reserve).\n";
    }
    show = false;
    std::string line;
    if (read_line("Set-up> ", line) == Line::kEnd) {
      quit_ = true;
      out_ << "End of input: this set-up is kept and the game is adjourned.\n";
      return accept(suggestion);
    }
    if (takes_it(line)) return accept(suggestion);
    if (line == "random" || line == "r") {
      suggestion = state.random_setup(side, rng_);
      show = true;
    } else if (line == "tokens") {
      out_ << waterloo::setup_tokens(state, side, suggestion) << "\n";
    } else if (line == "help" || line == "?") {
      out_ << "Set-up tokens: one per piece of your army, in the order `tokens` prints them: the "
              "piece\n"
           << "(class letter and strength) @ a square of your four rows, or @- to hold it in "
              "reserve\n"
           << "(W-4.2: at most the reserve limit; commanders must be placed).\n";
    } else if (line == "quit" || line == "exit") {
      quit_ = true;
      out_ << "This set-up is kept and the game is adjourned.\n";
      return accept(suggestion);
    } else {
      try {
        return accept(waterloo::parse_setup_tokens(state, side, line));
      } catch (const InputError& e) {
        out_ << "error: " << e.what() << "\n";
      }
    }
  }
}

}  // namespace stratego::play
