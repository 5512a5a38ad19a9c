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

// family: the variant's (Waterloo's pairs are one-sided: Store::opponent).
StrengthJob make_job(const Store& store, const Candidate& c, int game,
                     Family family = Family::kClassic);

// The side the candidate plays in game g. Classic family: Red in even games, Blue in odd ones.
// Waterloo: the two armies differ, so a candidate is one army's set-up and plays that army's
// side in every game (waterloo_side_of).
Side candidate_side(const Variant& v, const std::string& line, int game);
// The side (Red: Allied, Blue: French) whose set-up the Waterloo set-up tokens are, checked
// by applying them to a fresh game in that side's set-up phase as the referee does. Throws
// InputError saying what is wrong with them for either army.
Side waterloo_side_of(const std::shared_ptr<const Variant>& v, const std::string& tokens);
// Throws InputError unless the tokens are a legal set-up of `side` (same check).
void check_waterloo_setup(const std::shared_ptr<const Variant>& v, Side side,
                          const std::string& tokens);

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
