// The file of a slice solved (docs/six-pieces.md, "Slice files"): what the solver of a class in
// slices keeps of each slice once it is done, so that a run stopped in the middle of a class
// (killed, the machine down) starts again at the slice it was solving rather than at the
// class's first, and ends with the same bytes.
//
// A slice's file holds, for each table of the class and each position of the slice, what the
// slices still to come read of it and what the class's table files will hold:
//   - the solver's record (info, value under the limit, level, round; gen/solver_table.h),
//     written 4 bytes a position, unpacked, and the value without the limit, 5 bytes;
//   - the result: WDL5, DTZ, the round of a loss's first step, whether the side to move must
//     capture (gen/solved.h), 4 bytes;
// each compressed with zstd, a frame for each piece of 2^16 positions, then the steps of the
// slice's losses' progress histories (10 bytes each, as they are). It is written to
// `<name>.tmp` and renamed when complete, and read back only when its header (version, ruleset,
// class, slice, number of slices, positions, steps) is the one expected and its content checksum
// (core/checksum.h) is right: a half-written or damaged file is solved again.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "gen/solved.h"
#include "gen/solver_state.h"

namespace damatb::gen::solving {

// The file of slice s of class cls in dir: "KKKKvKM.slice-3.dts".
std::string slice_file_path(const std::string& dir, const core::Material& cls, int s);

// Writes the file of the slice being solved: the solver's state and the results `out` of its
// positions, and the history steps the solver made of the slice (SolverState::steps), which
// become a run of out[t]->history_files: read from the file, no longer held. Throws
// std::runtime_error naming the file when it cannot be written.
void save_slice(const std::string& dir, const SolverState& solver,
                const std::vector<std::shared_ptr<SolvedTable>>& out);

// Reads the file of the slice being solved (SolverState::begin_slice called) into the solver's
// state and `out`, its history steps left in the file (a new run of out[t]->history_files), if
// it is there and valid; false (nothing changed) if not.
bool load_slice(const std::string& dir, SolverState& solver, std::vector<std::shared_ptr<SolvedTable>>& out);

// The number of slices that the file of class cls's first slice in dir says the class was cut
// into, 0 when there is no such file (or it is not a slice file).
int slice_file_count(const std::string& dir, const core::Material& cls);

// Removes the files of class cls's slices from dir, and dir when nothing else is left in it.
void remove_slice_files(const std::string& dir, const core::Material& cls, int slice_count);

} // namespace damatb::gen::solving
