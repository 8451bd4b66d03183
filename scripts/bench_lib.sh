# Sourced by the benchmark scripts that quote medians (bench_first_look.sh, bench_random_reads.sh,
# bench_side_by_side.sh, bench_successors.sh): median prints the median of the numbers on its
# input, one a line.
median() { sort -n | awk '{ a[NR] = $1 } END { print (NR % 2 ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2) }'; }
