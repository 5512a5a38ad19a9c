#include "strength/job.h"

#include <nlohmann/json.hpp>

#include "engine/error.h"
#include "engine/record.h"
#include "engine/variant_loader.h"
#include "engine/waterloo/record.h"
#include "engine/waterloo/state.h"
#include "engine/waterloo/view.h"
#include "protocol/bot_spec.h"
#include "referee/match.h"
#include "strength/bot_mixture.h"
#include "strength/trace.h"

namespace stratego::strength {

using nlohmann::json;

StrengthJob make_job(const Store& store, const Candidate& c, int game, Family family) {
  const bool one_sided = family == Family::kWaterloo;
  const Settings& s = store.settings();
  StrengthJob j;
  j.variant = s.variant;
  j.bot = s.bot;
  j.nodes = s.nodes;
  j.candidate = c;
  j.game = game;
  j.opponent = store.opponent(game, one_sided);
  j.seed = store.seed(game, one_sided);
  return j;
}

void check_waterloo_setup(const std::shared_ptr<const Variant>& v, Side side,
                          const std::string& tokens) {
  // The set-up phase as the referee reaches it, without an early start (W-14.1, expert-early-
  // start only, changes the French reserve: there a game's referee may still refuse one).
  waterloo::WaterlooState s = waterloo::setup_phase_state(v, nullptr, side);
  s.apply_setup(side, waterloo::parse_setup_tokens(s, side, tokens));
}

Side waterloo_side_of(const std::shared_ptr<const Variant>& v, const std::string& tokens) {
  std::string why[2];
  for (Side side : {kRed, kBlue}) {
    try {
      check_waterloo_setup(v, side, tokens);
      return side;
    } catch (const InputError& e) {
      why[side] = e.what();
    }
  }
  throw InputError("not an Allied set-up (" + why[kRed] + ") nor a French one (" + why[kBlue] +
                   ")");
}

Side candidate_side(const Variant& v, const std::string& line, int game) {
  if (v.family != Family::kWaterloo) return game % 2 == 0 ? kRed : kBlue;
  return waterloo_side_of(std::make_shared<const Variant>(v), line);
}

GameRow play_strength_job(const StrengthJob& j, const std::shared_ptr<const Variant>& v) {
  const Side side = candidate_side(*v, j.candidate.line, j.game);
  referee::GameSettings gs;
  gs.variant = v;
  gs.variant_spec = j.variant;
  gs.seed = j.seed;
  gs.time.nodes = j.nodes;
  gs.setup[side] = j.candidate.line;
  gs.setup[other(side)] = j.opponent;
  const GameBots bots = bots_of_game(j.bot, j.seed);
  auto red = protocol::make_bot_from_spec(side == kRed ? bots.candidate : bots.opponent);
  auto blue = protocol::make_bot_from_spec(side == kRed ? bots.opponent : bots.candidate);
  const referee::GameOutcome o = referee::play_game(*red, *blue, gs);
  GameRow g;
  g.candidate = j.candidate.id;
  g.game = j.game;
  g.score = o.winner == winner_of(side) ? 1.0 : o.winner == winner_of(other(side)) ? 0.0 : 0.5;
  g.reason = referee::reason_key(o);
  g.opponent = j.opponent;
  g.seed = j.seed;
  GameTrace t;
  try {
    // Waterloo: no per-square trace (--why is classic only); the plies are its decisions.
    if (v->family == Family::kWaterloo) throw InputError("no trace");
    t = trace_game(parse_record(o.record, "game"), side);
  } catch (const InputError&) {
    t.plies = o.decisions;  // a game ended at its set-up (a forfeit) has nothing to trace
  }
  g.plies = t.plies;
  g.trace = trace_to_json(t);
  return g;
}

// The messages between the strength lab's coordinator and its workers (strength/lab.cpp), field
// by field.
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(Candidate, id, line, label)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(StrengthJob, variant, bot, nodes, candidate, game, opponent,
                                   seed)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(GameRow, candidate, game, score, reason, plies, trace, opponent,
                                   seed)

namespace {

template <class T>
std::vector<T> list_from_json(const std::string& text, const char* what) {
  try {
    return json::parse(text).get<std::vector<T>>();
  } catch (const json::exception& e) {
    throw InputError(std::string(what) + ": " + e.what());
  }
}

}  // namespace

std::string jobs_to_json(const std::vector<StrengthJob>& jobs) { return json(jobs).dump(); }
std::vector<StrengthJob> jobs_from_json(const std::string& text) {
  return list_from_json<StrengthJob>(text, "a strength job");
}
std::string rows_to_json(const std::vector<GameRow>& rows) { return json(rows).dump(); }
std::vector<GameRow> rows_from_json(const std::string& text) {
  return list_from_json<GameRow>(text, "a finished strength game");
}

std::string serve_strength_jobs(const std::string& text) {
  static std::string loaded;  // one worker thread per rank: no lock needed
  static std::shared_ptr<const Variant> variant;
  std::vector<GameRow> rows;
  for (const StrengthJob& j : jobs_from_json(text)) {
    if (!variant || loaded != j.variant) {
      variant = std::make_shared<const Variant>(load_variant(j.variant));
      loaded = j.variant;
    }
    rows.push_back(play_strength_job(j, variant));
  }
  return rows_to_json(rows);
}

}  // namespace stratego::strength
