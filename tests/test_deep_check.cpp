// The one-ply deep check (verify/deep_check.h), on the tables up to 3 pieces and on copies with
// values changed behind a valid checksum: the values read through the probe library alone, and
// held in memory (verify/held_values.h), which must give the same values and the same counts.
#include <algorithm>
#include <filesystem>
#include <string>

#include <catch2/catch.hpp>

#include "core/fen.h"
#include "core/index.h"
#include "core/movegen.h"
#include "core/record.h"
#include "core/table_file.h"
#include "core/table_records.h"
#include "damatb/probe_bridge.h"
#include "support/damaged_table.h"
#include "support/table_files.h"
#include "support/temp_dir.h"
#include "verify/deep_check.h"
#include "verify/sample.h"

using namespace damatb;
namespace fs = std::filesystem;
using Catch::Matchers::StartsWith;

namespace {

const core::Ruleset RULES;
const core::Material KMVK{{1, 1}, {1, 0}}; // KMvK+: the side with the man to move
constexpr std::uint64_t GIB = std::uint64_t{1} << 30;

std::unique_ptr<probe::Tablebase> open(const std::string& dir) {
    probe::Status status = probe::Status::OK;
    auto tb = probe::Tablebase::open({dir}, bridge::to_probe(RULES), 8 << 20, &status);
    REQUIRE(tb);
    return tb;
}

verify::DeepCheck run(const core::Material& m, const verify::HeldValues& values, int threads = 2,
                      std::uint64_t sample = 0, std::uint64_t seed = 1) {
    verify::DeepCheckOptions options;
    options.threads = threads;
    options.sample = sample;
    options.seed = seed;
    return verify::deep_check(m, values, RULES, options);
}

// The deep check of KMvK+, its values held in memory or all read through the probe library.
verify::DeepCheck check(const std::string& dir, bool in_memory, bool* held = nullptr) {
    const auto tb = open(dir);
    const verify::HeldValues values(KMVK, *tb, RULES, in_memory ? dir : "", GIB, 2);
    if (held) *held = values.holds_class(KMVK);
    return run(KMVK, values);
}

// A copy of the tables of folder `from` in `to`.
void copy_tables(const std::string& from, const test::TempDir& to) {
    for (const auto& entry : fs::directory_iterator(from))
        if (entry.is_regular_file())
            fs::copy_file(entry.path(), to.file(entry.path().filename().string()));
}

} // namespace

TEST_CASE("Deep check: the generated tables pass, read either way", "[deep_check]") {
    const std::string& tables = test::generated_table_files(3, RULES);
    const core::TableIndex index(KMVK);
    std::uint64_t dont_care = 0;
    for (std::uint64_t i = 0; i < index.size(); ++i) dont_care += core::is_dont_care(index.position(i), RULES);
    CHECK(dont_care > 1000);
    for (bool in_memory : {false, true}) {
        bool held = false;
        const verify::DeepCheck d = check(tables, in_memory, &held);
        CHECK(d.ok());
        CHECK(held == in_memory);
        CHECK(d.positions == index.size());
        CHECK(d.dont_care == dont_care); // passed over: no value stored
        CHECK(d.size == d.positions);
        CHECK(!d.sampled);
    }
}

TEST_CASE("Deep check: a don't-care position's placeholder is read by no one, changed or not",
          "[deep_check]") {
    const std::string& tables = test::generated_table_files(3, RULES);
    test::TempDir dir{"damatb-deep-dont-care"};
    copy_tables(tables, dir);
    // The first don't-care position of KMvK+ with its own index, and the probe's answer there.
    const core::TableIndex index(KMVK);
    std::uint64_t i = 0;
    while (!core::is_dont_care(index.position(i), RULES) || index.canonical(i) != i) ++i;
    const std::string fen = core::to_fen(index.position(i));
    auto probed = [&](const std::string& folder) {
        const auto tb = open(folder);
        probe::Value v;
        REQUIRE(tb->probe(bridge::to_probe(index.position(i)), 0, &v) == probe::Status::OK);
        return std::pair(v.wdl, v.dtz);
    };
    const auto answer = probed(tables);
    // Its record made a value that no search gives there: a draw where the captures decide, a win
    // at DTZ 9 where they draw (a capture is a zeroing move: DTZ 1).
    REQUIRE(test::change_record(dir.str(), KMVK, fen, [&](std::uint8_t* record) {
        core::TableValue v;
        REQUIRE(core::decode_value(record, &v));
        core::encode_value(v.wdl == core::Wdl5::DRAW ? core::TableValue{core::Wdl5::WIN, 9}
                                                     : core::TableValue{core::Wdl5::DRAW, 0},
                           record);
    }));
    CHECK(probed(dir.str()) == answer);
    for (bool in_memory : {false, true}) {
        INFO(in_memory);
        const verify::DeepCheck d = check(dir.str(), in_memory);
        CHECK(d.ok());
        CHECK(d.positions == index.size());
    }
}

