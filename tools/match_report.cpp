#include "tools/match_report.h"

#include <cmath>
#include <iomanip>
#include <iostream>
#include <sstream>

namespace stratego {
namespace {

std::string percent(double x) {
  if (std::isnan(x)) return "n/a";
  std::ostringstream s;
  s << std::fixed << std::setprecision(1) << 100 * x << "%";
  return s.str();
}

nlohmann::json number_or_null(double x) {
  return std::isfinite(x) ? nlohmann::json(x) : nlohmann::json(nullptr);
}

std::string wdl(const referee::MatchSummary::Tally& t) {
  return std::to_string(t.wins) + "/" + std::to_string(t.draws) + "/" + std::to_string(t.losses);
}

}  // namespace

void print_summary(const referee::MatchSummary& m, const std::string& variant) {
  const auto& e = m.elo;
  std::cout << "\n"
            << m.names[0] << " vs " << m.names[1] << ", " << variant << ": " << m.games
            << " games (" << m.names[0] << " red " << m.bot1_red << ", blue " << m.bot1_blue
            << ")\n"
            << m.names[0] << ": W/D/L " << m.wins << "/" << m.draws << "/" << m.losses << ", score "
            << percent(e.score) << " (95%: " << percent(e.score_low) << " .. "
            << percent(e.score_high) << ")";
  if (m.adjourned) std::cout << ", " << m.adjourned << " adjourned (not counted)";
  std::cout << "\nElo difference " << referee::format_elo(e.elo)
            << " (95%: " << referee::format_elo(e.elo_low) << " .. "
            << referee::format_elo(e.elo_high) << ")\nas red " << wdl(m.bot1_as[kRed])
            << ", as blue " << wdl(m.bot1_as[kBlue]) << "\nreasons: ";
  std::string list;
  for (const auto& [reason, n] : m.reasons)
    list += std::string(list.empty() ? "" : ", ") + reason + " " + std::to_string(n);
  std::cout << list << "\n";
}

nlohmann::json summary_json(const referee::MatchSummary& m, const std::string& variant) {
  nlohmann::json j;
  j["variant"] = variant;
  j["bot1"] = m.names[0];
  j["bot2"] = m.names[1];
  j["games"] = m.games;
  j["wins"] = m.wins;
  j["draws"] = m.draws;
  j["losses"] = m.losses;
  j["adjourned"] = m.adjourned;
  j["score"] = number_or_null(m.elo.score);
  j["score_low"] = number_or_null(m.elo.score_low);
  j["score_high"] = number_or_null(m.elo.score_high);
  j["elo"] = number_or_null(m.elo.elo);  // null when infinite (a score of 0% or 100%)
  j["elo_low"] = number_or_null(m.elo.elo_low);
  j["elo_high"] = number_or_null(m.elo.elo_high);
  j["bot1_red"] = m.bot1_red;
  j["bot1_blue"] = m.bot1_blue;
  for (const Side s : {kRed, kBlue}) {
    const auto& t = m.bot1_as[s];
    j[s == kRed ? "bot1_as_red" : "bot1_as_blue"] = {
        {"wins", t.wins}, {"draws", t.draws}, {"losses", t.losses}};
  }
  j["reasons"] = m.reasons;
  return j;
}

}  // namespace stratego
