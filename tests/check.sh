# The checks of the shell tests (test_cli.sh, test_mpi.sh), sourced: check NAME EXPECTED ACTUAL
# counts a pass when ACTUAL is EXPECTED and prints both otherwise; report NAME prints the
# counts and returns non-zero if a check failed.
failures=0
passes=0

check() {
  if [ "$2" == "$3" ]; then
    passes=$((passes + 1))
  else
    failures=$((failures + 1))
    printf 'FAIL %s\n--- expected\n%s\n--- actual\n%s\n' "$1" "$2" "$3"
  fi
}

report() {
  echo "$1: $passes passed, $failures failed"
  [ "$failures" -eq 0 ]
}
