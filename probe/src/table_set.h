// TableSet: the table files a Tablebase found, each mapped on first use, and their records.
//
// A table file holds the positions of one material with White to move, one 3-byte record per
// TableIndex index (docs/generator.md): byte 0 WDL5 (core::Wdl5), byte 1 DTZ (wins and
// losses), byte 2 the progress round. Record i lies in block i / block_entries, at byte
// 3 * (i % block_entries) of the decompressed block.
//
// Files are listed when the set is built; a file is opened (mapped, its header checked against
// the ruleset and its name's material) by the first lookup that needs it, under the table's
// mutex, and an atomic flag tells later lookups that the table is ready (or failed: the error
// is kept and given to every later lookup of the table).
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "block_cache.h"
#include "core/index.h"
#include "core/material.h"
#include "core/position.h"
#include "core/ruleset.h"
#include "core/table_file.h"
#include "core/wdl.h"
#include "damatb/probe.hpp"

namespace damatb::probe {

// What a table stores for one position.
struct Record {
    core::Wdl5 wdl = core::Wdl5::DRAW;
    int dtz = 0;   // for wins and losses
    int round = 0; // the progress round, for wins and losses
};

// The material a table file's name stands for: "KMvK+" (the first-named army to move),
// "KMvK-", "KvK". Only the names Material::table_name() writes are read; nullopt otherwise.
std::optional<core::Material> material_of_table_name(std::string_view name);

class TableSet {
public:
    TableSet(const core::Ruleset& rules, std::size_t cache_bytes);
    TableSet(const TableSet&) = delete;
    TableSet& operator=(const TableSet&) = delete;

    // Lists the `*.dtb` files of folder `dir` whose name is a table name, skipping tables
    // already listed. Returns OK, or IO if the folder cannot be listed. Not thread-safe.
    Status add_folder(const std::string& dir);

    // The number of tables listed.
    std::size_t size() const { return tables_.size(); }
    // The largest number of pieces of a table listed (0 if none).
    int max_pieces() const { return max_pieces_; }

    // Fills *out with the record of `pos` (White to move, both sides with pieces). Returns OK,
    // CLASS_MISSING, or the table's error: FILE_DAMAGED, CHECKSUM, RULESET_MISMATCH or IO.
    // Thread-safe (throws std::bad_alloc when memory runs out).
    Status record(const core::Position& pos, Record* out) const;

private:
    struct Table {
        core::Material material;
        std::string path;
        std::uint32_t number = 0; // in the cache's keys
        std::atomic<bool> ready{false};
        std::mutex mutex;
        // Set once, before `ready`:
        Status status = Status::OK;
        core::TableFile file;
        std::optional<core::TableIndex> index;
    };

    // Opens t if no lookup has yet; returns its status.
    Status open(Table& t) const;

    core::Ruleset rules_;
    std::unordered_map<std::uint32_t, std::unique_ptr<Table>> tables_; // by material_key()
    int max_pieces_ = 0;
    mutable BlockCache cache_;
};

} // namespace damatb::probe
