// The class solved slice by slice (docs/six-pieces.md, "Slices by the men's ranks"): which
// positions the solver works on, what it reads of the slices solved before, and the memory it
// gives back.
#include <algorithm>

#include "core/record.h"
#include "gen/solver_state.h"

namespace damatb::gen::solving {

using namespace core;

namespace {

// The runs of indices of table t that slices `of` cover, in order, neighbouring blocks joined;
// only the blocks that a man's step forward from slice `from` may lead into, if `from` is not -1.
std::vector<Range> runs_of(const MenSlices& slices, int t, const std::vector<int>& of, int from = -1) {
    std::vector<std::uint64_t> blocks;
    for (int s : of)
        for (std::uint64_t b : slices.blocks(t, s))
            if (from < 0 || slices.reached_from(t, b, from)) blocks.push_back(b);
    std::sort(blocks.begin(), blocks.end());
    const std::uint64_t size = slices.block_size(t);
    std::vector<Range> out;
    for (std::uint64_t b : blocks) {
        if (!out.empty() && out.back().end == b * size)
            out.back().end += size;
        else
            out.push_back({b * size, (b + 1) * size});
    }
    return out;
}

std::uint64_t positions_in(const std::vector<Range>& runs) {
    std::uint64_t n = 0;
    for (const Range& r : runs) n += r.end - r.begin;
    return n;
}

} // namespace

void SolverState::begin_slice(int s) {
    slice = s;
    for (int t = 0; t < table_count(); ++t) {
        Table& here = table(t);
        here.active = slices ? runs_of(*slices, t, {s}) : std::vector<Range>{{0, here.size}};
        here.active_size = positions_in(here.active);
        // Of the slices s leads into, only the blocks its steps may reach: the predecessors of the
        // others lie in other slices, and walking back from them would find nothing here.
        imports[t] = slices ? runs_of(*slices, t, slices->leads_into(s), s) : std::vector<Range>{};
    }
    // A fresh state: no level (info, values and round are zeros); the escapes come with
    // fresh_escapes.
    for_each_active([](Table& here, std::uint64_t i) { here.set_level(i, NO_LEVEL); });
    collector->solving(active_positions());
    // The positions of the slices imported labelled in each round, by label.
    constexpr std::size_t ROUNDS = MAX_PROGRESS_ROUND + 1;
    static_assert(ROUNDS <= 128, "a chunk's rounds are two words of bits (import_rounds)");
    for (int t = 0; t < table_count(); ++t) {
        const Table& here = table(t);
        const std::vector<Range> chunks = chunks_of(imports[t]);
        std::vector<std::array<std::uint32_t, 2 * ROUNDS>> counts(chunks.size()); // a chunk's, by round and label
        for_each_of_chunks(chunks, threads, [&](std::size_t c, std::uint64_t b, std::uint64_t e) {
            for (std::uint64_t i = b; i < e; ++i)
                if (here.under_limit(i) != UNKNOWN)
                    ++counts[c][2 * std::min<std::size_t>(here.round[i], ROUNDS - 1) + (here.under_limit(i) == LOST)];
        });
        import_counts[t].assign(ROUNDS, {0, 0, 0});
        import_rounds[t].assign(chunks.size(), {0, 0});
        for (std::size_t c = 0; c < chunks.size(); ++c)
            for (std::size_t r = 0; r < ROUNDS; ++r) {
                import_counts[t][r][WON] += counts[c][2 * r];
                import_counts[t][r][LOST] += counts[c][2 * r + 1];
                if (counts[c][2 * r] + counts[c][2 * r + 1]) import_rounds[t][c][r / 64] |= std::uint64_t{1} << (r % 64);
            }
    }
    if (!slices) return;
    // That pass read the records of the slices kept (within the read cache, KeptPagesWatch): the
    // first look reads none of them, so their pages go back.
    if (kept) kept->give_back();
    // The slices done that no slice from this one on reads.
    slice_released.resize(static_cast<std::size_t>(slices->slice_count()));
    for (int done = 0; done < s; ++done) {
        if (slice_released[done] || slices->last_reader(done) >= s) continue;
        slice_released[done] = true;
        for (int t = 0; t < table_count(); ++t) {
            Table& here = table(t);
            for (const Range& r : runs_of(*slices, t, {done})) {
                if (kept) here.for_each_part(r.begin, r.end, [&](void* at, std::uint64_t n) { kept->forget(at, n); });
                here.release_records(r.begin, r.end);
            }
        }
    }
}

void SolverState::keep_slice() {
    if (!kept || slices->last_reader(slice) <= slice) return;
    for (int t = 0; t < table_count(); ++t)
        for (const Range& r : table(t).active)
            table(t).for_each_part(r.begin, r.end, [&](void* at, std::uint64_t n) { kept->move_in(at, n); });
}

void SolverState::forget_history() {
    if (kept)
        for (HistoryRun& run : history) kept->forget(run.entries.data(), run.bytes());
    std::vector<HistoryRun>().swap(history);
}

void SolverState::fresh_escapes() {
    for_each_active([](Table& here, std::uint64_t i) { here.escape[i] = NO_ESCAPE; });
}

void SolverState::for_each_imported(int r, const std::function<void(const NodeList&)>& f) {
    if (r > last_imported_round()) return;
    constexpr std::uint64_t SHARE = std::uint64_t{1} << 23; // indices looked at for one call
    static_assert(SHARE % CHUNK_SIZE == 0, "a share is whole chunks");
    const std::uint64_t bit = std::uint64_t{1} << (r % 64);
    for (int t = 0; t < table_count(); ++t) {
        // Only the chunks with a position labelled in round r are looked at: in the later
        // rounds, which label few, a pass over every record of those slices would cost more
        // than the round.
        const std::vector<Range> chunks = chunks_of(imports[t]);
        std::size_t c = 0;
        for (const Range& run : imports[t])
            for (std::uint64_t b = run.begin; b < run.end; b += SHARE) {
                const std::uint64_t e = std::min(run.end, b + SHARE);
                std::vector<Range> with_round;
                for (; c < chunks.size() && chunks[c].begin < e; ++c) {
                    if (!(import_rounds[t][c][std::size_t(r) / 64] & bit)) continue;
                    if (!with_round.empty() && with_round.back().end == chunks[c].begin)
                        with_round.back().end = chunks[c].end;
                    else
                        with_round.push_back(chunks[c]);
                }
                if (with_round.empty()) continue;
                const NodeList nodes = select_in_runs(t, with_round, [r](const Table& here, std::uint64_t i) {
                    return here.under_limit(i) != UNKNOWN && here.round[i] == r;
                });
                if (!nodes.empty()) f(nodes);
            }
    }
}

} // namespace damatb::gen::solving
