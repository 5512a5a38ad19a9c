#include "bots/bot_spec.h"

#include "bots/protocol_bot.h"
#include "bots/registry.h"
#include "bots/ucc_bot.h"
#include "engine/error.h"

namespace stratego::bots {

std::unique_ptr<Bot> make_bot_from_spec(const std::string& spec) {
  // cmd: and ucc: are added here by the protocol and UCC work.
  if (spec.rfind("cmd:", 0) == 0) {
    if (spec.size() == 4) throw InputError("bot spec 'cmd:' needs a command after the colon, e.g. cmd:./my_bot.py");
    return std::make_unique<ProtocolBot>(spec.substr(4));
  }
  if (spec.rfind("ucc:", 0) == 0) {
    if (spec.size() == 4) throw InputError("bot spec 'ucc:' needs a command after the colon, e.g. ucc:./vixen.py");
    return std::make_unique<UccBot>(spec.substr(4));
  }
  return make_bot(spec);
}

}  // namespace stratego::bots
