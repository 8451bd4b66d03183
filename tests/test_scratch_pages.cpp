// The pages of the slices kept (gen/scratch_pages.h): moved to a scratch file and mapped back in
// place, they read the same, whatever the process gives back, and the watch of the read cache
// (gen/read_cache.h, KeptPagesWatch) gives them back when they grow past its bound.
#include <unistd.h>

#include <chrono>
#include <cstdint>
#include <thread>

#include <catch2/catch.hpp>

#include "gen/mapped_array.h"
#include "gen/read_cache.h"
#include "gen/scratch_pages.h"
#include "support/temp_dir.h"

using namespace damatb;

namespace {

const std::uint64_t PAGE = static_cast<std::uint64_t>(::sysconf(_SC_PAGESIZE));

std::uint8_t pattern(std::uint64_t i) { return static_cast<std::uint8_t>(i * 7 + i / 4093); }

// The bytes of a that differ from the pattern.
std::uint64_t wrong(const gen::MappedArray<std::uint8_t>& a, std::uint64_t begin, std::uint64_t end) {
    std::uint64_t n = 0;
    for (std::uint64_t i = begin; i < end; ++i) n += a[i] != pattern(i);
    return n;
}

// Reads a byte of each page of [begin, end): their pages resident again.
std::uint64_t touch(const gen::MappedArray<std::uint8_t>& a, std::uint64_t begin, std::uint64_t end) {
    std::uint64_t sum = 0;
    for (std::uint64_t i = begin; i < end; i += PAGE) sum += *static_cast<volatile std::uint8_t*>(&a[i]);
    return sum;
}

// An array of `pages` pages holding the pattern, and an empty scratch file.
struct Filled {
    explicit Filled(std::uint64_t count) : a(count * PAGE, false) {
        for (std::uint64_t i = 0; i < a.size(); ++i) a[i] = pattern(i);
    }
    test::TempDir dir{"damatb-scratch-pages"};
    gen::MappedArray<std::uint8_t> a;
    gen::ScratchPages pages{dir.str()};
};

} // namespace

TEST_CASE("Scratch pages: moved to the file, the same bytes, given back and forgotten", "[slices]") {
    Filled filled(64);
    const auto& a = filled.a;
    gen::ScratchPages& pages = filled.pages;
    const std::uint64_t size = a.size();
    CHECK(pages.bytes() == 0);

    // From within page 2 to within page 40: the whole pages 3 to 39 move, the ends stay.
    pages.move_in(&a[2 * PAGE + 100], 38 * PAGE);
    CHECK(pages.bytes() == 37 * PAGE);
    CHECK(wrong(a, 0, size) == 0);

    touch(a, 0, size);
    const std::uint64_t before = gen::resident_file_bytes();
    pages.give_back();
    const std::uint64_t after = gen::resident_file_bytes();
    CHECK(before >= after + 37 * PAGE / 2); // the process held them, and holds them no more
    CHECK(wrong(a, 0, size) == 0);          // read again from the file

    // Pages 10 to 19 forgotten: zeros, written again as anonymous memory; the rest as it was.
    pages.forget(&a[10 * PAGE], 10 * PAGE);
    CHECK(pages.bytes() == 27 * PAGE);
    for (std::uint64_t i = 10 * PAGE; i < 20 * PAGE; ++i) REQUIRE(a[i] == 0);
    for (std::uint64_t i = 10 * PAGE; i < 20 * PAGE; ++i) a[i] = pattern(i);
    CHECK(wrong(a, 0, size) == 0);
    pages.give_back();
    CHECK(wrong(a, 0, size) == 0);

    // A second run lies after the first in the file.
    pages.move_in(&a[48 * PAGE], 8 * PAGE);
    CHECK(pages.bytes() == 35 * PAGE);
    pages.give_back();
    CHECK(wrong(a, 0, size) == 0);
}

TEST_CASE("Scratch pages: the watch of the read cache gives them back past its bound", "[slices]") {
    // Enough pages that the kernel's counts of the process's pages, which a thread hands on
    // after some tens of faults, see them.
    Filled filled(8192);
    const auto& a = filled.a;
    gen::ScratchPages& pages = filled.pages;
    const std::uint64_t size = a.size();
    pages.move_in(&a[0], size);
    pages.give_back();
    {
        gen::KeptPagesWatch watch(pages, PAGE); // a page
        // Read them whole again and again until the watch has given them back a few times.
        const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(20);
        while (watch.releases() < 3 && std::chrono::steady_clock::now() < until) {
            touch(a, 0, size);
            std::this_thread::sleep_for(std::chrono::milliseconds(2));
        }
        CHECK(watch.releases() >= 3);
        CHECK(wrong(a, 0, size) == 0);
    }
    {
        gen::KeptPagesWatch watch(pages, 4 * size); // all of them, and more
        touch(a, 0, size);
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
        CHECK(watch.releases() == 0);
    }
}
