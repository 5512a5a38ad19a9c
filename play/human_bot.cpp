// The decisions of HumanBot: news, board, prompt and commands (set-up: human_bot_setup.cpp).
#include "play/human_bot.h"

#include <istream>
#include <map>
#include <ostream>

#include "engine/error.h"
#include "engine/file_io.h"
#include "engine/line_reader.h"
#include "engine/text_util.h"
#include "play/play_board.h"
#include "play/play_board_waterloo.h"
#include "play/play_input.h"
#include "play/waterloo_words.h"

namespace stratego::play {
namespace {

std::string side_title(Side s) { return s == kRed ? "Red" : "Blue"; }

std::string clock(std::int64_t ms) {
  const std::int64_t s = (ms < 0 ? 0 : ms) / 1000;
  const std::string sec = std::to_string(s % 60);
  return std::to_string(s / 60) + ":" + (sec.size() < 2 ? "0" : "") + sec;
}

const char* kHelp =
    "Type a move as its token, e.g. b4-b5 (an attack too; b4xb5 and \"b4 b5\" work\n"
    "as well). Waterloo actions as their tokens: e5-e6, e5xe6/n, fire:e5-e8,\n"
    "place:I3@a10, card:initiative, lust:yes, end (`moves e5` says one square's\n"
    "actions in words). Commands:\n"
    "  moves [square]   the legal moves, or those naming one square\n"
    "  board            the board again, with the key to it\n"
    "  legend           what the board's letters and marks mean (Waterloo: each\n"
    "                   piece, terrain, die face and card, with its rule)\n"
    "  draw             offer a draw (it goes with your next move); accept: take it\n"
    "  resign           give up the game\n"
    "  save [file]      where the game is saved; with a file, save a copy there\n"
    "  quit             stop now; the game is saved and can be resumed\n";

// What each family shows before a decision: the heading, the board, the captured pieces
// or the state of the turn, and the key under the first board.
std::string board_heading(const View& v, bool colour, Bitboard highlight, bool& legend_shown) {
  std::string out = "\n== " + v.variant->spec + ", move " + std::to_string(v.moves_played + 1) +
                    ": you are " + side_title(v.viewer) + " ==\n" +
                    render_player_board(v, colour, highlight) + captured_text(v) + "\n";
  if (!legend_shown) out += board_legend();
  legend_shown = true;
  return out;
}

std::string board_heading(const waterloo::WaterlooView& v, bool colour, Bitboard highlight,
                          bool& legend_shown) {
  std::string out = "\n== " + v.variant->spec + ": you are the " + army_title(v.viewer) + " ==\n";
  // The early-start choice and the draft come before any piece is on the board.
  const bool empty = v.phase == waterloo::Phase::kEarlyStart || v.phase == waterloo::Phase::kDraft;
  if (!empty) out += render_player_board(v, colour, highlight);
  out += status_text(v);
  if (!empty && !legend_shown) out += waterloo_legend();
  legend_shown = legend_shown || !empty;
  return out;
}

std::string prompt_for(const View& v) {
  if (v.pending_rescue) return "Rescue (R:<letter>@<square> or R:-)> ";
  if (v.anger_wins > 0) return "Anger attack (A:<from>-<to> or A:-)> ";
  return std::string("Your move (") + std::string(side_name(v.viewer)) + ")> ";
}

std::string prompt_for(const waterloo::WaterlooView& v) {
  if (v.phase == waterloo::Phase::kAction)
    return std::string("Your action (") + army_title(v.viewer) + ", " +
           std::to_string(v.actions_left) + " left)> ";
  return army_title(v.viewer) + " (" + std::string(waterloo::phase_name(v.phase)) + ")> ";
}

// Whether the choices are listed before the prompt: a decision that is not an ordinary move.
bool lists_choices(const View& v, const std::vector<std::string>& /*legal*/) {
  return v.pending_rescue || v.anger_wins > 0;
}
bool lists_choices(const waterloo::WaterlooView& v, const std::vector<std::string>& legal) {
  return v.phase != waterloo::Phase::kAction || legal.size() <= 6;
}

// The board at the end, every piece shown.
std::string final_board(const View& v, bool colour, Bitboard highlight) {
  return render_player_board(v, colour, highlight) + captured_text(v) + "\n";
}
std::string final_board(const waterloo::WaterlooView& v, bool colour, Bitboard highlight) {
  return render_player_board(v, colour, highlight) + status_text(v);
}

}  // namespace

HumanBot::HumanBot(HumanOptions o) : o_(std::move(o)), in_(*o_.in), out_(*o_.out) {}

void HumanBot::new_game(const bots::GameStart& g) {
  game_ = g;
  rng_ = Rng(g.seed ^ 0x68756d616e000000ull);
  news_.clear();
  news_dropped_ = 0;
  highlight_ = 0;
  last_view_.reset();
  const bool waterloo = g.variant->family == Family::kWaterloo;
  out_ << (o_.resumed ? "Resumed game of " : "New game of ") << g.variant_spec << ": you are "
       << (waterloo ? std::string("the ") + army_title(g.side) + " (" +
                          std::string(side_name(g.side)) + ")"
                    : side_title(g.side))
       << ",\nyour pieces at the bottom; your opponent is " << o_.opponent << ".\n"
       << "Type `help` at any prompt for the commands.\n";
}

HumanBot::Line HumanBot::read_line(const std::string& prompt, std::string& line) {
  out_ << prompt << std::flush;
  const LineRead r = read_bounded_line(in_, line);
  if (r == LineRead::kEnd) {
    out_ << "\n";
    return Line::kEnd;
  }
  if (r == LineRead::kTooLong) line = "(a line too long to read)";  // answered as unknown
  line = std::string(text::trim(line));
  return Line::kText;
}

void HumanBot::observe(const bots::Observation& o) {
  std::visit([this](const auto& seen) { observed(seen); }, o);
}

void HumanBot::observed(const bots::ClassicObservation& o) {
  const ObservedMove& m = o.step;
  const View& after = o.after;
  const Geometry& g = after.variant->geometry;
  // An enemy piece whose rank the player already knew is named by it, though the move
  // itself shows nothing.
  ObservedMove told = m;
  const auto* before = last_view_ ? std::get_if<View>(&*last_view_) : nullptr;
  if (before && told.mover_kind == kUnknown && told.move.type() == MoveType::kNormal)
    told.mover_kind = piece_kind(before->board[std::size_t(m.move.from())].piece);
  add_news(describe_move(told, game_.side, g));
  if (m.mover != game_.side && m.move.type() != MoveType::kRescue &&
      m.move.type() != MoveType::kDeclineRescue && m.move.type() != MoveType::kAngerStop)
    highlight_ = square_bb(m.move.from()) | square_bb(m.move.to());
  last_view_ = after;
}

void HumanBot::observed(const bots::WaterlooObservation& o) {
  const waterloo::ObservedStep& s = o.step;
  const waterloo::WaterlooView& after = o.after;
  add_news(describe_step(s, game_.side, after.geometry()));
  if (!s.chance && !s.setup) {
    if (s.actor == game_.side)
      highlight_ = 0;
    else
      highlight_ |= step_squares(s, after.geometry());
  }
  last_view_ = after;
}

void HumanBot::add_news(std::string line) {
  news_.push_back(std::move(line));
  while (int(news_.size()) > o_.recent) {  // a resumed game replays hundreds of steps
    news_.erase(news_.begin());
    ++news_dropped_;
  }
}

void HumanBot::show_news() {
  if (news_dropped_ > 0)
    out_ << "(" << news_dropped_ << " earlier step" << (news_dropped_ == 1 ? "" : "s")
         << " not shown)\n";
  for (const auto& n : news_) out_ << "  " << n << "\n";
  news_.clear();
  news_dropped_ = 0;
}

void HumanBot::show_board(const bots::Request& r) {
  r.with_view(
      [&](const auto& v) { out_ << board_heading(v, o_.colour, highlight_, legend_shown_); });
  const Side me = game_.side;
  if (r.limits.time_left_ms[me] >= 0)
    out_ << "Clock: you " << clock(r.limits.time_left_ms[me]) << ", " << o_.opponent << " "
         << clock(r.limits.time_left_ms[other(me)]) << "\n";
}

std::string HumanBot::prompt(const bots::Request& r) const {
  return r.with_view([](const auto& v) { return prompt_for(v); });
}

void HumanBot::save_copy(const std::string& path) {
  try {
    if (o_.save_path.empty()) throw InputError("this game has no save file");
    write_text_file_atomically(path, read_text_file(o_.save_path));
    out_ << "A copy of the game so far is in " << path
         << "; resume it with `stratego play --resume " << path << "`.\n";
  } catch (const InputError& e) {
    out_ << "error: " << e.what() << "\n";
  }
}

bool HumanBot::command(const std::string& line, const bots::Request& r, bots::Reply& reply,
                       bool& done) {
  const auto w = text::word_strings(line);
  const std::string cmd = text::lower_case(w.front());
  const Geometry& g = r.variant().geometry;
  if (cmd == "help" || cmd == "?") {
    out_ << kHelp;
  } else if (cmd == "board") {
    legend_shown_ = false;
    show_board(r);
  } else if (cmd == "legend" || cmd == "key") {
    r.with_view([&](const auto& v) { out_ << legend(v); });
  } else if (cmd == "moves" || cmd == "legal") {
    std::optional<int> sq;
    if (w.size() > 1) {
      sq = g.parse_square(w[1]);
      if (!sq) {
        out_ << "'" << w[1] << "' is not a square of this board\n";
        return true;
      }
    }
    r.with_view([&](const auto& v) { out_ << list_choices(r.legal, v, sq ? *sq : -1); });
  } else if (cmd == "resign") {
    std::string answer;
    if (read_line("Resign this game? (yes/no)> ", answer) == Line::kEnd) {
      quit_ = reply.adjourn = done = true;
      out_ << "End of input: the game is adjourned.\n";
    } else if (answer == "yes" || answer == "y") {
      reply.resign = done = true;
    } else {
      out_ << "Not resigned; play on.\n";
    }
  } else if (cmd == "draw" || cmd == "accept") {
    if (r.draw_offered) {
      reply.accept_draw = done = true;
    } else if (cmd == "accept") {
      out_ << "There is no draw offer to accept.\n";
    } else {
      offer_draw_ = true;
      out_ << "Draw offer noted: it goes to " << o_.opponent << " with your next move.\n";
    }
  } else if (cmd == "save") {
    if (w.size() > 1) {
      save_copy(w[1]);
    } else {
      out_ << "The game is saved after every move to "
           << (o_.save_path.empty() ? "(nowhere)" : o_.save_path)
           << "; `quit` stops here and `stratego play --resume " << o_.save_path
           << "` goes on later.\n";
    }
  } else if (cmd == "quit" || cmd == "exit" || cmd == "adjourn") {
    quit_ = reply.adjourn = done = true;
    out_ << "Adjourning the game.\n";
  } else {
    return false;
  }
  return true;
}

bots::Reply HumanBot::decide(const bots::Request& r, const std::atomic<bool>& /*stop*/,
                             const bots::InfoSink& /*info*/) {
  bots::Reply reply;
  if (quit_) {  // `quit` or the end of input during the set-up
    reply.adjourn = true;
    return reply;
  }
  show_news();
  show_board(r);
  r.with_view([&](const auto& v) {
    if (lists_choices(v, r.legal)) out_ << list_choices(r.legal, v);
  });
  if (offer_sent_) out_ << "Your draw offer was not accepted; play goes on.\n";
  offer_sent_ = false;
  if (r.draw_offered)
    out_ << o_.opponent << " offers a draw: type `accept` to take it; a move declines it.\n";
  for (;;) {
    std::string line;
    if (read_line(prompt(r), line) == Line::kEnd) {
      quit_ = reply.adjourn = true;
      out_ << "End of input: the game is adjourned.\n";
      return reply;
    }
    if (line.empty()) continue;
    bool is_token = false;
    for (const auto& l : r.legal) is_token = is_token || l == line;
    bool done = false;
    if (!is_token && command(line, r, reply, done)) {
      if (done) return reply;
      continue;
    }
    const TokenMatch m = match_token(line, r.legal);
    if (!m.token.empty()) {
      reply.action = m.token;
      reply.offer_draw = offer_sent_ = offer_draw_;
      offer_draw_ = false;
      return reply;
    }
    if (!m.choices.empty()) {
      out_ << "'" << line << "' could be:";
      for (const auto& c : m.choices) out_ << " " << c;
      out_ << "; type one of them.\n";
      continue;
    }
    out_ << fit_lines(r.with_view([&](const auto& v) { return explain_illegal(line, v, r.legal); }))
         << "\n";
  }
}

void HumanBot::game_over(const std::string& result) {
  if (result.find("adjourned") != std::string::npos) return;
  show_news();
  if (last_view_)
    std::visit(
        [&](const auto& v) {
          out_ << "\n== Final position ==\n" << final_board(v, o_.colour, highlight_);
        },
        *last_view_);
  out_ << "Game over. " << result_in_words(result, game_.side) << "\n" << std::flush;
}

std::string result_in_words(const std::string& result, Side you) {
  static const std::map<std::string, std::string> reasons = {
      {"flag-captured", "a Flag was captured (C-7.1)"},
      {"no-moves", "a player had no legal move (C-7.2)"},
      {"no-movable-pieces", "neither player can move (C-7.3)"},
      {"move-limit", "the move limit was reached (C-7.4)"},
      {"flag-reached-back-row", "a Flag reached the enemy back row (V-4)"},
      {"no-attack-limit", "too many moves went by without an attack (C-6.3)"},
      {"resignation", "resignation"},
      {"draw-agreed", "a draw was agreed"},
      {"time-forfeit", "time ran out"},
      {"illegal-action", "an illegal action"},
      {"crash", "a player's program crashed"},
      {"disconnect", "a player's program went away"},
      {"protocol-error", "a player's program broke the protocol"},
      {"lines-of-retreat", "two pieces stood on the enemy's line of retreat (W-11.1)"},
      {"actions-lost", "a player had no actions left (W-11.2)"},
      {"commander-in-chief", "a commander-in-chief was captured (W-11.3)"},
      {"napoleon-lost", "Napoleon was lost (W-13.1)"},
      {"centre-sector", "two French pieces reached the Allied centre (W-13.2)"},
      {"pursuit", "the pursuit was counted (W-13.5)"},
      {"turn-limit", "the last turn was played (W-1.4)"},
      {"adjourned", "the game was adjourned"},
  };
  const auto w = text::word_strings(result);
  if (w.empty()) return "The game ended.";
  const std::string& winner = w[0];
  std::string out = winner == "draw"                               ? "Draw"
                    : winner == std::string(side_name(you))        ? "You win"
                    : winner == std::string(side_name(other(you))) ? "You lose"
                                                                   : "No result";
  if (w.size() > 1) {
    const auto it = reasons.find(w[1]);
    out += std::string(": ") + (it == reasons.end() ? w[1] : it->second);
  }
  if (w.size() > 2 && w[2] != "none") out += std::string(" (") + w[2] + ")";
  return out + ".";
}

}  // namespace stratego::play
