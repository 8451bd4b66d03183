#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "core/byte_order.h"
#include "core/checksum.h"
#include "core/table_file.h"
#include "core/table_records.h"

#include <zstd.h>

using namespace damatb::core;
namespace fs = std::filesystem;

#include "support/temp_dir.h"

namespace {

using damatb::test::TempDir;
using damatb::test::read_bytes;
using damatb::test::write_bytes;

// Records like a real table's: runs of equal bytes with some noise, per byte of the record.
std::vector<std::uint8_t> sample_records(std::uint64_t entries, int record_size, unsigned seed) {
    std::mt19937 rng(seed);
    std::vector<std::uint8_t> r(entries * record_size);
    std::uint8_t value[MAX_RECORD_SIZE] = {};
    for (std::uint64_t i = 0; i < entries; ++i)
        for (int k = 0; k < record_size; ++k) {
            if (rng() % 16 == 0) value[k] = static_cast<std::uint8_t>(rng() % (k == 0 ? 5 : 60));
            r[i * record_size + k] = value[k];
        }
    return r;
}

TableHeader sample_header(std::uint64_t entries, int record_size, std::uint32_t block_entries) {
    TableHeader h;
    h.ruleset = {Promotion::IMMEDIATE, LonePieces::DRAW, 20};
    h.material = {{1, 2}, {2, 0}};
    h.entries = entries;
    h.record_size = static_cast<std::uint8_t>(record_size);
    h.block_entries = block_entries;
    return h;
}

// Every record of an open table (read_all_records, block by block).
std::vector<std::uint8_t> read_all(const TableFile& t) {
    std::vector<std::uint8_t> all;
    REQUIRE(read_all_records(t, all).ok());
    REQUIRE(all.size() == t.header().entries * t.header().record_size);
    return all;
}

// Writes a sample table and returns its path.
std::string write_sample(const TempDir& dir, const std::string& name, std::uint64_t entries = 1000,
                         int record_size = 2, std::uint32_t block_entries = 256) {
    auto records = sample_records(entries, record_size, 7);
    std::string path = dir.file(name);
    auto status = write_table(path, sample_header(entries, record_size, block_entries), records.data());
    REQUIRE(status.ok());
    return path;
}

} // namespace

TEST_CASE("TableFile: little-endian loads and stores", "[tablefile]") {
    const std::uint8_t bytes[9] = {0xFF, 0x78, 0x56, 0x34, 0x12, 0xEF, 0xCD, 0xAB, 0x90};
    CHECK(load_le<std::uint32_t>(bytes + 1) == 0x12345678U); // unaligned
    CHECK(load_le<std::uint64_t>(bytes + 1) == 0x90ABCDEF12345678ULL);
    CHECK(load_le<std::uint8_t>(bytes) == 0xFF);
    std::uint8_t out[9] = {};
    store_le<std::uint64_t>(out + 1, 0x90ABCDEF12345678ULL);
    CHECK(std::equal(out + 1, out + 9, bytes + 1));
}

TEST_CASE("TableFile: checksum is fixed, split-independent and sees every byte", "[tablefile]") {
    std::vector<std::uint8_t> data(1000);
    for (std::size_t i = 0; i < data.size(); ++i) data[i] = static_cast<std::uint8_t>(i * 7 + 3);
    // Pinned values, computed by an independent script from the definition in checksum.h:
    // a changed function would make every existing file fail its checks.
    CHECK(checksum64(nullptr, 0) == 0xBD0ED0D08A42A70CULL);
    CHECK(checksum64(reinterpret_cast<const std::uint8_t*>("abc"), 3) == 0xB6F374BCC639E10DULL);
    const std::uint64_t whole = checksum64(data.data(), data.size());
    CHECK(whole == 0xB615BCBC2236B393ULL);
    for (std::size_t split : {0, 1, 7, 8, 9, 500, 999}) {
        Checksum64 c;
        c.update(data.data(), split);
        c.update(data.data() + split, 3 < data.size() - split ? 3 : data.size() - split);
        std::size_t done = split + (3 < data.size() - split ? 3 : data.size() - split);
        c.update(data.data() + done, data.size() - done);
        CHECK(c.digest() == whole);
    }
    for (std::size_t i = 0; i < data.size(); i += 37)
        for (int bit : {0, 7}) {
            auto bad = data;
            bad[i] ^= static_cast<std::uint8_t>(1 << bit);
            CHECK(checksum64(bad.data(), bad.size()) != whole);
        }
    // Length matters even when the extra bytes are zero.
    std::vector<std::uint8_t> zeros(16, 0);
    CHECK(checksum64(zeros.data(), 15) != checksum64(zeros.data(), 16));
}

