#include "serve/game_session.h"

#include <algorithm>
#include <system_error>

#include "bots/forwarding_bot.h"
#include "engine/error.h"
#include "engine/file_io.h"
#include "engine/record.h"
#include "engine/record_file.h"
#include "engine/text_util.h"
#include "engine/variant_loader.h"
#include "play/human_bot.h"
#include "protocol/bot_spec.h"
#include "referee/referee.h"
#include "serve/game_files.h"
#include "serve/view_json.h"

namespace stratego::serve {
namespace {

using nlohmann::json;

// The person is never timed out (the referee otherwise would after its default).
constexpr std::int64_t kThirtyDaysMs = 30LL * 24 * 3600 * 1000;
// The longest time per move a meta file may hold: the bots' own ceiling (an hour).
constexpr std::int64_t kMaxMovetimeMs = 3'600'000;

// The bot's side: the chosen bot with its time per decision, reporting to the session when it
// thinks and what its `info` says (the referee's own sink drops them).
class ComputerPlayer : public bots::MovetimeBot {
 public:
  ComputerPlayer(std::unique_ptr<bots::Bot> bot, std::int64_t movetime_ms, GameSession& session)
      : MovetimeBot(std::move(bot), movetime_ms), session_(session) {}
  bots::Reply decide(const bots::Request& r, const std::atomic<bool>& stop,
                     const bots::InfoSink& /*info*/) override {
    session_.bot_thinking(true);
    struct Done {
      GameSession& s;
      ~Done() { s.bot_thinking(false); }
    } done{session_};
    return MovetimeBot::decide(r, stop,
                               [this](const bots::SearchInfo& i) { session_.bot_info(i); });
  }

