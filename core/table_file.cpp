#include "core/table_file.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zstd.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cerrno>
#include <cstdio>
#include <exception>
#include <mutex>
#include <system_error>
#include <thread>
#include <type_traits>
#include <utility>

#include "core/byte_order.h"
#include "core/checksum.h"

namespace damatb::core {

namespace {

#define FIELD(name) offsetof(DiskHeader, name)

constexpr std::size_t CHECKED_HEADER_BYTES = FIELD(header_checksum);

// "path: reason".
TableStatus failure(TableError e, const std::string& path, const std::string& reason) {
    return {e, path + ": " + reason};
}

std::string system_reason(const char* what, int err) {
    return std::string(what) + ": " + std::error_code(err, std::generic_category()).message();
}

std::uint64_t block_count_for(std::uint64_t entries, std::uint32_t block_entries) {
    return entries / block_entries + (entries % block_entries != 0);
}

// Why a header cannot be written or read, or "" when it is consistent. Looks only at the
// fields write_table takes.
std::string header_problem(const TableHeader& h) {
    if (h.record_size < 1 || h.record_size > MAX_RECORD_SIZE)
        return "record size " + std::to_string(h.record_size) + " not in 1.." +
               std::to_string(MAX_RECORD_SIZE);
    if (h.block_entries < 1 || h.block_entries > MAX_BLOCK_ENTRIES)
        return "block size " + std::to_string(h.block_entries) + " not in 1.." +
               std::to_string(MAX_BLOCK_ENTRIES);
    if (auto rules = make_ruleset(static_cast<int>(h.ruleset.promotion),
                                  static_cast<int>(h.ruleset.lone_pieces), h.ruleset.king_move_limit);
        !rules)
        return rules.error();
    if (block_count_for(h.entries, h.block_entries) > UINT32_MAX)
        return std::to_string(h.entries) + " entries need more than 2^32 blocks";
    return "";
}

// The records of one block in planar order (table_format.h): out[k * n + i] is byte k of
// record i. With r = 2 and n = 3, AB CD EF becomes A C E B D F.
// R is a std::integral_constant for the common sizes, so that the loops unroll.
template <typename Size>
void planarise_fixed(const std::uint8_t* records, std::size_t n, Size size, std::uint8_t* out) {
    const std::size_t R = size;
    // Plane by plane: one stream of stores (the block's records stay in the cache). Record by
    // record, the stores to R planes 4 KiB apart would alias the loads and wait on them.
    for (std::size_t k = 0; k < R; ++k)
        for (std::size_t i = 0; i < n; ++i) out[k * n + i] = records[i * R + k];
}

// The inverse: A C E B D F becomes AB CD EF.
template <typename Size>
void deplanarise_fixed(const std::uint8_t* planar, std::size_t n, Size size, std::uint8_t* out) {
    const std::size_t R = size;
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t k = 0; k < R; ++k) out[i * R + k] = planar[k * n + i];
}

// Calls f with the record size r (1 to MAX_RECORD_SIZE) as a compile-time constant, so that
// the loops above unroll: the generic loop is several times slower than zstd's decompression
// (and took 40 % of the time of writing an 11-byte progress file at zstd level 1).
template <typename F, std::size_t... R>
void with_record_size(std::size_t r, F&& f, std::index_sequence<R...>) {
    const bool known = ((r == R + 1 && (f(std::integral_constant<std::size_t, R + 1>{}), true)) || ...);
    if (!known) f(r);
}
template <typename F>
void with_record_size(std::size_t r, F&& f) {
    with_record_size(r, f, std::make_index_sequence<MAX_RECORD_SIZE>{});
}

void planarise(const std::uint8_t* records, std::size_t n, std::size_t r, std::uint8_t* out) {
    with_record_size(r, [&](auto R) { planarise_fixed(records, n, R, out); });
}

void deplanarise(const std::uint8_t* planar, std::size_t n, std::size_t r, std::uint8_t* out) {
    with_record_size(r, [&](auto R) { deplanarise_fixed(planar, n, R, out); });
}

std::array<std::uint8_t, TABLE_HEADER_SIZE> encode_header(const TableHeader& h,
                                                          std::uint32_t block_count,
                                                          std::uint64_t index_checksum,
                                                          std::uint64_t content_checksum) {
    std::array<std::uint8_t, TABLE_HEADER_SIZE> b{};
    std::uint8_t* p = b.data();
    std::copy(TABLE_MAGIC.begin(), TABLE_MAGIC.end(), p + FIELD(magic));
    store_le<std::uint32_t>(p + FIELD(version), TABLE_VERSION);
    store_le<std::uint32_t>(p + FIELD(header_size), TABLE_HEADER_SIZE);
    p[FIELD(promotion)] = static_cast<std::uint8_t>(h.ruleset.promotion);
    p[FIELD(lone_pieces)] = static_cast<std::uint8_t>(h.ruleset.lone_pieces);
    p[FIELD(king_move_limit)] = h.ruleset.king_move_limit;
    p[FIELD(record_size)] = h.record_size;
    p[FIELD(mover_kings)] = h.material.mover.kings;
    p[FIELD(mover_men)] = h.material.mover.men;
    p[FIELD(other_kings)] = h.material.other.kings;
    p[FIELD(other_men)] = h.material.other.men;
    store_le<std::uint32_t>(p + FIELD(index_scheme), h.index_scheme);
    store_le<std::uint32_t>(p + FIELD(block_entries), h.block_entries);
    store_le<std::uint32_t>(p + FIELD(contents), static_cast<std::uint32_t>(h.contents));
    store_le<std::uint64_t>(p + FIELD(entries), h.entries);
    store_le<std::uint32_t>(p + FIELD(block_count), block_count);
    store_le<std::uint64_t>(p + FIELD(block_index_offset), TABLE_HEADER_SIZE);
    store_le<std::uint64_t>(p + FIELD(index_checksum), index_checksum);
    store_le<std::uint64_t>(p + FIELD(content_checksum), content_checksum);
    store_le<std::uint64_t>(p + FIELD(header_checksum), checksum64(p, CHECKED_HEADER_BYTES));
    return b;
}

// ---- Writing ------------------------------------------------------------------------------

struct CompressContext {
    ZSTD_CCtx* context = ZSTD_createCCtx();
    ~CompressContext() { ZSTD_freeCCtx(context); }
};

// Compresses every block of the table into blocks[b]; returns "" or the reason it failed.
std::string compress_blocks(const TableHeader& h, const RecordSource& source,
                            const WriteOptions& options,
                            std::vector<std::vector<std::uint8_t>>& blocks) {
    const std::size_t r = h.record_size;
    const std::uint32_t count = static_cast<std::uint32_t>(blocks.size());
    std::atomic<std::uint32_t> next{0};
    std::atomic<bool> failed{false};
    std::mutex error_mutex;
    std::string error;
    auto fail = [&](std::string reason) {
        std::lock_guard lock(error_mutex);
        if (error.empty()) error = std::move(reason);
        failed = true;
    };

    // Each worker takes the next block until none is left; block b is compressed the same way
    // whichever worker takes it, so the output does not depend on the thread count.
    auto work = [&]() noexcept {
        try {
            CompressContext c;
            if (!c.context) return fail("cannot create a zstd context");
            ZSTD_CCtx_setParameter(c.context, ZSTD_c_compressionLevel, options.zstd_level);
            ZSTD_CCtx_setParameter(c.context, ZSTD_c_checksumFlag, 1);
            ZSTD_CCtx_setParameter(c.context, ZSTD_c_contentSizeFlag, 1);
            ZSTD_CCtx_setParameter(c.context, ZSTD_c_dictIDFlag, 0);
            std::vector<std::uint8_t> records, planar, out;
            for (std::uint32_t b; !failed && (b = next++) < count;) {
                std::uint64_t first = std::uint64_t{b} * h.block_entries;
                std::size_t n = static_cast<std::size_t>(
                    std::min<std::uint64_t>(h.block_entries, h.entries - first));
                records.resize(n * r);
                source(first, n, records.data());
                planar.resize(n * r);
                planarise(records.data(), n, r, planar.data());
                out.resize(ZSTD_compressBound(planar.size()));
                std::size_t size = ZSTD_compress2(c.context, out.data(), out.size(),
                                                  planar.data(), planar.size());
                if (ZSTD_isError(size))
                    return fail(std::string("zstd: ") + ZSTD_getErrorName(size));
                blocks[b].assign(out.begin(), out.begin() + static_cast<std::ptrdiff_t>(size));
            }
        } catch (const std::exception& e) {
            fail(e.what());
        }
    };

    std::vector<std::thread> helpers;
    int extra = std::min<int>(options.threads, static_cast<int>(std::min<std::uint32_t>(count, 1024))) - 1;
    for (int t = 0; t < extra; ++t) {
        try {
            helpers.emplace_back(work);
        } catch (const std::system_error&) {
            break; // fewer threads: the same bytes, only later
        }
    }
    work();
    for (auto& t : helpers) t.join();
    return error;
}

// Writes all of data to fd; returns false with errno set on failure.
bool write_all(int fd, const std::uint8_t* data, std::size_t size) {
    while (size > 0) {
        ssize_t n = ::write(fd, data, std::min<std::size_t>(size, std::size_t{1} << 30));
        if (n < 0) {
            if (errno == EINTR) continue;
            return false;
        }
        data += n;
        size -= static_cast<std::size_t>(n);
    }
    return true;
}

// Syncs the directory holding path so that a rename into it survives a crash; best effort.
void sync_directory_of(const std::string& path) {
    auto slash = path.find_last_of('/');
    std::string dir = slash == std::string::npos ? "." : slash == 0 ? "/" : path.substr(0, slash);
    int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0) return;
    ::fsync(fd);
    ::close(fd);
}

} // namespace

