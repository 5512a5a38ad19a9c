// What the UCC protocol tests share: the variant the 2012 manager plays, and the text of the
// InputError a call throws.
#pragma once

#include <functional>
#include <memory>
#include <string>

#include "engine/error.h"
#include "engine/variant_loader.h"
#include "protocol/ucc/ucc_protocol.h"

namespace stratego::bots::testing {

inline std::shared_ptr<const Variant> ucc_variant() {
  static const auto v = std::make_shared<const Variant>(load_variant(protocol::kUccVariantSpec));
  return v;
}

inline std::string error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const InputError& e) {
    return e.what();
  }
  return "(no error)";
}

}  // namespace stratego::bots::testing
