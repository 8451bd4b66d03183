// The records of a table's files (core/record.h says what one record holds): the record sizes
// a valid file has, reading every record of a file, and the records of a solved table laid out
// for its two files, with the bytes no reader looks at filled as record.h says: whole
// (TableRecords), or a block at a time for a table too large to hold them (BlockRecords).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "core/record.h"
#include "core/table_file.h"

namespace damatb::core {

// Why the records of a file with header h cannot be those of its table of `positions`
// positions, or "" when they can: a values file has records of VALUE_RECORD_SIZE bytes, a
// progress file of an odd number (progress_record_size), and either has one per position.
// For example "records of 3 bytes, not 2" or "holds 10 records, but KMvK+ has 12 positions".
std::string record_layout_problem(const TableHeader& h, std::uint64_t positions);

// Block b of file does not decompress: CORRUPT_BLOCK, "PATH: block B does not decompress".
TableStatus block_failure(const TableFile& file, std::uint32_t b);

// Calls f(i, record) for every record i of file in order, until f returns false; record points
// at the header's record_size bytes, valid during the call. Returns OK, or block_failure() of
// the first block that does not decompress (the records before it were seen).
template <typename F>
TableStatus for_each_record(const TableFile& file, F&& f) {
    const std::size_t r = file.header().record_size;
    const std::uint64_t block_entries = file.header().block_entries;
    Decompressor d;
    std::vector<std::uint8_t> block(block_entries * r);
    for (std::uint32_t b = 0; b < file.block_count(); ++b) {
        if (file.read_block(b, d, block.data()) != TableError::NONE) return block_failure(file, b);
        for (std::uint32_t j = 0; j < file.entries_in_block(b); ++j)
            if (!f(b * block_entries + j, &block[j * r])) return {};
    }
    return {};
}

// Every record of file into out, record i at out[i * record_size]. Returns OK, or
// block_failure() (out is then empty).
TableStatus read_all_records(const TableFile& file, std::vector<std::uint8_t>& out);

// Runs body(k) for every k < count, in any order, possibly on several threads at once.
using ParallelFor = std::function<void(std::size_t count, const std::function<void(std::size_t)>& body)>;

// The header (write_table's fields) of the file of contents c of table m under `rules`, of
// `entries` records: VALUE_RECORD_SIZE bytes and VALUE_BLOCK_ENTRIES a block for values,
// progress_record_size bytes and the default block for progress.
TableHeader record_file_header(TableContents c, const Ruleset& rules, const Material& m,
                               std::uint64_t entries, int progress_record_size);

// What a run of records hands on to the records after it (TableRecords::fill_unused_bytes):
// the bytes of the last record of the run to use each of them, which the unused bytes after
// it repeat, and whether the run has a lost position that is not don't care.
struct RecordCarry {
    // Bits of `has`: the bytes the run gave (a run may have no record using some).
    enum : std::uint8_t { BYTE0 = 1, BYTE1 = 2, PROGRESS0 = 4, PROGRESS_REST = 8, ALL = 15 };
    std::uint8_t has = 0;
    std::uint8_t byte0 = 0, byte1 = 0, progress0 = 0; // values bytes 0, 1; progress byte 0
    std::array<std::uint8_t, MAX_RECORD_SIZE - 1> progress_rest{}; // progress bytes after 0
    bool loss = false;

    // What this run and a later one hand on together.
    RecordCarry then(const RecordCarry& later) const;
};

// The records of one table's two files, or of a run of their positions: its values file's and
// its progress file's, both in TableIndex order.
//
// The generator fills them index by index: one put_* for each index (from any thread, each
// index from one), then fill_unused_bytes(); values() and progress() are then the files'
// records, and has_progress() says whether the table has a progress file. A reader gets them
// from the files (read) and decodes each index with value() and history().
class TableRecords {
public:
    TableRecords() = default;
    // Room for `entries` records, of positions first to first + entries - 1 of the table (the
    // indices put_*, value() and history() take), the progress records sized for histories of
    // at most longest_steps steps (1 to MAX_PROGRESS_STEPS); every byte 0 until put.
    TableRecords(std::uint64_t entries, int longest_steps, std::uint64_t first = 0);

