#include "protocol/bot_spec.h"

#include "bots/registry.h"
#include "engine/error.h"
#include "protocol/protocol_bot.h"
#include "protocol/ucc/ucc_bot.h"

namespace stratego::protocol {

std::unique_ptr<bots::Bot> make_bot_from_spec(const std::string& spec) {
  if (spec.rfind("cmd:", 0) == 0) {
    if (spec.size() == 4)
      throw InputError("bot spec 'cmd:' needs a command after the colon, e.g. cmd:./my_bot.py");
    return std::make_unique<ProtocolBot>(spec.substr(4));
  }
  if (spec.rfind("ucc:", 0) == 0) {
    if (spec.size() == 4)
      throw InputError("bot spec 'ucc:' needs a command after the colon, e.g. ucc:./vixen.py");
    return std::make_unique<UccBot>(spec.substr(4));
  }
  // A built-in name with options: "ismcts,threads=2,exploration=0.5".
  const auto comma = spec.find(',');
  std::unique_ptr<bots::Bot> bot = bots::make_bot(spec.substr(0, comma));
  for (std::size_t at = comma; at != std::string::npos;) {
    const std::size_t next = spec.find(',', at + 1);
    const std::string item =
        spec.substr(at + 1, next == std::string::npos ? std::string::npos : next - at - 1);
    apply_option_setting(*bot, item, "bot spec '" + spec + "'");
    at = next;
  }
  return bot;
}

void apply_option_setting(bots::Bot& bot, const std::string& setting, const std::string& where) {
  const auto eq = setting.find('=');
  if (eq == std::string::npos || eq == 0)
    throw InputError(where + ": '" + setting + "' is not an option setting NAME=VALUE");
  bot.set_option(setting.substr(0, eq), setting.substr(eq + 1));
}

}  // namespace stratego::protocol
