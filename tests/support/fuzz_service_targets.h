// Fuzz targets for what `stratego serve` and `stratego ladder` read from outside (issue 58):
// the server's request handling (raw bytes of an HTTP request to a live server on 127.0.0.1),
// a game's meta file, a game's save file, and a ladder's database file. The same contract as
// the parser targets (fuzz_targets.h): each input is accepted or an InputError; anything else
// is a failure, and for the server so is an answer of 500 (a handler that did not know the
// input was bad) or no answer at all.
#pragma once

#include <string>
#include <vector>

#include "tests/support/fuzz_targets.h"

namespace stratego::fuzz {

// Every service target, with its seeds (built once: a server started, a ladder played).
const std::vector<Target>& service_targets();
// Stops the serve-request target's server (adjourning its games and joining their threads):
// call it before the program ends, since static destructors would otherwise run while its
// games still do (a use after free under ASan). The target then fails every input.
void stop_service_targets();
// Their names, in the same order, without building them (for GoogleTest's registration,
// which every test process runs).
const std::vector<std::string>& service_target_names();

}  // namespace stratego::fuzz