    // A don't-care position (core/record.h): its bytes are filled by fill_unused_bytes().
    void put_dont_care(std::uint64_t i) { values_[(i - first_) * VALUE_RECORD_SIZE] = DONT_CARE; }
    // The value v of a position that is neither don't care nor lost.
    void put_value(std::uint64_t i, const TableValue& v) {
        encode_value(v, &values_[(i - first_) * VALUE_RECORD_SIZE]);
    }
    // A lost position, not don't care: its value v and its progress history h (h.count >= 1).
    void put_loss(std::uint64_t i, const TableValue& v, const ProgressHistory& h) {
        encode_value(v, &values_[(i - first_) * VALUE_RECORD_SIZE]);
        encode_progress(h, &progress_[(i - first_) * progress_size_], progress_size_);
    }
    // What these records, as put, hand on to the records after them.
    RecordCarry carry() const;
    // Makes each byte a record does not use repeat the byte before it in its plane (core/
    // record.h), a don't-care values record both its bytes; sets has_progress(). The records
    // before first() handed on `before` (what their carry() gave together; ignored when
    // first() is 0, whose record uses all its bytes). std::invalid_argument when first() is not
    // 0 and `before` lacks a byte.
    void fill_unused_bytes(const RecordCarry& before = {});

    // The records of the files of one table: values, and progress when not null; both must be
    // open, with a record_layout_problem() of "". Returns OK or the block_failure() of either
    // (out is then empty).
    static TableStatus read(const TableFile& values, const TableFile* progress, TableRecords* out);
    // The value of record i (decode_value): false when its bytes cannot be one. A don't-care
    // position's record holds no value of its own (core/record.h, capture_value).
    bool value(std::uint64_t i, TableValue* out) const {
        return decode_value(&values_[(i - first_) * VALUE_RECORD_SIZE], out);
    }
    // The history of lost position i (not don't care) whose value is v, from its progress
    // record: false when there is no progress file or the bytes cannot be one.
    bool history(std::uint64_t i, const TableValue& v, ProgressHistory* out) const {
        return progress_size_ > 0 && !progress_.empty() &&
               decode_history(v, &progress_[(i - first_) * progress_size_], progress_size_, out);
    }

    std::uint64_t first() const { return first_; }
    std::uint64_t entries() const { return entries_; }
    const std::vector<std::uint8_t>& values() const { return values_; }
    const std::vector<std::uint8_t>& progress() const { return progress_; }
    // The records of the file of contents c: values() or progress().
    const std::vector<std::uint8_t>& records(TableContents c) const {
        return c == TableContents::VALUES ? values_ : progress_;
    }
    // The header (write_table's fields) of the file of contents c of table m under `rules`:
    // its record size, its block size (VALUE_BLOCK_ENTRIES for values) and entries().
    TableHeader header(TableContents c, const Ruleset& rules, const Material& m) const;
    int progress_record_size() const { return progress_size_; }
    // Whether some position is lost and not don't care: the table then has a progress file.
    bool has_progress() const { return has_progress_; }

private:
    // Byte 0 of a don't-care values record until it is filled: no WDL5.
    static constexpr std::uint8_t DONT_CARE = 0xFF;

    std::uint64_t first_ = 0, entries_ = 0;
    std::vector<std::uint8_t> values_, progress_;
    int progress_size_ = 0;
    bool has_progress_ = false;
};

// The records of a table too large to hold whole, made a block at a time for write_table:
// make(records) puts the records of the run of positions records.first() to records.first() +
// records.entries() - 1 (one put_* for each), and may be called from several threads at once.
// The bytes are those a whole TableRecords filled by fill_unused_bytes() would hold: each run's
// records are made once to find what the run hands on (RecordCarry), then again for each file,
// a block at a time.
class BlockRecords {
public:
    using Make = std::function<void(TableRecords& records)>;

    // The records of a table of `entries` positions whose longest history has longest_steps
    // steps; finds what each run hands on, through `parallel` (one thread when empty).
    BlockRecords(std::uint64_t entries, int longest_steps, Make make, const ParallelFor& parallel = {});

    // Whether some position is lost and not don't care: the table then has a progress file.
    bool has_progress() const { return carried_.back().loss; }
    // record_file_header() of the file of contents c.
    TableHeader header(TableContents c, const Ruleset& rules, const Material& m) const;
    // Fills out with the records first to first + n - 1 of the file of contents c (a
    // write_table RecordSource); first must start a run (a multiple of RUN, as every block
    // of either file does), else std::invalid_argument.
    void fill(TableContents c, std::uint64_t first, std::size_t n, std::uint8_t* out) const;

private:
    // Positions a run: a divisor of both files' blocks.
    static constexpr std::uint64_t RUN = 8192;
    static_assert(VALUE_BLOCK_ENTRIES % RUN == 0 && DEFAULT_BLOCK_ENTRIES % RUN == 0);

    std::uint64_t entries_;
    int longest_steps_;
    Make make_;
    // What the runs before run k hand on, for k up to the number of runs.
    std::vector<RecordCarry> carried_;
};

} // namespace damatb::core
