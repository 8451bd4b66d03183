// What the generator's first look computes for a position (gen/solver_first_look.cpp), on one
// thread, for a run of consecutive indices of one table (the first look's order): the time a
// position takes to be decoded from its index, then to have its moves that leave the class made
// (captures, which are compulsory, and crownings), then the index of the position after each of
// those in the table it lies in (as the first look computes it: the moves that differ only in
// where the moving piece ends through one SharedIndex). Each stage adds to the one before. The
// values those indices name are not read: this is the first look's work, not its waits.
//
//   damatb_bench_first_look TABLE [--positions N]
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <random>
#include <utility>
#include <vector>

#include "core/index.h"
#include "core/material.h"
#include "core/movegen.h"

using namespace damatb::core;

namespace {

double seconds_since(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// The indices of the tables the moves leave into, made when first met.
class ExitTables {
public:
    const TableIndex& of(const Material& m) {
        for (const auto& [material, index] : tables_)
            if (material == m) return *index;
        tables_.emplace_back(m, std::make_unique<TableIndex>(m));
        return *tables_.back().second;
    }

private:
    std::vector<std::pair<Material, std::unique_ptr<TableIndex>>> tables_;
};

} // namespace

int main(int argc, char** argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: damatb_bench_first_look TABLE [--positions N]\n");
        return 2;
    }
    auto table = material_of_table_name(argv[1]);
    if (!table) {
        std::fprintf(stderr, "damatb_bench_first_look: not a table name: %s (e.g. KKKKvKM-)\n", argv[1]);
        return 2;
    }
    std::uint64_t count = 2'000'000;
    for (int a = 2; a < argc; ++a) {
        if (!std::strcmp(argv[a], "--positions") && a + 1 < argc) {
            char* end = nullptr;
            count = std::strtoull(argv[++a], &end, 10);
            if (*end || count == 0) {
                std::fprintf(stderr, "damatb_bench_first_look: --positions takes a count of 1 or more, not %s\n", argv[a]);
                return 2;
            }
        } else {
            std::fprintf(stderr, "damatb_bench_first_look: unknown argument %s\n", argv[a]);
            return 2;
        }
    }
    const TableIndex here(*table);
    count = std::min(count, here.size());
    std::mt19937_64 rng(1);
    const std::uint64_t start = rng() % (here.size() - count + 1);
    ExitTables exits;

    // stage 0: decode; 1: and the moves that leave the class; 2: and the indices after them.
    double took[3];
    std::uint64_t capturing = 0, moves_out = 0, sink = 0;
    for (int stage = 0; stage < 3; ++stage) {
        capturing = moves_out = 0;
        const auto t0 = std::chrono::steady_clock::now();
        for (std::uint64_t i = start; i < start + count; ++i) {
            const Position p = here.position(i);
            sink += p.occupied();
            if (stage == 0) continue;
            MoveList moves;
            sink += generate_material_changes(p, Promotion::END_OF_MOVE, moves);
            capturing += !moves.empty() && moves[0].is_capture();
            moves_out += moves.size();
            if (stage == 1) continue;
            SharedIndex shared;
            for (std::size_t k = 0; k < moves.size(); ++k) {
                const Move& m = moves[k];
                const Position q = as_white_to_move(p.after(m));
                const bool same_rest = k > 0 && m.from == moves[k - 1].from &&
                                       m.captured == moves[k - 1].captured && m.flags == moves[k - 1].flags;
                const Material after = material_of(q);
                if (after.mover.pieces() == 0) continue; // the side to move has lost: no table
                if (!same_rest) shared = SharedIndex(exits.of(after), BLACK, m.ends_as_king());
                sink += shared(q);
            }
        }
        took[stage] = seconds_since(t0);
    }
    const double per = 1e9 / double(count);
    std::printf("%s: %llu positions from index %llu, %.1f %% with a capture, %.2f moves leaving the class "
                "a position\n",
                argv[1], static_cast<unsigned long long>(count), static_cast<unsigned long long>(start),
                100.0 * double(capturing) / double(count), double(moves_out) / double(count));
    std::printf("ns a position: decode %.1f, moves leaving the class %.1f, the indices after them %.1f\n",
                took[0] * per, (took[1] - took[0]) * per, (took[2] - took[1]) * per);
    return sink == 42 ? 3 : 0; // sink keeps the work from being optimised away
}
