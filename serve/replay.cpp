#include "serve/replay.h"

#include "engine/error.h"
#include "engine/move_text.h"
#include "engine/movegen.h"
#include "engine/record.h"
#include "engine/waterloo/action_token.h"
#include "engine/waterloo/record.h"
#include "eval/belief.h"
#include "serve/belief_json.h"
#include "serve/view_json.h"

namespace stratego::serve {
namespace {

using nlohmann::json;

json truth_json(const State& s) {
  View v = make_view(s, kRed);  // the board with every piece shown: the game is over
  for (int sq = 0; sq < s.geometry().num_squares(); ++sq) v.board[std::size_t(sq)].piece = s.at(sq);
  return view_json(v);
}

Replay classic_replay(const std::string& text) {
  const GameRecord r = parse_record(text, "record");
  State s = record_start(r);
  Replay out;
  out.family = "classic";
  eval::Belief red(make_view(s, kRed)), blue(make_view(s, kBlue));
  auto position = [&] {
    json p = truth_json(s);
    p["beliefs"] = {{"red", belief_pieces_json(red, red.marginals())},
                    {"blue", belief_pieces_json(blue, blue.marginals())}};
    return p;
  };
  out.moves.push_back("");
  out.positions.push_back(position());
  for (std::size_t i = 0; i < r.moves.size(); ++i) {
    const Move m = r.moves[i];
    if (!is_legal(s, m))
      throw InputError("record: move " + std::to_string(i + 1) + " is not legal");
    s.make(m);
    MoveList list;
    generate_moves(s, list);
    if (list.size == 0 && !s.over()) s.declare_no_moves();
    red.update(observe(s, s.history().back(), kRed), make_view(s, kRed));
    blue.update(observe(s, s.history().back(), kBlue), make_view(s, kBlue));
    out.moves.push_back(move_to_text(m, s.geometry()));
    out.positions.push_back(position());
  }
  return out;
}

Replay waterloo_replay(const std::string& text) {
  const waterloo::WaterlooRecord r = waterloo::parse_record(text, "record");
  waterloo::WaterlooState s = waterloo::record_start(r);
  s.set_keep_history(false);
  Replay out;
  out.family = "waterloo";
  auto setups_due = [&] {
    while (s.phase() == waterloo::Phase::kSetup && r.setup[s.current_player()])
      s.apply_setup(s.current_player(), *r.setup[s.current_player()]);
  };
  setups_due();
  out.moves.push_back("");
  out.positions.push_back(view_json(waterloo::make_full_view(s)));
  for (std::size_t i = 0; i < r.actions.size(); ++i) {
    setups_due();
    s.apply_unchecked(waterloo::parse_action_token(s, r.actions[i]));
    setups_due();
    out.moves.push_back(r.actions[i]);
    out.positions.push_back(view_json(waterloo::make_full_view(s)));
  }
  return out;
}

}  // namespace

Replay make_replay(const std::string& record_text) {
  return waterloo::is_waterloo_record(record_text) ? waterloo_replay(record_text)
                                                   : classic_replay(record_text);
}

}  // namespace stratego::serve
