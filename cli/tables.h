// What the table commands (probe, line, info, verify) share: the tables folder, the table
// files in it, the probe library opened on it, and messages for what goes wrong.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "cli/options.h"
#include "core/material.h"
#include "core/position.h"
#include "core/ruleset.h"
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
// Why a king-move counter is out of range under rules ("32 is out of range: 0 to 31 under
// king-move limit 32"), or "" when it is in range.
std::string counter_problem(int counter, const core::Ruleset& rules);

struct TableFileName {
    std::string path;                       // the folder, '/', the name
    std::string name;                       // e.g. "KMvK+.dtb"
    std::optional<core::Material> material; // nullopt when the name is no table name
    std::string progress_path; // the progress file beside it ("KMvK+.dtp"), "" when none
    std::string progress_name; // its name, "" when none
};

struct TableFolder {
    // Every `*.dtb` file of the folder (not of its subfolders), in the generator's order: fewer
    // pieces first, then fewer men, then by name; files whose name is no table name last.
    std::vector<TableFileName> tables;
    // The names of the `*.dtp` files with no `*.dtb` file of the same name beside them, sorted.
    std::vector<std::string> lone_progress;

    // The number of files: tables, their progress files and the lone progress files.
    std::size_t file_count() const;
};

// The table files of folder dir. TableFailure when the folder cannot be listed.
TableFolder table_files(const std::string& dir);

// "win", "draw", "loss"; the five words of WDL5 (docs/values.md).
using bridge::result_word;
using bridge::wdl_word;

// The probe library opened on dir for rules, with cache_bytes of block cache (64 MiB: more did
// not make `verify --deep` of 4 pieces faster; 6 pieces need the tables they read whole, see
// `verify --cache-mib`). TableFailure when dir holds no table file or cannot be read.
std::unique_ptr<probe::Tablebase> open_tables(const std::string& dir, const core::Ruleset& rules,
                                             std::size_t cache_bytes = std::size_t{64} << 20);

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
// invalid position or counter, else TableFailure with the probe's message (probe::last_error),
// which names the missing class, or the file and the reason.
[[noreturn]] void throw_probe_failure(probe::Status status, const core::Position& pos);
// The message of that error.
std::string probe_failure_text(probe::Status status, const core::Position& pos);

} // namespace damatb::cli
