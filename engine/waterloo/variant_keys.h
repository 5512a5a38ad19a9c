// The `family` and `waterloo_*` keys of variant files: their documentation, their parsing and
// the checks made once every key is read. The loader (engine/variant_loader.cpp) forwards
// every key it does not know itself here.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "engine/variant.h"
#include "engine/variant_loader.h"

namespace stratego::waterloo {

// Every key of this file, in the order docs/variants.md lists them.
const std::vector<VariantKeyDoc>& variant_key_docs();

// Sets `key` on v and returns true, or returns false if the key is not one of these. A bad
// value throws std::string (the reason), the loader's convention.
bool set_variant_key(Variant& v, const std::string& key, const std::string& value);

// Cross-key checks and parsing of square-valued keys for family waterloo, run once the board
// size is known; fail(key, why) throws.
void finish_variant(Variant& v,
                    const std::function<void(const std::string&, const std::string&)>& fail);

}  // namespace stratego::waterloo