std::string_view table_file_extension(TableContents c) {
    return c == TableContents::PROGRESS ? ".dtp" : ".dtb";
}

std::string table_file_name(const Material& m, TableContents c) {
    return m.table_name() + std::string(table_file_extension(c));
}

std::string_view to_string(TableContents c) {
    return c == TableContents::PROGRESS ? "progress" : "values";
}

std::string_view to_string(TableError e) {
    switch (e) {
    case TableError::NONE: return "no error";
    case TableError::CANNOT_OPEN: return "cannot open";
    case TableError::TOO_SMALL: return "file too small (truncated)";
    case TableError::BAD_MAGIC: return "not a damatb table file";
    case TableError::BAD_VERSION: return "unsupported format version";
    case TableError::BAD_HEADER: return "damaged or inconsistent header";
    case TableError::CHECKSUM: return "content checksum mismatch";
    case TableError::CORRUPT_BLOCK: return "corrupt block";
    case TableError::RULESET_MISMATCH: return "built under another ruleset";
    case TableError::MATERIAL_MISMATCH: return "holds another material";
    case TableError::IO: return "input/output error";
    }
    return "unknown error";
}

TableStatus write_table(const std::string& path, const TableHeader& header,
                        const std::uint8_t* records, const WriteOptions& options) {
    const std::size_t r = header.record_size;
    RecordSource source;
    if (records)
        source = [&](std::uint64_t first, std::size_t n, std::uint8_t* out) {
            std::copy_n(records + first * r, n * r, out);
        };
    return write_table(path, header, source, options);
}

