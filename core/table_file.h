// Table files: write_table writes one, open_table maps one for reading.
//
// A file holds the records of one table (one Material, White to move, TableIndex order), each
// record_size bytes, in zstd-compressed blocks of block_entries records behind a checked
// header and a block index. The layout is in table_format.h and docs/table-format.md.
//
// Nothing here prints, exits or throws for a bad file: every failure is a TableError, with a
// message naming the file where there is room for one. (Running out of memory still throws
// std::bad_alloc.)
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "core/material.h"
#include "core/ruleset.h"
#include "core/table_format.h"

struct ZSTD_DCtx_s;

namespace damatb::core {

// Names the index layout of TableIndex (index.h) as it stands: lead placement, then each group
// by colex rank. Any change to that layout needs a new value here, so that old files are refused.
inline constexpr std::uint32_t INDEX_SCHEME_V1 = 1;

// The zstd level write_table uses unless told otherwise (see docs/table-format.md for figures).
inline constexpr int DEFAULT_ZSTD_LEVEL = 10;

enum class TableError : std::uint8_t {
    NONE = 0,
    CANNOT_OPEN = 1,      // the file cannot be opened or mapped
    TOO_SMALL = 2,        // shorter than its header or its block index says: truncated
    BAD_MAGIC = 3,        // not a damatb table file
    BAD_VERSION = 4,      // a format version or index scheme this code does not read
    BAD_HEADER = 5,       // header checksum, block index or sizes inconsistent; bad write request
    CHECKSUM = 6,         // the content checksum does not match
    CORRUPT_BLOCK = 7,    // a block does not decompress to its size (or fails zstd's checksum)
    RULESET_MISMATCH = 8, // built under another ruleset than the caller asked for
    MATERIAL_MISMATCH = 9, // holds another material than the caller asked for
    IO = 10,              // writing, syncing or renaming failed
};

// What a file's records are, so that one kind of file is never read as another.
enum class TableContents : std::uint32_t {
    VALUES = 0,   // a position's value (core/record.h, ValueRecord)
    PROGRESS = 1, // the rest of its progress history (core/record.h, ProgressRecord)
};

// The file name of a table's file of the given contents: `KMvK+.dtb` (values) and `KMvK+.dtp`
// (progress), named by Material::table_name(), which material_of_table_name() reads back.
std::string table_file_name(const Material& m, TableContents c);
// The extension of a file of the given contents: ".dtb" (values) or ".dtp" (progress).
std::string_view table_file_extension(TableContents c);

// A fixed lower-case name, e.g. "content checksum mismatch".
std::string_view to_string(TableError e);
// "values" or "progress".
std::string_view to_string(TableContents c);

// A TableError with a message naming the file and the reason ("" when all is well).
struct TableStatus {
    TableError error = TableError::NONE;
    std::string message;

    bool ok() const { return error == TableError::NONE; }
    explicit operator bool() const { return ok(); }
};

// What a header says. write_table takes the first seven fields; open_table fills all of them.
struct TableHeader {
    Ruleset ruleset;
    Material material;
    std::uint64_t entries = 0;
    std::uint8_t record_size = 1; // 1 to MAX_RECORD_SIZE
    std::uint32_t block_entries = DEFAULT_BLOCK_ENTRIES; // 1 to MAX_BLOCK_ENTRIES
    std::uint32_t index_scheme = INDEX_SCHEME_V1;
    TableContents contents = TableContents::VALUES;
    // Read side only:
    std::uint32_t block_count = 0;
    std::uint64_t content_checksum = 0;
};

struct WriteOptions {
    int zstd_level = DEFAULT_ZSTD_LEVEL; // 1 to ZSTD_maxCLevel()
    // Threads compressing blocks. Blocks are compressed independently, so the bytes written
    // are the same whatever the count (for one zstd version).
    int threads = 1;
};

// Fills out with the records first to first + n - 1 of a table, record_size bytes each. Called
// once for each block (first a multiple of block_entries), from several threads at once.
using RecordSource = std::function<void(std::uint64_t first, std::size_t n, std::uint8_t* out)>;

// Writes the table whose records `source` gives, a block at a time, to path; holds the records
// of a block a thread and the compressed blocks. The file is written to path + ".tmp", synced,
// then renamed, so that path never holds a half-written file; the .tmp is removed on failure.
// Returns NONE, or BAD_HEADER for an impossible header, or IO with the path and the system's
// reason (or the what() of an exception the source threw). Thread-safe for distinct paths.
TableStatus write_table(const std::string& path, const TableHeader& header, const RecordSource& source,
                        const WriteOptions& options = {});

// The same, for records held whole: record i is the record_size bytes at records + i *
// record_size, for i < header.entries (BAD_HEADER when records is null and there are some).
TableStatus write_table(const std::string& path, const TableHeader& header,
                        const std::uint8_t* records, const WriteOptions& options = {});

// A zstd decompression context and its scratch buffer: one per thread that reads blocks.
class Decompressor {
public:
    Decompressor(); // throws std::bad_alloc when zstd cannot allocate
    ~Decompressor();
    Decompressor(Decompressor&& other) noexcept;
    Decompressor& operator=(Decompressor&& other) noexcept;
    Decompressor(const Decompressor&) = delete;
    Decompressor& operator=(const Decompressor&) = delete;

private:
    friend class TableFile;
    ZSTD_DCtx_s* context_ = nullptr;
    std::vector<std::uint8_t> scratch_;
};

struct OpenChecks;
struct OpenedTable;

// A table file mapped read-only (or bytes the caller holds: open_table_in_memory). Move-only;
// unmapped by the destructor. Once open it never changes, and every const member is
// thread-safe.
class TableFile {
public:
    TableFile() = default; // closed
    ~TableFile();
    TableFile(TableFile&& other) noexcept;
    TableFile& operator=(TableFile&& other) noexcept;
    TableFile(const TableFile&) = delete;
    TableFile& operator=(const TableFile&) = delete;

