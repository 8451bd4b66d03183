// What `damatb info` and the HTTP API's /api/v1/info say about a tables folder: each table's
// positions, the bytes of its files and its statistics, read from the headers and the
// `<class>.stats` files (the contents are `damatb verify`'s business).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/result.h"
#include "core/ruleset.h"
#include "core/table_stats.h"

namespace damatb::answers {

struct TableInfo {
    std::string class_name;  // "KMvK"
    std::string table_name;  // "KMvK+"
    std::uint64_t positions = 0;
    std::uint64_t bytes = 0;                     // of its files: values and progress
    std::optional<std::uint64_t> progress_bytes; // of its progress file, when it has one
    std::optional<core::TableStats> stats;       // from the class's .stats file, when there
    bool other_ruleset = false;                  // its values file was built under another ruleset
};

struct FolderInfo {
    // The values files (*.dtb) of the folder, readable or not.
    std::size_t values_files = 0;
    // The tables whose values file has a readable header, in the generator's order.
    std::vector<TableInfo> tables;
    // What is wrong: a file that cannot be read, built under another ruleset, with no table
    // name, a progress file without its values file. A table built under another ruleset is
    // listed above all the same.
    std::vector<std::string> problems;

    std::size_t class_count() const;
    std::uint64_t positions() const;
    std::uint64_t bytes() const;
    std::uint64_t progress_bytes() const;
    int progress_files() const;
};

// The tables of folder dir, whose files should be of ruleset rules, or why the folder cannot be
// listed.
core::Result<FolderInfo> folder_info(const std::string& dir, const core::Ruleset& rules);

// 8 * bytes / positions; 0 for no positions.
double bits_per_position(std::uint64_t bytes, std::uint64_t positions);

} // namespace damatb::answers
