#include "gen/wdl_scratch.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <optional>
#include <stdexcept>

#include "core/byte_order.h"
#include "core/checksum.h"
#include "core/table_file.h"
#include "gen/chunks.h"

namespace damatb::gen {

namespace {

constexpr char MAGIC[8] = {'D', 'T', 'B', 'W', 'D', 'L', '5', 'S'};
constexpr std::uint32_t VERSION = 1;
constexpr std::size_t HEADER_SIZE = 128;
constexpr std::size_t POSITIONS_AT = 16, VALUES_CHECKSUM_AT = 24, CHECKSUM_AT = 32;
constexpr std::size_t RULESET_AT = 40, RULESET_SIZE = 40, TABLE_AT = 80, TABLE_SIZE = 24;

// The content checksum of table m's values file in dir, read from its header; nullopt when
// there is none or it cannot be opened.
std::optional<std::uint64_t> values_checksum(const std::string& dir, const core::Material& m) {
    const std::string path = dir + "/" + core::table_file_name(m, core::TableContents::VALUES);
    if (!std::filesystem::exists(path)) return std::nullopt;
    const core::OpenedTable opened = core::open_table(path);
    if (!opened.status) return std::nullopt;
    return opened.file.header().content_checksum;
}

// The header of table m's scratch file, its own checksum left 0.
std::array<std::uint8_t, HEADER_SIZE> header_of(const core::Material& m, std::uint64_t positions,
                                                std::uint64_t values, const core::Ruleset& rules) {
    std::array<std::uint8_t, HEADER_SIZE> h{};
    std::memcpy(h.data(), MAGIC, sizeof MAGIC);
    core::store_le<std::uint32_t>(&h[8], VERSION);
    core::store_le<std::uint64_t>(&h[POSITIONS_AT], positions);
    core::store_le<std::uint64_t>(&h[VALUES_CHECKSUM_AT], values);
    const std::string name = rules.name(), table = m.table_name();
    std::memcpy(&h[RULESET_AT], name.data(), std::min(name.size(), RULESET_SIZE - 1));
    std::memcpy(&h[TABLE_AT], table.data(), std::min(table.size(), TABLE_SIZE - 1));
    return h;
}

// The checksum of the `size` bytes at data, which lie in a mapping of a file from `mapped` on:
// read a piece at a time, the pages of each given back once read, so that checking the file of
// a class of billions of positions holds some megabytes of it, not all of it.
std::uint64_t checksum_of_mapped(const std::uint8_t* mapped, const std::uint8_t* data, std::uint64_t size) {
    core::Checksum64 sum;
    const auto page = static_cast<std::uint64_t>(::sysconf(_SC_PAGESIZE));
    constexpr std::uint64_t PIECE = std::uint64_t{1} << 24;
    std::uint64_t released = 0; // the bytes of the mapping given back
    for (std::uint64_t at = 0; at < size; at += PIECE) {
        sum.update(data + at, std::size_t(std::min(PIECE, size - at)));
        const std::uint64_t read = std::uint64_t(data - mapped) + std::min(size, at + PIECE);
        const std::uint64_t whole = read / page * page;
        if (whole > released)
            ::madvise(const_cast<std::uint8_t*>(mapped) + released, whole - released, MADV_DONTNEED);
        released = std::max(released, whole);
    }
    return sum.digest();
}

std::string system_error(const std::string& what, const std::string& path) {
    return what + " " + path + ": " + std::strerror(errno);
}

} // namespace

std::string wdl_scratch_path(const std::string& dir, const core::Material& table) {
    return dir + "/" + SCRATCH_FOLDER + "/" + table.table_name() + ".wdl";
}

void save_wdl_scratch(const std::string& dir, const SolvedTable& t, const core::Ruleset& rules, int threads) {
    const core::Material m = t.index.material();
    const std::optional<std::uint64_t> values = values_checksum(dir, m);
    if (!values) throw std::runtime_error("cannot read the header of the values file of " + m.table_name() + " in " + dir);
    // A name of its own for this process's copy: processes of a run across machines that read
    // the class back at once each write one, and the last rename wins (they are the same bytes).
    char host[64] = {};
    ::gethostname(host, sizeof host - 1);
    const std::string path = wdl_scratch_path(dir, m);
    const std::string tmp = path + ".tmp." + host + "." + std::to_string(::getpid());
    std::filesystem::create_directories(dir + "/" + SCRATCH_FOLDER);
    const std::uint64_t n = t.index.size();
    std::array<std::uint8_t, HEADER_SIZE> header = header_of(m, n, 0, rules); // its checksums once written
    std::FILE* file = std::fopen(tmp.c_str(), "wb");
    if (!file) throw std::runtime_error(system_error("cannot create", tmp));
    // The WDL5 a piece at a time. A table solved in slices has its results in files: a group of
    // pieces read from there on the threads, then written in order.
    core::Checksum64 sum;
    bool written = std::fwrite(header.data(), 1, header.size(), file) == header.size();
    constexpr std::uint64_t PIECE = std::uint64_t{1} << 22;
    const std::size_t group = t.result_files.empty() ? 1 : 4 * std::size_t(std::max(1, threads));
    std::vector<std::vector<core::Wdl5>> pieces(group);
    for (std::uint64_t g = 0; written && g < n; g += group * PIECE) {
        std::vector<Range> ranges;
        for (std::uint64_t b = g; b < n && ranges.size() < group; b += PIECE) ranges.push_back({b, std::min(n, b + PIECE)});
        if (!t.result_files.empty())
            for_each_of_chunks(ranges, threads, [&](std::size_t c, std::uint64_t b, std::uint64_t e) {
                pieces[c] = t.results_in(b, e).wdl;
            });
        for (std::size_t c = 0; written && c < ranges.size(); ++c) {
            const std::size_t size = std::size_t(ranges[c].end - ranges[c].begin);
            const std::uint8_t* bytes = reinterpret_cast<const std::uint8_t*>(
                t.result_files.empty() ? t.wdl_address(ranges[c].begin) : pieces[c].data());
            sum.update(bytes, size);
            written = std::fwrite(bytes, 1, size, file) == size;
        }
    }
    header = header_of(m, n, *values, rules);
    core::store_le<std::uint64_t>(&header[CHECKSUM_AT], sum.digest());
    written = written && std::fseek(file, 0, SEEK_SET) == 0 &&
              std::fwrite(header.data(), 1, header.size(), file) == header.size() && std::fflush(file) == 0;
    const bool closed = std::fclose(file) == 0;
    if (!written || !closed || std::rename(tmp.c_str(), path.c_str()) != 0) {
        const std::string problem = system_error("cannot write", tmp);
        std::remove(tmp.c_str());
        throw std::runtime_error(problem);
    }
}

std::shared_ptr<SolvedTable> map_wdl_scratch(const std::string& dir, const core::Material& m,
                                             const core::Ruleset& rules) {
    const std::string path = wdl_scratch_path(dir, m);
    const std::optional<std::uint64_t> values = values_checksum(dir, m);
    if (!values) return nullptr;
    auto t = std::make_shared<SolvedTable>(m);
    const std::uint64_t n = t->index.size();
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return nullptr;
    struct stat info {};
    void* mapped = MAP_FAILED;
    if (::fstat(fd, &info) == 0 && std::uint64_t(info.st_size) == HEADER_SIZE + n)
        mapped = ::mmap(nullptr, HEADER_SIZE + n, PROT_READ, MAP_SHARED, fd, 0);
    ::close(fd);
    if (mapped == MAP_FAILED) return nullptr;
    std::shared_ptr<const void> mapping(mapped, [size = HEADER_SIZE + n](const void* p) {
        ::munmap(const_cast<void*>(p), size);
    });
    const auto* bytes = static_cast<const std::uint8_t*>(mapped);
    std::array<std::uint8_t, HEADER_SIZE> expected = header_of(m, n, *values, rules);
    const std::uint64_t checksum = core::load_le<std::uint64_t>(bytes + CHECKSUM_AT);
    core::store_le<std::uint64_t>(&expected[CHECKSUM_AT], checksum);
    if (std::memcmp(bytes, expected.data(), HEADER_SIZE) != 0 ||
        checksum_of_mapped(bytes, bytes + HEADER_SIZE, n) != checksum)
        return nullptr;
    t->wdl_file = std::move(mapping);
    t->wdl_view = reinterpret_cast<const core::Wdl5*>(bytes + HEADER_SIZE);
    release_wdl_pages(*t); // the last piece read
    return t;
}

void release_wdl_pages(const SolvedTable& t) {
    if (t.wdl_file) ::madvise(const_cast<void*>(t.wdl_file.get()), HEADER_SIZE + t.index.size(), MADV_DONTNEED);
}

void remove_wdl_scratch(const std::string& dir) {
    std::error_code ignored;
    std::filesystem::remove_all(dir + "/" + SCRATCH_FOLDER, ignored);
}

void remove_wdl_scratch(const std::string& dir, const core::Material& table) {
    std::error_code ignored;
    std::filesystem::remove(wdl_scratch_path(dir, table), ignored);
}

} // namespace damatb::gen
