#include "bots/bot_spec.h"

#include "bots/registry.h"
#include "engine/error.h"

namespace stratego::bots {

std::unique_ptr<Bot> make_bot_from_spec(const std::string& spec) {
  // cmd: and ucc: are added here by the protocol and UCC work.
  return make_bot(spec);
}

}  // namespace stratego::bots