    bool is_open() const { return data_ != nullptr; }
    const std::string& path() const { return path_; }
    const TableHeader& header() const { return header_; }
    std::uint32_t block_count() const { return header_.block_count; }
    // The number of records in block b < block_count(): block_entries, less for the last one.
    std::uint32_t entries_in_block(std::uint32_t b) const;

    // Decompresses block b < block_count() into out, which must hold entries_in_block(b) *
    // record_size bytes: record j of the block at out + j * record_size. Returns NONE, or
    // CORRUPT_BLOCK (out is then unspecified). Does not check the content checksum, but zstd's
    // own checksum of the block. Thread-safe with a distinct Decompressor per thread.
    TableError read_block(std::uint32_t b, Decompressor& d, std::uint8_t* out) const;

    // Checks the content checksum. Returns NONE or CHECKSUM (CANNOT_OPEN when closed).
    // Thread-safe.
    TableError check_content() const;
    // Checks the content checksum, then that every block decompresses to its size. Returns
    // NONE, CHECKSUM or CORRUPT_BLOCK (CANNOT_OPEN when closed), with a message naming the
    // file (and block). Thread-safe.
    TableStatus verify() const;

private:
    friend OpenedTable open_table(const std::string& path, const OpenChecks& checks);
    friend OpenedTable open_table_in_memory(const std::uint8_t* data, std::size_t size,
                                            const std::string& name, const OpenChecks& checks);
    // Checks file's header and block index, then `checks` (open_table's checks once the bytes
    // are there).
    static OpenedTable checked(TableFile file, const OpenChecks& checks);

    const std::uint8_t* data_ = nullptr; // the whole file, mapped (or the caller's bytes)
    std::size_t size_ = 0;
    bool mapped_ = false; // data_ is our mapping, unmapped by the destructor
    std::string path_;
    TableHeader header_;
};

// What open_table checks beyond the header, which it always checks.
struct OpenChecks {
    const Ruleset* ruleset = nullptr;   // when set: RULESET_MISMATCH unless equal
    const Material* material = nullptr; // when set: MATERIAL_MISMATCH unless equal
    bool content = false;               // check the content checksum (reads the whole file)
    const TableContents* contents = nullptr; // when set: BAD_HEADER unless equal
};

struct OpenedTable {
    TableFile file; // open exactly when status.ok()
    TableStatus status;
};

// Maps the table file at path and checks, in order: its size against the header (TOO_SMALL),
// magic (BAD_MAGIC), version (BAD_VERSION), header checksum and fields (BAD_HEADER), index
// scheme (BAD_VERSION), block index (BAD_HEADER, TOO_SMALL when the file ends early), then
// `checks`. Thread-safe.
OpenedTable open_table(const std::string& path, const OpenChecks& checks = {});

// The same checks on the bytes of a table file already in memory: data holds the whole file,
// size bytes, and must outlive the TableFile, which reads them in place and never frees them;
// name stands for the path in messages. For readers that get the file some other way, and for
// the fuzz targets (fuzz/). Thread-safe.
OpenedTable open_table_in_memory(const std::uint8_t* data, std::size_t size,
                                 const std::string& name, const OpenChecks& checks = {});

} // namespace damatb::core
