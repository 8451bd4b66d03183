// The records of a table's files taken whole (core/table_records.h): the record layout a valid
// file has, every record read back, and the unused bytes of a solved table's records filled.
#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <mutex>
#include <stdexcept>
#include <random>
#include <vector>

#include <catch2/catch.hpp>

#include "core/table_records.h"
#include "support/temp_dir.h"

using namespace damatb;
using namespace damatb::core;

namespace {

const Material KMVK{{1, 1}, {1, 0}};

TableHeader header_of(TableContents c, std::uint8_t record_size, std::uint64_t entries) {
    TableHeader h;
    h.material = KMVK;
    h.contents = c;
    h.record_size = record_size;
    h.entries = entries;
    return h;
}

ProgressHistory history_of(std::initializer_list<ProgressStep> steps) {
    ProgressHistory h;
    for (const ProgressStep& s : steps) h.steps[std::size_t(h.count++)] = s;
    return h;
}

} // namespace

TEST_CASE("Table records: the record layout of a values file and of a progress file", "[table_records]") {
    CHECK(record_layout_problem(header_of(TableContents::VALUES, 2, 100), 100).empty());
    CHECK(record_layout_problem(header_of(TableContents::PROGRESS, 1, 100), 100).empty());
    CHECK(record_layout_problem(header_of(TableContents::PROGRESS, 5, 100), 100).empty());
    CHECK(record_layout_problem(header_of(TableContents::VALUES, 3, 100), 100) == "records of 3 bytes, not 2");
    CHECK(record_layout_problem(header_of(TableContents::PROGRESS, 2, 100), 100) ==
          "records of 2 bytes, not an odd number");
    CHECK(record_layout_problem(header_of(TableContents::VALUES, 2, 99), 100) ==
          "holds 99 records, but KMvK+ has 100 positions");
    CHECK(record_layout_problem(header_of(TableContents::PROGRESS, 3, 101), 100) ==
          "holds 101 records, but KMvK+ has 100 positions");
}

TEST_CASE("Table records: every record of a file, in order, and a stop when asked", "[table_records]") {
    test::TempDir dir("damatb-records");
    const std::string path = dir.file("KMvK+.dtp");
    TableHeader h = header_of(TableContents::PROGRESS, 3, 1000);
    h.block_entries = 64; // 16 blocks, the last one short
    std::vector<std::uint8_t> records(h.entries * h.record_size);
    for (std::size_t k = 0; k < records.size(); ++k) records[k] = static_cast<std::uint8_t>(k * 7 + k / 3);
    REQUIRE(write_table(path, h, records.data()).ok());
    OpenedTable t = open_table(path);
    REQUIRE(t.status.ok());

    std::vector<std::uint8_t> all;
    REQUIRE(read_all_records(t.file, all).ok());
    CHECK(all == records);

    std::vector<std::uint8_t> seen;
    std::uint64_t next = 0;
    REQUIRE(for_each_record(t.file, [&](std::uint64_t i, const std::uint8_t* r) {
                CHECK(i == next++);
                seen.insert(seen.end(), r, r + 3);
                return true;
            }).ok());
    CHECK(seen == records);
    std::uint64_t calls = 0;
    REQUIRE(for_each_record(t.file, [&](std::uint64_t i, const std::uint8_t*) {
                ++calls;
                return i < 99;
            }).ok());
    CHECK(calls == 100);
}

TEST_CASE("Table records: unused bytes repeat the byte before them in their plane", "[table_records]") {
    TableRecords r(6, 2); // progress records of 3 bytes
    REQUIRE(r.progress_record_size() == 3);
    r.put_value(0, {Wdl5::WIN, 5});
    r.put_value(1, {Wdl5::DRAW, 0});
    r.put_loss(2, {Wdl5::LOSS, 3}, history_of({{2, 3}}));
    r.put_dont_care(3);
    r.put_loss(4, {Wdl5::LOSS, 2}, history_of({{1, 5}, {3, 2}}));
    r.put_value(5, {Wdl5::CURSED_WIN, 0});
    r.fill_unused_bytes();
    // A draw's DTZ byte and both bytes of a don't-care record repeat the record before; a
    // progress record not a loss's repeats byte 0, one of no more steps the pairs.
    CHECK(r.values() == std::vector<std::uint8_t>{4, 5, 2, 5, 0, 3, 0, 3, 0, 2, 3, 2});
    CHECK(r.progress() == std::vector<std::uint8_t>{0, 0, 0, 0, 0, 0, 2, 0, 0, 2, 0, 0, 0x81, 5, 3, 0x81, 5, 3});
    CHECK(r.has_progress());

    const TableHeader values = r.header(TableContents::VALUES, Ruleset{}, KMVK);
    CHECK(values.record_size == VALUE_RECORD_SIZE);
    CHECK(values.block_entries == VALUE_BLOCK_ENTRIES);
    CHECK(values.entries == 6);
    CHECK(values.contents == TableContents::VALUES);
    const TableHeader progress = r.header(TableContents::PROGRESS, Ruleset{}, KMVK);
    CHECK(progress.record_size == 3);
    CHECK(progress.block_entries == DEFAULT_BLOCK_ENTRIES);
    CHECK(&r.records(TableContents::PROGRESS) == &r.progress());

    // Decoded as a reader does.
    TableValue v;
    REQUIRE(r.value(4, &v));
    CHECK(v.wdl == Wdl5::LOSS);
    CHECK(v.dtz == 2);
    ProgressHistory h;
    REQUIRE(r.history(4, v, &h));
    CHECK(h.count == 2);
    CHECK(h.steps[0] == ProgressStep{1, 5});
    CHECK(h.steps[1] == ProgressStep{3, 2});
}

