// The probe library's block cache (probe/src/block_cache.h): what it keeps and reads, the CLOCK's
// evictions, its memory within the budget and reused, reservations, threads.
#include <algorithm>
#include <cstdint>
#include <random>
#include <thread>
#include <vector>

#include <catch2/catch.hpp>

#include "block_cache.h"

using damatb::probe::BlockCache;

namespace {

constexpr std::size_t UNIT = BlockCache::UNIT;

// The byte at offset i of the test block of `key`.
std::uint8_t pattern(std::uint64_t key, std::size_t i) {
    return static_cast<std::uint8_t>((key * 131 + i * 7 + (i >> 8)) & 0xFF);
}

// Reserves, fills and keeps block `key` of `bytes` bytes; false when it would not be kept.
bool put(BlockCache& c, std::uint64_t key, std::size_t bytes) {
    BlockCache::Reservation r = c.reserve(key, bytes);
    if (!r) return false;
    for (std::size_t i = 0; i < bytes; ++i) r.data()[i] = pattern(key, i);
    c.keep(std::move(r));
    return true;
}

enum class Found { NO, WRONG, YES };

// Whether block `key` (`bytes` bytes, at least 3) is kept, and with its bytes as put (a sample
// of them).
Found find(BlockCache& c, std::uint64_t key, std::size_t bytes) {
    std::uint8_t out[3];
    for (std::size_t at : {std::size_t{0}, bytes / 2 - 1, bytes - 3}) {
        if (!c.read(key, at, 3, out)) return Found::NO;
        for (std::size_t k = 0; k < 3; ++k)
            if (out[k] != pattern(key, at + k)) return Found::WRONG;
    }
    return Found::YES;
}

bool holds(BlockCache& c, std::uint64_t key, std::size_t bytes) {
    return find(c, key, bytes) == Found::YES;
}

} // namespace

TEST_CASE("Block cache: reads give the bytes kept", "[probe][cache]") {
    BlockCache c(std::size_t{1} << 20);
    const std::size_t bytes = 3000; // 1000 records of 3 bytes
    CHECK_FALSE(holds(c, 7, bytes));
    REQUIRE(put(c, 7, bytes));
    CHECK(holds(c, 7, bytes));
    std::uint8_t out[3];
    REQUIRE(c.read(7, 15, 3, out));
    for (std::size_t k = 0; k < 3; ++k) CHECK(out[k] == pattern(7, 15 + k));
    CHECK(c.read(7, bytes - 3, 3, out));
    CHECK_FALSE(c.read(7, bytes - 2, 3, out)); // past the block's end
    CHECK_FALSE(c.read(8, 0, 3, out));
    CHECK(c.mapped_bytes() <= std::size_t{1} << 20);
}

TEST_CASE("Block cache: nothing kept with budget 0 or a block larger than the budget",
          "[probe][cache]") {
    BlockCache none(0);
    CHECK_FALSE(none.reserve(1, 100));
    CHECK(none.mapped_bytes() == 0);
    BlockCache small(10 * UNIT);
    CHECK_FALSE(small.reserve(1, 10 * UNIT + 1));
    CHECK(put(small, 1, 10 * UNIT));
    CHECK(holds(small, 1, 10 * UNIT));
    CHECK_FALSE(small.reserve(2, 0));
}

TEST_CASE("Block cache: a block read since the hand passed stays, memory within the budget and reused",
          "[probe][cache]") {
    const std::size_t block = 24 * UNIT; // 96 KiB, the default values block
    const std::size_t budget = 5 * block + 3 * UNIT;
    BlockCache c(budget); // one shard: 5 blocks
    for (std::uint64_t k = 0; k < 5; ++k) REQUIRE(put(c, k, block));
    const std::size_t mapped = c.mapped_bytes();
    CHECK(mapped <= budget);
    CHECK(holds(c, 0, block)); // 0 has a second chance: 1 goes first
    REQUIRE(put(c, 5, block));
    CHECK_FALSE(holds(c, 1, block));
    for (std::uint64_t k : {0, 2, 3, 4, 5}) CHECK(holds(c, k, block));
    for (std::uint64_t k = 6; k < 100; ++k) REQUIRE(put(c, k, block));
    CHECK(c.mapped_bytes() == mapped); // evicted blocks' memory, not new memory
    for (std::uint64_t k = 95; k < 100; ++k) CHECK(holds(c, k, block));
    CHECK_FALSE(holds(c, 94, block));
}

