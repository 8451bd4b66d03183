// The checks of a table's files that `damatb verify` makes (verify/table_check.h): the generator's
// files pass, and a progress file that is missing, of another table, or whose records do not
// match the values file's fails, the reason naming the record.
#include <algorithm>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "verify/table_check.h"
#include "core/fen.h"
#include "core/index.h"
#include "core/material.h"
#include "core/record.h"
#include "core/table_file.h"
#include "core/table_records.h"
#include "gen/table_io.h"
#include "support/table_files.h"
#include "support/temp_dir.h"

using namespace damatb;
namespace fs = std::filesystem;
using Catch::Matchers::Contains;
using Catch::Matchers::StartsWith;

namespace {

const core::Ruleset RULES;
const core::Material KMVK{{1, 1}, {1, 0}}; // KMvK+
const core::Material KMVK_MINUS = KMVK.swapped();

std::string values_file(const std::string& dir, const core::Material& m) {
    return dir + "/" + core::table_file_name(m, core::TableContents::VALUES);
}

// The header and records of a table file.
struct Records {
    core::TableHeader header;
    std::vector<std::uint8_t> bytes;
};

Records read_records(const std::string& path) {
    core::OpenedTable t = core::open_table(path);
    REQUIRE(t.status.ok());
    Records r{t.file.header(), {}};
    REQUIRE(core::read_all_records(t.file, r.bytes).ok());
    return r;
}

void write_records(const std::string& path, const Records& r) {
    REQUIRE(core::write_table(path, r.header, r.bytes.data()).ok());
}

// A folder holding the values file of KMvK- and, when given, a progress file beside it.
struct Folder {
    test::TempDir dir{"damatb-check"};

    explicit Folder(const std::string& tables) {
        fs::copy_file(values_file(tables, KMVK_MINUS), values_file(dir.str(), KMVK_MINUS));
    }
    verify::TableCheck check(int threads) const {
        return verify::check_table(values_file(dir.str(), KMVK_MINUS), KMVK_MINUS, RULES, threads);
    }
    std::string progress_path() const { return dir.file("KMvK-.dtp"); }
};

} // namespace

TEST_CASE("Table check: the generator's files pass, KMvK- with its progress file", "[table_check]") {
    const std::string& tables = test::generated_table_files(3, RULES);
    // The lost positions (not don't care) of each table and those whose history has more than
    // one step, from the generator's reader.
    gen::SolvedTables solved;
    std::uint64_t longer = 0;
    std::map<std::string, std::uint64_t> losses;
    for (const core::ClassPlan& c : core::plan_classes(3))
        for (const core::Material& m : core::tables_of(c.material)) {
            auto t = gen::read_solved(tables, m, RULES, solved);
            REQUIRE(t);
            solved.add(t);
            for (std::uint64_t i = 0; i < t->wdl.size(); ++i)
                if (t->wdl[i] == core::Wdl5::LOSS && !core::is_dont_care(t->index.position(i), RULES) &&
                    t->index.canonical(i) == i)
                    ++losses[m.table_name()];
            if (m == KMVK_MINUS) {
                const auto steps = t->steps_in(0, t->index.size());
                for (std::size_t k = 0; k < steps.size(); ++k)
                    longer += k == 0 || steps[k].index != steps[k - 1].index;
            }
        }
    REQUIRE(longer > 0);
    for (const core::ClassPlan& c : core::plan_classes(3))
        for (const core::Material& m : core::tables_of(c.material)) {
            const int threads = GENERATE(1, 2);
            INFO(m.table_name() << ", " << threads << " threads");
            const verify::TableCheck check = verify::check_table(values_file(tables, m), m, RULES, threads);
            CHECK(check.values.ok);
            CHECK(check.values.entries == core::TableIndex(m).size());
            CHECK(check.ok());
            // A progress file beside every table with a loss; up to 3 pieces only KMvK- has
            // histories of more than one step.
            const std::uint64_t lost = losses[m.table_name()];
            CHECK(check.progress.has_value() == (lost > 0));
            CHECK(check.losses >= lost); // images (core/index.h) hold their representative's
            CHECK(check.continued == (m == KMVK_MINUS ? longer : 0));
            if (lost > 0) CHECK(check.progress->name == m.table_name() + ".dtp");
            CHECK((check.longest > 1) == (m == KMVK_MINUS));
        }
}

