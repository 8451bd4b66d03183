// TableSet: the table files a Tablebase found, each mapped on first use, and their records.
//
// A table is the positions of one material with White to move, in TableIndex order: its values
// file `<table>.dtb` and, when it has a lost position that is not don't care, its progress
// file `<table>.dtp` (core/record.h says what their records hold). Record i of a file
// lies in block i / block_entries, at record i % block_entries of the decompressed block.
//
// Values files are listed when the set is built; a file is opened (mapped, its header checked
// against the ruleset, its name's material and its contents) by the first lookup that needs it,
// under the table's mutex, and an atomic flag tells later lookups that the file is ready (or
// failed: the error and its message are kept and given to every later lookup that needs the
// file). Every error returned sets the calling thread's message (last_error.h), which names the
// missing class or the file and the reason.
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
#include "core/record.h"
#include "core/ruleset.h"
#include "core/table_file.h"
#include "core/table_records.h"
#include "core/wdl.h"
#include "damatb/probe.hpp"

namespace damatb::probe {

using core::TableValue;
using core::ProgressHistory;

class TableSet {
public:
    TableSet(const core::Ruleset& rules, std::size_t cache_bytes);
    TableSet(const TableSet&) = delete;
    TableSet& operator=(const TableSet&) = delete;

    // Lists the `*.dtb` files of folder `dir` whose name is a table name
    // (core::list_table_folder), skipping tables already listed. Returns OK, or IO if the folder
    // cannot be listed. Not thread-safe.
    Status add_folder(const std::string& dir);

    // The number of tables listed.
    std::size_t size() const { return tables_.size(); }
    // The largest number of pieces of a table listed (0 if none).
    int max_pieces() const { return max_pieces_; }

    // Fills *out with the value of `pos` (White to move, both sides with pieces). Returns OK,
    // CLASS_MISSING, or the table's error: FILE_DAMAGED, CHECKSUM, RULESET_MISMATCH or IO.
    // Thread-safe (throws std::bad_alloc when memory runs out).
    Status value(const core::Position& pos, TableValue* out) const;

    // Fills *out with the progress history of `pos`, whose value() is v, a loss, from the
    // progress file. Returns as value() does. Thread-safe.
    Status history(const core::Position& pos, const TableValue& v, ProgressHistory* out) const;

private:
    // One file of a table, opened on first use.
    struct File {
        std::string path;
        std::uint32_t number = 0; // in the cache's keys
        std::atomic<bool> ready{false};
        std::mutex mutex;
        // Set once, before `ready`:
        Status status = Status::OK;
        std::string message; // why not, naming the file, when status is not OK
        core::TableFile file;
    };
    struct Table {
        core::Material material;
        mutable File values, progress;
        std::optional<core::TableIndex> index; // set with the values file, before its `ready`
    };

    // The table of pos's material with its values file open, or the status why not.
    Status table_of(const core::Position& pos, Table** out) const;
    // Opens f (of table t, holding `contents`) if no lookup has yet; returns its status.
    Status open(Table& t, File& f, core::TableContents contents) const;
    // Copies the record of index i of the open file f to out.
    Status read_record(const File& f, std::uint64_t i, std::uint8_t* out) const;

    core::Ruleset rules_;
    std::unordered_map<std::uint32_t, std::unique_ptr<Table>> tables_; // by material_key()
    int max_pieces_ = 0;
    std::string folders_; // the folders listed, "'a', 'b'", for messages
    mutable BlockCache cache_;
};

} // namespace damatb::probe