TableStatus write_table(const std::string& path, const TableHeader& header, const RecordSource& source,
                        const WriteOptions& options) {
    if (std::string problem = header_problem(header); !problem.empty())
        return failure(TableError::BAD_HEADER, path, problem);
    if (header.index_scheme != INDEX_SCHEME_V1)
        return failure(TableError::BAD_HEADER, path,
                       "index scheme " + std::to_string(header.index_scheme) + " unknown");
    if (options.zstd_level < 1 || options.zstd_level > ZSTD_maxCLevel())
        return failure(TableError::BAD_HEADER, path,
                       "zstd level " + std::to_string(options.zstd_level) + " not in 1.." +
                           std::to_string(ZSTD_maxCLevel()));
    if (!source && header.entries > 0) return failure(TableError::BAD_HEADER, path, "no records given");

    const auto count = static_cast<std::uint32_t>(block_count_for(header.entries, header.block_entries));
    std::vector<std::vector<std::uint8_t>> blocks(count);
    if (std::string problem = compress_blocks(header, source, options, blocks); !problem.empty())
        return failure(TableError::IO, path, problem);

    // The block index: where each block starts, then where the data ends.
    std::vector<std::uint8_t> index(8 * (std::size_t{count} + 1));
    std::uint64_t offset = TABLE_HEADER_SIZE + index.size();
    for (std::uint32_t b = 0; b <= count; ++b) {
        store_le<std::uint64_t>(index.data() + 8 * std::size_t{b}, offset);
        if (b < count) offset += blocks[b].size();
    }
    Checksum64 content;
    content.update(index.data(), index.size());
    for (const auto& block : blocks) content.update(block.data(), block.size());
    auto head = encode_header(header, count, checksum64(index.data(), index.size()), content.digest());

    const std::string tmp = path + ".tmp";
    int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0) return failure(TableError::IO, path, system_reason(("cannot create " + tmp).c_str(), errno));
    auto give_up = [&](const char* what) {
        TableStatus s = failure(TableError::IO, path, system_reason(what, errno));
        if (fd >= 0) ::close(fd);
        ::unlink(tmp.c_str());
        return s;
    };
    if (!write_all(fd, head.data(), head.size()) || !write_all(fd, index.data(), index.size()))
        return give_up("write");
    for (const auto& block : blocks)
        if (!write_all(fd, block.data(), block.size())) return give_up("write");
    if (::fsync(fd) != 0) return give_up("fsync");
    int closed = ::close(fd);
    fd = -1;
    if (closed != 0) return give_up("close");
    if (::rename(tmp.c_str(), path.c_str()) != 0) return give_up("rename");
    sync_directory_of(path);
    return {};
}