TEST_CASE("Deep check: one value changed is found, read either way, and by a sample that has it",
          "[deep_check]") {
    const std::string& tables = test::generated_table_files(3, RULES);
    test::TempDir dir{"damatb-deep"};
    copy_tables(tables, dir);

    // W:Wc2,Kf2:BKh8 is won with DTZ 7 (docs/values.md); stored as won with DTZ 5 instead, it
    // contradicts its best move f2-f7 (DTZ 6 after it).
    core::TableValue v;
    REQUIRE(test::change_record(dir.str(), KMVK, "W:Wc2,Kf2:BKh8", [&](std::uint8_t* record) {
        REQUIRE(core::decode_value(record, &v));
        core::encode_value({core::Wdl5::WIN, 5}, record);
    }));
    CHECK(v.wdl == core::Wdl5::WIN);
    CHECK(v.dtz == 7);
    const core::TableIndex index(KMVK);
    const std::uint64_t i = index.index(*core::parse_fen("W:Wc2,Kf2:BKh8"));

    for (bool in_memory : {false, true}) {
        INFO(in_memory);
        bool held = false;
        const verify::DeepCheck d = check(dir.str(), in_memory, &held);
        CHECK(d.error.empty());
        CHECK(held == in_memory);
        CHECK(d.wrong == 1); // the moves of KMvK+ lead into KMvK-: no other value depends on it
        REQUIRE(d.examples.size() == 1);
        CHECK_THAT(d.examples.front(), StartsWith(core::to_fen(index.position(i))));
    }

    // Sampled: a sample of at least the table's size checks every index; a smaller one finds
    // the value exactly when it draws its index.
    const auto tb = open(dir.str());
    const verify::HeldValues values(KMVK, *tb, RULES, dir.str(), GIB, 2);
    for (std::uint64_t n : {index.size(), index.size() + 1}) {
        const verify::DeepCheck d = run(KMVK, values, 2, n);
        CHECK(d.sampled);
        CHECK(d.positions == index.size());
        CHECK(d.wrong == 1);
    }
    const std::uint64_t half = index.size() / 2;
    int with = 0, without = 0;
    for (std::uint64_t seed = 1; seed <= 6; ++seed) {
        const auto drawn = verify::sample_indices(index.size(), half, verify::table_seed(seed, "KMvK+"));
        const bool has = std::binary_search(drawn.begin(), drawn.end(), i);
        (has ? with : without)++;
        const verify::DeepCheck d = run(KMVK, values, 2, half, seed);
        CHECK(d.positions == half);
        CHECK(d.wrong == (has ? 1 : 0));
    }
    CHECK(with > 0); // both cases seen
    CHECK(without > 0);
}

TEST_CASE("Deep check: the values held are the probe library's, every position up to 3 pieces and "
          "the positions after its moves",
          "[deep_check]") {
    const std::string& tables = test::generated_table_files(3, RULES);
    const auto tb = open(tables);
    std::uint64_t compared = 0, dont_care = 0, decided = 0, successors = 0;
    for (const core::ClassPlan& c : core::plan_classes(3)) {
        const verify::HeldValues held(c.material, *tb, RULES, tables, GIB, 2);
        const verify::HeldValues library(c.material, *tb, RULES, "", GIB, 2);
        REQUIRE(held.holds_class(c.material));
        REQUIRE(library.tables() == 0);
        for (const core::Material& m : core::tables_of(c.material)) {
            INFO(m.table_name());
            const core::TableIndex index(m);
            std::uint64_t differ = 0;
            for (std::uint64_t i = 0; i < index.size(); ++i) {
                const core::Position white = index.position(i);
                for (const core::Position& p : {white, white.flipped()}) {
                    const core::TableValue a = held.value(p), b = library.value(p);
                    differ += a.wdl != b.wdl || a.dtz != b.dtz;
                    decided += a.wdl == core::Wdl5::WIN || a.wdl == core::Wdl5::LOSS;
                }
                dont_care += core::is_dont_care(white, RULES);
                compared += 2;
                // The positions after its moves, read together (as the deep check reads them).
                core::MoveList moves;
                core::generate_moves(white, RULES.promotion, moves);
                std::vector<core::Position> after;
                for (const core::Move& mv : moves)
                    if (const core::Position q = white.after(mv); q.pieces(q.side_to_move())) after.push_back(q);
                std::vector<core::TableValue> got(after.size());
                held.values(after.data(), after.size(), got.data());
                for (std::size_t k = 0; k < after.size(); ++k) {
                    const core::TableValue b = library.value(after[k]);
                    differ += got[k].wdl != b.wdl || got[k].dtz != b.dtz;
                }
                successors += after.size();
            }
            CHECK(differ == 0);
        }
    }
    CHECK(compared == 2 * 588810); // every position up to 3 pieces, each side shown as White
    CHECK(dont_care > 10000);
    CHECK(decided > compared / 2);
    CHECK(successors > 4 * compared); // some 9 a position
}