TEST_CASE("TableFile: tables round-trip with their header", "[tablefile]") {
    TempDir dir{"damatb-tablefile"};
    struct Case {
        std::uint64_t entries;
        int record_size;
        std::uint32_t block_entries;
    };
    for (Case c : {Case{0, 1, 256}, Case{1, 1, 256}, Case{1000, 1, 256}, Case{1000, 3, 256},
                   Case{768, 3, 256}, Case{100000, 3, DEFAULT_BLOCK_ENTRIES}, Case{50, 8, 7}, Case{300, 10, 64},
                   Case{70, 32, 16}}) {
        INFO("entries " << c.entries << ", record size " << c.record_size << ", block "
                        << c.block_entries);
        auto records = sample_records(c.entries, c.record_size, 1);
        auto header = sample_header(c.entries, c.record_size, c.block_entries);
        std::string path = dir.file("t.dtb");
        auto status = write_table(path, header, records.data());
        REQUIRE(status.ok());
        CHECK_FALSE(fs::exists(path + ".tmp"));

        auto opened = open_table(path, {&header.ruleset, &header.material, true});
        REQUIRE(opened.status.ok());
        const TableFile& t = opened.file;
        CHECK(t.is_open());
        CHECK(t.path() == path);
        const TableHeader& h = t.header();
        CHECK(h.ruleset == header.ruleset);
        CHECK(h.material == header.material);
        CHECK(h.entries == c.entries);
        CHECK(h.record_size == c.record_size);
        CHECK(h.block_entries == c.block_entries);
        CHECK(h.index_scheme == INDEX_SCHEME_V1);
        CHECK(t.block_count() == (c.entries + c.block_entries - 1) / c.block_entries);
        if (t.block_count() > 0)
            CHECK(t.entries_in_block(t.block_count() - 1) ==
                  c.entries - std::uint64_t{t.block_count() - 1} * c.block_entries);
        CHECK(read_all(t) == records);
        CHECK(t.verify().ok());
    }
}

TEST_CASE("TableFile: blocks are stored planar", "[tablefile]") {
    // 3 records of 2 bytes, AB CD EF, compress to a frame holding A C E B D F: level 1 keeps
    // such a short input as a raw block, so the planar bytes appear verbatim in the file.
    TempDir dir{"damatb-tablefile"};
    const std::uint8_t records[] = {'A', 'B', 'C', 'D', 'E', 'F'};
    std::string path = dir.file("planar.dtb");
    REQUIRE(write_table(path, sample_header(3, 2, 256), records, {1, 1}).ok());
    auto bytes = read_bytes(path);
    std::string text(bytes.begin(), bytes.end());
    CHECK(text.find("ACEBDF") != std::string::npos);
    CHECK(text.find("ABCDEF") == std::string::npos);
}

TEST_CASE("TableFile: the same input gives the same bytes, whatever the thread count",
          "[tablefile]") {
    TempDir dir{"damatb-tablefile"};
    const std::uint64_t entries = 300000;
    auto records = sample_records(entries, 3, 5);
    auto header = sample_header(entries, 3, 4096);
    std::vector<std::vector<std::uint8_t>> files;
    for (int threads : {1, 1, 2, 5}) {
        std::string path = dir.file("same" + std::to_string(files.size()) + ".dtb");
        REQUIRE(write_table(path, header, records.data(), {3, threads}).ok());
        files.push_back(read_bytes(path));
    }
    REQUIRE(files[0].size() > TABLE_HEADER_SIZE);
    for (const auto& f : files) CHECK(f == files[0]);
    // And a different record gives different bytes.
    records[12345] ^= 1;
    std::string path = dir.file("other.dtb");
    REQUIRE(write_table(path, header, records.data(), {3, 1}).ok());
    CHECK(read_bytes(path) != files[0]);
}

