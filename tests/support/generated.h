// Tables solved in memory for the tests, kept per ruleset for the whole run.
#pragma once

#include "core/consistency.h"
#include "core/ruleset.h"
#include "gen/solved.h"

namespace damatb::test {

// Every class of 2 to `pieces` pieces solved under `rules` (computed once per
// ruleset and piece count, then shared).
const gen::SolvedTables& solved_up_to(int pieces, const core::Ruleset& rules);

// The stored value of any position of those tables (any side to move).
core::TableValue stored_value(const gen::SolvedTables& tables, const core::Position& pos);

} // namespace damatb::test
