// Reading what a person types at the `stratego play` prompt: matching a typed move against
// the legal tokens, listing the legal tokens, and saying in words why a typed move is not
// legal now. Matching forgives what people write naturally: "b4xb5" or "b4 b5" for the token
// "b4-b5", any case, a Waterloo attack without its direction suffix when only one direction
// is legal ("e5xe6" for "e5xe6/n"), and the last part of a token alone ("yes" for
// "lust:yes") when that names one legal token.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/geometry.h"
#include "engine/view.h"
#include "engine/waterloo/view.h"

namespace stratego::play {

struct TokenMatch {
  std::string token;                 // the one legal token meant, or empty
  std::vector<std::string> choices;  // several legal tokens it could mean (token empty)
};
TokenMatch match_token(std::string_view typed, const std::vector<std::string>& legal);

// The squares a token names, in order: "e5xe6/n" -> e5, e6; "place:I3@a10" -> a10;
// "R:E@b2" -> b2. Unit tokens ("I3") and card names are not squares.
std::vector<int> squares_in(std::string_view token, const Geometry& g);

// The legal tokens grouped by the first square they name, one group a line:
//   Legal moves (12):
//     b4: b4-b5 b4-c4
//     end
// With `square`, only the tokens that name that square.
std::string list_legal(const std::vector<std::string>& legal, const Geometry& g,
                       std::optional<int> square = std::nullopt);

// The same list for a classic view (list_choices of waterloo_words.h writes Waterloo's with
// words), so that a caller holding either family's view writes one call.
std::string list_choices(const std::vector<std::string>& legal, const View& v, int square = -1);

// Who reads an explanation: a person at the `stratego play` prompt (told which commands to
// type) or one at the page of `stratego serve` (told what the page marks).
enum class Audience { kTerminal, kPage };

// Why `typed` (which matched no legal token) is not a legal move now, in one line, e.g.
// "b4-b7: your Bomb cannot move" or "e5-e9: not legal now; type `moves` to list the legal ones".
// A lone square ("b1") says why nothing on it can move, or which moves it has.
std::string explain_illegal(std::string_view typed, const View& v,
                            const std::vector<std::string>& legal,
                            Audience audience = Audience::kTerminal);
std::string explain_illegal(std::string_view typed, const waterloo::WaterlooView& v,
                            const std::vector<std::string>& legal,
                            Audience audience = Audience::kTerminal);

}  // namespace stratego::play