TEST_CASE("TableFile: missing, foreign and damaged files are refused", "[tablefile]") {
    TempDir dir{"damatb-tablefile"};
    const std::string path = write_sample(dir, "good.dtb");
    const auto good = read_bytes(path);
    REQUIRE(open_table(path).status.ok());
    const std::string bad = dir.file("bad.dtb");
    auto open_bytes = [&](const std::vector<std::uint8_t>& bytes) {
        write_bytes(bad, bytes);
        return open_table(bad);
    };

    SECTION("missing file") {
        auto o = open_table(dir.file("none.dtb"));
        CHECK(o.status.error == TableError::CANNOT_OPEN);
        CHECK(o.status.message.find("none.dtb") != std::string::npos);
        CHECK_FALSE(o.file.is_open());
    }
    SECTION("truncated anywhere") {
        for (std::size_t size : {std::size_t{0}, std::size_t{5}, std::size_t{10},
                                 std::size_t{TABLE_HEADER_SIZE - 1}, std::size_t{TABLE_HEADER_SIZE},
                                 std::size_t{TABLE_HEADER_SIZE + 9}, good.size() / 2, good.size() - 1}) {
            INFO("size " << size);
            auto o = open_bytes({good.begin(), good.begin() + static_cast<std::ptrdiff_t>(size)});
            CHECK(o.status.error == TableError::TOO_SMALL);
            CHECK(o.status.message.find("bad.dtb") != std::string::npos);
        }
    }
    SECTION("trailing bytes") {
        auto longer = good;
        longer.push_back(0);
        CHECK(open_bytes(longer).status.error == TableError::BAD_HEADER);
    }
    SECTION("wrong magic") {
        auto b = good;
        b[0] = 'X';
        CHECK(open_bytes(b).status.error == TableError::BAD_MAGIC);
        std::vector<std::uint8_t> text(200, 'a');
        CHECK(open_bytes(text).status.error == TableError::BAD_MAGIC);
    }
    SECTION("wrong version") {
        auto b = good;
        store_le<std::uint32_t>(b.data() + 8, 1); // the version before progress files
        auto o = open_bytes(b);
        CHECK(o.status.error == TableError::BAD_VERSION);
        CHECK(o.status.message.find("version 1") != std::string::npos);
    }
    SECTION("any flipped byte after the version") {
        for (std::size_t i = 12; i < TABLE_HEADER_SIZE; ++i) {
            INFO("byte " << i);
            auto b = good;
            b[i] ^= 0x10;
            CHECK(open_bytes(b).status.error == TableError::BAD_HEADER);
        }
    }
    SECTION("a flipped bit in the block index") {
        for (std::size_t i : {0, 1, 8, 9, 16, 32}) { // 4 blocks: 5 offsets
            INFO("byte " << i << " of the index");
            auto b = good;
            b[TABLE_HEADER_SIZE + i] ^= 0x01; // moves an offset by 1 or 256: still increasing
            CHECK(open_bytes(b).status.error == TableError::BAD_HEADER);
        }
    }
    SECTION("a flipped byte in a block") {
        std::size_t data_start = load_le<std::uint64_t>(good.data() + TABLE_HEADER_SIZE);
        for (std::size_t i = data_start; i < good.size(); i += 13) {
            INFO("byte " << i);
            auto b = good;
            b[i] ^= 0x04;
            auto o = open_bytes(b); // open alone does not read the blocks
            REQUIRE(o.status.ok());
            CHECK(o.file.check_content() == TableError::CHECKSUM);
            auto v = o.file.verify();
            CHECK(v.error == TableError::CHECKSUM);
            CHECK(v.message.find("bad.dtb") != std::string::npos);
            Decompressor d;
            std::vector<std::uint8_t> out(256 * 2);
            bool noticed = false;
            for (std::uint32_t blk = 0; blk < o.file.block_count(); ++blk)
                noticed |= o.file.read_block(blk, d, out.data()) == TableError::CORRUPT_BLOCK;
            CHECK(noticed);
            OpenChecks content;
            content.content = true;
            CHECK(open_table(bad, content).status.error == TableError::CHECKSUM);
        }
    }
}

TEST_CASE("TableFile: the caller's ruleset and material are checked", "[tablefile]") {
    TempDir dir{"damatb-tablefile"};
    const std::string path = write_sample(dir, "t.dtb");
    Ruleset other_rules; // the default, not the sample's
    auto o = open_table(path, {&other_rules, nullptr, false});
    CHECK(o.status.error == TableError::RULESET_MISMATCH);
    CHECK(o.status.message.find("immediate.draw.20") != std::string::npos);
    Material other_material{{1, 0}, {1, 0}};
    CHECK(open_table(path, {nullptr, &other_material, false}).status.error ==
          TableError::MATERIAL_MISMATCH);
    Material same{{1, 2}, {2, 0}};
    CHECK(open_table(path, {nullptr, &same, false}).status.ok());
}

