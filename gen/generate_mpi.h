// A generation under MPI (docs/cluster.md): spread over the processes that `mpirun -np N` (or
// Slurm's srun) starts, on one machine or many, sharing one output folder. Its own library,
// damatb::gen_mpi, built with -DDAMATB_MPI=ON only.
#pragma once

#include <functional>
#include <string>

#include "gen/generate.h"

namespace damatb::gen {

// Process 0 hands out the work units of the plan (gen/work_units.h) in order, each as soon as
// the units it needs are done, and says the progress (options.say); every other process solves
// the units it is given with `options.threads` threads, writing their files into the shared
// output folder. Returns true when every unit is done; false, in every process, after errors
// found before any work (at least 2 processes, a shared and writable folder, the same ruleset as
// the files there), which process 0 hands to `error`, one at a time. A unit that fails stops
// the run (MPI_Abort) once process 0 has handed `error` the unit, the process and why; its files
// are only ever renamed into place when complete, so a rerun resumes.
bool generate_with_mpi(const GenerateOptions& options, const std::function<void(const std::string&)>& error);

} // namespace damatb::gen
