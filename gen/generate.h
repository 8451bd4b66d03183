// Generation of every class up to N pieces into table files, resumable.
//
// Classes are solved in plan order (core::plan_classes). A class whose table
// files are already in the output folder, complete and valid (header, ruleset,
// material and content checksum), is read back instead of solved, so an
// interrupted run resumes where it stopped. Each table is written as
// `<out>/<table name>.dtb` (for example `KMvK+.dtb`), its values, and
// `<out>/<table name>.dtp`, the longer progress histories (gen/table_io.h,
// core/record.h); each class's statistics go to `<out>/<class name>.stats`
// (core/table_stats.h). The memory each class needs is gen/memory_budget.h's; what a run finds
// in its output folder and leaves there, gen/output_folder.h's.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/material.h"
#include "core/ruleset.h"
#include "core/table_stats.h"
#include "gen/solved.h"

namespace damatb::gen {

using core::TableStats;

// The statistics of a solved table, its DTZ counts included, read `piece` positions at a time on
// `threads` threads (the same whatever the thread count and the piece).
TableStats table_stats(const SolvedTable& table, int threads = 1, std::uint64_t piece = std::uint64_t{1} << 22);

// The folder, in the output folder, of the slice files of a class being solved in slices
// (gen/slice_files.h): there while the class is unfinished, removed once its tables are written.
inline constexpr const char* SLICE_FOLDER = "unfinished";

struct GenerateOptions {
    int pieces = 3;
    std::optional<core::Material> only; // one class, its dependencies already generated
    core::Ruleset rules;
    int threads = 1;
    std::string out_dir;
    std::function<void(const std::string&)> say;    // progress lines
    std::function<void(const std::string&)> detail; // the solver's own, within a class
    std::string manifest; // when set: write every table's statistics line there
    // The memory budget in bytes: a class whose estimated peak (memory_estimate) is above it is
    // refused before any work. 0: the machine's memory less a margin (default_memory_budget).
    std::uint64_t memory = 0;
    // Solve every class with men slice by slice (docs/six-pieces.md); otherwise only those that
    // do not fit in the budget whole.
    bool slices = false;
    // With `only`, a class with men: solve this slice of it alone (from 0), a work unit of its
    // own (`damatb plan --json`), into its slice file, from the files of the slices it leads
    // into; the class's tables are written by a run without it, from the slices' files. -1: the
    // whole class.
    int slice = -1;
    // With `only`, a class with men solved in slices: how many (MenSlices), as a unit of a run
    // across machines says. 0: as `damatb plan --pieces P` lists them, P the class's pieces.
    int slice_count = 0;
    // The read cache in bytes: the most of the classes read that a class's first look holds
    // resident (gen/read_cache.h). 0: a quarter of the budget, at most 4 GiB (read_cache_of).
    std::uint64_t read_cache = 0;
};

struct ClassReport {
    core::Material cls;
    std::vector<TableStats> tables;
    bool reused = false; // read from valid files rather than solved
    // Its tables solved, or read back and held for the classes of the run that read them; false
    // for a class done that no class the run solves reads (a run started again): not read at all.
    bool held = true;
    double seconds = 0;
    // The positions of its slices read back from their slice files (a run started again in the
    // middle of the class), not solved in `seconds`.
    std::uint64_t read_back = 0;
    // The process's peak resident memory while it solved or read the class (0 if unknown), and
    // the estimate of it that the budget was checked against (gen/memory_budget.h).
    std::uint64_t peak = 0, estimate = 0;
    // How many times its first looks gave back the pages of the classes read to keep within the
    // read cache.
    std::uint64_t read_cache_releases = 0;
};

// Generates (or reuses) every class up to options.pieces, or options.only.
// Throws std::runtime_error with a clear message for a missing dependency, a
// file that cannot be written, or a generation that would not fit in memory.
// Tells the C library, for the whole process, to keep freed memory for reuse rather
// than hand large blocks back to the kernel at once (generate.cpp says why).
std::vector<ClassReport> generate(const GenerateOptions& options);

// The last step of a plan that reads each class (captures and promotions into it),
// the class's own step if none does.
std::vector<std::size_t> last_readers(const std::vector<core::ClassPlan>& plan);

} // namespace damatb::gen
