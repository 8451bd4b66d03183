#!/usr/bin/env bash
# The installed package as an engine uses it: installs the build into a temporary prefix,
# generates the tables of up to 3 pieces with the installed damatb, builds the C example
# examples/probe_c against the package with CMake (shared, then static) and with pkg-config
# (damatb.pc, damatb-static.pc), and checks each program's answers on known positions; that the
# installed files hold no code for this machine alone (no BMI2 pext) and no path of the source
# tree; given SOURCE_DIR, builds and runs the C example of docs/probe.md as written there; then
# builds the probe package alone from it (-DDAMATB_PROBE_ONLY=ON,
# with Boost, OpenMP and Catch2 out of reach), installs it, and builds the example against it.
# Usage: test_install.sh BUILD_DIR EXAMPLE_DIR [CMAKE] [CC] [SOURCE_DIR]
set -euo pipefail
build=$1
example=$2
cmake=${3:-cmake}
cc=${4:-cc}
source=${5:-}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
prefix=$work/prefix
failures=0

fail() {
  echo "FAIL $*"
  failures=$((failures + 1))
}

check() { # check NAME EXPECTED ACTUAL
  [ "$2" == "$3" ] || fail "$(printf '%s\n--- expected\n%s\n--- actual\n%s' "$1" "$2" "$3")"
}

"$cmake" --install "$build" --prefix "$prefix" >/dev/null
pcdir=$(dirname "$(find "$prefix" -name damatb.pc)")
libdir=$(dirname "$pcdir")
"$prefix/bin/damatb" generate --pieces 3 --out "$work/tables" >/dev/null
mkdir "$work/empty"

# The library: its soname, and no symbol of core exported.
check "soname" "libdamatb_probe.so.0.1" \
  "$(readelf -d "$libdir/libdamatb_probe.so" | sed -n 's/.*Library soname: \[\(.*\)\]/\1/p')"
check "core symbols exported" "0" \
  "$(nm -DC --defined-only "$libdir/libdamatb_probe.so" | grep -c 'damatb::core' || true)"
for header in damatb/probe.h damatb/probe.hpp; do
  [ -f "$prefix/include/$header" ] || fail "$header not installed"
done
# Portable: -march=native would let the compiler use BMI2's pext in core/index.cpp.
for lib in libdamatb_probe.a libdamatb_probe.so; do
  check "$lib: no pext" "0" "$(objdump -d "$libdir/$lib" | grep -c pext || true)"
done
if [ -n "$source" ]; then
  check "no path of the source tree in damatb" "0" \
    "$(grep -c -F "$(cd "$source" && pwd)" "$prefix/bin/damatb" || true)"
fi

# The Python module, when the build has it: its type stubs beside it, imported from the prefix,
# portable like the library.
module=$(find "$prefix" -path '*python3/dist-packages/damatb*.so' | head -1)
if ls "$build"/python/damatb*.so >/dev/null 2>&1; then
  [ -n "$module" ] || fail "the Python module is not installed"
  [ -f "$(dirname "$module")/damatb.pyi" ] || fail "the Python type stubs damatb.pyi are not installed beside the module"
  check "python module: no pext" "0" "$(objdump -d "$module" | grep -c pext || true)"
  check "python module imported from the prefix" "708 7 f2-f7" \
    "$(cd "$work" && PYTHONPATH=$(dirname "$module") /usr/bin/python3 -c "
import damatb
with damatb.Tablebase('$work/tables') as tb:
    print(damatb.perft(damatb.START_FEN, 3), tb.probe('W:Wc2,Kf2:BKh8').dtz, tb.best_move('W:Wc2,Kf2:BKh8'))")"
fi

# Runs one build of the example on known positions.
answers() { # answers NAME PROGRAM
  local name=$1 program=$2
  # One piece each, a king against a man: the game is over and the king wins.
  check "$name: king against man" "W:WKa1:Bh7 counter 0: win, wdl win, dtz 0" \
    "$("$program" "$work/tables" 'W:WKa1:Bh7')"
  # Two kings against one win in 8 plies; the best move first.
  check "$name: two kings against one" \
    "$(printf '%s\n%s' 'W:WKa1,Kb2:BKh8 counter 0: win, wdl win, dtz 8' \
                       '  a1-a8        win, wdl win, dtz 7, counter 1')" \
    "$("$program" "$work/tables" 'W:WKa1,Kb2:BKh8' | head -2)"
  # ... but not with 25 king moves already made: 8 > 32 - 25.
  check "$name: two kings against one, counter 25" \
    "W:WKa1,Kb2:BKh8 counter 25: draw, wdl win, dtz 8" \
    "$("$program" "$work/tables" 'W:WKa1,Kb2:BKh8' 25 | head -1)"
  check "$name: no tables" "probe_c: $work/empty: no tables" \
    "$("$program" "$work/empty" 'W:WKa1:Bh7' 2>&1 || true)"
}

