#include "gen/solver_state.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>

#include "core/system_memory.h"

namespace damatb::gen::solving {

using namespace core;

namespace {

// Whether the solver's arrays go on huge pages: always for a class solved whole; for one in
// slices, where a slice's positions lie in runs (blocks, MenSlices) of several huge pages, so
// that the pages of a slice hold few positions of another.
bool huge_pages(const MenSlices* slices) {
    if (!slices) return true;
    for (int t = 0; t < slices->table_count(); ++t)
        if (slices->block_size(t) < 4 * core::HUGE_PAGE) return false; // fewer than 8 Mi positions a block
    return true;
}

} // namespace

SolverState::SolverState(const Material& cls, const SolvedTables& solved_tables, const SolveOptions& solve_options)
    : solved(solved_tables), options(solve_options), rules(solve_options.rules),
      limit(rules.king_move_limit ? rules.king_move_limit : UNLIMITED_LEVELS),
      threads(std::max(1, solve_options.threads)) {
    if (options.slices && cls.mover.men + cls.other.men > 0) slices = std::make_unique<MenSlices>(cls, options.slice_count);
    huge = huge_pages(slices.get());
    // In the system's folder of temporary files ($TMPDIR, else /tmp): the process's own pages,
    // which a run across machines keeps on each node's disk, not in the shared output folder.
    if (slices && options.read_cache != ~std::uint64_t{0})
        kept = std::make_unique<ScratchPages>(std::filesystem::temp_directory_path().string());
    for (const Material& m : tables_of(cls)) tables.push_back(std::make_unique<Table>(m, limit, huge));
    const auto thread_slots = static_cast<std::size_t>(threads);
    collector = std::make_unique<Collector>(table_sizes(), 0, thread_slots, huge, options.lists); // begin_slice says how many
    lowered_losses = std::make_unique<LoweredLosses>(thread_slots, kept.get());
    for (int t = 0; t < table_count(); ++t) has_history.emplace_back(table(t).size);
}

MappedArray<std::uint64_t> SolverState::labelled_below(int t, Label label, int k) const {
    const Table& here = table(t);
    MappedArray<std::uint64_t> bits(here.size / 64 + 1, huge);
    for_each_of_chunks(chunks_of(here.active), threads, [&](std::size_t, std::uint64_t b, std::uint64_t e) {
        for (std::uint64_t j = b; j < e;) {
            const std::uint64_t w = j / 64, end = std::min(e, (w + 1) * 64);
            std::uint64_t word = 0;
            for (; j < end; ++j) {
                const Table::Standing s = here.standing(j);
                word |= std::uint64_t{s.value == label && s.level < k} << (j % 64);
            }
            // A run's ends need not be multiples of 64: two chunks may share a word.
            if (word) __atomic_fetch_or(&bits[w], word, __ATOMIC_RELAXED);
        }
    });
    return bits;
}

void SolverState::say(const std::string& line) const {
    if (!options.progress) return;
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    // The peak memory so far, that of the class's own (the generator resets it for each class):
    // where the solver's phases take their memory.
    char when[64];
    std::snprintf(when, sizeof when, " (%.2f s, peak %.2f GiB)", seconds,
                  double(core::recent_peak_memory()) / double(1u << 30));
    std::string where = table(0).index.material().class_name();
    if (slices)
        where += " slice " + std::to_string(slice + 1) + "/" + std::to_string(slices->slice_count());
    options.progress(where + ": " + line + when);
}

} // namespace damatb::gen::solving
