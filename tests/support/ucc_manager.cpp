#include "support/ucc_manager.h"

#include <memory>
#include <optional>

#include "engine/error.h"
#include "engine/movegen.h"
#include "engine/rng.h"
#include "engine/setup.h"
#include "engine/variant_loader.h"
#include "protocol/subprocess.h"
#include "protocol/ucc/ucc_protocol.h"

namespace stratego::testing {
namespace {

using protocol::Subprocess;

struct Failure {
  std::string what;
};

class Manager {
 public:
  explicit Manager(const UccManagerGame& g) : game_(g), rng_(g.seed) {}

  UccManagerResult run() {
    try {
      play();
    } catch (const Failure& f) {
      out_.failure = f.what;
    } catch (const InputError& e) {
      out_.failure = e.what();
    }
    // The manager's result line: the winner's colour, or a draw by the turn limit.
    const Winner w = out_.result.winner;
    const std::string quit = std::string("QUIT manager ") +
                             (w == Winner::kRed    ? "RED VICTORY "
                              : w == Winner::kBlue ? "BLUE VICTORY "
                                                   : "RED DRAW_DEFAULT ") +
                             std::to_string((out_.plies + 1) / 2) + " 0 0";
    for (Side s : {kRed, kBlue}) {
      if (!programs_[s]) continue;
      programs_[s]->write_line(quit);
      programs_[s]->finish(std::chrono::milliseconds(3000));
      out_.exit_status[s] = programs_[s]->exit_status().value_or(-1);
    }
    return out_;
  }

 private:
  std::string label(Side s) const {
    return std::string(side_name(s)) + " (" + game_.commands[s] + ")";
  }

  std::string read(Side s, const std::string& what) {
    std::string line;
    switch (programs_[s]->read_line(line, game_.timeout)) {
      case protocol::Subprocess::Read::kLine:
        return line;
      case protocol::Subprocess::Read::kTimeout:
        throw Failure{label(s) + ": no " + what + " in time"};
      default:
        throw Failure{label(s) + ": closed its output instead of sending " + what};
    }
  }

  void send(Side s, const std::string& line) {
    if (programs_[s]) programs_[s]->write_line(line);
  }

  Setup setup_of(Side s, const std::shared_ptr<const Variant>& v) {
    if (!programs_[s]) return random_setup(*v, s, rng_);
    std::vector<std::string> lines;
    for (int i = 0; i < 4; ++i) lines.push_back(read(s, "set-up line"));
    try {
      return parse_setup(*v, s, protocol::ucc_lines_to_setup(*v, s, lines));
    } catch (const InputError& e) {
      throw Failure{label(s) + ": bad set-up: " + e.what()};
    }
  }

  void play() {
    auto v = std::make_shared<const Variant>(load_variant(protocol::kUccVariantSpec));
    for (Side s : {kRed, kBlue}) {
      if (game_.commands[s].empty()) continue;
      programs_[s] = std::make_unique<protocol::Subprocess>(game_.commands[s]);
      protocol::UccHello h;
      h.side = s;
      h.opponent = "opponent";
      send(s, protocol::format_ucc_hello(h));
    }
    const Setup red = setup_of(kRed, v), blue = setup_of(kBlue, v);
    State state = initial_state(v, red, blue);
    send(kRed, "START");
    MoveList list;
    while (!state.over() && out_.plies < game_.max_plies) {
      generate_moves(state, list);
      if (list.size == 0) {
        state.declare_no_moves();
        break;
      }
      const Side s = state.side_to_move();
      Move m = list[int(rng_.below(std::uint32_t(list.size)))];
      std::string text;
      if (programs_[s]) {
        for (const std::string& l : protocol::format_ucc_board(make_view(state, s))) send(s, l);
        text = std::string(protocol::ucc_trim(read(s, "move")));
        try {
          m = protocol::ucc_to_move(v->geometry, protocol::parse_ucc_move(text));
        } catch (const InputError& e) {
          throw Failure{label(s) + ": " + e.what()};
        }
        if (!is_legal(state, m)) throw Failure{label(s) + ": '" + text + "' is not legal"};
      } else {
        text = protocol::format_ucc_move(protocol::move_to_ucc(v->geometry, m));
      }
      state.make(m);
      ++out_.plies;
      const PlyRecord& rec = state.history().back();
      if (rec.target != kNoPiece) ++out_.attacks;
      if (protocol::move_to_ucc(v->geometry, m).steps > 1) ++out_.long_scout_moves;
      // As the 2012 manager does: the mover's own text, then the outcome, to both.
      const std::string conf =
          protocol::format_ucc_confirmation(protocol::ucc_confirmation_of(state, rec));
      const std::string outcome =
          conf.substr(protocol::format_ucc_move(protocol::move_to_ucc(v->geometry, m)).size());
      send(kRed, text + outcome);
      send(kBlue, text + outcome);
    }
    out_.result = state.result();
  }

  UccManagerGame game_;
  Rng rng_;
  std::array<std::unique_ptr<protocol::Subprocess>, 2> programs_;
  UccManagerResult out_;
};

}  // namespace

UccManagerResult run_ucc_manager(const UccManagerGame& game) { return Manager(game).run(); }

}  // namespace stratego::testing
