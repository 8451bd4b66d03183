// The JSON of the HTTP API's /api/v1/stats: a class's census (class_census.h), table by table
// (docs/server.md).
#pragma once

#include <string>
#include <vector>

#include "answers/class_census.h"
#include "core/material.h"

namespace damatb::answers {

// {"class", "tables": [{"table", "mover", "other", "positions", "counts", "win_dtz", "loss_dtz",
// "longest_wins", "longest_losses"}, ...]} for the census of class cls.
std::string census_json(const core::Material& cls, const std::vector<TableCensus>& tables);

} // namespace damatb::answers
