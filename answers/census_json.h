// The JSON of the HTTP API's /api/v1/stats: a class's census (class_census.h, stats_census.h),
// table by table (docs/server.md).
#pragma once

#include <string>
#include <vector>

#include "answers/class_census.h"
#include "core/material.h"

namespace damatb::answers {

// Where a census comes from: the generator's statistics files (stats_census.h), or every
// position probed (class_census.h).
enum class CensusSource { GENERATOR, PROBE };

// {"class", "source", "tables": [{"table", "mover", "other", "positions", "counts", "win_dtz",
// "loss_dtz", "longest_wins", "longest_losses"}, ...]} for the census of class cls; "source" is
// "generator" or "probe".
std::string census_json(const core::Material& cls, const std::vector<TableCensus>& tables, CensusSource source);

} // namespace damatb::answers
