// A class's census (class_census.h) from the generator's statistics instead of the tables: the
// `<class>.stats` files hold each table's counts, its wins and losses by DTZ and its longest win
// and loss, all the generator found as it solved the class, so a class of any size is answered
// at once. Files written before the DTZ counts were have none: their class is probed instead.
#pragma once

#include <optional>
#include <vector>

#include "answers/class_census.h"
#include "answers/table_info.h"
#include "core/material.h"

namespace damatb::answers {

// The census of each table of class cls (core::tables_of's order) from the statistics in info,
// when every table is there, built under info's ruleset, with its DTZ counts; none otherwise.
// Each table lists at most one longest win and one longest loss: the statistics' (the lowest
// index of the largest DTZ, the first that class_census lists).
std::optional<std::vector<TableCensus>> census_from_stats(const FolderInfo& info, const core::Material& cls);

} // namespace damatb::answers