needs_library() { # needs_library PROGRAM: 0 if it loads libdamatb_probe.so
  readelf -d "$1" | grep -q 'NEEDED.*libdamatb_probe'
}

# CMake: find_package(damatb), shared by default, static on request.
for kind in shared static; do
  static=OFF
  [ "$kind" == static ] && static=ON
  "$cmake" -S "$example" -B "$work/cmake-$kind" -DCMAKE_PREFIX_PATH="$prefix" \
    -DCMAKE_C_COMPILER="$cc" -Ddamatb_USE_STATIC_LIBS=$static >/dev/null
  "$cmake" --build "$work/cmake-$kind" >/dev/null
  answers "cmake $kind" "$work/cmake-$kind/probe_c"
done
needs_library "$work/cmake-shared/probe_c" || fail "cmake shared: libdamatb_probe.so not needed"
needs_library "$work/cmake-static/probe_c" && fail "cmake static: libdamatb_probe.so needed"

# pkg-config: damatb (shared), damatb-static.
export PKG_CONFIG_PATH=$pcdir
# shellcheck disable=SC2046 # pkg-config's output is a list of words
"$cc" -std=c99 -o "$work/pc-shared" "$example/probe_c.c" $(pkg-config --cflags --libs damatb)
# shellcheck disable=SC2046
"$cc" -std=c99 -o "$work/pc-static" "$example/probe_c.c" $(pkg-config --cflags --libs damatb-static)
answers "pkg-config static" "$work/pc-static"
needs_library "$work/pc-static" && fail "pkg-config static: libdamatb_probe.so needed"
export LD_LIBRARY_PATH=$libdir
answers "pkg-config shared" "$work/pc-shared"

# The C example of docs/probe.md ("From C"), as written there, with the shared library.
if [ -n "$source" ]; then
  sed -n '/^## From C$/,/^## /p' "$source/docs/probe.md" | sed -n '/^```c$/,/^```$/p' | sed '1d;$d' \
    >"$work/doc_example.c"
  [ -s "$work/doc_example.c" ] || fail "docs/probe.md: no C example under \"From C\""
  # shellcheck disable=SC2046
  "$cc" -std=c99 -Wall -Wextra -Werror -o "$work/doc-example" "$work/doc_example.c" $(pkg-config --cflags --libs damatb) ||
    fail "docs/probe.md: the C example does not compile"
  check "docs/probe.md: the C example's output" "$(printf '%s\n' 'result 1, wdl 4, dtz 7' 'best move f2-f7 of 14 moves')" \
    "$("$work/doc-example" "$work/tables")"
fi

# The C++ header alone, with the shared library: W:WKa1,Kb2:BKh8 again.
cat >"$work/probe.cpp" <<'CPP'
#include <damatb/probe.hpp>
#include <iostream>
int main(int, char** argv) {
    damatb::probe::Status status;
    auto tb = damatb::probe::Tablebase::open({argv[1]}, {}, 1 << 20, &status);
    damatb::probe::Value v;
    if (!tb || tb->probe({0, 1 | 1ULL << 9, 0, 1ULL << 63, true}, 0, &v) != damatb::probe::Status::OK)
        return 1;
    std::cout << static_cast<int>(v.result) << ' ' << v.dtz << '\n';
}
CPP
# shellcheck disable=SC2046
c++ -std=c++20 -o "$work/pc-cpp" "$work/probe.cpp" $(pkg-config --cflags --libs damatb)
check "pkg-config C++" "1 8" "$("$work/pc-cpp" "$work/tables")"

# The probe package alone, from the source tree: core and the probe library, nothing else.
if [ -n "$source" ]; then
  only=$work/probe-only
  "$cmake" -S "$source" -B "$only/build" -DCMAKE_BUILD_TYPE=Release -DDAMATB_PROBE_ONLY=ON \
    -DCMAKE_C_COMPILER="$cc" -DCMAKE_DISABLE_FIND_PACKAGE_Boost=ON \
    -DCMAKE_DISABLE_FIND_PACKAGE_OpenMP=ON -DCMAKE_DISABLE_FIND_PACKAGE_Catch2=ON >/dev/null
  "$cmake" --build "$only/build" -j 2 >/dev/null
  "$cmake" --install "$only/build" --prefix "$only/prefix" >/dev/null
  [ -e "$only/prefix/bin/damatb" ] && fail "probe only: damatb installed"
  for kind in shared static; do
    static=OFF
    [ "$kind" == static ] && static=ON
    "$cmake" -S "$example" -B "$only/cmake-$kind" -DCMAKE_PREFIX_PATH="$only/prefix" \
      -DCMAKE_C_COMPILER="$cc" -Ddamatb_USE_STATIC_LIBS=$static >/dev/null
    "$cmake" --build "$only/cmake-$kind" >/dev/null
    LD_LIBRARY_PATH= answers "probe only, cmake $kind" "$only/cmake-$kind/probe_c"
  done
fi

if [ "$failures" -ne 0 ]; then
  echo "$failures failures"
  exit 1
fi
echo "install: all checks passed"
