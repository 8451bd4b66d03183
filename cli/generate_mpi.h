// `damatb generate` under MPI (docs/cluster.md): one generation spread over the processes that
// `mpirun -np N` (or Slurm's srun) starts, on one machine or many, sharing one output folder.
// Built with -DDAMATB_MPI=ON only.
#pragma once

#include "gen/generate.h"

namespace damatb::cli {

// Process 0 hands out the work units of the plan (gen/work_units.h) in order, each as soon as
// the units it needs are done, and prints the progress; every other process solves the units it
// is given with `options.threads` threads, writing their files into the shared output folder.
// Returns the exit code: 0 when every unit is done, 1 after an error that every process reports
// the same (at least 2 processes, a shared and writable folder, the same ruleset as the files
// there). A unit that fails stops the run (MPI_Abort) with an error naming it and the process;
// its files are only ever renamed into place when complete, so a rerun resumes.
int generate_with_mpi(const gen::GenerateOptions& options);

} // namespace damatb::cli