 private:
  GameSession& session_;
};

}  // namespace

bool check_save_text(const std::string& text, const std::string& origin) {
  check_record_is_whole(text, origin);
  return read_record_header(text, origin).over;
}

json GameMeta::to_json() const {
  return {{"id", id},
          {"variant", variant},
          {"bot", bot},
          {"movetime_ms", movetime_ms},
          {"side", std::string(side_name(human))},
          {"seed", seed},
          {"status", status},
          {"result", result},
          {"reason", reason},
          {"detail", detail},
          {"result_text", result_text},
          {"adjourned_by", adjourned_by}};
}

GameMeta GameMeta::from_json(const json& j) {
  GameMeta m;
  std::string field;
  try {
    auto text = [&](const char* key, bool required) {
      field = key;
      return required ? j.at(key).get<std::string>() : j.value(key, std::string());
    };
    m.id = text("id", true);
    if (!valid_game_id(m.id)) throw InputError("not a game id (16 hex digits)");
    m.variant = text("variant", true);
    check_variant_spec(m.variant);
    m.bot = text("bot", true);
    check_bot_spec(m.bot);
    field = "movetime_ms";
    m.movetime_ms = j.at("movetime_ms").get<std::int64_t>();
    if (m.movetime_ms < 1 || m.movetime_ms > kMaxMovetimeMs)
      throw InputError("out of range (1 to " + std::to_string(kMaxMovetimeMs) + ")");
    const std::string side = text("side", true);
    if (side != "red" && side != "blue") throw InputError("not red or blue");
    m.human = side == "blue" ? kBlue : kRed;
    field = "seed";
    m.seed = j.at("seed").get<std::uint64_t>();
    m.status = text("status", false);
    if (m.status.empty()) m.status = "new";
    static const char* const statuses[] = {"new",  "playing", "adjourned",
                                           "over", "error",   "damaged"};
    if (std::find(std::begin(statuses), std::end(statuses), m.status) == std::end(statuses))
      throw InputError("not a status");
    m.result = text("result", false);
    m.reason = text("reason", false);
    m.detail = text("detail", false);
    m.result_text = text("result_text", false);
    m.adjourned_by = text("adjourned_by", false);
    if (!m.adjourned_by.empty() && m.adjourned_by != "you" && m.adjourned_by != "server")
      throw InputError("not you or server");
    return m;
  } catch (const json::exception& e) {
    throw InputError("game meta file: '" + field + "': " + e.what());
  } catch (const InputError& e) {
    throw InputError("game meta file: '" + field + "': " + e.what());
  }
}

GameSession::GameSession(GameMeta meta, SessionHost host)
    : meta_(std::move(meta)), host_(std::move(host)) {
  waterloo_ = load_variant(meta_.variant).family == Family::kWaterloo;
  std::lock_guard lock(mu_);
  save_meta();
}

GameSession::GameSession(Finished, GameMeta meta, bool waterloo, SessionHost host)
    : meta_(std::move(meta)), host_(std::move(host)), waterloo_(waterloo) {}

std::shared_ptr<GameSession> GameSession::finished(const std::string& entry, SessionHost host) {
  json j = json::parse(entry, nullptr, false);
  if (!j.is_object()) throw InputError("game list entry: not a JSON object");
  j["seed"] = 0;  // left out of the entry; a finished game never draws again
  GameMeta meta = GameMeta::from_json(j);
  if (meta.status != "over") throw InputError("game list entry: the game is not over");
  const bool waterloo = j.value("family", std::string()) == "waterloo";
  return std::shared_ptr<GameSession>(
      new GameSession(Finished{}, std::move(meta), waterloo, std::move(host)));
}

GameSession::~GameSession() { stop(); }

std::filesystem::path GameSession::record_path() const {
  return host_.dir / (meta_.id + (waterloo_ ? ".wrec" : ".rec"));
}

void GameSession::save_meta() const {
  write_text_file_atomically((host_.dir / (meta_.id + ".json")).string(),
                             meta_.to_json().dump(2) + "\n");
}

std::optional<std::string> GameSession::load_save_file() {
  std::error_code ec;
  if (!std::filesystem::is_symlink(record_path(), ec) &&
      !std::filesystem::exists(record_path(), ec))
    return std::string();
  try {
    std::string text = read_game_file(record_path(), kMaxSaveBytes);
    if (check_save_text(text, record_path().filename().string())) {
      // It finished while the meta file was not yet updated.
      meta_.status = "over";
      final_record_ = text;
    }
    return text;
  } catch (const InputError& e) {
    meta_.status = "damaged";
    meta_.detail = std::string("the save file is damaged: ") + e.what();
    try {
      save_meta();
    } catch (const InputError&) {  // listed as damaged all the same
    }
    return std::nullopt;
  }
}

void GameSession::check_save_file() {
  std::lock_guard lock(mu_);
  if (running_) return;
  const std::string before = meta_.status;
  if (load_save_file() && meta_.status != before) save_meta();
}

GameSession::Start GameSession::start(RunSlots::Slot slot) {
  std::unique_lock lock(mu_);
  if (running_) return Start::kRunning;
  if (meta_.status == "over") return Start::kOver;
  if (meta_.status == "damaged") return Start::kDamaged;
  if (thread_.joinable()) thread_.join();  // a thread that ended (adjourned): it holds no lock
  const std::optional<std::string> resume = load_save_file();
  if (!resume) return Start::kDamaged;
  if (meta_.status == "over") {
    save_meta();
    return Start::kOver;
  }
  if (!slot) return Start::kBusy;
  const GameMeta before = meta_;
  player_ = std::make_shared<WebPlayer>();
  meta_.status = "playing";
  meta_.adjourned_by.clear();
  save_meta();  // throws InputError (a full disk) before anything runs
  try {
    auto body = [this, text = *resume] { run(text); };
    thread_ = host_.start_thread ? host_.start_thread(body) : std::thread(body);
  } catch (const std::system_error& e) {  // no memory or address space for a thread
    meta_ = before;
    meta_.detail = std::string("the game could not start (") + e.what() + "); try again";
    player_ = nullptr;
    try {
      save_meta();
    } catch (const InputError&) {
    }
    return Start::kNoThread;
  }
  running_ = true;
  slot_ = std::move(slot);
  return Start::kRunning;
}

void GameSession::reap() {
  std::thread t;
  {
    std::lock_guard lock(mu_);
    if (running_) return;
    t = std::move(thread_);
    // A finished game's player (its view, steps and legal actions as JSON: tens of kB) and
    // record go too, as after a restart: the page then shows the result and the replay, and
    // the record is read from its file.
    if (meta_.status == "over" || meta_.status == "error") {
      player_.reset();
      std::string().swap(final_record_);
    }
  }
  if (t.joinable()) t.join();
}

bool GameSession::holds_thread() const {
  std::lock_guard lock(mu_);
  return thread_.joinable() && !running_;
}

std::string GameSession::detail() const {
  std::lock_guard lock(mu_);
  return meta_.detail;
}

void GameSession::run(std::string resume) {
  std::shared_ptr<WebPlayer> person;
  GameMeta meta;
  {
    std::lock_guard lock(mu_);
    person = player_;
    meta = meta_;
  }
  referee::GameOutcome out;
  std::string error;
  try {
    referee::GameSettings st;
    st.variant = std::make_shared<const Variant>(load_variant(meta.variant));
    st.variant_spec = meta.variant;
    st.seed = meta.seed;
    st.time.default_timeout_ms = kThirtyDaysMs;
    st.resume_record = resume;
    st.autosave_path = record_path().string();
    st.names[meta.human] = "human";
    st.names[other(meta.human)] = meta.bot;
    ComputerPlayer computer(
        host_.make_bot ? host_.make_bot(meta.bot) : protocol::make_bot_from_spec(meta.bot),
        meta.movetime_ms, *this);
    bots::Bot& red = meta.human == kRed ? static_cast<bots::Bot&>(*person) : computer;
    bots::Bot& blue = meta.human == kBlue ? static_cast<bots::Bot&>(*person) : computer;
    out = referee::play_game(red, blue, st);
  } catch (const std::exception& e) {
    error = e.what();
  }
  std::lock_guard lock(mu_);
  running_ = false;
  thinking_ = false;
  slot_.release();
  if (!error.empty()) {
    meta_.status = "error";
    meta_.detail = error;
  } else if (out.reason == "adjourned") {
    meta_.status = "adjourned";
    meta_.adjourned_by = person->person_adjourned() ? "you" : "server";
    try {
      write_text_file_atomically(record_path().string(), out.record);
    } catch (const std::exception&) {  // the referee's autosave has it up to the last step
    }
  } else {
    meta_.status = "over";
    meta_.result = std::string(text::winner_name(out.winner));
    meta_.reason = out.reason;
    meta_.detail = out.detail;
    meta_.result_text = play::result_in_words(meta_.result + " " + out.reason, meta_.human);
    final_record_ = out.record;
    try {
      write_text_file_atomically(record_path().string(), out.record);
    } catch (const std::exception& e) {
      meta_.detail += std::string(" (the record could not be written: ") + e.what() + ")";
    }
  }
  try {
    save_meta();
  } catch (const std::exception&) {  // a full disk must not take the server down
  }
}

bool GameSession::running() const {
  std::lock_guard lock(mu_);
  return running_;
}

bool GameSession::over() const {
  std::lock_guard lock(mu_);
  return meta_.status == "over";
}

std::shared_ptr<WebPlayer> GameSession::player() const {
  std::lock_guard lock(mu_);
  return player_;
}

json GameSession::summary() const {
  std::lock_guard lock(mu_);
  json j = meta_.to_json();
  j.erase("seed");  // the seed of the bot and the dice is the server's business
  j["family"] = waterloo_ ? "waterloo" : "classic";
  j["running"] = running_;
  return j;
}

std::optional<std::string> GameSession::ended_entry() const {
  {
    std::lock_guard lock(mu_);
    if (meta_.status != "over" || running_ || thread_.joinable()) return std::nullopt;
  }
  // Invalid UTF-8 (a detail quoting a damaged file) replaced, as every answer does.
  return summary().dump(-1, ' ', false, json::error_handler_t::replace);
}

json GameSession::state(int since) const {
  std::shared_ptr<WebPlayer> p;
  json j;
  {
    std::lock_guard lock(mu_);
    p = player_;
    j = meta_.to_json();
    j.erase("seed");  // the seed of the bot and the dice is the server's business
    j["family"] = waterloo_ ? "waterloo" : "classic";
    j["running"] = running_;
    j["thinking"] = thinking_;
    if (thinking_)
      j["thinking_ms"] = std::chrono::duration_cast<std::chrono::milliseconds>(
                             std::chrono::steady_clock::now() - think_start_)
                             .count();
    j["info"] = info_;
  }
  j["player"] = p ? p->snapshot(since) : json(nullptr);
  return j;
}

std::optional<std::string> GameSession::record() const {
  std::lock_guard lock(mu_);
  if (meta_.status != "over") return std::nullopt;
  if (final_record_.empty()) {
    try {
      return read_game_file(record_path(), kMaxSaveBytes);
    } catch (const InputError&) {
      return std::nullopt;
    }
  }
  return final_record_;
}

std::shared_ptr<const Replay> GameSession::replay() {
  {
    std::lock_guard lock(mu_);
    if (replay_) return replay_;
  }
  const auto text = record();
  if (!text) return nullptr;
  auto r = std::make_shared<const Replay>(make_replay(*text));  // may take a moment: no lock held
  std::lock_guard lock(mu_);
  if (!replay_) replay_ = r;
  return replay_;
}

void GameSession::stop() {
  std::shared_ptr<WebPlayer> p = player();
  if (p) p->shutdown();
  std::thread t;
  {
    std::lock_guard lock(mu_);
    t = std::move(thread_);
  }
  if (t.joinable()) t.join();
}

void GameSession::bot_thinking(bool on) {
  std::lock_guard lock(mu_);
  thinking_ = on;
  if (on) {
    think_start_ = std::chrono::steady_clock::now();
    info_ = nullptr;
  }
}

void GameSession::bot_info(const bots::SearchInfo& i) {
  // The principal variation is left out: the bot's planned moves would tell which of its
  // pieces can move and how far (a Scout's long move), which the person's view hides.
  std::lock_guard lock(mu_);
  info_ = {
      {"depth", i.depth}, {"iterations", i.iterations},           {"nodes", i.nodes},
      {"nps", i.nps},     {"win_probability", i.win_probability}, {"pv_length", int(i.pv.size())}};
}

}  // namespace stratego::serve
