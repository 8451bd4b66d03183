// Table files generated for the tests, kept per ruleset and piece count for the whole run.
#pragma once

#include <string>

#include "core/ruleset.h"

namespace damatb::test {

// The folder of the table files of every class of 2 to `pieces` pieces under `rules`, generated
// on first use into a temporary folder that is removed at exit.
const std::string& generated_table_files(int pieces, const core::Ruleset& rules);

} // namespace damatb::test
