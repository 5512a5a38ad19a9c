#include "serve/replay.h"

#include "engine/waterloo/view.h"
#include "referee/record_replay.h"
#include "serve/belief_json.h"
#include "serve/view_json.h"

namespace stratego::serve {
namespace {

using nlohmann::json;

// The board with every piece shown: the game is over.
json truth_json(const State* s) {
  View v = make_view(*s, kRed);
  for (int sq = 0; sq < s->geometry().num_squares(); ++sq)
    v.board[std::size_t(sq)].piece = s->at(sq);
  return view_json(v);
}
json truth_json(const waterloo::WaterlooState* s) {
  return view_json(waterloo::make_full_view(*s));
}

}  // namespace

Replay make_replay(const std::string& record_text) {
  const std::unique_ptr<referee::RecordReplay> r = referee::replay_of_text(record_text, "record");
  Replay out;
  std::unique_ptr<eval::BeliefModel> beliefs[2] = {r->start_belief(kRed), r->start_belief(kBlue)};
  const Geometry& g = r->variant().geometry;
  auto position = [&] {
    for (Side s : {kRed, kBlue}) referee::observe_all(*beliefs[s], *r, s);
    json p = std::visit([](auto s) { return truth_json(s); }, r->truth());
    p["beliefs"] = {{"red", belief_pieces_json(beliefs[kRed]->marginals(), g)},
                    {"blue", belief_pieces_json(beliefs[kBlue]->marginals(), g)}};
    return p;
  };
  out.moves.push_back("");
  out.positions.push_back(position());
  out.family = out.positions.front()["family"];  // as the views name it
  while (!r->done()) {
    r->next();
    out.moves.push_back(r->token(r->step()));
    out.positions.push_back(position());
  }
  return out;
}

}  // namespace stratego::serve
