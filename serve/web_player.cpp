#include "serve/web_player.h"

#include "engine/error.h"
#include "engine/waterloo/notation.h"
#include "engine/waterloo/record.h"
#include "engine/waterloo/view.h"
#include "eval/waterloo_posterior.h"
#include "heuristic/classic_rules_setup.h"
#include "play/human_bot.h"
#include "play/play_input.h"
#include "serve/belief_json.h"
#include "serve/view_json.h"

namespace stratego::serve {
namespace {

using nlohmann::json;

// The person's own army placed as `setup` says, on the person's view at the set-up (as the
// terminal shows it: the cards in hand, the enemy's reserve, ...).
waterloo::WaterlooView waterloo_preview(const waterloo::WaterlooState& state,
                                        const waterloo::WaterlooView& base, Side side,
                                        const waterloo::WaterlooSetup& setup) {
  waterloo::WaterlooView preview = base;
  preview.viewer = side;
  auto& reserve = preview.piles[int(waterloo::Pile::kReserve)];
  std::erase_if(reserve, [&](const waterloo::SeenUnit& u) { return u.side() == side; });
  const waterloo::Army army = side == kRed ? waterloo::Army::kAllied : waterloo::Army::kFrench;
  std::vector<bool> placed(std::size_t(state.num_units()), false);
  for (const auto& [id, sq] : setup.placements) {
    const auto& info = state.unit_info(id);
    preview.board[std::size_t(sq)] =
        waterloo::SeenUnit{info.army, info.cls, std::int8_t(info.strength)};
    placed[std::size_t(id)] = true;
  }
  for (int id = state.army_begin(army); id < state.army_end(army); ++id)
    if (!placed[std::size_t(id)]) {
      const auto& info = state.unit_info(id);
      reserve.push_back(waterloo::SeenUnit{info.army, info.cls, std::int8_t(info.strength)});
    }
  return preview;
}

}  // namespace

void WebPlayer::new_game(const bots::GameStart& g) {
  std::lock_guard lock(mu_);
  game_ = g;
  rng_ = Rng(g.seed ^ 0x7765620000000000ull);
  steps_.clear();
  belief_.reset();
  waterloo_belief_.reset();
  belief_error_.clear();
  if (g.variant->family == Family::kWaterloo) waterloo_belief_.emplace(g.variant, g.side);
}

bots::Reply WebPlayer::wait_reply(std::unique_lock<std::mutex>& lock) {
  cv_.wait(lock, [&] { return reply_ || shutdown_; });
  bots::Reply r;
  if (reply_)
    r = *reply_;
  else
    r.adjourn = true;
  reply_.reset();
  pending_ = Pending::kNone;
  return r;
}

std::string WebPlayer::setup(const bots::SetupRequest& r) {
  std::unique_lock lock(mu_);
  const Side side = game_.side;
  const bool waterloo = game_.variant->family == Family::kWaterloo;
  if (waterloo) {
    setup_state_ = waterloo::setup_phase_state(game_.variant, r.waterloo(), side);
    setup_view_ = r.waterloo() ? *r.waterloo() : waterloo::make_view(*setup_state_, side);
    waterloo_suggestion_ = setup_state_->random_setup(side, rng_);
  } else {
    classic_suggestion_ = heuristic::rules_setup(*game_.variant, side, rng_);  // as `play`
  }
  pending_ = Pending::kSetup;
  ++decision_;
  legal_.clear();
  draw_offered_ = false;
  cv_.wait(lock, [&] { return setup_answer_ || shutdown_; });
  pending_ = Pending::kNone;
  std::string answer;
  if (setup_answer_) {
    answer = *setup_answer_;
    setup_answer_.reset();
  } else {  // shutting down: the suggestion is kept and the first decision adjourns
    adjourn_ = true;
    answer = waterloo ? waterloo::setup_tokens(*setup_state_, side, waterloo_suggestion_)
                      : format_setup(*game_.variant, classic_suggestion_);
  }
  return answer;
}

void WebPlayer::observe(const bots::Observation& o) {
  std::visit([this](const auto& seen) { observed(seen); }, o);
}

void WebPlayer::observed(const bots::ClassicObservation& o) {
  const ObservedMove& m = o.step;
  const View& after = o.after;
  std::lock_guard lock(mu_);
  json step = step_json(m, game_.side, after.variant->geometry);
  step["n"] = int(steps_.size()) + 1;
  steps_.push_back(std::move(step));
  view_ = view_json(after);
  if (!belief_ && belief_error_.empty()) {
    if (auto before = view_before_opening(m, after))
      belief_.emplace(*before);
    else
      belief_error_ = "the game's opening was not seen";
  }
  if (belief_) {
    try {
      belief_->update(m, after);
    } catch (const InputError& e) {
      belief_.reset();
      belief_error_ = e.what();
    }
  }
}

void WebPlayer::observed(const bots::WaterlooObservation& o) {
  const waterloo::ObservedStep& s = o.step;
  const waterloo::WaterlooView& after = o.after;
  std::lock_guard lock(mu_);
  json step = step_json(s, game_.side, after.geometry());
  step["n"] = int(steps_.size()) + 1;
  steps_.push_back(std::move(step));
  view_ = view_json(after);
  if (!waterloo_belief_) waterloo_belief_.emplace(after);
  try {
    waterloo_belief_->observe(s, after);
  } catch (const InputError&) {  // it knows less from the view alone, but is never wrong
    waterloo_belief_.emplace(after);
  }
}

bots::Reply WebPlayer::decide(const bots::Request& r, const std::atomic<bool>& /*stop*/,
                              const bots::InfoSink& /*info*/) {
  std::unique_lock lock(mu_);
  if (adjourn_ || shutdown_) {
    bots::Reply a;
    a.adjourn = true;
    return a;
  }
  r.with_view([&](const auto& v) {
    view_ = view_json(v);
    decision_view_ = v;
  });
  if (const View* v = r.classic(); v && !belief_ && belief_error_.empty())
    belief_.emplace(*v);  // Red's first move
  legal_ = r.legal;
  draw_offered_ = r.draw_offered;
  pending_ = Pending::kAction;
  ++decision_;
  return wait_reply(lock);
}

void WebPlayer::game_over(const std::string& result) {
  std::lock_guard lock(mu_);
  result_ = result;
}

json WebPlayer::setup_json() const {
  const Variant& v = *game_.variant;
  const Side side = game_.side;
  if (v.family == Family::kWaterloo) {
    return {{"family", "waterloo"},
            {"tokens", waterloo::setup_tokens(*setup_state_, side, waterloo_suggestion_)},
            {"preview",
             view_json(waterloo_preview(*setup_state_, setup_view_, side, waterloo_suggestion_))}};
  }
  json zone = json::array(), pieces = json::object(), army = json::object();
  const Geometry& g = v.geometry;
  for (int sq = 0; sq < g.num_squares(); ++sq)
    if (test(v.setup_zone(side), sq)) zone.push_back(g.square_name(sq));
  for (const auto& [sq, k] : classic_suggestion_.pieces)
    pieces[g.square_name(sq)] = std::string(kind_name(k));
  for (Kind k : kAllKinds)
    if (v.army[k] > 0) army[std::string(kind_name(k))] = v.army[k];
  View empty;
  empty.variant = game_.variant;
  empty.viewer = side;
  return {{"family", "classic"},
          {"zone", zone},
          {"army", army},
          {"fill", v.setup_fill},
          {"line", format_setup(v, classic_suggestion_)},
          {"pieces", pieces},
          {"board", view_json(empty)}};
}

json WebPlayer::snapshot(int since) const {
  std::lock_guard lock(mu_);
  json j;
  j["pending"] = pending_ == Pending::kSetup    ? json("setup")
                 : pending_ == Pending::kAction ? json("action")
                                                : json(nullptr);
  j["decision"] = decision_;
  j["you"] = game_.variant ? std::string(side_name(game_.side)) : "";
  j["view"] = view_;
  if (pending_ == Pending::kAction && game_.variant) {
    j["legal"] = std::visit(
        [&](const auto& v) {
          if constexpr (std::is_same_v<std::decay_t<decltype(v)>, std::monostate>)
            return legal_json(legal_, game_.variant->geometry);
          else
            return legal_json(legal_, v);
        },
        decision_view_);
    j["draw_offered"] = draw_offered_;
  }
  if (pending_ == Pending::kSetup) j["setup"] = setup_json();
  json steps = json::array();
  for (std::size_t i = std::size_t(std::max(since, 0)); i < steps_.size(); ++i)
    steps.push_back(steps_[i]);
  j["steps"] = steps;
  j["step_count"] = int(steps_.size());
  if (!result_.empty()) {
    j["result"] = result_;
    j["result_text"] = play::result_in_words(result_, game_.side);
  }
  return j;
}

std::string WebPlayer::classic_line(const json& body) const {
  const Variant& v = *game_.variant;
  if (body.contains("line")) {
    if (!body["line"].is_string()) throw InputError("'line' must be a string");
    const Setup s = parse_setup(v, game_.side, body["line"].get<std::string>());
    validate_setup(v, s);
    return format_setup(v, s);
  }
  if (!body.contains("pieces") || !body["pieces"].is_object())
    throw InputError("give 'line' (a set-up line) or 'pieces' ({square: kind})");
  Setup s;
  s.side = game_.side;
  for (const auto& [name, kind] : body["pieces"].items()) {
    const auto sq = v.geometry.parse_square(name);
    if (!sq) throw InputError("'" + name + "' is not a square of this board");
    if (!kind.is_string() || !kind_from_name(kind.get<std::string>()))
      throw InputError("square " + name + ": not a kind name");
    s.pieces.push_back({*sq, *kind_from_name(kind.get<std::string>())});
  }
  validate_setup(v, s);
  return format_setup(v, s);
}

std::string WebPlayer::waterloo_tokens(const json& body) const {
  if (!body.contains("tokens") || !body["tokens"].is_string())
    throw InputError("give 'tokens' (set-up tokens)");
  const waterloo::WaterlooSetup s =
      waterloo::parse_setup_tokens(*setup_state_, game_.side, body["tokens"].get<std::string>());
  waterloo::WaterlooState trial = *setup_state_;
  trial.apply_setup(game_.side, s);
  return waterloo::setup_tokens(*setup_state_, game_.side, s);
}

WebPlayer::Refusal WebPlayer::submit_setup(const json& body, int decision) {
  std::lock_guard lock(mu_);
  if (pending_ != Pending::kSetup) return {409, "no set-up is asked for now"};
  if (decision != -1 && decision != decision_)
    return {409, "stale decision " + std::to_string(decision)};
  try {
    setup_answer_ =
        game_.variant->family == Family::kWaterloo ? waterloo_tokens(body) : classic_line(body);
    pending_ = Pending::kNone;
  } catch (const InputError& e) {
    return {400, std::string("set-up: ") + e.what()};
  }
  cv_.notify_all();
  return {};
}

WebPlayer::Refusal WebPlayer::redraw_setup() {
  std::lock_guard lock(mu_);
  if (pending_ != Pending::kSetup) return {409, "no set-up is asked for now"};
  if (game_.variant->family == Family::kWaterloo)
    waterloo_suggestion_ = setup_state_->random_setup(game_.side, rng_);
  else
    classic_suggestion_ = heuristic::rules_setup(*game_.variant, game_.side, rng_);
  return {};
}

WebPlayer::Refusal WebPlayer::submit_action(const std::string& token, bool offer_draw,
                                            int decision) {
  std::lock_guard lock(mu_);
  if (pending_ != Pending::kAction || reply_) return {409, "it is not your decision now"};
  if (decision != -1 && decision != decision_)
    return {409, "stale decision " + std::to_string(decision)};
  if (std::find(legal_.begin(), legal_.end(), token) == legal_.end()) {
    // As the terminal says it: the rule, and the piece's legal moves (from the person's view
    // and legal actions only).
    return {400, std::visit(
                     [&](const auto& v) -> std::string {
                       if constexpr (std::is_same_v<std::decay_t<decltype(v)>, std::monostate>)
                         return "'" + token + "' is not legal now";
                       else
                         return play::explain_illegal(token, v, legal_, play::Audience::kPage);
                     },
                     decision_view_)};
  }
  bots::Reply r;
  r.action = token;
  r.offer_draw = offer_draw;
  reply_ = r;
  pending_ = Pending::kNone;  // a poll before the referee's thread wakes shows no decision
  cv_.notify_all();
  return {};
}

WebPlayer::Refusal WebPlayer::accept_draw() {
  std::lock_guard lock(mu_);
  if (pending_ != Pending::kAction || reply_) return {409, "it is not your decision now"};
  if (!draw_offered_) return {409, "there is no draw offer to accept"};
  bots::Reply r;
  r.accept_draw = true;
  reply_ = r;
  pending_ = Pending::kNone;  // a poll before the referee's thread wakes shows no decision
  cv_.notify_all();
  return {};
}

WebPlayer::Refusal WebPlayer::resign() {
  std::lock_guard lock(mu_);
  if (pending_ != Pending::kAction || reply_)
    return {409, "you can resign when it is your decision"};
  bots::Reply r;
  r.resign = true;
  reply_ = r;
  pending_ = Pending::kNone;  // a poll before the referee's thread wakes shows no decision
  cv_.notify_all();
  return {};
}

WebPlayer::Refusal WebPlayer::adjourn() {
  std::lock_guard lock(mu_);
  if (pending_ == Pending::kNone || reply_)
    return {409, "you can adjourn when it is your decision"};
  adjourn_ = true;
  person_adjourned_ = true;
  if (pending_ == Pending::kAction) {
    bots::Reply r;
    r.adjourn = true;
    reply_ = r;
    pending_ = Pending::kNone;
  } else {
    shutdown_ = true;  // the set-up suggestion is kept, the next decision adjourns
  }
  cv_.notify_all();
  return {};
}

bool WebPlayer::person_adjourned() const {
  std::lock_guard lock(mu_);
  return person_adjourned_;
}

void WebPlayer::shutdown() {
  std::lock_guard lock(mu_);
  shutdown_ = true;
  cv_.notify_all();
}

json WebPlayer::waterloo_beliefs() const {
  const eval::WaterlooPosterior post(*waterloo_belief_);
  const Eigen::MatrixXd m = post.marginals();
  const auto& ids = post.identities().all();
  const Geometry& g = post.view().geometry();
  json pieces = json::array(), kinds = json::array();
  std::vector<std::string> names;
  for (const auto& id : ids) {
    names.push_back(
        waterloo::unit_token(waterloo::SeenUnit{id.army, id.cls, std::int8_t(id.strength)}));
    kinds.push_back(names.back());
  }
  for (std::size_t i = 0; i < post.pieces().size(); ++i) {
    const eval::HiddenPiece& p = post.pieces()[i];
    if (p.square < 0) continue;
    json probs = json::object();
    for (std::size_t j = 0; j < ids.size(); ++j) {
      const double pr = m(Eigen::Index(i), Eigen::Index(j));
      if (pr > 0.0005) probs[names[j]] = std::round(pr * 1000) / 1000;
    }
    pieces.push_back({{"square", g.square_name(p.square)}, {"probs", probs}});
  }
  const auto sec = post.sector_probabilities();
  return {{"pieces", pieces}, {"kinds", kinds}, {"sectors", {sec[0], sec[1], sec[2]}}};
}

json WebPlayer::beliefs() const {
  std::lock_guard lock(mu_);
  if (waterloo_belief_) {
    try {
      return waterloo_beliefs();
    } catch (const InputError& e) {
      return {{"error", e.what()}};
    }
  }
  if (!belief_)
    return {{"error",
             belief_error_.empty() ? "no belief yet (the game has not started)" : belief_error_}};
  const eval::Marginals m = belief_->marginals();
  json kinds = json::array();
  for (Kind k : m.kinds) kinds.push_back(std::string(kind_name(k)));
  const json pieces =
      belief_pieces_json(eval::belief_table(*belief_, m), belief_->view().variant->geometry);
  return {{"pieces", pieces},
          {"kinds", kinds},
          {"converged", m.converged},
          {"moves_played", belief_->view().moves_played}};
}

}  // namespace stratego::serve
