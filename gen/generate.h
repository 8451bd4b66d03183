// Generation of every class up to N pieces into table files, resumable.
//
// Classes are solved in plan order (core::plan_classes). A class whose table
// files are already in the output folder, complete and valid (header, ruleset,
// material and content checksum), is read back instead of solved, so an
// interrupted run resumes where it stopped. Each table is written as
// `<out>/<table name>.dtb` (for example `KMvK+.dtb`), its values, and
// `<out>/<table name>.dtp`, the longer progress histories (gen/table_io.h,
// core/record.h); each class's statistics go to `<out>/<class name>.stats`
// (core/table_stats.h).
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

// The statistics of a solved table.
TableStats table_stats(const SolvedTable& table);

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
};

struct ClassReport {
    core::Material cls;
    std::vector<TableStats> tables;
    bool reused = false; // read from valid files rather than solved
    double seconds = 0;
};

// Generates (or reuses) every class up to options.pieces, or options.only.
// Throws std::runtime_error with a clear message for a missing dependency, a
// file that cannot be written, or a generation that would not fit in memory.
// Tells the C library, for the whole process, to keep freed memory for reuse rather
// than hand large blocks back to the kernel at once (generate.cpp says why).
std::vector<ClassReport> generate(const GenerateOptions& options);

// The manifest: one TableStats::line() per table, in plan order.
std::string manifest_text(const std::vector<ClassReport>& reports);
// Writes a manifest's text to path (through path.tmp, renamed when complete); throws
// std::runtime_error naming it when it cannot.
void write_manifest(const std::string& path, const std::string& text);

// The last step of a plan that reads each class (captures and promotions into it),
// the class's own step if none does.
std::vector<std::size_t> last_readers(const std::vector<core::ClassPlan>& plan);

// The bytes the solver needs for class k of a plan, the earlier classes it still
// holds in memory included. A class whose files are already there (`reused`, when given, says
// which) is read back, not solved: it needs a few bytes per position.
// With `slices` above 0, a class with men is solved in that many slices (sliced_solver_bytes;
// MenSlices::profile_count or more: one per profile).
std::uint64_t memory_estimate(const std::vector<core::ClassPlan>& plan, std::size_t k,
                              const std::vector<bool>& reused = {}, int slices = 0);
// The bytes the solver needs for class cls, which has men, solved in `count` slices
// (MenSlices; 0 for one per profile), at its dearest slice (docs/six-pieces.md, "The memory
// estimate").
std::uint64_t sliced_solver_bytes(const core::Material& cls, int count = 0);
// The same at each of its slices, in the order they are solved (MenSlices::estimate).
std::vector<std::uint64_t> slice_solver_bytes(const core::Material& cls, int count = 0);
// The fewest slices (at least 2) that class k of a plan, which has men, can be solved in within
// four fifths of `budget` bytes (memory_estimate): each slice costs passes of its own, so the
// fewer the faster. The fifth kept back is for what the estimate misses when a class is cut
// into few large slices (docs/six-pieces.md, "Fewer, larger slices"). Its number of profiles
// (the most it has) when that many do not fit so.
int slices_to_fit(const std::vector<core::ClassPlan>& plan, std::size_t k, std::uint64_t budget,
                  const std::vector<bool>& reused = {});
// The bytes that solving class k of a plan holds besides its solver's: the WDL5 of the classes
// it reads (one byte per position; those held for later classes are mapped from their scratch
// files, their pages given back, gen/wdl_scratch.h), and a margin for the program.
std::uint64_t held_classes_bytes(const std::vector<core::ClassPlan>& plan, std::size_t k);
// Whether class cls has men (and so slices).
bool has_men(const core::Material& cls);

// The first table file of the classes of `plan` in dir that was made under a ruleset other than
// `rules`, as a message naming it and both rulesets; "" when there is none. `generate` refuses to
// work in such a folder before any work (it would write tables of two rulesets side by side).
std::string foreign_ruleset(const std::string& dir, const std::vector<core::ClassPlan>& plan,
                            const core::Ruleset& rules);

// Whether class cls's table files and its statistics file are all in dir (not whether they are
// valid: reading them says).
bool class_files_present(const std::string& dir, const core::Material& cls);

// The physical memory of this machine, 0 when it cannot be read.
std::uint64_t physical_memory();
// The memory budget when none is given: the machine's memory less a sixteenth of it, and at
// least 1 GiB, for the system and other programs.
std::uint64_t default_memory_budget();

// The positions of a class: those of its tables, both sides to move.
std::uint64_t class_positions(const core::Material& cls);

// "1.5 GiB", "820 MiB".
std::string format_bytes(std::uint64_t bytes);
// "12.3 s", "4 min 05 s", "2 h 10 min".
std::string format_seconds(double seconds);

} // namespace damatb::gen