TEST_CASE("Table records: a first record that is don't care, and a table with no loss", "[table_records]") {
    TableRecords r(3, 1);
    r.put_dont_care(0);
    r.put_value(1, {Wdl5::DRAW, 0});
    r.put_dont_care(2);
    r.fill_unused_bytes();
    CHECK(r.values() == std::vector<std::uint8_t>{0, 0, 2, 0, 2, 0});
    CHECK(r.progress() == std::vector<std::uint8_t>{0, 0, 0});
    CHECK_FALSE(r.has_progress()); // record 0 reads as a loss, but is don't care
}

TEST_CASE("Table records: every unused byte of a values record repeats the one before it", "[table_records]") {
    const std::uint64_t n = 150000;
    std::mt19937_64 random(7);
    TableRecords r(n, 3);
    for (std::uint64_t i = 0; i < n; ++i) {
        const auto kind = random() % 8;
        if (kind < 2)
            r.put_dont_care(i);
        else if (kind < 4)
            r.put_loss(i, {Wdl5::LOSS, 4}, kind == 2 ? history_of({{1, 4}}) : history_of({{1, 9}, {2, 6}, {5, 4}}));
        else
            r.put_value(i, {Wdl5(random() % 5 == 0 ? 4 : 1 + random() % 3), int(random() % 40)});
    }
    r.fill_unused_bytes();
    CHECK(r.has_progress());
    for (std::uint64_t i = 1; i < n; ++i) {
        const std::uint8_t* v = &r.values()[i * 2];
        if (v[0] != 0 && v[0] != 4) CHECK(v[1] == v[-1]);
    }
}

TEST_CASE("Table records: made a block at a time, the bytes of the whole table", "[table_records]") {
    // Records that depend on the index alone, so that each block makes the same ones again:
    // long stretches without a loss or a longer history, so that what a run hands on comes
    // from several runs before it.
    const int longest = 3;
    auto put = [](TableRecords& r, std::uint64_t i) {
        const std::uint64_t k = (i * 2654435761u) % 1000;
        const bool quiet = (i / 20000) % 3 == 1; // draws and don't cares only
        if (k < 300 || (quiet && k < 600))
            r.put_dont_care(i);
        else if (quiet)
            r.put_value(i, {Wdl5::DRAW, 0});
        else if (k < 400)
            r.put_loss(i, {Wdl5::LOSS, 4}, (i / 7000) % 2 ? history_of({{1, 4}}) : history_of({{1, 9}, {int(k % 9) + 2, 4}}));
        else if (k < 405 && i % 50000 > 40000)
            r.put_loss(i, {Wdl5::LOSS, 2}, history_of({{1, 9}, {3, 5}, {int(k % 5) + 4, 2}}));
        else
            r.put_value(i, {Wdl5(k % 5 == 0 ? 4 : 1 + k % 3), int(k % 40)});
    };
    for (const std::uint64_t n : {std::uint64_t{1}, std::uint64_t{8192}, std::uint64_t{130001}}) {
        TableRecords whole(n, longest);
        for (std::uint64_t i = 0; i < n; ++i) put(whole, i);
        whole.fill_unused_bytes();
        // What the runs hand on found in order, and in reverse (as threads may).
        std::uint64_t made = 0;
        auto make = [&](TableRecords& r) {
            for (std::uint64_t i = r.first(); i < r.first() + r.entries(); ++i) put(r, i);
            made += r.entries(); // one thread: the ParallelFors below run in turn
        };
        const BlockRecords blocks(n, longest, make);
        CHECK(made == n); // each run once, to find what it hands on
        const BlockRecords reversed(n, longest, make, [](std::size_t count, const std::function<void(std::size_t)>& body) {
            for (std::size_t k = count; k-- > 0;) body(k);
        });
        CHECK(blocks.has_progress() == whole.has_progress());
        for (const TableContents c : {TableContents::VALUES, TableContents::PROGRESS})
            for (const BlockRecords* from : {&blocks, &reversed}) {
                const TableHeader h = blocks.header(c, Ruleset{}, KMVK);
                CHECK(h.record_size == whole.header(c, Ruleset{}, KMVK).record_size);
                CHECK(h.block_entries == whole.header(c, Ruleset{}, KMVK).block_entries);
                std::vector<std::uint8_t> bytes(n * h.record_size);
                for (std::uint64_t first = 0; first < n; first += h.block_entries) {
                    const std::size_t count = std::min<std::uint64_t>(h.block_entries, n - first);
                    from->fill(c, first, count, &bytes[first * h.record_size]);
                }
                CHECK(bytes == whole.records(c));
            }
    }
    // A run that does not start a table needs what the records before it hand on.
    TableRecords part(10, longest, 8192);
    RecordCarry too_little;
    too_little.has = RecordCarry::BYTE0 | RecordCarry::BYTE1;
    CHECK_THROWS_AS(part.fill_unused_bytes(too_little), std::invalid_argument);
}

