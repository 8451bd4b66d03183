// The JSON of the HTTP API's /api/v1/info: the ruleset, the classes of a tables folder with
// their tables and statistics, the totals and the problems (docs/server.md).
#pragma once

#include <string>

#include "answers/table_info.h"
#include "core/ruleset.h"

namespace damatb::answers {

// {"ruleset", "totals", "classes": [{"class", "tables": [...]}, ...], "problems"} for the tables
// of info, read under rules.
std::string info_json(const FolderInfo& info, const core::Ruleset& rules);

} // namespace damatb::answers
