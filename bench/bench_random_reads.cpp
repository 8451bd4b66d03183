// What the machine's memory gives the generator's looks (scripts/bench_random_reads.sh): on one
// thread, bytes read at random from an array the size of a 6-piece table's plane (on huge
// pages, as the solver's are), with K of them asked for (__builtin_prefetch) before the first
// of them is read, for K = 1, 2, 4, ..., 64; a chain in which each read gives the place of the
// next (the latency alone); reads with work between them that depends on each, as the solver
// computes between its looks, each asked for 8 reads ahead, against the work alone; and a chain
// over 2 MiB of lines that the caches hold, packed together, then one to a page of 4 KiB over
// 128 MiB (what the translation of pages costs). The nanoseconds a read, and so the reads a
// second a thread that the memory alone allows a look at a successor, a predecessor's record or
// a mark, and what a read asked for in good time still costs beyond the work
// (docs/performance.md, "What a read at random costs this machine").
//
//   damatb_bench_random_reads [--mib N] [--reads N]
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <vector>

#include "core/huge_pages.h"

using namespace damatb::core;

namespace {

double seconds_since(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

bool count_option(const char* name, const char* text, std::uint64_t& out) {
    char* end = nullptr;
    out = std::strtoull(text, &end, 10);
    if (*end || out == 0) {
        std::fprintf(stderr, "damatb_bench_random_reads: %s takes a count of 1 or more, not %s\n", name, text);
        return false;
    }
    return true;
}

} // namespace

int main(int argc, char** argv) {
    std::uint64_t mib = 512, reads = 20'000'000;
    for (int a = 1; a < argc; ++a) {
        if (!std::strcmp(argv[a], "--mib") && a + 1 < argc) {
            if (!count_option("--mib", argv[++a], mib)) return 2;
        } else if (!std::strcmp(argv[a], "--reads") && a + 1 < argc) {
            if (!count_option("--reads", argv[++a], reads)) return 2;
        } else {
            std::fprintf(stderr, "usage: damatb_bench_random_reads [--mib N] [--reads N]\n");
            return 2;
        }
    }
    const std::size_t bytes = huge_pages_for(std::size_t(mib) << 20);
    auto* plane = static_cast<std::uint8_t*>(map_pages(bytes));
    if (!plane) {
        std::fprintf(stderr, "damatb_bench_random_reads: no memory for %zu bytes\n", bytes);
        return 1;
    }
    std::mt19937_64 random(12345);
    for (std::size_t i = 0; i < bytes; i += 64) plane[i] = static_cast<std::uint8_t>(random());
    std::vector<std::uint64_t> places(reads);
    for (auto& p : places) p = random() % bytes;

    std::printf("%zu MiB on huge pages, %llu reads at random\n", bytes >> 20, static_cast<unsigned long long>(reads));
    std::uint64_t sum = 0;
    for (std::size_t k = 1; k <= 64; k *= 2) {
        const auto start = std::chrono::steady_clock::now();
        for (std::size_t b = 0; b + k <= places.size(); b += k) {
            for (std::size_t q = 0; q < k; ++q) __builtin_prefetch(plane + places[b + q]);
            for (std::size_t q = 0; q < k; ++q) sum += plane[places[b + q]];
        }
        const double ns = seconds_since(start) * 1e9 / double(places.size() / k * k);
        std::printf("in flight %2zu: %.1f ns a read, %.1f million reads a second\n", k, ns, 1e3 / ns);
    }
    // The chain: each read's byte moves the next place, so no read starts before the one before
    // ends. Within the largest power of two of bytes, so that a mask, not a division, wraps it.
    {
        std::uint64_t mask = 1;
        while (mask * 2 <= bytes) mask *= 2;
        --mask;
        const auto start = std::chrono::steady_clock::now();
        std::uint64_t at = 0;
        for (std::uint64_t p : places) at = p + plane[(p + at) & mask];
        sum += at;
        const double ns = seconds_since(start) * 1e9 / double(places.size());
        std::printf("chained: %.1f ns a read\n", ns);
    }
    // The translation of pages: a chain over the same 32768 lines (2 MiB, which the caches
    // hold once read), packed together, then one in each 4 KiB page of 128 MiB, so that each
    // read needs a page of its own translated. Line k of the pages lies k % 64 lines into its
    // page, so that the lines spread over the caches' sets as packed ones do.
    if (bytes >= std::size_t{128} << 20) {
        auto chain_over = [&](bool spread) {
            constexpr std::uint64_t LINES = 32768;
            const auto start = std::chrono::steady_clock::now();
            std::uint64_t at = 0;
            for (std::uint64_t p : places) {
                const std::uint64_t k = (p + at) % LINES;
                at = p + plane[spread ? k * 4096 + k % 64 * 64 : k * 64];
            }
            sum += at;
            return seconds_since(start) * 1e9 / double(places.size());
        };
        const double packed = chain_over(false), spread = chain_over(true);
        std::printf("translation: %.1f ns a read of 2 MiB packed, %.1f ns a read of them spread one to a 4 KiB page\n",
                    packed, spread);
    }
    // Reads with WORK dependent steps after each (a multiply and an add), each read asked for
    // AHEAD reads before it: the memory has the time of AHEAD reads' work to bring it. The work
    // alone reads one place over and over.
    {
        constexpr int WORK = 60;
        constexpr std::size_t AHEAD = 8;
        auto with_work = [&](bool spread) {
            const auto start = std::chrono::steady_clock::now();
            std::uint64_t acc = 1;
            for (std::size_t i = 0; i < places.size(); ++i) {
                if (i + AHEAD < places.size()) __builtin_prefetch(plane + (spread ? places[i + AHEAD] : 0));
                acc += plane[spread ? places[i] : 0];
                for (int w = 0; w < WORK; ++w) acc = acc * 6364136223846793005ull + 1442695040888963407ull;
            }
            sum += acc;
            return seconds_since(start) * 1e9 / double(places.size());
        };
        const double alone = with_work(false), read = with_work(true);
        std::printf("with work: %.1f ns a read and its work, %.1f ns the work alone\n", read, alone);
    }
    unmap_pages(plane, bytes);
    std::printf("checksum %llu\n", static_cast<unsigned long long>(sum)); // the reads used, so never left out
    return 0;
}