TEST_CASE("Table records: a file written from a record source, the bytes of one written whole", "[table_records]") {
    test::TempDir dir("damatb-records");
    TableHeader h = header_of(TableContents::PROGRESS, 3, 1000);
    h.block_entries = 64;
    std::vector<std::uint8_t> records(h.entries * h.record_size);
    for (std::size_t k = 0; k < records.size(); ++k) records[k] = static_cast<std::uint8_t>(k * 5 + k / 7);
    REQUIRE(write_table(dir.file("whole.dtp"), h, records.data()).ok());
    std::vector<std::uint64_t> firsts;
    std::mutex firsts_mutex;
    WriteOptions two;
    two.threads = 2;
    REQUIRE(write_table(dir.file("source.dtp"), h, [&](std::uint64_t first, std::size_t n, std::uint8_t* out) {
                std::copy_n(&records[first * 3], n * 3, out);
                std::lock_guard lock(firsts_mutex);
                firsts.push_back(first);
            }, two).ok());
    std::sort(firsts.begin(), firsts.end());
    CHECK(firsts.size() == 16); // each block once
    CHECK(firsts[1] == 64);
    CHECK(test::read_bytes(dir.file("whole.dtp")) == test::read_bytes(dir.file("source.dtp")));
    // A source that throws: no file, the reason named.
    const TableStatus failed = write_table(dir.file("thrown.dtp"), h, [](std::uint64_t, std::size_t, std::uint8_t*) {
        throw std::runtime_error("out of records");
    });
    CHECK(failed.error == TableError::IO);
    CHECK(failed.message.find("out of records") != std::string::npos);
    CHECK_FALSE(std::filesystem::exists(dir.file("thrown.dtp")));
    CHECK_FALSE(std::filesystem::exists(dir.file("thrown.dtp.tmp")));
}

TEST_CASE("Table records: a stored value is one the generator writes under the limit", "[table_records]") {
    std::uint8_t bytes[VALUE_RECORD_SIZE];
    TableValue v;
    encode_value({Wdl5::WIN, 32}, bytes);
    CHECK(decode_stored_value(bytes, 32, &v)); // DTZ at the limit: won at counter 0
    CHECK((v.wdl == Wdl5::WIN && v.dtz == 32));
    CHECK_FALSE(decode_stored_value(bytes, 31, &v));
    CHECK(decode_stored_value(bytes, 0, &v)); // the limit off bounds no DTZ
    encode_value({Wdl5::LOSS, 9}, bytes);
    CHECK_FALSE(decode_stored_value(bytes, 8, &v));
    encode_value({Wdl5::DRAW, 0}, bytes);
    bytes[1] = 200; // the unused DTZ byte of a draw, whatever it holds
    CHECK(decode_stored_value(bytes, 8, &v));
    CHECK((v.wdl == Wdl5::DRAW && v.dtz == 0));
    bytes[0] = WDL5_NB; // no WDL5
    CHECK_FALSE(decode_stored_value(bytes, 32, &v));
}
