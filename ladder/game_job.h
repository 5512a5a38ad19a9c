// One game of a ladder as a self-contained job: what a worker (a thread, or an MPI rank on
// another machine) needs to play it, and the finished game it sends back. Jobs and results
// travel between ranks as JSON text.
#pragma once

#include <string>

#include "ladder/store.h"
#include "referee/referee.h"

namespace stratego::ladder {

struct GameJob {
  ScheduledGame s;
  std::string red_name, blue_name, red_spec, blue_spec;
  std::int64_t movetime_ms = 0, nodes = 0;
  std::string tc;
};

// Plays the job with fresh bots. Never throws for what a bot does (a bot that fails to start
// loses the game by "crash"); throws InputError for a bad variant or time control.
FinishedGame play_job(const GameJob& job, const std::string& worker);

// The settings a ladder's games are played under.
referee::TimeControl time_control(std::int64_t movetime_ms, const std::string& tc,
                                  std::int64_t nodes);

std::string job_to_json(const GameJob& j);
GameJob job_from_json(const std::string& text);
std::string game_to_json(const FinishedGame& g);
FinishedGame game_from_json(const std::string& text);

}  // namespace stratego::ladder
