#include "bots/bot.h"

#include "engine/error.h"

namespace stratego::bots {

void Bot::set_option(const std::string& name, const std::string& /*value*/) {
  throw InputError("bot " + this->name() + " has no option '" + name + "'");
}

}  // namespace stratego::bots
