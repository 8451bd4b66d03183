// The one-ply deep check (verify/deep_check.h), on the tables up to 3 pieces and on a copy with
// one value changed behind a valid checksum: read through the probe library alone, and with the
// class's values read whole from the folder.
#include <filesystem>
#include <string>

#include <catch2/catch.hpp>

#include "core/fen.h"
#include "core/index.h"
#include "core/record.h"
#include "core/table_file.h"
#include "core/table_records.h"
#include "damatb/probe_bridge.h"
#include "support/table_files.h"
#include "support/temp_dir.h"
#include "verify/deep_check.h"

using namespace damatb;
namespace fs = std::filesystem;
using Catch::Matchers::StartsWith;

namespace {

const core::Ruleset RULES;
const core::Material KMVK{{1, 1}, {1, 0}}; // KMvK+: the side with the man to move

std::unique_ptr<probe::Tablebase> open(const std::string& dir) {
    probe::Status status = probe::Status::OK;
    auto tb = probe::Tablebase::open({dir}, bridge::to_probe(RULES), 8 << 20, &status);
    REQUIRE(tb);
    return tb;
}

verify::DeepCheck check(const std::string& dir, bool in_memory) {
    return verify::deep_check(KMVK, *open(dir), RULES, 2, nullptr, in_memory ? dir : "");
}

} // namespace

TEST_CASE("Deep check: the generated tables pass, read either way", "[deep_check]") {
    const std::string& tables = test::generated_table_files(3, RULES);
    for (bool in_memory : {false, true}) {
        const verify::DeepCheck d = check(tables, in_memory);
        CHECK(d.ok());
        CHECK(d.in_memory == in_memory);
        CHECK(d.positions == core::TableIndex(KMVK).size());
    }
}

TEST_CASE("Deep check: one value changed is found, read either way", "[deep_check]") {
    const std::string& tables = test::generated_table_files(3, RULES);
    test::TempDir dir{"damatb-deep"};
    for (const auto& entry : fs::directory_iterator(tables))
        fs::copy_file(entry.path(), dir.file(entry.path().filename().string()));

    // W:Wc2,Kf2:BKh8 is won with DTZ 7 (docs/values.md); stored as won with DTZ 5 instead, it
    // contradicts its best move f2-f7 (DTZ 6 after it).
    const std::string path = dir.file(core::table_file_name(KMVK, core::TableContents::VALUES));
    core::OpenedTable t = core::open_table(path);
    REQUIRE(t.status.ok());
    const core::TableHeader header = t.file.header();
    std::vector<std::uint8_t> records;
    REQUIRE(core::read_all_records(t.file, records).ok());
    t = {};
    const core::Position pos = *core::parse_fen("W:Wc2,Kf2:BKh8");
    const std::uint64_t i = core::TableIndex(KMVK).index(pos);
    core::TableValue v;
    REQUIRE(core::decode_value(&records[i * core::VALUE_RECORD_SIZE], &v));
    REQUIRE(v.wdl == core::Wdl5::WIN);
    REQUIRE(v.dtz == 7);
    core::encode_value({core::Wdl5::WIN, 5}, &records[i * core::VALUE_RECORD_SIZE]);
    REQUIRE(core::write_table(path, header, records.data()).ok());

    for (bool in_memory : {false, true}) {
        INFO(in_memory);
        const verify::DeepCheck d = check(dir.str(), in_memory);
        CHECK(d.error.empty());
        CHECK(d.in_memory == in_memory);
        CHECK(d.wrong == 1); // the moves of KMvK+ lead into KMvK-: no other value depends on it
        REQUIRE(d.examples.size() == 1);
        CHECK_THAT(d.examples.front(), StartsWith(core::to_fen(core::TableIndex(KMVK).position(i))));
    }
}
