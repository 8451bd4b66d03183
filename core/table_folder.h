// The table files of a tables folder: each values file (*.dtb) with its progress file (*.dtp)
// beside it, in the order the generator solves them. `damatb info` and `verify` list them, the
// probe library opens them.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "core/material.h"
#include "core/result.h"

namespace damatb::core {

struct TableFileName {
    std::string path;                 // the folder, '/', the name
    std::string name;                 // e.g. "KMvK+.dtb"
    std::optional<Material> material; // nullopt when the name is no table name
    std::string progress_path; // the progress file beside it ("KMvK+.dtp"), "" when none
    std::string progress_name; // its name, "" when none
};

struct TableFolder {
    // Every `*.dtb` file of the folder (not of its subfolders, and no folder), in the
    // generator's order: fewer pieces first, then fewer men, then by name; files whose name is
    // no table name last.
    std::vector<TableFileName> tables;
    // The names of the `*.dtp` files with no `*.dtb` file of the same name beside them, sorted.
    std::vector<std::string> lone_progress;

    // The number of files: tables, their progress files and the lone progress files.
    std::size_t file_count() const;
};

// The table files of folder dir, or why it cannot be listed ("cannot list the tables folder
// 'dir': ...").
Result<TableFolder> list_table_folder(const std::string& dir);

} // namespace damatb::core