TEST_CASE("TableFile: a values file is never read as a progress file", "[tablefile]") {
    TempDir dir{"damatb-tablefile"};
    const std::string values = write_sample(dir, "t.dtb");
    auto header = sample_header(40, 2, 16);
    header.contents = TableContents::PROGRESS;
    const std::string progress = dir.file("t.dtp");
    REQUIRE(write_table(progress, header, sample_records(40, 2, 3).data()).ok());
    CHECK(open_table(progress).file.header().contents == TableContents::PROGRESS);
    CHECK(read_bytes(progress)[44] == 1);
    CHECK(read_bytes(values)[44] == 0);
    const TableContents want_values = TableContents::VALUES, want_progress = TableContents::PROGRESS;
    CHECK(open_table(values, {nullptr, nullptr, false, &want_values}).status.ok());
    CHECK(open_table(progress, {nullptr, nullptr, false, &want_progress}).status.ok());
    auto o = open_table(progress, {nullptr, nullptr, false, &want_values});
    CHECK(o.status.error == TableError::BAD_HEADER);
    CHECK(o.status.message.find("holds progress records, not values") != std::string::npos);
    CHECK(o.status.message.find("t.dtp") != std::string::npos);
    CHECK(table_file_name({{1, 1}, {1, 0}}, TableContents::VALUES) == "KMvK+.dtb");
    CHECK(table_file_name({{1, 0}, {1, 1}}, TableContents::PROGRESS) == "KMvK-.dtp");
}

TEST_CASE("TableFile: writing fails cleanly", "[tablefile]") {
    TempDir dir{"damatb-tablefile"};
    std::vector<std::uint8_t> records(100, 1);
    SECTION("into a missing directory") {
        std::string path = dir.file("no/such/dir/t.dtb");
        auto s = write_table(path, sample_header(100, 1, 64), records.data());
        CHECK(s.error == TableError::IO);
        CHECK(s.message.find(path) != std::string::npos);
        CHECK_FALSE(fs::exists(path));
    }
    SECTION("onto a directory: the rename fails and the .tmp goes") {
        std::string path = dir.file("taken");
        fs::create_directories(fs::path(path) / "inside");
        auto s = write_table(path, sample_header(100, 1, 64), records.data());
        CHECK(s.error == TableError::IO);
        CHECK(s.message.find("rename") != std::string::npos);
        CHECK_FALSE(fs::exists(path + ".tmp"));
        CHECK(fs::is_directory(path));
    }
    SECTION("impossible headers") {
        std::string path = dir.file("t.dtb");
        auto h = sample_header(100, 1, 64);
        h.record_size = 33;
        CHECK(write_table(path, h, records.data()).error == TableError::BAD_HEADER);
        h = sample_header(100, 1, 0);
        CHECK(write_table(path, h, records.data()).error == TableError::BAD_HEADER);
        h = sample_header(100, 1, 64);
        h.index_scheme = 2;
        CHECK(write_table(path, h, records.data()).error == TableError::BAD_HEADER);
        CHECK(write_table(path, sample_header(100, 1, 64), records.data(), {0, 1}).error ==
              TableError::BAD_HEADER);
        CHECK(write_table(path, sample_header(100, 1, 64), nullptr).error == TableError::BAD_HEADER);
        CHECK(fs::is_empty(dir.path()));
    }
    SECTION("an existing file is replaced whole") {
        std::string path = write_sample(dir, "t.dtb");
        auto h = sample_header(100, 1, 64);
        REQUIRE(write_table(path, h, records.data()).ok());
        auto o = open_table(path);
        REQUIRE(o.status.ok());
        CHECK(o.file.header().entries == 100);
        CHECK(read_all(o.file) == records);
        CHECK_FALSE(fs::exists(path + ".tmp"));
    }
}

