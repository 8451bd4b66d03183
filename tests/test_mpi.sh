#!/usr/bin/env bash
# `damatb generate` under mpirun (docs/cluster.md), on this machine: the same bytes as one
# process, a process that dies and the rerun, and the errors before any work.
# Usage: test_mpi.sh PATH/TO/damatb PATH/TO/mpirun
set -uo pipefail
damatb=$1
mpirun=$2
source "$(dirname "$0")/check.sh"

# The files of folder $2 that differ from (or are missing beside) those of folder $1, and any
# file of $2 that $1 does not have: nothing when both hold the same bytes.
differences() {
  for f in "$1"/*; do cmp -s "$f" "$2/$(basename "$f")" || echo "differs: $(basename "$f")"; done
  for f in "$2"/*; do [ -e "$1/$(basename "$f")" ] || echo "extra: $(basename "$f")"; done
}

# OpenMPI refuses to start as root unless told; the processes share this machine's 2 cores.
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
mpi=("$mpirun" --oversubscribe)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1

"$damatb" generate --pieces 4 --out one --manifest one.txt >/dev/null || { echo "FAIL generate --pieces 4"; exit 1; }
"$damatb" generate --pieces 3 --out one3 >/dev/null || { echo "FAIL generate --pieces 3"; exit 1; }

# Three processes (one hands out the classes, two solve them): the same bytes as one process.
"${mpi[@]}" -np 3 "$damatb" generate --pieces 4 --threads 1 --out three --manifest three.txt >three.log 2>&1
check "mpirun -np 3 --pieces 4 exits 0" "0" "$?"
check "mpirun -np 3 --pieces 4: the same bytes" "" "$(differences one three)"
check "mpirun: the manifest written by process 0, the same as one process's" "41" \
  "$(cmp -s one.txt three.txt && wc -l <three.txt | tr -d ' ')"
check "mpirun: no scratch file left" "no" "$([ -e three/scratch ] && echo yes || echo no)"
check "mpirun: progress printed once, by process 0" "1 1" \
  "$(grep -c '^\[23/23 units\] ' three.log) $(grep -c '^all done in ' three.log)"

# A process dies as it starts KKvKM (a test hook, as if killed with kill -9): the run stops with
# an error, KKvKM's files are not there, and the same command again ends with the same bytes.
DAMATB_TEST_DIE_AT_UNIT=KKvKM "${mpi[@]}" -np 3 "$damatb" generate --pieces 4 --threads 1 --out killed \
  >killed.log 2>&1
check "a process killed: mpirun exits non-zero" "1" "$([ $? -ne 0 ] && echo 1)"
check "a process killed: the classes before it written, not KKvKM" "yes no" \
  "$([ -e killed/KKvKK.stats ] && echo yes || echo no) $([ -e killed/KKvKM+.dtb ] && echo yes || echo no)"
"${mpi[@]}" -np 3 "$damatb" generate --pieces 4 --threads 1 --out killed >resumed.log 2>&1
check "a process killed: the rerun exits 0" "0" "$?"
check "a process killed: the rerun found the classes done" "yes" \
  "$(grep -q '(1[0-9] done already)' resumed.log && echo yes)"
check "a process killed: the rerun ends with the same bytes" "" "$(differences one killed)"

# Under a budget the classes that do not fit whole go in as few slices as fit (KKMvK in 2 here),
# cut alike by process 0, which lists the units, and by the processes that solve them.
"${mpi[@]}" -np 3 "$damatb" generate --pieces 4 --threads 1 --memory 0.13 --out budget >budget.log 2>&1
check "under --memory 0.13: exits 0" "0" "$?"
check "under --memory 0.13: KKMvK in 2 slices, each a unit" "yes no" \
  "$(grep -q 'KKMvK.slice-1 by process' budget.log && echo yes) $(grep -q 'KKMvK.slice-2' budget.log && echo yes || echo no)"
check "under --memory 0.13: the same bytes" "" "$(differences one budget)"

# In slices: every slice a unit of its own, solved by whichever process is free, from the files
# of the slices it needs; a process dies at a slice, and the rerun resumes from the slice files.
DAMATB_TEST_DIE_AT_UNIT=KMvK.slice-3 "${mpi[@]}" -np 3 "$damatb" generate --pieces 3 --threads 1 --slices \
  --out sliced >/dev/null 2>&1
check "in slices, a process killed: slice files kept" "yes" \
  "$(ls sliced/unfinished/KMvK.slice-2.dts >/dev/null 2>&1 && echo yes)"
"${mpi[@]}" -np 3 "$damatb" generate --pieces 3 --threads 1 --slices --out sliced >sliced.log 2>&1
check "in slices: exits 0" "0" "$?"
check "in slices: the units were the slices" "yes" "$(grep -q 'KMvK.slice-5 by process' sliced.log && echo yes)"
check "in slices: the same bytes as one process whole" "" "$(differences one3 sliced)"

# Errors before any work, from process 0 alone.
out=$("${mpi[@]}" -np 1 "$damatb" generate --pieces 3 --out np1 2>&1)
check "-np 1 exits non-zero" "1" "$([ $? -ne 0 ] && echo 1)"
check "-np 1: the error" "damatb: error: generate under MPI needs at least 2 processes (one hands out the work units, the others solve them); without mpirun it runs on this machine alone" \
  "$(grep 'damatb: error' <<<"$out")"
check "-np 1: nothing written" "no" "$([ -e np1 ] && echo yes || echo no)"
out=$("${mpi[@]}" -np 2 "$damatb" generate --pieces 3 --king-move-limit 20 --out one3 2>&1)
check "another ruleset's files: exits non-zero" "1" "$([ $? -ne 0 ] && echo 1)"
check "another ruleset's files: the error names a file and both rulesets" \
  "damatb: error: one3/KvK.dtb was made under ruleset end-of-move.king-wins.32, not end-of-move.king-wins.20: name another output folder (--out)" \
  "$(grep 'damatb: error' <<<"$out")"
touch not-a-folder
out=$("${mpi[@]}" -np 2 "$damatb" generate --pieces 3 --out not-a-folder/tables 2>&1)
check "an output folder that cannot be made: the error" "yes" \
  "$(grep -q '^damatb: error: cannot make the output folder not-a-folder/tables' <<<"$out" && echo yes)"
# A folder that is not shared: a relative --out, each process in a working folder of its own.
mkdir -p a b
out=$("${mpi[@]}" -np 1 -wdir "$work/a" "$damatb" generate --pieces 3 --out tables : \
      -np 1 -wdir "$work/b" "$damatb" generate --pieces 3 --out tables 2>&1)
check "a folder not shared: exits non-zero" "1" "$([ $? -ne 0 ] && echo 1)"
check "a folder not shared: the error" "yes" \
  "$(grep -q '^damatb: error: process 1 on .* does not see the file .* that process 0 wrote in tables: the output folder must be one folder that every process shares' <<<"$out" && echo yes)"
check "a folder not shared: no tables written" "0" "$(ls a/tables b/tables 2>/dev/null | grep -c dtb)"

report test_mpi
