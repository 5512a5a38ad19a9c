// What the page is sent about a game: a player's view as JSON (classic View and WaterlooView),
// the legal actions with the squares each names, and each step as that player observed it.
// Built only from the player's own View / WaterlooView and observations, never from the true
// state, so a browser cannot learn a hidden rank from it (tests/serve_api_test.cpp checks).
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "engine/view.h"
#include "engine/waterloo/observation.h"
#include "engine/waterloo/view.h"

namespace stratego::serve {

// {"family":"classic","width","height","squares":[names],"lakes":[i],"board":[null|{"side",
//  "kind" ("unknown" if hidden),"moved","revealed"}],"to_move","moves_played","captured",...}
nlohmann::json view_json(const View& v);
// {"family":"waterloo","board":[null|{"army","cls","strength" (-1 hidden),"token","name" (in
//  words, as the viewer knows it)...}], "terrain":[mark],"tiles":[{"name","kind","squares",
//  "hp","owner"}],"phase","question" (what the phase asks, in words),"actions_left","turn",
//  "hand","reserve","retreat","status" (text)...}
nlohmann::json view_json(const waterloo::WaterlooView& v);
// What every Waterloo game shows the same way (GET /api/info, "waterloo_key"): the classes
// ({"letter","name","moves"}), the terrain marks ({"mark","name","rule"}), the die's faces
// ({"face","text"}) and the cards ({"name","title","what","when"}), in the words of
// play/waterloo_words.h.
nlohmann::json waterloo_key_json();
// [{"token","squares":[names]}...]: the page highlights the last square of the tokens whose
// first square is the one clicked; tokens naming fewer than two squares become buttons.
nlohmann::json legal_json(const std::vector<std::string>& legal, const Geometry& g);
nlohmann::json legal_json(const std::vector<std::string>& legal, const View& v);
// Waterloo's: each also with "text" (the choice in words), "group" (the words without the
// square, for choices made on the board by one square) and "detail" (what it does, its rule).
nlohmann::json legal_json(const std::vector<std::string>& legal, const waterloo::WaterlooView& v);
// {"n","actor","token","text","squares",...}; a Waterloo die roll also "die" (its face) and
// "die_text" (what the face decided).
nlohmann::json step_json(const ObservedMove& m, Side viewer, const Geometry& g);
nlohmann::json step_json(const waterloo::ObservedStep& s, Side viewer, const Geometry& g);

}  // namespace stratego::serve
