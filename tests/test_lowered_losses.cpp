// The lowered losses of a round (gen/lowered_losses.h): added by several threads, spilled to
// sorted blocks when a thread's buffer fills, read back merged in increasing order, and the
// blocks moved to a scratch file given back from it once read.
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <vector>

#include <catch2/catch.hpp>

#include "gen/lowered_losses.h"
#include "gen/scratch_pages.h"
#include "support/temp_dir.h"

using namespace damatb;

namespace {

// Adds `count` entries from each of `threads` threads, in turn, drawn from a small range so
// that some are equal; returns them all.
std::vector<std::uint64_t> add_some(gen::LoweredLosses& lowered, std::size_t threads, std::size_t count,
                                    std::uint32_t seed) {
    std::mt19937_64 random(seed);
    std::vector<std::uint64_t> added;
    for (std::size_t k = 0; k < count; ++k)
        for (std::size_t t = 0; t < threads; ++t) {
            const std::uint64_t e = random() % (4 * count);
            lowered.add(t, e);
            added.push_back(e);
        }
    return added;
}

std::vector<std::uint64_t> drained(gen::LoweredLosses& lowered) {
    std::vector<std::uint64_t> out;
    lowered.drain([&out](std::uint64_t e) { out.push_back(e); });
    return out;
}

} // namespace

TEST_CASE("Lowered losses: read back in order, whatever the buffers and blocks", "[progress]") {
    for (std::size_t buffer : {std::size_t{1}, std::size_t{3}, std::size_t{64}, std::size_t{100000}}) {
        INFO("buffer " << buffer);
        gen::LoweredLosses lowered(3, nullptr, buffer);
        CHECK(lowered.size() == 0);
        CHECK(drained(lowered).empty());
        std::vector<std::uint64_t> added = add_some(lowered, 3, 500, 7);
        CHECK(lowered.size() == added.size());
        std::sort(added.begin(), added.end());
        CHECK(drained(lowered) == added);
        CHECK(lowered.size() == 0);
        // Emptied, and ready for the next round's.
        std::vector<std::uint64_t> next = add_some(lowered, 2, 77, 8);
        std::sort(next.begin(), next.end());
        CHECK(drained(lowered) == next);
    }
}

TEST_CASE("Lowered losses: the blocks in the scratch file, given back once read", "[progress]") {
    test::TempDir dir{"damatb-lowered-losses"};
    gen::ScratchPages scratch{dir.str()};
    const std::size_t page = std::size_t(::sysconf(_SC_PAGESIZE)) / sizeof(std::uint64_t);
    // Blocks of 3 pages and a half: 3 whole pages of each go to the file.
    gen::LoweredLosses lowered(2, &scratch, 7 * page / 2);
    std::vector<std::uint64_t> added = add_some(lowered, 2, 20 * page, 9);
    const std::uint64_t blocks = 2 * (20 * page / (7 * page / 2)); // each thread's
    CHECK(scratch.bytes() == blocks * 3 * page * sizeof(std::uint64_t));
    std::sort(added.begin(), added.end());
    CHECK(drained(lowered) == added);
    CHECK(scratch.bytes() == 0);
}
