// What a successor costs the generator (scripts/bench_successors.sh): for positions of one
// table, on one thread, the time a position takes to be decoded from its index, then to have
// its moves made, then the index of the position after each move that stays in the class
// (computed as the solver computes it: the king moves' through one SharedIndex), then a byte of
// a 3-byte record read for each of those, at random in an array the size of the other table's
// records (on huge pages, as the solver's are). Each stage adds to the one before; the
// difference between two is what it costs. A last stage reads a byte of a plane of one byte a
// position instead (as a king move's look reads the solver's levels; 3 times as dense: a king's
// moves, whose successors differ in the last group of the index alone, then share fewer cache
// lines). The positions are taken at random over the table, or as a run of consecutive indices
// (where the solver's lists are dense), and those whose side to
// move must capture are left out (all their moves leave the class).
//
//   damatb_bench_successors CLASS[+|-] [--positions N] [--run]
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "core/huge_pages.h"
#include "core/index.h"
#include "core/material.h"
#include "core/movegen.h"

using namespace damatb::core;

namespace {

double seconds_since(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

} // namespace

int main(int argc, char** argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: damatb_bench_successors TABLE [--positions N] [--run]\n");
        return 2;
    }
    auto table = material_of_table_name(argv[1]);
    if (!table) {
        std::fprintf(stderr, "damatb_bench_successors: not a table name: %s (e.g. KKKKvKM-)\n", argv[1]);
        return 2;
    }
    std::uint64_t count = 2'000'000;
    bool run = false;
    for (int a = 2; a < argc; ++a) {
        if (!std::strcmp(argv[a], "--positions") && a + 1 < argc) {
            char* end = nullptr;
            count = std::strtoull(argv[++a], &end, 10);
            if (*end || count == 0) {
                std::fprintf(stderr, "damatb_bench_successors: --positions takes a count of 1 or more, not %s\n", argv[a]);
                return 2;
            }
        } else if (!std::strcmp(argv[a], "--run")) run = true;
        else {
            std::fprintf(stderr, "damatb_bench_successors: unknown argument %s\n", argv[a]);
            return 2;
        }
    }
    const TableIndex here(*table), after(table->swapped());
    count = std::min(count, here.size());
    // The positions: a random sample, or a run from a random start; without captures.
    std::mt19937_64 rng(1);
    std::vector<std::uint64_t> indices;
    const std::uint64_t start = rng() % (here.size() - count + 1);
    for (std::uint64_t k = 0; indices.size() < count && k < 4 * count; ++k) {
        const std::uint64_t i = run ? (start + k) % here.size() : rng() % here.size();
        if (!has_capture(here.position(i))) indices.push_back(i);
    }
    const std::size_t bytes = huge_pages_for(3 * after.size());
    auto* records = static_cast<std::uint8_t*>(map_pages(bytes));
    if (!records) {
        std::fprintf(stderr, "damatb_bench_successors: no memory for %zu bytes of records\n", bytes);
        return 1;
    }
    for (std::size_t b = 0; b < bytes; b += 4096) records[b] = std::uint8_t(b >> 12); // every page mapped

    // stage 0: decode; 1: and the moves; 2: and the successors' indices; 3: and their records;
    // 4: the same with records of a byte.
    double took[5];
    std::uint64_t successors = 0, sink = 0;
    for (int stage = 0; stage < 5; ++stage) {
        const auto t0 = std::chrono::steady_clock::now();
        std::uint64_t n = 0;
        for (const std::uint64_t i : indices) {
            const Position p = here.position(i);
            sink += p.occupied();
            if (stage == 0) continue;
            MoveList moves;
            generate_moves(p, Promotion::END_OF_MOVE, moves);
            sink += moves.size();
            if (stage == 1) continue;
            SharedIndex kings(after, BLACK, true);
            for (const Move& m : moves) {
                if (!m.keeps_material()) continue;
                const Position q = as_white_to_move(p.after(m));
                const std::uint64_t j = m.mover_is_king() ? kings(q) : after.index(q);
                ++n;
                sink += stage == 2 ? j : records[stage == 3 ? 3 * j : j];
            }
        }
        took[stage] = seconds_since(t0);
        successors = n;
    }
    unmap_pages(records, bytes);
    const double per = 1e9 / double(indices.size());
    std::printf("%s: %zu positions (%s, no captures), %.1f successors each in the class; table %llu, "
                "records of the other %.2f GiB\n",
                argv[1], indices.size(), run ? "a run of consecutive indices" : "at random",
                double(successors) / double(indices.size()), static_cast<unsigned long long>(here.size()),
                double(bytes) / double(1ull << 30));
    std::printf("ns a position: decode %.1f, moves %.1f, successors' indices %.1f, their records %.1f (of a byte: %.1f)\n",
                took[0] * per, (took[1] - took[0]) * per, (took[2] - took[1]) * per, (took[3] - took[2]) * per,
                (took[4] - took[2]) * per);
    const double each = 1e9 / double(successors);
    std::printf("ns a successor: index %.1f, record %.1f (of a byte: %.1f)\n", (took[2] - took[1]) * each,
                (took[3] - took[2]) * each, (took[4] - took[2]) * each);
    return sink == 42 ? 3 : 0; // sink keeps the work from being optimised away
}