TEST_CASE("Block cache: CLOCK eviction order", "[probe][cache]") {
    const std::size_t block = 24 * UNIT;
    BlockCache c(4 * block); // one shard: 4 blocks, in entries 0 to 3, the hand at 0
    for (std::uint64_t k = 0; k < 4; ++k) REQUIRE(put(c, k, block));
    std::uint8_t out[1];
    REQUIRE(c.read(1, 0, 1, out)); // 1 and 3 get a second chance
    REQUIRE(c.read(3, 0, 1, out));
    REQUIRE(put(c, 4, block)); // the hand: 0 goes (into its entry comes 4)
    REQUIRE(put(c, 5, block)); // 1's mark cleared, 2 goes
    REQUIRE(put(c, 6, block)); // 3's mark cleared, 4 (not read since kept) goes
    REQUIRE(put(c, 7, block)); // 1 goes: its mark was cleared a turn before and not set again
    std::uint8_t dummy[1];
    for (std::uint64_t k : {0, 1, 2, 4}) CHECK_FALSE(c.read(k, 0, 1, dummy));
    for (std::uint64_t k : {3, 5, 6, 7}) CHECK(holds(c, k, block));
    CHECK(c.mapped_bytes() == 4 * block);
}

TEST_CASE("Block cache: blocks read often stay while others come and go, within the budget",
          "[probe][cache]") {
    const std::size_t block = 12 * UNIT; // 48 KiB
    const std::size_t budget = 40 * block;
    BlockCache c(budget); // one shard
    std::uint8_t out[1];
    // 10 hot blocks, read between every two new blocks: none is ever evicted.
    for (std::uint64_t k = 0; k < 10; ++k) REQUIRE(put(c, k, block));
    const std::size_t mapped_before = c.mapped_bytes();
    for (std::uint64_t k = 100; k < 2000; ++k) {
        REQUIRE(put(c, k, block));
        for (std::uint64_t hot = 0; hot < 10; ++hot) REQUIRE(c.read(hot, 0, 1, out));
        REQUIRE(c.mapped_bytes() <= budget);
    }
    for (std::uint64_t k = 0; k < 10; ++k) CHECK(holds(c, k, block));
    for (std::uint64_t k = 1970; k < 2000; ++k) CHECK(holds(c, k, block)); // the last 30 too
    CHECK(c.mapped_bytes() <= budget);
    CHECK(c.mapped_bytes() >= mapped_before);
    // Many blocks in one shard: the table grows, and every block is found or cleanly gone.
    BlockCache big(std::size_t{64} << 20); // 8 shards
    for (std::uint64_t k = 0; k < 3000; ++k) REQUIRE(put(big, k * 977, 3 * 1000));
    int found = 0;
    for (std::uint64_t k = 0; k < 3000; ++k) {
        const Found f = find(big, k * 977, 3 * 1000);
        CHECK(f != Found::WRONG);
        found += f == Found::YES;
    }
    CHECK(found == 3000); // 3000 blocks of one unit: all fit
    CHECK(big.mapped_bytes() <= std::size_t{64} << 20);
}