// ---- Reading ------------------------------------------------------------------------------

Decompressor::Decompressor() : context_(ZSTD_createDCtx()) {
    if (!context_) throw std::bad_alloc();
}

Decompressor::~Decompressor() { ZSTD_freeDCtx(context_); }

Decompressor::Decompressor(Decompressor&& other) noexcept
    : context_(std::exchange(other.context_, nullptr)), scratch_(std::move(other.scratch_)) {}

Decompressor& Decompressor::operator=(Decompressor&& other) noexcept {
    if (this != &other) {
        ZSTD_freeDCtx(context_);
        context_ = std::exchange(other.context_, nullptr);
        scratch_ = std::move(other.scratch_);
    }
    return *this;
}

TableFile::~TableFile() {
    if (mapped_) ::munmap(const_cast<std::uint8_t*>(data_), size_);
}

TableFile::TableFile(TableFile&& other) noexcept
    : data_(std::exchange(other.data_, nullptr)), size_(std::exchange(other.size_, 0)),
      mapped_(std::exchange(other.mapped_, false)), path_(std::move(other.path_)),
      header_(other.header_) {}

TableFile& TableFile::operator=(TableFile&& other) noexcept {
    if (this != &other) {
        if (mapped_) ::munmap(const_cast<std::uint8_t*>(data_), size_);
        data_ = std::exchange(other.data_, nullptr);
        size_ = std::exchange(other.size_, 0);
        mapped_ = std::exchange(other.mapped_, false);
        path_ = std::move(other.path_);
        header_ = other.header_;
    }
    return *this;
}

std::uint32_t TableFile::entries_in_block(std::uint32_t b) const {
    std::uint64_t first = std::uint64_t{b} * header_.block_entries;
    return static_cast<std::uint32_t>(std::min<std::uint64_t>(header_.block_entries, header_.entries - first));
}

TableError TableFile::read_block(std::uint32_t b, Decompressor& d, std::uint8_t* out) const {
    if (b >= header_.block_count) return TableError::CORRUPT_BLOCK;
    const std::uint8_t* index = data_ + TABLE_HEADER_SIZE;
    const std::uint64_t begin = load_le<std::uint64_t>(index + 8 * std::size_t{b});
    const std::uint64_t end = load_le<std::uint64_t>(index + 8 * (std::size_t{b} + 1));
    const std::uint8_t* src = data_ + begin;
    const std::size_t src_size = end - begin; // the block index was checked by open_table
    const std::size_t r = header_.record_size;
    const std::size_t n = entries_in_block(b);
    const std::size_t raw = n * r;

    // One zstd frame of exactly this block's size, carrying zstd's content checksum (bit 2 of
    // the frame header descriptor, the byte after the 4-byte magic; RFC 8878 3.1.1.1.1).
    if (src_size < 5 || !(src[4] & 0x04) || ZSTD_getFrameContentSize(src, src_size) != raw ||
        ZSTD_findFrameCompressedSize(src, src_size) != src_size)
        return TableError::CORRUPT_BLOCK;
    std::uint8_t* planar = out;
    if (r > 1) {
        d.scratch_.resize(raw);
        planar = d.scratch_.data();
    }
    std::size_t got = ZSTD_decompressDCtx(d.context_, planar, raw, src, src_size);
    if (ZSTD_isError(got) || got != raw) return TableError::CORRUPT_BLOCK;
    if (r > 1) deplanarise(planar, n, r, out);
    return TableError::NONE;
}

