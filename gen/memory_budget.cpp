#include "gen/memory_budget.h"

#include <algorithm>
#include <map>
#include <mutex>

#include "core/index.h"
#include "core/system_memory.h"
#include "gen/men_slices.h"
#include "gen/spare_words.h"

namespace damatb::gen {

using core::ClassPlan;
using core::Material;

namespace {

// The solver's bytes per position of what it solves, a class or a slice (docs/six-pieces.md,
// "The memory estimate"): its record and level (3 bytes) and its escape's byte, its work lists (a bit a
// position once long), the progress histories' steps (8 bytes each, about a third of a step a
// position, HISTORY_THIRDS, and as many again while they are handed on to the results) and
// marks (a bit a position), and the freed memory the C library keeps.
constexpr std::uint64_t SOLVER_BYTES = 10;
// The bytes of the histories' steps, in thirds, per position: 8 bytes a step, a third of a step.
constexpr std::uint64_t HISTORY_THIRDS = 8;
// A slice's: its record and level (3 bytes) and its escape's byte, and a byte for its work lists, its
// histories' marks and what the C library keeps. Its histories' runs, and the lowered losses
// they are made of, go to the scratch file of the slices kept and count with the read cache
// (slice_bytes, HISTORY_THIRDS); its steps are made a batch at a time as its slice file is
// written (docs/six-pieces.md, "Memory per slice", for the peaks measured).
constexpr std::uint64_t SLICE_SOLVER_BYTES = 5;
// A class solved whole makes its results (WDL5, DTZ and round, 3 bytes, and a bit of marks) as
// it gives back its records, but beside its histories' steps, held twice then.
constexpr std::uint64_t RESULTS_HALF_BYTES = 7; // 3.5 bytes
// A class of kings only, solved whole, its results included: it has one round, so no progress
// histories; its escapes go back before those without the limit are made, and its records as
// its results are. Its peak is the first phase's: its record and level (3 bytes), its escape's byte, its
// work lists, and the freed memory the C library keeps (docs/six-pieces.md, "The memory
// estimate").
constexpr std::uint64_t KINGS_ONLY_BYTES = 7;
// The work lists' spare bit sets (gen/spare_words.h), kept between steps while a class or slice
// is solved and given back before its results: at most a bit a position of its tables,
// resident where written, a slice's positions solving in slices.
std::uint64_t spare_bytes(std::uint64_t positions) { return positions * solving::SpareWords::SETS / 8; }
// A position's record (gen/solver_table.h), what a slice kept holds of it.
constexpr std::uint64_t KEPT_BYTES = 3;
// The program's own, whatever it solves or reads: its code, the plan, the buffers of a block.
constexpr std::uint64_t PROGRAM_BYTES = 64u << 20;

// What a class solved in slices holds for its whole length: a bit a position for the bit
// sets' pages that other slices' runs share; its results go to the slice files, and its
// histories' marks are given back, slice by slice.
std::uint64_t results_bytes(const Material& cls) { return class_positions(cls) / 8; }

// The bytes of classes read (a byte a position of their WDL5).
std::uint64_t classes_bytes(const std::vector<Material>& classes) {
    std::uint64_t bytes = 0;
    for (const Material& n : classes) bytes += class_positions(n);
    return bytes;
}
// What a class holds of `classes` read, at most `read_cache` of them resident, and the program.
std::uint64_t held_bytes(const std::vector<Material>& classes, std::uint64_t read_cache) {
    return std::min(classes_bytes(classes), read_cache) + PROGRAM_BYTES;
}

// slice_estimates from the class's profiles (MenSlices::estimate).
std::vector<std::uint64_t> slice_bytes(const std::vector<ClassPlan>& plan, std::size_t k,
                                       const std::vector<MenSlices::Slice>& profiles, int count,
                                       std::uint64_t read_cache) {
    // What the class holds whole (results_bytes), the solver's SLICE_SOLVER_BYTES per position
    // of the slice and its spare bit sets'. Then the classes read, the record (KEPT_BYTES) of
    // each position of the slices done that this slice or one still to come reads, and the
    // slice's histories' runs: the first look holds the ones, the rounds and the results the
    // others, at most the read cache of either (gen/scratch_pages.h) but counted together.
    const Material& cls = plan[k].material;
    const std::uint64_t results = results_bytes(cls), needs = classes_bytes(plan[k].needs);
    const std::vector<MenSlices::Slice> slices = MenSlices::cut(profiles, count);
    const std::vector<std::vector<int>> leads =
        MenSlices::cut_leads_into(profiles, count, core::tables_of(cls).size() == 1);
    // Slice d is kept from slice d + 1 to its last reader: counted in from, counted out after.
    std::vector<std::uint64_t> from(slices.size() + 1), after(slices.size() + 1);
    const std::vector<int> last_reader = MenSlices::last_readers(leads);
    for (std::size_t d = 0; d < slices.size(); ++d)
        if (std::size_t(last_reader[d]) > d)
            from[d + 1] += slices[d].positions, after[std::size_t(last_reader[d]) + 1] += slices[d].positions;
    std::vector<std::uint64_t> out;
    std::uint64_t kept = 0; // the positions of the slices done that this slice or a later one reads
    for (std::size_t s = 0; s < slices.size(); ++s) {
        kept += from[s];
        kept -= after[s];
        const std::uint64_t positions = slices[s].positions;
        out.push_back(results + SLICE_SOLVER_BYTES * positions + spare_bytes(positions) +
                      std::min(needs + KEPT_BYTES * kept + HISTORY_THIRDS * positions / 3, read_cache) + PROGRAM_BYTES);
    }
    return out;
}

} // namespace

std::uint64_t memory_estimate(const std::vector<ClassPlan>& plan, std::size_t k,
                              const std::vector<bool>& reused, int slices, std::uint64_t read_cache) {
    // Solver: SOLVER_BYTES per position of the class and its results, 3.5 bytes, made beside its
    // histories' steps once it is solved (docs/six-pieces.md, "The memory estimate");
    // KINGS_ONLY_BYTES for a class of kings only; in slices, its dearest slice's
    // (slice_estimates). A class read back holds its three bytes of results while it is read.
    // Then the WDL5 of the classes it reads, one byte per position.
    const Material& cls = plan[k].material;
    if (k < reused.size() && reused[k]) return read_back_bytes(plan, k, ReadFrom::RECORDS, read_cache);
    if (has_men(cls) && slices > 0) {
        const std::vector<std::uint64_t> bytes = slice_estimates(plan, k, slices, read_cache);
        return *std::max_element(bytes.begin(), bytes.end());
    }
    // A class solved whole gives its spare bit sets back before its results, the most it holds
    // with men; a class of kings only holds most before them, the spares too.
    const std::uint64_t positions = class_positions(cls);
    const std::uint64_t bytes = !has_men(cls) ? positions * KINGS_ONLY_BYTES + spare_bytes(positions)
                                              : positions * (2 * SOLVER_BYTES + RESULTS_HALF_BYTES) / 2;
    return bytes + held_classes_bytes(plan, k, read_cache);
}

std::vector<Material> capture_needs(const ClassPlan& c) {
    std::vector<Material> out;
    for (const Material& n : c.needs)
        if (n.pieces() < c.material.pieces()) out.push_back(n);
    return out;
}

std::uint64_t read_back_bytes(const std::vector<ClassPlan>& plan, std::size_t k, ReadFrom from,
                              std::uint64_t read_cache) {
    // Mapped, a byte of WDL5 a position, resident once checked (the kernel's to take back, as
    // the pages of a file); the values alone, the same in the heap; every record, 3 bytes of
    // results and the progress histories (a byte a position, or less). Read from its files, a
    // class is then kept in scratch files, each mapped and read whole to be checked beside
    // what was read: a byte a position more.
    const std::uint64_t n = class_positions(plan[k].material);
    const std::uint64_t reads = held_bytes(capture_needs(plan[k]), read_cache); // and the program
    switch (from) {
    case ReadFrom::NOTHING: return PROGRAM_BYTES;
    case ReadFrom::SCRATCH_FILES: return n + PROGRAM_BYTES;
    case ReadFrom::VALUES: return n * 2 + reads;
    case ReadFrom::RECORDS: break;
    }
    return n * 5 + reads;
}

std::vector<std::uint64_t> slice_estimates(const std::vector<ClassPlan>& plan, std::size_t k, int count,
                                           std::uint64_t read_cache) {
    return slice_bytes(plan, k, MenSlices::estimate(plan[k].material), count, read_cache);
}

int slices_to_fit(const std::vector<ClassPlan>& plan, std::size_t k, std::uint64_t budget,
                  const std::vector<bool>& reused, std::uint64_t read_cache) {
    const Material& cls = plan[k].material;
    const std::vector<MenSlices::Slice> profiles = MenSlices::estimate(cls);
    const int most = int(profiles.size());
    if (k < reused.size() && reused[k]) return most; // read back, not solved
    // Besides the solver's bytes of a slice, at least the class's results and the classes read.
    const std::uint64_t held = results_bytes(cls) + held_classes_bytes(plan, k, read_cache);
    auto fits = [&](int count) {
        const std::vector<std::uint64_t> bytes = slice_bytes(plan, k, profiles, count, read_cache);
        return *std::max_element(bytes.begin(), bytes.end()) <= budget;
    };
    if (budget <= held || !fits(most)) return most; // not even in the most slices
    // A slice of `count` holds at least the class's positions / count: fewer cannot fit.
    const std::uint64_t fewest = SLICE_SOLVER_BYTES * class_positions(cls) / (budget - held);
    for (int count = int(std::max<std::uint64_t>(2, std::min<std::uint64_t>(fewest, std::uint64_t(most))));
         count < most; ++count)
        if (fits(count)) return count;
    return most;
}

std::uint64_t held_classes_bytes(const std::vector<ClassPlan>& plan, std::size_t k, std::uint64_t read_cache) {
    return held_bytes(plan[k].needs, read_cache);
}

std::uint64_t read_cache_of(std::uint64_t budget, std::uint64_t asked) {
    return asked ? asked : budget ? std::min(budget / 4, DEFAULT_READ_CACHE_MOST) : NO_READ_CACHE;
}

std::uint64_t default_memory_budget() {
    const std::uint64_t memory = core::physical_memory();
    const std::uint64_t margin = std::max<std::uint64_t>(memory / 16, std::uint64_t{1} << 30);
    return memory > margin ? memory - margin : memory;
}

std::uint64_t class_positions(const Material& cls) {
    // Remembered: making a table's index takes milliseconds at 7 pieces, and a plan's estimates
    // ask for each earlier class's positions again for every class.
    static std::mutex mutex;
    static std::map<Material, std::uint64_t> known;
    std::lock_guard<std::mutex> lock(mutex);
    auto [it, added] = known.try_emplace(cls, 0);
    if (added)
        for (const Material& m : core::tables_of(cls)) it->second += core::TableIndex(m).size();
    return it->second;
}

bool has_men(const Material& cls) { return cls.mover.men + cls.other.men > 0; }

} // namespace damatb::gen