TEST_CASE("TableFile: an open table moves and outlives its file name", "[tablefile]") {
    TempDir dir{"damatb-tablefile"};
    const std::string path = write_sample(dir, "t.dtb");
    auto o = open_table(path);
    REQUIRE(o.status.ok());
    TableFile t = std::move(o.file);
    CHECK_FALSE(o.file.is_open());
    fs::remove(path); // the mapping stays valid
    CHECK(t.verify().ok());
    TableFile u;
    CHECK(u.check_content() == TableError::CANNOT_OPEN);
    CHECK(u.verify().error == TableError::CANNOT_OPEN);
    u = std::move(t);
    CHECK(u.is_open());
    CHECK(read_all(u) == sample_records(1000, 2, 7));
}

TEST_CASE("TableFile: every error has a name", "[tablefile]") {
    CHECK(to_string(TableError::NONE) == "no error");
    for (int e = 1; e <= 10; ++e)
        CHECK(to_string(static_cast<TableError>(e)) != "unknown error");
}

TEST_CASE("TableFile: the header layout is pinned", "[tablefile]") {
    // The first 56 header bytes of a KMvK table (default ruleset, 3 records of 2 bytes), as
    // docs/table-format.md shows them; what follows depends on zstd's output.
    TempDir dir{"damatb-tablefile"};
    TableHeader h;
    h.material = {{1, 1}, {1, 0}};
    h.entries = 3;
    h.record_size = 2;
    const std::uint8_t records[] = {'A', 'B', 'C', 'D', 'E', 'F'};
    std::string path = dir.file("tiny.dtb");
    REQUIRE(write_table(path, h, records).ok());
    const std::vector<std::uint8_t> expected = {
        0x44, 0x41, 0x4d, 0x41, 0x54, 0x42, 0x0d, 0x0a, 0x03, 0x00, 0x00, 0x00, 0x80, 0x00,
        0x00, 0x00, 0x00, 0x00, 0x20, 0x02, 0x01, 0x01, 0x01, 0x00, 0x01, 0x00, 0x00, 0x00,
        0x00, 0x40, 0x00, 0x00, 0x03, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00,
        0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x80, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00};
    auto bytes = read_bytes(path);
    REQUIRE(bytes.size() > 144);
    CHECK(std::vector<std::uint8_t>(bytes.begin(), bytes.begin() + 56) == expected);
    CHECK(load_le<std::uint64_t>(bytes.data() + 128) == 144);          // block 0 starts
    CHECK(load_le<std::uint64_t>(bytes.data() + 136) == bytes.size()); // data ends
    CHECK(load_le<std::uint64_t>(bytes.data() + 120) == checksum64(bytes.data(), 120));
    CHECK(load_le<std::uint64_t>(bytes.data() + 56) == checksum64(bytes.data() + 128, 16));
    CHECK(load_le<std::uint64_t>(bytes.data() + 64) ==
          checksum64(bytes.data() + 128, bytes.size() - 128));
}

TEST_CASE("TableFile: a block must be one zstd frame with its checksum", "[tablefile]") {
    // Rebuilds a one-block file by hand, from docs/table-format.md, with the block compressed
    // in other ways: every variant decompresses to the right bytes, yet only the first (the
    // writer's own way) may pass.
    TempDir dir{"damatb-tablefile"};
    const std::uint8_t planar[] = {'A', 'C', 'E', 'B', 'D', 'F'}; // records AB CD EF
    std::string path = write_sample(dir, "t.dtb", 3, 2, 256);
    const auto original = read_bytes(path);
    auto frame = [&](bool checksum) {
        ZSTD_CCtx* c = ZSTD_createCCtx();
        ZSTD_CCtx_setParameter(c, ZSTD_c_checksumFlag, checksum ? 1 : 0);
        ZSTD_CCtx_setParameter(c, ZSTD_c_dictIDFlag, 0);
        std::vector<std::uint8_t> out(ZSTD_compressBound(sizeof planar));
        std::size_t size = ZSTD_compress2(c, out.data(), out.size(), planar, sizeof planar);
        ZSTD_freeCCtx(c);
        REQUIRE_FALSE(ZSTD_isError(size));
        out.resize(size);
        return out;
    };
    auto with_block = [&](const std::vector<std::uint8_t>& block) {
        std::vector<std::uint8_t> f(original.begin(), original.begin() + 144); // header, index
        f.insert(f.end(), block.begin(), block.end());
        store_le<std::uint64_t>(f.data() + 136, f.size());
        store_le<std::uint64_t>(f.data() + 56, checksum64(f.data() + 128, 16));
        store_le<std::uint64_t>(f.data() + 64, checksum64(f.data() + 128, f.size() - 128));
        store_le<std::uint64_t>(f.data() + 120, checksum64(f.data(), 120));
        write_bytes(path, f);
        auto o = open_table(path);
        REQUIRE(o.status.ok());
        REQUIRE(o.file.check_content() == TableError::NONE);
        Decompressor d;
        std::uint8_t out[6] = {};
        TableError e = o.file.read_block(0, d, out);
        if (e == TableError::NONE) CHECK(std::string(out, out + 6) == "ABCDEF");
        return e;
    };
    CHECK(with_block(frame(true)) == TableError::NONE);
    CHECK(with_block(frame(false)) == TableError::CORRUPT_BLOCK);
    auto two = frame(true);
    auto second = frame(true);
    two.insert(two.end(), second.begin(), second.end());
    CHECK(with_block(two) == TableError::CORRUPT_BLOCK); // two frames, twice the size
    auto half = frame(true);
    half.resize(half.size() - 1);
    CHECK(with_block(half) == TableError::CORRUPT_BLOCK);
}

