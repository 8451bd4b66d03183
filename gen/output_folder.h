// What a generation finds in its output folder and what it leaves there: which classes' files
// are there, their statistics files, and the end of a run (the manifest, the clean-up, the last
// line), which `generate` and a run under MPI (gen/generate_mpi.h) share.
#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <vector>

#include "core/material.h"
#include "core/ruleset.h"
#include "core/table_stats.h"
#include "gen/generate.h"

namespace damatb::gen {

// Whether every table file of class cls is in dir (not whether it is valid: reading it says).
bool table_files_present(const std::string& dir, const core::Material& cls);
// Whether class cls's table files and its statistics file are all in dir (not whether they are
// valid: reading them says).
bool class_files_present(const std::string& dir, const core::Material& cls);

// The statistics in class cls's statistics file in dir, if it is there and holds one line for
// each of the class's tables, in order.
std::optional<std::vector<core::TableStats>> class_stats(const std::string& dir, const core::Material& cls);
// Writes class cls's statistics file in dir; throws std::runtime_error naming it when it cannot.
void write_class_stats(const std::string& dir, const core::Material& cls,
                       const std::vector<core::TableStats>& stats);

// The first table file of the classes of `plan` in dir that was made under a ruleset other than
// `rules`, as a message naming it and both rulesets; "" when there is none. `generate` refuses to
// work in such a folder before any work (it would write tables of two rulesets side by side).
std::string foreign_ruleset(const std::string& dir, const std::vector<core::ClassPlan>& plan,
                            const core::Ruleset& rules);

// Ends a run of `classes`, all done, in options.out_dir: writes options.manifest (if set) from
// their statistics files; when the run was of every class (`every_class`), removes the scratch
// files and the folder of slice files if empty, which no later unit reads; then says "all done
// in" the time since `start`. Throws std::runtime_error when the manifest cannot be made.
void end_run(const GenerateOptions& options, const std::vector<core::Material>& classes, bool every_class,
             std::chrono::steady_clock::time_point start);

} // namespace damatb::gen