TEST_CASE("Table check: a progress file missing, of another table, or not matching its values",
          "[table_check]") {
    const std::string& tables = test::generated_table_files(3, RULES);
    const std::string source = tables + "/KMvK-.dtp";
    const Records good = read_records(source);
    const std::size_t size = good.header.record_size;
    const core::TableIndex index(KMVK_MINUS);
    // The first record of a longer history, and the first record of no longer history before it
    // (its pairs are zeros).
    std::size_t used = good.header.entries, unused = good.header.entries;
    for (std::size_t i = 0; i < good.header.entries && used == good.header.entries; ++i) {
        if (core::has_more_steps(&good.bytes[i * size]))
            used = i;
        else
            unused = std::min(unused, i);
    }
    // The first record of a later block without a longer history: the check of each block on
    // its own compares it with the last longer history of the blocks before.
    std::size_t later = good.header.block_entries;
    while (later < good.header.entries && core::has_more_steps(&good.bytes[later * size]))
        later += good.header.block_entries;
    REQUIRE(size >= 3);
    REQUIRE(used < good.header.entries);
    REQUIRE(unused < good.header.entries);
    REQUIRE(later < good.header.entries);
    // Each check is made on 1 and on 2 threads, with the same result.
    const int threads = GENERATE(1, 2);
    INFO(threads << " threads");

    SECTION("missing") {
        const Folder folder(tables);
        const verify::TableCheck check = folder.check(threads);
        CHECK(check.values.ok);
        CHECK(!check.ok());
        REQUIRE(check.progress);
        CHECK(check.progress->name == "KMvK-.dtp");
        CHECK(check.losses > 0);
        CHECK(check.progress->failure() ==
              folder.progress_path() + ": missing: " + std::to_string(check.losses) +
                  " lost positions of KMvK-.dtb have their progress history in it");
    }
    SECTION("the longer history of a lost position is gone") {
        const Folder folder(tables);
        Records r = good;
        std::fill(&r.bytes[used * size + 1], &r.bytes[(used + 1) * size], 0);
        write_records(folder.progress_path(), r);
        const verify::TableCheck check = folder.check(threads);
        REQUIRE(check.progress);
        CHECK(!check.progress->ok);
        CHECK(check.progress->reason == "the progress history of record " + std::to_string(used) + " (" +
                                            core::to_fen(index.position(used)) + ") does not read back");
    }
    SECTION("a history no position refers to") {
        const Folder folder(tables);
        Records r = good;
        r.bytes[unused * size + 1] = 5;
        r.bytes[unused * size + 2] = 9;
        write_records(folder.progress_path(), r);
        const verify::TableCheck check = folder.check(threads);
        REQUIRE(check.progress);
        CHECK(!check.progress->ok);
        CHECK_THAT(check.progress->reason,
                   StartsWith("1 records hold a history that no lost position of KMvK-.dtb refers to "
                              "(the first: record " + std::to_string(unused)));
    }
    SECTION("histories no position refers to, the first records of a block after the first") {
        // Every record of the block before its first longer history changed alike: within the
        // block they repeat one another, and only the blocks before tell them wrong.
        const Folder folder(tables);
        Records r = good;
        std::size_t changed = 0;
        for (std::size_t i = later; i < std::min<std::size_t>(later + good.header.block_entries, good.header.entries) &&
                                    !core::has_more_steps(&good.bytes[i * size]);
             ++i, ++changed) {
            r.bytes[i * size + 1] ^= 0x5A;
            r.bytes[i * size + 2] ^= 0x3C;
        }
        write_records(folder.progress_path(), r);
        const verify::TableCheck check = folder.check(threads);
        REQUIRE(check.progress);
        CHECK(!check.progress->ok);
        CHECK_THAT(check.progress->reason,
                   StartsWith(std::to_string(changed) + " records hold a history that no lost position of "
                              "KMvK-.dtb refers to (the first: record " + std::to_string(later)));
    }
    SECTION("the progress file of another table") {
        const Folder folder(tables);
        fs::copy_file(values_file(tables, KMVK), values_file(folder.dir.str(), KMVK));
        fs::copy_file(source, folder.dir.file("KMvK+.dtp"));
        const verify::TableCheck check = verify::check_table(values_file(folder.dir.str(), KMVK), KMVK, RULES, threads);
        CHECK(check.values.ok);
        REQUIRE(check.progress);
        CHECK(check.progress->reason == "holds KMvK-, not KMvK+");
    }
    SECTION("a progress file that no position needs") {
        const Folder folder(tables);
        fs::copy_file(values_file(tables, KMVK), values_file(folder.dir.str(), KMVK));
        Records r;
        r.header = good.header;
        r.header.material = KMVK;
        r.header.entries = core::TableIndex(KMVK).size();
        r.bytes.assign(r.header.entries * size, 0);
        write_records(folder.dir.file("KMvK+.dtp"), r);
        const verify::TableCheck check = verify::check_table(values_file(folder.dir.str(), KMVK), KMVK, RULES, threads);
        CHECK(check.values.ok);
        REQUIRE(check.progress);
        CHECK(check.progress->reason == "no lost position of KMvK+.dtb has its history here");
    }
    SECTION("a values file in the place of the progress file") {
        const Folder folder(tables);
        fs::copy_file(values_file(tables, KMVK_MINUS), folder.progress_path());
        const verify::TableCheck check = folder.check(threads);
        REQUIRE(check.progress);
        CHECK_THAT(check.progress->reason, Contains("holds values records, not progress"));
    }
}