TEST_CASE("TableFile: threads read one table at once", "[tablefile]") {
    TempDir dir{"damatb-tablefile"};
    const std::uint64_t entries = 50000;
    const std::string path = write_sample(dir, "t.dtb", entries, 3, 512);
    const auto expected = sample_records(entries, 3, 7);
    auto o = open_table(path);
    REQUIRE(o.status.ok());
    const TableFile& t = o.file;
    std::vector<int> mismatches(4, 0);
    std::vector<std::thread> threads;
    for (int id = 0; id < 4; ++id)
        threads.emplace_back([&, id] {
            Decompressor d; // one per thread
            std::vector<std::uint8_t> out(512 * 3);
            for (int round = 0; round < 3; ++round)
                for (std::uint32_t b = id; b < t.block_count(); b += 1 + (id + round) % 3) {
                    std::size_t at = std::size_t{b} * 512 * 3;
                    std::size_t size = std::size_t{t.entries_in_block(b)} * 3;
                    if (t.read_block(b, d, out.data()) != TableError::NONE ||
                        !std::equal(out.begin(), out.begin() + static_cast<std::ptrdiff_t>(size),
                                    expected.begin() + static_cast<std::ptrdiff_t>(at)))
                        ++mismatches[id];
                }
        });
    for (auto& th : threads) th.join();
    CHECK(mismatches == std::vector<int>(4, 0));
    CHECK(t.verify().ok());
}

TEST_CASE("TableFile: a table in memory reads as the same file", "[tablefile]") {
    TempDir dir{"damatb-tablefile"};
    const std::string path = write_sample(dir, "t.dtb");
    const auto bytes = read_bytes(path);
    auto from_file = open_table(path);
    REQUIRE(from_file.status.ok());
    const TableHeader header = from_file.file.header();

    OpenChecks all{&header.ruleset, &header.material, true};
    auto in_memory = open_table_in_memory(bytes.data(), bytes.size(), "memory.dtb", all);
    REQUIRE(in_memory.status.ok());
    CHECK(in_memory.file.path() == "memory.dtb");
    CHECK(in_memory.file.header().entries == header.entries);
    CHECK(in_memory.file.header().content_checksum == header.content_checksum);
    CHECK(read_all(in_memory.file) == read_all(from_file.file));
    TableFile moved = std::move(in_memory.file); // the bytes stay the caller's
    CHECK(moved.verify().ok());

    // The same refusals as for a file, named as the caller said.
    auto truncated = open_table_in_memory(bytes.data(), bytes.size() - 1, "memory.dtb");
    CHECK(truncated.status.error == TableError::TOO_SMALL);
    CHECK(truncated.status.message.find("memory.dtb") != std::string::npos);
    CHECK_FALSE(truncated.file.is_open());
    CHECK(open_table_in_memory(bytes.data(), 3, "m").status.error == TableError::TOO_SMALL);
    CHECK(open_table_in_memory(nullptr, 0, "m").status.error == TableError::TOO_SMALL);
    auto other = bytes;
    other[0] = 'X';
    CHECK(open_table_in_memory(other.data(), other.size(), "m").status.error ==
          TableError::BAD_MAGIC);
    const Ruleset another{};
    CHECK(open_table_in_memory(bytes.data(), bytes.size(), "m", {&another}).status.error ==
          TableError::RULESET_MISMATCH);
}
