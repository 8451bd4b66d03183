// The generator's helpers for passes over whole tables: the parallel sort gives std::sort's
// order whatever the thread count, and large vectors on huge pages start on a 2 MiB boundary.
#include <algorithm>
#include <cstdint>
#include <random>
#include <vector>

#include <catch2/catch.hpp>

#include "gen/chunks.h"
#include "core/huge_pages.h"

using namespace damatb::gen;
using damatb::core::HUGE_PAGE;
using damatb::core::HugeVector;

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

TEST_CASE("map_pages: whole huge pages on a 2 MiB boundary, other sizes anywhere, zeroed",
          "[chunks]") {
    using damatb::core::map_pages;
    using damatb::core::unmap_pages;
    CHECK(damatb::core::huge_pages_for(1) == HUGE_PAGE);
    CHECK(damatb::core::huge_pages_for(HUGE_PAGE) == HUGE_PAGE);
    CHECK(damatb::core::huge_pages_for(HUGE_PAGE + 1) == 2 * HUGE_PAGE);
    for (const std::size_t bytes : {HUGE_PAGE, 3 * HUGE_PAGE, std::size_t{4096}, std::size_t{12288}}) {
        auto* p = static_cast<std::uint8_t*>(map_pages(bytes));
        REQUIRE(p != nullptr);
        if (bytes % HUGE_PAGE == 0) CHECK(reinterpret_cast<std::uintptr_t>(p) % HUGE_PAGE == 0);
        CHECK(p[0] == 0);
        CHECK(p[bytes - 1] == 0);
        p[bytes - 1] = 7;
        unmap_pages(p, bytes);
    }
}

TEST_CASE("HugeVector: sizes that are not whole huge pages, made and dropped many times",
          "[chunks]") {
    // Each is mapped on its own and unmapped when dropped: a length too long would unmap part
    // of a neighbour still in use, which the reads below would fault on.
    std::vector<HugeVector<std::uint8_t>> kept;
    for (std::size_t k = 0; k < 24; ++k) {
        const std::size_t n = HUGE_PAGE + k * (HUGE_PAGE / 3) + 1;
        HugeVector<std::uint8_t> v(n, static_cast<std::uint8_t>(k));
        CHECK(reinterpret_cast<std::uintptr_t>(v.data()) % HUGE_PAGE == 0);
        v[n - 1] = 200;
        CHECK(std::count(v.begin(), v.end(), static_cast<std::uint8_t>(k)) == std::ptrdiff_t(n - 1));
        if (k % 3 == 0) kept.push_back(std::move(v)); // some stay while others come and go
    }
    for (std::size_t k = 0; k < kept.size(); ++k) {
        CHECK(kept[k].back() == 200);
        CHECK(kept[k].front() == static_cast<std::uint8_t>(3 * k));
    }
}