TableError TableFile::check_content() const {
    if (!is_open()) return TableError::CANNOT_OPEN;
    return checksum64(data_ + TABLE_HEADER_SIZE, size_ - TABLE_HEADER_SIZE) == header_.content_checksum
               ? TableError::NONE
               : TableError::CHECKSUM;
}

TableStatus TableFile::verify() const {
    if (!is_open()) return failure(TableError::CANNOT_OPEN, path_, "not open");
    if (check_content() != TableError::NONE)
        return failure(TableError::CHECKSUM, path_, std::string(to_string(TableError::CHECKSUM)));
    Decompressor d;
    std::vector<std::uint8_t> out(std::size_t{header_.block_entries} * header_.record_size);
    for (std::uint32_t b = 0; b < header_.block_count; ++b)
        if (read_block(b, d, out.data()) != TableError::NONE)
            return failure(TableError::CORRUPT_BLOCK, path_,
                           "block " + std::to_string(b) + " does not decompress");
    return {};
}

OpenedTable open_table(const std::string& path, const OpenChecks& checks) {
    auto fail = [&](TableError e, const std::string& reason) {
        return OpenedTable{TableFile{}, failure(e, path, reason)};
    };
    int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return fail(TableError::CANNOT_OPEN, system_reason("open", errno));
    struct stat st {};
    if (::fstat(fd, &st) != 0) {
        int err = errno;
        ::close(fd);
        return fail(TableError::CANNOT_OPEN, system_reason("stat", err));
    }
    if (!S_ISREG(st.st_mode)) {
        ::close(fd);
        return fail(TableError::CANNOT_OPEN, "not a regular file");
    }
    const auto size = static_cast<std::uint64_t>(st.st_size);
    if (size < TABLE_MAGIC.size()) {
        ::close(fd);
        return fail(TableError::TOO_SMALL, std::to_string(size) + " bytes");
    }
    void* map = ::mmap(nullptr, size, PROT_READ, MAP_PRIVATE, fd, 0);
    int map_errno = errno;
    ::close(fd); // the mapping outlives the descriptor
    if (map == MAP_FAILED) return fail(TableError::CANNOT_OPEN, system_reason("mmap", map_errno));

    TableFile file; // owns the mapping from here on: every early return unmaps it
    file.data_ = static_cast<const std::uint8_t*>(map);
    file.size_ = static_cast<std::size_t>(size);
    file.mapped_ = true;
    file.path_ = path;
    return TableFile::checked(std::move(file), checks);
}

OpenedTable open_table_in_memory(const std::uint8_t* data, std::size_t size,
                                 const std::string& name, const OpenChecks& checks) {
    if (!data || size < TABLE_MAGIC.size())
        return {TableFile{}, failure(TableError::TOO_SMALL, name, std::to_string(size) + " bytes")};
    TableFile file;
    file.data_ = data;
    file.size_ = size;
    file.path_ = name;
    return TableFile::checked(std::move(file), checks);
}

