#include "referee/record_replay.h"

#include "engine/error.h"
#include "engine/file_io.h"
#include "engine/move_text.h"
#include "engine/movegen.h"
#include "engine/record.h"
#include "engine/record_file.h"

namespace stratego::referee {

std::unique_ptr<RecordReplay> waterloo_replay(const std::string& text, const std::string& origin);

namespace {

// A classic-family record, move by move, ending the game when the side to move has none
// (C-7.2) as the referee's game does.
class ClassicReplay final : public RecordReplay {
 public:
  ClassicReplay(const std::string& text, const std::string& origin)
      : record_(parse_record(text, origin)),
        state_([&] {
          try {
            return record_start(record_);
          } catch (const InputError& e) {
            throw InputError(origin + ": " + e.what());
          }
        }()),
        start_(state_),
        empty_board_{setup_view(state_.variant_ptr(), kRed),
                     setup_view(state_.variant_ptr(), kBlue)} {
    origin_ = origin;
  }

  const Variant& variant() const override { return state_.variant(); }
  std::shared_ptr<const Variant> variant_ptr() const override { return state_.variant_ptr(); }
  const std::string& variant_spec() const override { return record_.variant; }
  const std::map<std::string, std::string>& tags() const override { return record_.tags; }
  std::optional<bots::SetupRequest> setup_request(Side side) const override {
    if (ply_ > 0 || !record_.start.empty()) return std::nullopt;
    return bots::SetupRequest{&empty_board_[side], {}};
  }
  int steps() const override { return int(record_.moves.size()); }
  int step() const override { return ply_; }
  std::string token(int n) const override {
    return move_to_text(record_.moves[std::size_t(n - 1)], state_.geometry());
  }
  std::string step_noun() const override { return "move"; }

  void next() override {
    if (done()) throw InputError(origin_ + ": no move after move " + std::to_string(ply_));
    const Move m = record_.moves[std::size_t(ply_)];
    const std::string at = origin_ + ": move " + std::to_string(ply_ + 1) + " (" +
                           move_to_text(m, state_.geometry()) + ")";
    if (state_.over()) throw InputError(at + ": the game is already over");
    if (!is_legal(state_, m)) {
      const char* why = repetition_violation(state_, m);
      throw InputError(at + " is not legal" + (why ? std::string(": ") + why : std::string()));
    }
    state_.make(m);
    ++ply_;
    MoveList list;
    generate_moves(state_, list);
    if (list.size == 0 && !state_.over()) state_.declare_no_moves();
    for (Side s : {kRed, kBlue})
      seen_[s] = {
          eval::ClassicSeen{observe(state_, state_.history().back(), s), make_view(state_, s)}};
  }
  bool over() const override { return state_.over(); }
  std::string status() const override {
    return state_.over() ? std::string("game over")
                         : std::string(side_name(state_.side_to_move())) + " to move";
  }

  const std::vector<eval::SeenStep>& seen(Side viewer) const override { return seen_[viewer]; }
  eval::TrueWorld truth() const override { return &state_; }
  std::unique_ptr<eval::BeliefModel> start_belief(
      Side viewer, std::shared_ptr<const eval::SetupModel> prior) const override {
    return eval::classic_belief_model(make_view(start_, viewer),
                                      eval::default_options(start_.variant()), std::move(prior));
  }
  std::optional<ReplayDecision> decision() const override {
    if (done() || state_.over()) return std::nullopt;
    ReplayDecision d;
    d.side = state_.side_to_move();
    d.view = make_view(state_, d.side);
    MoveList list;
    generate_moves(state_, list);
    for (Move m : list) {
      d.legal.push_back(move_to_text(m, state_.geometry()));
      d.keys.push_back(m.raw());
    }
    return d;
  }

 private:
  GameRecord record_;
  State state_;
  State start_;
  View empty_board_[2];  // what the set-up requests show
  int ply_ = 0;
  std::vector<eval::SeenStep> seen_[2];
};

// The one question above the engine of which family wrote a record.
std::unique_ptr<RecordReplay> replay_of(const RecordInFile& r, const std::string& origin) {
  const std::string text(r.text);
  if (r.waterloo) return waterloo_replay(text, origin);
  return std::make_unique<ClassicReplay>(text, origin);
}

}  // namespace

bots::Request ReplayDecision::request() const {
  bots::Request r;
  r.view = std::visit([](const auto& v) -> bots::BotView { return &v; }, view);
  r.legal = legal;
  r.actions = keys;
  return r;
}

std::unique_ptr<RecordReplay> replay_of_text(const std::string& text, const std::string& origin) {
  const auto records = split_records(text, origin);
  if (records.size() != 1)
    throw InputError(origin + ": holds " + std::to_string(records.size()) + " game records");
  return replay_of(records[0], origin);
}

std::unique_ptr<RecordReplay> open_replay(const std::string& path, int game) {
  const std::string text = read_text_file(path);
  const auto records = split_records(text, path);
  if (game == 0 && records.size() != 1)
    throw InputError(path + ": holds " + std::to_string(records.size()) +
                     " game records; choose one with --game N");
  if (game < 0 || game > int(records.size()))
    throw InputError(path + ": --game " + std::to_string(game) + ": the file holds " +
                     std::to_string(records.size()) + " game record" +
                     (records.size() == 1 ? "" : "s"));
  const RecordInFile& r = records[std::size_t(game == 0 ? 0 : game - 1)];
  return replay_of(r, record_origin(path, r, records.size()));
}

void observe_all(eval::BeliefModel& belief, const RecordReplay& replay, Side viewer) {
  for (const eval::SeenStep& s : replay.seen(viewer)) {
    try {
      belief.observe(s);
    } catch (const InputError& e) {
      throw InputError(replay.where() + ": " + e.what());
    }
  }
}

}  // namespace stratego::referee
