// Solved tables to and from their files: `<table>.dtb`, the values, and `<table>.dtp`, the
// progress histories of more than one step when the table has any (core/record.h).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include "core/material.h"
#include "core/ruleset.h"
#include "gen/memory_budget.h"
#include "gen/solved.h"

namespace damatb::gen {

// How much of the classes that the don't-care positions of a table read back look up (its
// captures lead into them) it holds resident: at most `bytes` of their pages mapped from scratch
// files, the rest given back as it goes (gen/read_cache.h), the values the same whatever the
// bound; `released`, if set, is called with the number of times they were given back.
struct ReadBound {
    std::uint64_t bytes = NO_READ_CACHE;
    std::function<void(std::uint64_t)> released;
};

// Writes the files of table t into dir, its don't-care positions (core/record.h) repeating the
// record before them: the progress file first, so that a values file is never
// there without the progress file it refers to; a stale progress file is removed. t is one the
// solver made: its must_capture bits tell the don't-care positions. Throws std::runtime_error
// naming the file when it cannot be written.
void write_solved(const std::string& dir, const SolvedTable& t, const core::Ruleset& rules,
                  int threads);

// The table of material m read back from dir, if its files are there, complete and valid for
// the ruleset (header, material and content checksum); nullptr otherwise. The values of its
// don't-care positions (core/record.h) are found from `solved`, which must hold the tables its
// captures lead into (std::out_of_range if not), within `bound`. Decodes on `threads` threads.
std::shared_ptr<SolvedTable> read_solved(const std::string& dir, const core::Material& m,
                                         const core::Ruleset& rules, const SolvedTables& solved,
                                         int threads = 1, const ReadBound& bound = {});

// The same, reading the values file only and keeping the WDL5 alone (dtz, round, must_capture
// and history left empty): what the classes solved later read of a class, in a byte a
// position and a block's records at a time, where read_solved holds every record of both
// files at once. The progress file is checked (header and content checksum) when the table
// has a loss that needs it.
std::shared_ptr<SolvedTable> read_solved_wdl(const std::string& dir, const core::Material& m,
                                             const core::Ruleset& rules, const SolvedTables& solved,
                                             int threads = 1, const ReadBound& bound = {});

// Whether table m's files in dir need a progress file: true when its values file holds a loss
// that is not don't care, or is not there or not valid. A table whose statistics count losses
// but has no progress file is complete when this is false: its losses are all don't care.
// Reads the values file alone, a block at a time, and tells the don't-care positions only
// among the records that read as a loss, so that, unlike read_solved_wdl, it needs no other
// class's tables.
bool needs_progress_file(const std::string& dir, const core::Material& m, const core::Ruleset& rules,
                         int threads = 1);

// What is wrong with the files of class cls's tables in dir, as far as can be told without
// decoding them: "FILE: why" for the first file at fault (not there, damaged, another
// ruleset's, another table's), or "" when each values file, and each progress file that is
// there, is valid (header, material, content checksum). A progress file that is not there may be
// needed or not (a table whose losses are all don't care has none): needs_progress_file tells.
std::string class_files_problem(const std::string& dir, const core::Material& cls, const core::Ruleset& rules);

} // namespace damatb::gen
