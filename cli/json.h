// The JSON writer of the answers library (answers/json.h) under the name the commands use:
// json::Object, json::array, json::quote.
#pragma once

#include "answers/json.h"

namespace damatb::cli {

namespace json = answers::json;

} // namespace damatb::cli