OpenedTable TableFile::checked(TableFile file, const OpenChecks& checks) {
    const std::string path = file.path_;
    const std::uint64_t size = file.size_;
    auto fail = [&](TableError e, const std::string& reason) {
        return OpenedTable{TableFile{}, failure(e, path, reason)};
    };
    const std::uint8_t* p = file.data_;

    if (!std::equal(TABLE_MAGIC.begin(), TABLE_MAGIC.end(), p))
        return fail(TableError::BAD_MAGIC, "no damatb magic");
    if (size < FIELD(header_size)) return fail(TableError::TOO_SMALL, std::to_string(size) + " bytes");
    if (std::uint32_t v = load_le<std::uint32_t>(p + FIELD(version)); v != TABLE_VERSION)
        return fail(TableError::BAD_VERSION, "format version " + std::to_string(v) +
                                                 ", this code reads " + std::to_string(TABLE_VERSION));
    if (size < TABLE_HEADER_SIZE)
        return fail(TableError::TOO_SMALL, std::to_string(size) + " bytes, less than the header");
    if (checksum64(p, CHECKED_HEADER_BYTES) != load_le<std::uint64_t>(p + FIELD(header_checksum)))
        return fail(TableError::BAD_HEADER, "header checksum mismatch");

    TableHeader& h = file.header_;
    h.ruleset = {static_cast<Promotion>(p[FIELD(promotion)]),
                 static_cast<LonePieces>(p[FIELD(lone_pieces)]), p[FIELD(king_move_limit)]};
    h.material = {{p[FIELD(mover_kings)], p[FIELD(mover_men)]},
                  {p[FIELD(other_kings)], p[FIELD(other_men)]}};
    h.entries = load_le<std::uint64_t>(p + FIELD(entries));
    h.record_size = p[FIELD(record_size)];
    h.block_entries = load_le<std::uint32_t>(p + FIELD(block_entries));
    h.index_scheme = load_le<std::uint32_t>(p + FIELD(index_scheme));
    h.contents = static_cast<TableContents>(load_le<std::uint32_t>(p + FIELD(contents)));
    h.block_count = load_le<std::uint32_t>(p + FIELD(block_count));
    h.content_checksum = load_le<std::uint64_t>(p + FIELD(content_checksum));

    if (load_le<std::uint32_t>(p + FIELD(header_size)) != TABLE_HEADER_SIZE)
        return fail(TableError::BAD_HEADER, "header size is not " + std::to_string(TABLE_HEADER_SIZE));
    if (std::string problem = header_problem(h); !problem.empty())
        return fail(TableError::BAD_HEADER, problem);
    if (h.contents != TableContents::VALUES && h.contents != TableContents::PROGRESS)
        return fail(TableError::BAD_HEADER, "unknown contents " +
                                                std::to_string(static_cast<std::uint32_t>(h.contents)));
    if (h.block_count != block_count_for(h.entries, h.block_entries))
        return fail(TableError::BAD_HEADER, "block count does not match the entries");
    if (load_le<std::uint64_t>(p + FIELD(block_index_offset)) != TABLE_HEADER_SIZE)
        return fail(TableError::BAD_HEADER, "block index not after the header");
    if (std::any_of(p + FIELD(reserved), p + FIELD(header_checksum), [](auto c) { return c != 0; }))
        return fail(TableError::BAD_HEADER, "reserved bytes are not zero");
    if (h.index_scheme != INDEX_SCHEME_V1)
        return fail(TableError::BAD_VERSION, "index scheme " + std::to_string(h.index_scheme) +
                                                 ", this code reads " + std::to_string(INDEX_SCHEME_V1));

    const std::uint64_t index_size = 8 * (std::uint64_t{h.block_count} + 1);
    const std::uint64_t data_start = TABLE_HEADER_SIZE + index_size;
    if (size < data_start)
        return fail(TableError::TOO_SMALL, std::to_string(size) + " bytes, less than the block index");
    const std::uint8_t* index = p + TABLE_HEADER_SIZE;
    if (checksum64(index, index_size) != load_le<std::uint64_t>(p + FIELD(index_checksum)))
        return fail(TableError::BAD_HEADER, "block index checksum mismatch");
    std::uint64_t previous = data_start;
    if (load_le<std::uint64_t>(index) != data_start)
        return fail(TableError::BAD_HEADER, "first block not after the block index");
    for (std::uint32_t b = 1; b <= h.block_count; ++b) {
        std::uint64_t offset = load_le<std::uint64_t>(index + 8 * std::size_t{b});
        if (offset <= previous) return fail(TableError::BAD_HEADER, "block index not increasing");
        previous = offset;
    }
    if (size < previous)
        return fail(TableError::TOO_SMALL, std::to_string(size) + " bytes, the block index says " +
                                               std::to_string(previous));
    if (size > previous)
        return fail(TableError::BAD_HEADER, std::to_string(size - previous) + " bytes after the last block");

    if (checks.ruleset && *checks.ruleset != h.ruleset)
        return fail(TableError::RULESET_MISMATCH,
                    "built under " + h.ruleset.name() + ", not " + checks.ruleset->name());
    if (checks.material && *checks.material != h.material)
        return fail(TableError::MATERIAL_MISMATCH,
                    "holds " + h.material.table_name() + ", not " + checks.material->table_name());
    if (checks.contents && *checks.contents != h.contents)
        return fail(TableError::BAD_HEADER, "holds " + std::string(to_string(h.contents)) +
                                                " records, not " + std::string(to_string(*checks.contents)));
    if (checks.content && file.check_content() != TableError::NONE)
        return fail(TableError::CHECKSUM, std::string(to_string(TableError::CHECKSUM)));
    return OpenedTable{std::move(file), {}};
}

#undef FIELD

} // namespace damatb::core
