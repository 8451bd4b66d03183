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
