// The committed manifest (tables/manifest/<ruleset>.txt): the statistics of
// every table up to 4 pieces. Tables generated afresh must give the same lines;
// a change in them fails here (scripts/update_manifests.sh writes them anew).
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include <catch2/catch.hpp>

#include "core/index.h"
#include "gen/generate.h"
#include "support/generated.h"

using namespace damatb;
using namespace damatb::core;

namespace {

const std::filesystem::path MANIFESTS = std::filesystem::path(DAMATB_SOURCE_DIR) / "tables" / "manifest";

// The manifest lines of the tables of at most `pieces` pieces.
std::vector<std::string> manifest_lines(const Ruleset& rules, int pieces) {
    std::ifstream in(MANIFESTS / (rules.name() + ".txt"));
    REQUIRE(in);
    std::vector<std::string> lines;
    for (std::string line; std::getline(in, line);) {
        std::string name = line.substr(0, line.find(' '));
        if (!name.empty() && (name.back() == '+' || name.back() == '-')) name.pop_back();
        auto m = parse_class_name(name);
        REQUIRE(m.ok());
        if (m->pieces() <= pieces) lines.push_back(line);
    }
    return lines;
}

std::vector<std::string> generated_lines(const Ruleset& rules, int pieces) {
    const gen::SolvedTables& tables = test::solved_up_to(pieces, rules);
    std::vector<std::string> lines;
    for (const ClassPlan& c : plan_classes(pieces))
        for (const Material& m : tables_of(c.material))
            lines.push_back(gen::table_stats(*tables.find(m)).line());
    return lines;
}

std::vector<Ruleset> manifest_rulesets() {
    std::vector<Ruleset> out;
    for (const auto& entry : std::filesystem::directory_iterator(MANIFESTS)) {
        auto rules = parse_ruleset(entry.path().stem().string());
        REQUIRE(rules.ok());
        out.push_back(*rules);
    }
    std::sort(out.begin(), out.end(), [](const Ruleset& a, const Ruleset& b) { return a.name() < b.name(); });
    return out;
}

} // namespace

TEST_CASE("Manifest: the default ruleset and each option are there", "[manifest]") {
    std::vector<std::string> names;
    for (const Ruleset& r : manifest_rulesets()) names.push_back(r.name());
    CHECK(names == std::vector<std::string>{"end-of-move.draw.32", "end-of-move.king-wins.0",
                                            "end-of-move.king-wins.32", "end-of-move.king-wins.8",
                                            "end-of-move.play-on.32", "immediate.king-wins.32"});
    // Up to 4 pieces: 23 classes, all but KvK, MvM, KKvKK, KMvKM and MMvMM with two tables.
    for (const Ruleset& r : manifest_rulesets()) CHECK(manifest_lines(r, 4).size() == 23 + 18);
}

TEST_CASE("Manifest: tables of up to 3 pieces, every ruleset", "[manifest]") {
    for (const Ruleset& rules : manifest_rulesets()) {
        INFO(rules.name());
        CHECK(generated_lines(rules, 3) == manifest_lines(rules, 3));
    }
}

TEST_CASE("Manifest: tables of up to 4 pieces, default ruleset", "[manifest][slow]") {
    CHECK(generated_lines(Ruleset{}, 4) == manifest_lines(Ruleset{}, 4));
}

// Every option at 4 pieces: several minutes, hidden; run it by name:
// `damatb_tests "[.manifest4]"`. (scripts/update_manifests.sh writes these files anew, and
// scripts/check_manifest5.sh checks the default ruleset's lines of 5 pieces.)
TEST_CASE("Manifest: tables of up to 4 pieces, every option", "[.manifest4]") {
    for (const Ruleset& rules : manifest_rulesets()) {
        INFO(rules.name());
        CHECK(generated_lines(rules, 4) == manifest_lines(rules, 4));
    }
}

// The default ruleset's manifest holds every table of 6 pieces, in the order of the plan, and
// KKKKKKvK's of 7 (tests/test_manifest6.sh and scripts/check_manifest6.sh solve them again): a
// line for each, its positions the table's, its counts summing to them.
TEST_CASE("Manifest: every table of 6 pieces and KKKKKKvK's, default ruleset", "[manifest]") {
    std::vector<std::string> expected;
    std::map<std::string, std::uint64_t> size;
    std::vector<Material> classes;
    for (const ClassPlan& c : plan_classes(6))
        if (c.material.pieces() == 6) classes.push_back(c.material);
    classes.push_back(*parse_class_name("KKKKKKvK"));
    for (const Material& cls : classes)
        for (const Material& m : tables_of(cls)) {
            expected.push_back(m.table_name());
            size[m.table_name()] = TableIndex(m).size();
        }
    CHECK(classes.size() == 37 + 1);
    CHECK(expected.size() == 37 * 2 - 4 + 2); // KKKvKKK, KKMvKKM, KMMvKMM and MMMvMMM have one table each
    std::vector<std::string> names;
    for (const std::string& line : manifest_lines(Ruleset{}, 7)) {
        std::istringstream in(line);
        std::string name, word;
        std::uint64_t positions = 0, sum = 0;
        in >> name >> word >> positions;
        if (!size.count(name)) continue; // up to 5 pieces
        names.push_back(name);
        INFO(line);
        CHECK(positions == size[name]);
        for (const char* count : {"win", "cursed-win", "draw", "blessed-loss", "loss"}) {
            std::uint64_t n = 0;
            in >> word >> n;
            CHECK(word == count);
            sum += n;
        }
        CHECK(sum == positions);
    }
    CHECK(names == expected);
}