TEST_CASE("Deep check: the classes held are those one move and then captures lead into",
          "[deep_check]") {
    const std::string& tables = test::generated_table_files(3, RULES);
    const auto tb = open(tables);
    auto cls = [](const char* name) { return core::class_key(*core::parse_class_name(name)); };
    // MMvK's moves lead into KMvK (a crowning) and MvK (a capture); KMvK's captures into KvK and
    // MvK. KMvK's crowning into KKvK is never made in a one-ply check: a don't-care position
    // is answered by its captures.
    const verify::HeldValues held(cls("MMvK"), *tb, RULES, tables, GIB, 2);
    for (const char* name : {"MMvK", "KMvK", "MvK", "KvK"}) {
        INFO(name);
        CHECK(held.holds_class(cls(name)));
    }
    CHECK(!held.holds_class(cls("KKvK")));
    CHECK(!held.holds_class(cls("KKvM")));
    CHECK(held.tables() == 7); // MMvK, KMvK and MvK two tables each, KvK one
}

TEST_CASE("Deep check: values held or read through the library, the same counts on damaged tables",
          "[deep_check]") {
    const std::string& tables = test::generated_table_files(3, RULES);
    test::TempDir dir{"damatb-deep"};
    copy_tables(tables, dir);
    const core::Material kmvk_minus = KMVK.swapped(), kvm{{1, 0}, {0, 1}};
    REQUIRE(test::damage_values(dir.str(), KMVK, 101, RULES) > 500);
    REQUIRE(test::damage_values(dir.str(), kmvk_minus, 37, RULES) > 1500);
    REQUIRE(test::damage_values(dir.str(), kvm, 13, RULES) > 100);

    const auto tb = open(dir.str());
    std::uint64_t wrong = 0;
    for (const core::ClassPlan& c : core::plan_classes(3)) {
        const verify::HeldValues held(c.material, *tb, RULES, dir.str(), GIB, 2);
        const verify::HeldValues library(c.material, *tb, RULES, "", GIB, 2);
        for (const core::Material& m : core::tables_of(c.material)) {
            INFO(m.table_name());
            const verify::DeepCheck a = run(m, held), b = run(m, library);
            CHECK(a.error.empty());
            CHECK(b.error.empty());
            CHECK(a.positions == core::TableIndex(m).size());
            CHECK(a.positions == b.positions);
            CHECK(a.wrong == b.wrong);
            CHECK(a.examples == b.examples);
            wrong += a.wrong;
        }
    }
    // Every value changed contradicts its own moves, and some of those of the positions before it.
    CHECK(wrong > 500 + 1500 + 100);
}

TEST_CASE("Deep check: a record that holds no value stops the check, read either way",
          "[deep_check]") {
    const std::string& tables = test::generated_table_files(3, RULES);
    test::TempDir dir{"damatb-deep"};
    copy_tables(tables, dir);
    // The record of W:Wc2,Kf2:BKh8 (not don't care) with byte 0 0x81: no WDL5, whatever a reader
    // that marks records with the high bit makes of it.
    REQUIRE(test::change_record(dir.str(), KMVK, "W:Wc2,Kf2:BKh8",
                                [](std::uint8_t* record) { record[0] = 0x81; }));
    const std::string path = dir.file(core::table_file_name(KMVK, core::TableContents::VALUES));
    for (bool in_memory : {false, true}) {
        INFO(in_memory);
        const verify::DeepCheck d = check(dir.str(), in_memory);
        CHECK(d.error == path + ": the record of W:Wc2,Kf2:BKh8 holds no value the generator writes");
    }
}
