// The one exception type for input a user can get wrong (files, notation, moves, options).
// Its message says what was wrong and where; the command line turns it into exit code 2.
#pragma once

#include <stdexcept>
#include <string>

namespace stratego {

class InputError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace stratego