TEST_CASE("Block cache: blocks of mixed sizes, larger than a chunk among them", "[probe][cache]") {
    const std::size_t budget = std::size_t{4} << 20;
    BlockCache c(budget);
    std::mt19937_64 rng(3);
    const std::size_t sizes[] = {3 * 32768, 4 * 32768, 6 * 32768, 8 * 32768, 3 * 1234, 17,
                                 BlockCache::CHUNK + 5 * UNIT, std::size_t{3} << 20};
    std::vector<std::pair<std::uint64_t, std::size_t>> recent;
    for (std::uint64_t k = 0; k < 400; ++k) {
        const std::size_t bytes = sizes[rng() % std::size(sizes)];
        REQUIRE(put(c, k, bytes));
        CHECK(c.mapped_bytes() <= budget);
        CHECK(holds(c, k, bytes));
        recent.emplace_back(k, bytes);
    }
    // Whatever is still kept holds its own bytes.
    int kept = 0;
    for (auto [k, bytes] : recent) {
        const Found f = find(c, k, bytes);
        CHECK(f != Found::WRONG);
        kept += f == Found::YES;
    }
    CHECK(kept > 0);
}

TEST_CASE("Block cache: a reservation holds its memory until kept or dropped", "[probe][cache]") {
    const std::size_t block = 24 * UNIT;
    BlockCache c(block); // room for one block
    {
        BlockCache::Reservation a = c.reserve(1, block);
        REQUIRE(a);
        CHECK_FALSE(c.reserve(2, block)); // the memory is a's
    } // a dropped: its memory goes back
    BlockCache::Reservation b = c.reserve(2, block);
    REQUIRE(b);
    for (std::size_t i = 0; i < block; ++i) b.data()[i] = pattern(2, i);
    c.keep(std::move(b));
    CHECK(holds(c, 2, block));
    // A second block of the same key: the first stays, the second's memory goes back.
    BlockCache::Reservation again = c.reserve(3, block); // evicts 2
    REQUIRE(again);
    CHECK_FALSE(holds(c, 2, block));
    for (std::size_t i = 0; i < block; ++i) again.data()[i] = pattern(3, i);
    c.keep(std::move(again));
    CHECK(holds(c, 3, block));
    CHECK(c.mapped_bytes() == block);
}

TEST_CASE("Block cache: a key kept twice keeps the first", "[probe][cache]") {
    const std::size_t block = 24 * UNIT;
    BlockCache c(3 * block);
    BlockCache::Reservation a = c.reserve(1, block), b = c.reserve(1, block);
    REQUIRE(a);
    REQUIRE(b);
    for (std::size_t i = 0; i < block; ++i) a.data()[i] = pattern(1, i);
    std::fill(b.data(), b.data() + block, std::uint8_t{0});
    c.keep(std::move(a));
    c.keep(std::move(b)); // too late: its memory goes back
    CHECK(holds(c, 1, block));
    REQUIRE(put(c, 2, block));
    REQUIRE(put(c, 3, block));
    for (std::uint64_t k = 1; k <= 3; ++k) CHECK(holds(c, k, block)); // room for all three
}

TEST_CASE("Block cache: threads sharing a small cache read their own bytes", "[probe][cache]") {
    const std::size_t budget = std::size_t{20} << 20; // 2 shards of 10 MiB
    BlockCache c(budget);
    std::vector<int> bad(4, 0);
    std::vector<std::thread> threads;
    for (int t = 0; t < 4; ++t)
        threads.emplace_back([&, t] {
            std::mt19937_64 rng(static_cast<unsigned>(t));
            for (int i = 0; i < 3000; ++i) {
                const std::uint64_t key = rng() % 600;
                const std::size_t bytes = key % 5 == 0 ? 8 * 32768 : 3 * 32768;
                const Found f = find(c, key, bytes);
                if (f == Found::WRONG || (f == Found::NO && !put(c, key, bytes)))
                    ++bad[static_cast<std::size_t>(t)];
            }
        });
    for (auto& th : threads) th.join();
    CHECK(bad == std::vector<int>(4, 0));
    CHECK(c.mapped_bytes() <= budget);
}
