// One game of a strength analysis as a self-contained job: everything a worker (a thread, or
// an MPI rank that has no database) needs to play game g of a candidate, and the finished row
// it gives back. Jobs travel to MPI ranks as JSON text in small batches, rows come back the
// same way; a game depends only on its job, so it is the same whoever plays it.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "engine/variant.h"
#include "strength/store.h"

namespace stratego::strength {

struct StrengthJob {
  std::string variant, bot;  // the store's settings
  std::int64_t nodes = 0;
  Candidate candidate;
  int game = 0;          // the candidate is Red in even games
  std::string opponent;  // game g's opponent set-up ("" = the bot's own)
  std::uint64_t seed = 0;
};

StrengthJob make_job(const Store& store, const Candidate& c, int game);

// Plays the job (v: job.variant, loaded). Never throws for what a bot does.
GameRow play_strength_job(const StrengthJob& job, const std::shared_ptr<const Variant>& v);

std::string jobs_to_json(const std::vector<StrengthJob>& jobs);
std::vector<StrengthJob> jobs_from_json(const std::string& text);
std::string rows_to_json(const std::vector<GameRow>& rows);
std::vector<GameRow> rows_from_json(const std::string& text);

// A worker's answer to a batch of jobs (jobs_to_json): the rows (rows_to_json). Keeps the
// last variant it loaded, so a worker loads it once per analysis.
std::string serve_strength_jobs(const std::string& text);

}  // namespace stratego::strength
