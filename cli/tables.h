// What the table commands (probe, line, info, verify, annotate, serve) read from their command
// line: the tables folder and the counter; and the library's answers on tables turned into the
// tool's errors (UsageError, TableFailure).
#pragma once

#include <memory>
#include <string>

#include "answers/open_tables.h"
#include "cli/options.h"
#include "core/position.h"
#include "core/ruleset.h"
#include "core/table_folder.h"
#include "damatb/probe.hpp"
#include "damatb/probe_bridge.h"

namespace damatb::cli {

// Adds --tables DIR.
void add_tables_option(CommandSyntax& syntax);

// The tables folder: --tables, else the environment variable DAMATB_TABLES, else
// default_tables_dir(rules). UsageError when it is not a folder, saying where the name came
// from.
std::string tables_option(const po::variables_map& vm, const core::Ruleset& rules);

// Adds --counter C.
void add_counter_option(CommandSyntax& syntax);
// The king-move counter asked for: 0 <= C < limit (any C >= 0 with the limit off);
// UsageError otherwise.
int counter_option(const po::variables_map& vm, const core::Ruleset& rules);

// The table files of folder dir (core::list_table_folder). TableFailure when the folder cannot
// be listed.
using core::TableFileName;
using core::TableFolder;
TableFolder table_files(const std::string& dir);

// "win", "draw", "loss"; the five words of WDL5 (docs/values.md).
using bridge::result_word;
using bridge::wdl_word;

// The probe library opened on dir for rules (answers::open_tables). TableFailure when dir
// holds no table file or cannot be read.
std::unique_ptr<probe::Tablebase> open_tables(const std::string& dir, const core::Ruleset& rules,
                                             std::size_t cache_bytes = answers::DEFAULT_CACHE_BYTES);

// What `probe` and `line` read from their command line (--tables, --counter, the ruleset
// options, the FEN), with the tables opened. Throws as the readers above do.
struct PositionQuery {
    core::Ruleset rules;
    int counter = 0;
    core::Position pos;
    std::string dir;
    std::unique_ptr<probe::Tablebase> tb;
};
PositionQuery position_query(const po::variables_map& vm);

// Throws the error for a probe or probe_root of pos that returned status: UsageError for an
// invalid position or counter, else TableFailure, with answers::probe_failure_text's message.
[[noreturn]] void throw_probe_failure(probe::Status status, const core::Position& pos);

} // namespace damatb::cli
