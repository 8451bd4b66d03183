// The generator's helpers for passes over whole tables: the parallel sort gives std::sort's
// order whatever the thread count, and large vectors on huge pages start on a 2 MiB boundary.
#include <algorithm>
#include <cstdint>
#include <random>
#include <vector>

#include <catch2/catch.hpp>

#include "gen/chunks.h"
#include "gen/huge_pages.h"

using namespace damatb::gen;

TEST_CASE("sort_in_parallel sorts as std::sort for any thread count", "[chunks]") {
    std::mt19937_64 random(20261130);
    for (std::size_t size : {0, 1, 2, 7, 100003}) {
        std::vector<std::uint64_t> values(size);
        // Few distinct values, so that equal elements meet across the shares' borders.
        for (auto& v : values) v = random() % 1000;
        std::vector<std::uint64_t> expected = values;
        std::sort(expected.begin(), expected.end());
        for (int threads : {1, 2, 3, 4, 5, 8}) {
            std::vector<std::uint64_t> sorted = values;
            sort_in_parallel(sorted, threads);
            INFO("size " << size << ", threads " << threads);
            CHECK(sorted == expected);
        }
    }
}

TEST_CASE("HugeVector: a large one on a 2 MiB boundary, a small one anywhere, both usable",
          "[chunks]") {
    HugeVector<std::uint32_t> large(HUGE_PAGE); // 8 MiB
    CHECK(reinterpret_cast<std::uintptr_t>(large.data()) % HUGE_PAGE == 0);
    for (std::size_t i = 0; i < large.size(); ++i) large[i] = static_cast<std::uint32_t>(i * 7);
    CHECK(large[HUGE_PAGE - 1] == static_cast<std::uint32_t>((HUGE_PAGE - 1) * 7));
    HugeVector<std::uint8_t> small(100, 9);
    CHECK(std::count(small.begin(), small.end(), 9) == 100);
    large.resize(3 * HUGE_PAGE); // reallocated, contents kept
    CHECK(large[12345] == 12345u * 7);
}
