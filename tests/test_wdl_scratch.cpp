// The WDL5 scratch files of the classes read back (gen/wdl_scratch.h): the same values as the
// table, and never taken when they are damaged, of another ruleset, or not made beside the
// values file that is there now.
#include <filesystem>

#include <catch2/catch.hpp>

#include "core/material.h"
#include "core/table_file.h"
#include "gen/table_io.h"
#include "gen/wdl_scratch.h"
#include "support/generated.h"
#include "support/temp_dir.h"

using namespace damatb;
using namespace damatb::core;

TEST_CASE("WDL5 scratch files: written, mapped, and refused when they do not fit", "[generator]") {
    const Ruleset rules;
    const gen::SolvedTables& solved = test::solved_up_to(3, rules);
    const Material m = *parse_class_name("KMvK");
    const Material table = tables_of(m)[0];
    const gen::SolvedTable& t = *solved.find(table);
    test::TempDir dir("damatb-wdl-scratch");
    gen::write_solved(dir.str(), t, rules, 1);
    const std::string path = gen::wdl_scratch_path(dir.str(), table);
    CHECK(gen::map_wdl_scratch(dir.str(), table, rules) == nullptr); // none yet

    gen::save_wdl_scratch(dir.str(), t, rules);
    CHECK(std::filesystem::file_size(path) == 128 + t.wdl.size());
    const auto mapped = gen::map_wdl_scratch(dir.str(), table, rules);
    REQUIRE(mapped != nullptr);
    CHECK(mapped->wdl.empty());
    std::uint64_t differing = 0;
    for (std::uint64_t i = 0; i < t.wdl.size(); ++i) differing += mapped->wdl_at(i) != t.wdl[i];
    CHECK(differing == 0);
    for (const auto& entry : std::filesystem::directory_iterator(dir.path() / gen::SCRATCH_FOLDER))
        CHECK(entry.path().filename() == table.table_name() + ".wdl"); // no temporary file left

    SECTION("another ruleset") {
        Ruleset other;
        other.king_move_limit = 20;
        CHECK(gen::map_wdl_scratch(dir.str(), table, other) == nullptr);
    }
    SECTION("a byte changed") {
        std::vector<std::uint8_t> bytes = test::read_bytes(path);
        bytes[128 + bytes.size() / 3] ^= 1;
        test::write_bytes(path, bytes);
        CHECK(gen::map_wdl_scratch(dir.str(), table, rules) == nullptr);
    }
    SECTION("cut short") {
        std::filesystem::resize_file(path, std::filesystem::file_size(path) - 1);
        CHECK(gen::map_wdl_scratch(dir.str(), table, rules) == nullptr);
    }
    SECTION("the values file made again since, another one") {
        const gen::SolvedTable& other_table = *test::solved_up_to(3, rules).find(tables_of(m)[1]);
        std::filesystem::remove(dir.path() / table_file_name(table, TableContents::VALUES));
        gen::write_solved(dir.str(), other_table, rules, 1); // KMvK-'s values, copied under KMvK+'s name
        std::filesystem::rename(dir.path() / table_file_name(tables_of(m)[1], TableContents::VALUES),
                                dir.path() / table_file_name(table, TableContents::VALUES));
        CHECK(gen::map_wdl_scratch(dir.str(), table, rules) == nullptr);
    }
    SECTION("no values file") {
        std::filesystem::remove(dir.path() / table_file_name(table, TableContents::VALUES));
        CHECK(gen::map_wdl_scratch(dir.str(), table, rules) == nullptr);
    }
    gen::remove_wdl_scratch(dir.str());
    CHECK(!std::filesystem::exists(dir.path() / gen::SCRATCH_FOLDER));
}

TEST_CASE("Read back: the classes a table's don't-care positions read, held within a read cache, the same values",
          "[generator]") {
    const Ruleset rules;
    const gen::SolvedTables& solved = test::solved_up_to(3, rules);
    test::TempDir dir("damatb-read-bound");
    // KMvK's captures lead into the classes of 2 pieces (or end the game), which it reads mapped
    // from their scratch files, as a run reads the classes done.
    gen::SolvedTables reads;
    solved.for_each([&](const gen::SolvedTable& t) {
        if (t.index.material().pieces() != 2) return;
        gen::write_solved(dir.str(), t, rules, 1);
        gen::save_wdl_scratch(dir.str(), t, rules);
        reads.add(gen::map_wdl_scratch(dir.str(), t.index.material(), rules));
    });
    for (const Material& table : tables_of(*parse_class_name("KMvK"))) {
        INFO(table.table_name());
        const gen::SolvedTable& t = *solved.find(table);
        gen::write_solved(dir.str(), t, rules, 1);
        std::uint64_t releases = 0, records_releases = 0;
        // A bound of one byte: the pages of the classes read are given back whenever a thread
        // has looked at a few thousand positions and brought one back. Each read starts with
        // none of them resident, as a class does (drop_classes_read_last_by).
        auto none_resident = [&] { reads.for_each([](const gen::SolvedTable& r) { gen::release_wdl_pages(r); }); };
        none_resident();
        const auto bounded = gen::read_solved_wdl(dir.str(), table, rules, reads, 2,
                                                  gen::ReadBound{1, [&](std::uint64_t n) { releases += n; }});
        const auto unbounded = gen::read_solved_wdl(dir.str(), table, rules, reads, 2);
        none_resident();
        const auto records = gen::read_solved(dir.str(), table, rules, reads, 2,
                                              gen::ReadBound{1, [&](std::uint64_t n) { records_releases += n; }});
        REQUIRE(bounded != nullptr);
        REQUIRE(unbounded != nullptr);
        REQUIRE(records != nullptr);
        // The lone king's captures lead into a class of 2 pieces; the other side's end the game.
        if (table.mover.kings + table.mover.men == 1) {
            CHECK(releases > 0);
            CHECK(records_releases > 0);
        }
        std::uint64_t differing = 0, dont_care = 0;
        for (std::uint64_t i = 0; i < t.wdl.size(); ++i) {
            differing += bounded->wdl[i] != t.wdl[i] || unbounded->wdl[i] != t.wdl[i] || records->wdl[i] != t.wdl[i];
            dont_care += is_dont_care(t.index.position(i), rules);
        }
        CHECK(differing == 0);
        CHECK(dont_care > 1000); // many values looked up
    }
}
