// The sampled deep check (`verify --deep --sample N`, verify/sample.h): the indices drawn, and the
// positions checked, the same for the same seed whatever the threads.
#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "core/index.h"
#include "damatb/probe_bridge.h"
#include "support/damaged_table.h"
#include "support/table_files.h"
#include "support/temp_dir.h"
#include "verify/deep_check.h"
#include "verify/sample.h"

using namespace damatb;
namespace fs = std::filesystem;

namespace {

const core::Ruleset RULES;
const core::Material KMVK_MINUS{{1, 0}, {1, 1}}; // KMvK-: the lone king to move

// True when v is increasing (so without repetition) and below size.
bool increasing_below(const std::vector<std::uint64_t>& v, std::uint64_t size) {
    return std::adjacent_find(v.begin(), v.end(), std::greater_equal<>()) == v.end() &&
           (v.empty() || v.back() < size);
}

} // namespace

TEST_CASE("Deep sample: the indices drawn", "[deep_sample]") {
    // Few of many (draws until enough distinct ones), most of them (selection), every one.
    for (std::uint64_t count : {1, 10, 400, 999, 1000, 1001, 5000}) {
        INFO(count);
        const auto v = verify::sample_indices(1000, count, 7);
        CHECK(v.size() == std::min<std::uint64_t>(count, 1000));
        CHECK(increasing_below(v, 1000));
        CHECK(v == verify::sample_indices(1000, count, 7));
        if (count < 1000) CHECK(v != verify::sample_indices(1000, count, 8));
    }
    // A large table: nothing of size is allocated.
    const std::uint64_t big = std::uint64_t{5} << 40;
    const auto v = verify::sample_indices(big, 100000, 1);
    CHECK(v.size() == 100000);
    CHECK(increasing_below(v, big));
    CHECK(v.front() < big / 1000); // spread over the whole range
    CHECK(v.back() > big - big / 1000);
    // Each table of a run draws its own.
    CHECK(verify::table_seed(1, "KMvK+") != verify::table_seed(1, "KMvK-"));
    CHECK(verify::table_seed(1, "KMvK+") != verify::table_seed(2, "KMvK+"));
    CHECK(verify::table_seed(1, "KMvK+") == verify::table_seed(1, "KMvK+"));
}

TEST_CASE("Deep sample: each index about as often as any other", "[deep_sample]") {
    // 3 of 10 and 8 of 10, 20000 draws each: every index 6000 or 16000 times, give or take
    // 5 standard deviations (some 320 and 280).
    for (std::uint64_t count : {3, 8}) {
        std::vector<int> seen(10, 0);
        for (std::uint64_t seed = 0; seed < 20000; ++seed)
            for (std::uint64_t i : verify::sample_indices(10, count, verify::table_seed(seed, "x")))
                ++seen[i];
        for (int n : seen) {
            CHECK(n > int(2000 * count) - 330);
            CHECK(n < int(2000 * count) + 330);
        }
    }
}

TEST_CASE("Deep sample: the same positions for the same seed, on 1 thread or 2", "[deep_sample]") {
    test::TempDir dir{"damatb-sample"};
    for (const auto& entry : fs::directory_iterator(test::generated_table_files(3, RULES)))
        if (entry.is_regular_file())
            fs::copy_file(entry.path(), dir.file(entry.path().filename().string()));
    REQUIRE(test::damage_values(dir.str(), KMVK_MINUS, 7, RULES) > 5000);
    probe::Status status = probe::Status::OK;
    const auto tb = probe::Tablebase::open({dir.str()}, bridge::to_probe(RULES), 8 << 20, &status);
    REQUIRE(tb);
    const verify::HeldValues values(KMVK_MINUS, *tb, RULES, dir.str(), std::uint64_t{1} << 30, 2);
    const core::TableIndex index(KMVK_MINUS);

    for (std::uint64_t seed : {1, 2, 12345}) {
        INFO(seed);
        // What the sample must find: its indices checked one by one.
        const std::uint64_t n = 20000;
        std::uint64_t wrong = 0;
        for (std::uint64_t i : verify::sample_indices(index.size(), n, verify::table_seed(seed, "KMvK-")))
            wrong += verify::check_position(index, i, values, RULES).has_value();
        REQUIRE(wrong > 100);
        std::vector<std::string> examples;
        for (int threads : {1, 2}) {
            verify::DeepCheckOptions options;
            options.threads = threads;
            options.sample = n;
            options.seed = seed;
            const verify::DeepCheck d = verify::deep_check(KMVK_MINUS, values, RULES, options);
            CHECK(d.sampled);
            CHECK(d.positions == n);
            CHECK(d.size == index.size());
            CHECK(d.wrong == wrong);
            CHECK(d.examples.size() == 3);
            if (threads == 1)
                examples = d.examples;
            else
                CHECK(d.examples == examples); // those of the smallest indices
        }
    }
}
