#!/usr/bin/env bash
# The command-line tool as a person uses it: outputs, JSON, help, exit codes.
# Usage: test_cli.sh PATH/TO/damatb
set -uo pipefail
damatb=$1
source "$(dirname "$0")/check.sh"

exit_code() { "$@" >/dev/null 2>&1; echo $?; }
# The md5 sums of the files of a folder (its folders left out), to compare two runs' tables.
file_sums() { (cd "$1" && ls -p | grep -v / | xargs md5sum); }

check "perft depth 4" "$(printf 'depth 1: 8\ndepth 2: 64\ndepth 3: 708\ndepth 4: 7538')" \
  "$("$damatb" perft --depth 4)"
check "perft divide sums" "708" \
  "$("$damatb" perft --depth 3 --divide | grep -v '^depth' | awk -F': ' '{s += $2} END {print s}')"
check "perft of a FEN under immediate" "depth 1: 4" \
  "$("$damatb" perft --depth 1 --promotion immediate 'W:Wc6:Bc7,Kd8')"
check "moves end-of-move" "c6xc8xe8  B:WKe8:B" "$("$damatb" moves 'W:Wc6:Bc7,Kd8')"
check "moves immediate count" "4" \
  "$("$damatb" moves --promotion immediate 'W:Wc6:Bc7,Kd8' | wc -l | tr -d ' ')"
check "moves json" "c6xc8xe8 B:WKe8:B" \
  "$("$damatb" moves --json 'W:Wc6:Bc7,Kd8' |
     python3 -c 'import json,sys; m=json.load(sys.stdin)[0]; print(m["move"], m["fen"])')"
check "show" "$(printf '8  . . . B . . . .\n7  . . b . . . . .\n6  . . w . . . . .')" \
  "$("$damatb" show 'W:Wc6:Bc7,Kd8' | head -3)"
check "game over by one piece each" "game over: the side to move (White) wins by the one-piece-each rule (lone king against lone man)" \
  "$("$damatb" moves 'W:WKa1:Bd5')"

# plan: the work units in order, as text and as JSON.
check "plan of 3 pieces" "$(printf 'KvK 630 needs:\nKvM 3024 needs: KvK')" "$("$damatb" plan --pieces 3 | head -2)"
check "plan --json: a unit" "KMvK class ['KMvK+', 'KMvK-'] 187488 ['KKvK', 'KvK', 'KvM'] True" \
  "$("$damatb" plan --pieces 3 --json | python3 -c 'import json,sys
for u in json.load(sys.stdin):
    if u["unit"] == "KMvK": print(u["unit"], u["kind"], u["tables"], u["positions"], u["needs"], u["memory"] > 16 * u["positions"])')"
check "plan --json lists the 52 classes of 7 pieces" 52 "$("$damatb" plan --pieces 7 --json | python3 -c 'import json,sys; print(sum(1 for u in json.load(sys.stdin) if len(u["unit"]) == 8))')"
check "plan --pieces 9 exits 2" 2 "$(exit_code "$damatb" plan --pieces 9)"
# Under a budget of 0.1 GiB, the classes that generate solves in slices (below; 2 each, the
# fewest that fit) are listed as their slices, then the class; every unit needs only units listed
# before it.
check "plan --memory: the slices as units" "14 KKMvK,KKvKM,KKMvM,KMMvK,KMvKM,KMMvM,KMvMM True True True" \
  "$("$damatb" plan --pieces 4 --memory 0.1 --json | python3 -c 'import json,sys
units = json.load(sys.stdin)
seen, in_order = set(), True
for u in units:
    in_order &= all(n in seen for n in u["needs"])
    seen.add(u["unit"])
slices = [u for u in units if u["kind"] == "slice"]
classes = [u["unit"] for u in units if u["kind"] == "class" and u["in_slices"]]
kkvkm = {u["unit"]: u for u in units if u["unit"].startswith("KKvKM")}
near = all(abs(sum(s["positions"] for s in slices if s["class"] == c) / kkvkm["KKvKM"]["positions"] - 1) < 0.15 for c in ["KKvKM"])
print(len(slices), ",".join(classes), in_order, "KKvKM.slice-0" in kkvkm["KKvKM.slice-1"]["needs"] and kkvkm["KKvKM.slice-1"]["file"] == "unfinished/KKvKM.slice-1.dts", near)')"
check "plan --slices: text" "KvM 3024 needs: KvK (in 6 slices)" "$("$damatb" plan --pieces 3 --slices | sed -n 2p)"
check "help exits 0" 0 "$(exit_code "$damatb" --help)"
for cmd in perft moves show probe line info verify annotate serve; do
  check "$cmd --help exits 0" 0 "$(exit_code "$damatb" "$cmd" --help)"
done
check "bad FEN exits 2" 2 "$(exit_code "$damatb" moves 'W:Wz9:Bb7')"
check "bad FEN names the token" "damatb: error: FEN token 'z9': unknown square" \
  "$("$damatb" moves 'W:Wz9:Bb7' 2>&1)"
check "missing FEN exits 2" 2 "$(exit_code "$damatb" moves)"
# The side to move in lower case, as the pieces may be.
check "lower-case side to move" "c6xc8xe8  B:WKe8:B" "$("$damatb" moves 'w:Wc6:Bc7,Kd8')"
# Long input is cut in the message: its first 60 characters, "...", its length.
x60=$(printf 'X%.0s' $(seq 60))
check "an 8,000-character FEN is cut in the error" \
  "damatb: error: FEN token '$x60...' (8000 characters): the side to move must be W or B" \
  "$("$damatb" moves "$(printf 'X%.0s' $(seq 8000)):Wa2:Bb7" 2>&1)"
check "a long option value is cut in the error" \
  "damatb: error: the argument ('$(printf '9%.0s' $(seq 60))...' (500 characters)) for option '--counter' is invalid" \
  "$("$damatb" probe --counter "$(printf '9%.0s' $(seq 500))" 'W:Wc2:Bd7' 2>&1)"
check "a long command is cut in the error" \
  "damatb: error: unknown command '$(printf 'c%.0s' $(seq 60))...' (5000 characters) (see damatb --help)" \
  "$("$damatb" "$(printf 'c%.0s' $(seq 5000))" 2>&1)"
check "unknown command exits 2" 2 "$(exit_code "$damatb" frobnicate)"
check "unknown option exits 2" 2 "$(exit_code "$damatb" perft --bogus)"
check "bad promotion exits 2" 2 "$(exit_code "$damatb" perft --promotion sometimes)"
check "bad depth exits 2" 2 "$(exit_code "$damatb" perft --depth x)"

# The table commands, on the tables of up to 3 pieces generated into a temporary folder.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
tables=$tmp/tables
check "generate 3 pieces" 0 "$(exit_code "$damatb" generate --pieces 3 --out "$tables")"
# A class above the memory budget is refused before any work, with the class and its need.
check "generate above the budget exits 1" 1 "$(exit_code "$damatb" generate --material KKMvK --memory 0.07 --out "$tmp/refused")"
check "generate above the budget names the class" "damatb: error: class KKMvK needs about 75 MiB in slices, more than the memory budget of 71 MiB (--memory)" \
  "$("$damatb" generate --material KKMvK --memory 0.07 --out "$tmp/refused" 2>&1 >/dev/null)"
check "generate above the budget writes nothing" "" "$(ls "$tmp/refused" 2>/dev/null)"
check "generate --memory 0 exits 2" 2 "$(exit_code "$damatb" generate --memory 0 --out "$tmp/refused")"
check "generate --read-cache 0 names the option" "damatb: error: --read-cache must be a number of GiB above 0" \
  "$("$damatb" generate --read-cache 0 --out "$tmp/refused" 2>&1 >/dev/null)"
check "plan --read-cache without --memory exits 2" 2 "$(exit_code "$damatb" plan --read-cache 1)"
# The classes read count for at most the read cache: those KMvKM reads (KKvK, KKvKM, KKvM, KMvK,
# KMvM: 5.9 MiB) counted as 1 MiB, it fits in 2 slices rather than 3 under the same budget.
check "plan --read-cache: fewer slices" "3 2" \
  "$(python3 -c 'import json,sys
units = [json.load(open(f)) for f in sys.argv[1:]]
count = [sum(u.get("class") == "KMvKM" for u in us) for us in units]
print(*count)' <("$damatb" plan --pieces 4 --memory 0.085 --json) \
     <("$damatb" plan --pieces 4 --memory 0.085 --read-cache 0.001 --json))"

# A run killed (kill -9) in the middle resumes where it was and ends with the same bytes as a
# run from nothing: the tables up to 4 pieces, killed once the third class's files are written
# (of 23 classes, some 10 s on 2 threads).
"$damatb" generate --pieces 4 --out "$tmp/killed" >/dev/null 2>&1 &
for _ in $(seq 600); do
  [ "$(ls "$tmp/killed"/*.stats 2>/dev/null | wc -l)" -ge 3 ] && break
  sleep 0.05
done
kill -9 $! 2>/dev/null
wait $! 2>/dev/null
check "killed run: some classes were done" 1 "$(ls "$tmp/killed"/*.stats 2>/dev/null | head -1 | wc -l | tr -d ' ')"
check "killed run: some were not" 1 "$( [ "$(ls "$tmp/killed"/*.stats | wc -l)" -lt 23 ] && echo 1 || echo 0)"
check "killed run resumes" 0 "$(exit_code "$damatb" generate --pieces 4 --out "$tmp/killed")"
check "resumed run reused the classes done" 1 "$("$damatb" generate --pieces 4 --out "$tmp/killed" | grep -c 'KvK: 630 positions reused')"
"$damatb" generate --pieces 4 --out "$tmp/fresh" >/dev/null
check "killed and resumed: the same bytes as a run from nothing" "" \
  "$(diff <(file_sums "$tmp/killed" | grep -v '\.tmp$') <(file_sums "$tmp/fresh"))"
check "killed and resumed: no temporary file left" 0 "$(ls "$tmp/killed" | grep -c '\.tmp$')"
# A class asked for reads a class whose file is damaged: refused, the file named and why.
mkdir "$tmp/damaged" && cp "$tmp/fresh"/* "$tmp/damaged" && rm "$tmp/damaged"/KKMvK*
printf 'xxxx' | dd of="$tmp/damaged/KKvK-.dtb" bs=1 seek=200 conv=notrunc 2>/dev/null
check "a class read whose file is damaged: exit 1, the file named" \
  "1 damatb: error: class KKMvK needs KKvK, whose files in $tmp/damaged are not valid ($tmp/damaged/KKvK-.dtb: content checksum mismatch): generate it again" \
  "$(exit_code "$damatb" generate --material KKMvK --out "$tmp/damaged") $("$damatb" generate --material KKMvK --out "$tmp/damaged" 2>&1 >/dev/null)"
rm -rf "$tmp/damaged"
# The classes that do not fit in a budget of 0.1 GiB whole (KKMvK, KKvKM, KKMvM, KMMvK, KMvKM,
# KMMvM, KMvMM: 115 to 144 MiB) are solved in slices by their men's ranks, into the same bytes.
out=$("$damatb" generate --pieces 4 --memory 0.1 --out "$tmp/sliced")
check "generate in slices where a class does not fit whole" 7 "$(grep -c 'solved in [0-9]* slices' <<<"$out")"
check "generate in slices from nothing: no slice read back" 0 "$(grep -c 'read back from slice files' <<<"$out")"
# A line for each table written from its slices' files (13 tables of the 7 classes; KMvKM has
# one), KKMvK's last at all its positions.
check "generate in slices: a line for each table written" "13 1" \
  "$(grep -c 'written from the slice files' <<<"$out") $(grep -cE '^  KKMvK: KKMvK[+-] written from the slice files, ([0-9]+) of \1 positions in .* left$' <<<"$out")"
check "generate in slices: the same bytes" "" \
  "$(diff <(file_sums "$tmp/sliced") <(file_sums "$tmp/fresh"))"
# The run's figures (scripts/run_figures.py, what docs/performance.md reports of a run): a row
# for each class of 4 pieces, the slices the run said for KKMvK, the positions of the plan.
printf '%s\n' "$out" >"$tmp/sliced.log"
figures=$(python3 "$(dirname "$0")/../scripts/run_figures.py" --tables "$tmp/sliced" --pieces 4 "$tmp/sliced.log")
check "run_figures.py: rows, KKMvK's slices, the positions" \
  "$("$damatb" plan --pieces 4 --json | python3 -c 'import json,sys; u=[x for x in json.load(sys.stdin) if len(x["unit"]) == 5]; print(len(u), "{:,}".format(sum(x["positions"] for x in u)))') $(sed -nE 's/^KKMvK: solved in ([0-9]+) slices$/\1/p' <<<"$out")" \
  "$(grep -c '^| [KM]*v[KM]* |' <<<"$figures") $(sed -nE 's/^[0-9]+ classes, ([0-9,]+) positions.*/\1/p' <<<"$figures") $(grep '^| KKMvK |' <<<"$figures" | cut -d'|' -f4 | tr -d ' ')"
# A class done is read back, its values alone (a byte a position, not the 4 of every record):
# a budget of 0.08 GiB, which none of the larger classes fits solved, lets the run go over them.
check "a run done, rerun under a budget its reading fits" "0 23" \
  "$("$damatb" generate --pieces 4 --memory 0.08 --out "$tmp/sliced" >"$tmp/reread.log"; echo $? \
     "$(grep -c 'positions reused' "$tmp/reread.log")")"
# A run killed in the middle of a class solved in slices resumes at the slice it was solving:
# KKvKM (6 slices, some 5 s) killed once two slices' files are written.
mkdir "$tmp/midslice" && cp "$tmp/fresh"/* "$tmp/midslice" && rm "$tmp/midslice"/KKvKM*
"$damatb" generate --material KKvKM --slices --out "$tmp/midslice" >/dev/null 2>&1 &
for _ in $(seq 600); do
  [ "$(ls "$tmp/midslice/unfinished"/KKvKM.slice-*.dts 2>/dev/null | wc -l)" -ge 2 ] && break
  sleep 0.02
done
kill -9 $! 2>/dev/null
wait $! 2>/dev/null
written=$(ls "$tmp/midslice/unfinished"/KKvKM.slice-*.dts 2>/dev/null | wc -l)
check "killed in a class: some slices' files written, not the class's" "1 0" \
  "$([ "$written" -ge 2 ] && [ "$written" -lt 6 ] && echo 1 || echo 0) $(ls "$tmp/midslice" | grep -c '^KKvKM')"
out=$("$damatb" generate --material KKvKM --slices --verbose --out "$tmp/midslice")
check "killed in a class: the slices written are read back" "$written" "$(grep -c 'read back from its slice file' <<<"$out")"
# Its line counts them apart, and its rate leaves them out: KKvKM's 6 slices, one for each rank
# of its man, hold 953,064 positions each; the rate times the time is the positions solved (to
# within 5 %, the rounding of both), not the class's 5,718,384.
line=$(grep -E '^\[[0-9]+/[0-9]+\] KKvKM: 5718384 positions solved in ' <<<"$out")
check "killed in a class: the class's line counts the positions read back apart" "$((written * 953064))" \
  "$(sed -nE 's/.* k\/s, ([0-9]+) of them read back from slice files\).*/\1/p' <<<"$line")"
check "killed in a class: the class's rate leaves the positions read back out" 1 \
  "$(sed -nE 's/.* solved in (([0-9]+) min )?([0-9.]+) s \(([0-9]+) k\/s.*/\2 \3 \4/p' <<<"$line" |
     awk -v solved=$(((6 - written) * 953064)) '{
       if (NF == 3) { t = $1 * 60 + $2; k = $3 } else { t = $1; k = $2 }
       print (k * 1000 * t > 0.95 * solved && k * 1000 * t < 1.05 * solved) ? 1 : 0 }')"
check "killed in a class: the same bytes" "" \
  "$(diff <(file_sums "$tmp/midslice") <(file_sums "$tmp/fresh"))"
# The folder of the slice files cannot be made (a file is in the way): an error naming it.
rm "$tmp/midslice"/KKvKM* && touch "$tmp/midslice/unfinished"
out=$("$damatb" generate --material KKvKM --slices --out "$tmp/midslice" 2>&1); code=$?
check "slice files that cannot be written: exit 1, the folder named, no table written" "1 1 0" \
  "$code $(grep -c "^damatb: error: .*$tmp/midslice/unfinished" <<<"$out") $(ls "$tmp/midslice" | grep -c '^KKvKM')"
# Each slice a work unit of its own (--slice), in a process of its own, in an order other than
# the plan's that keeps to the needs: KKvMM's slices 0, 1, 3 and 2 (slices 2 and 3 both lead
# into 1 alone), then the rest; then the class, from the slices' files: the same bytes.
rm -rf "$tmp/midslice" && mkdir "$tmp/units" && cp "$tmp/fresh"/* "$tmp/units" && rm "$tmp/units"/KKvMM*
check "a slice whose needs are not solved: exit 1, the file it needs named" "1 1" \
  "$(exit_code "$damatb" generate --material KKvMM --slice 1 --out "$tmp/units") $("$damatb" generate --material KKvMM --slice 1 --out "$tmp/units" 2>&1 |
     grep -c "^damatb: error: slice 1 of KKvMM needs $tmp/units/unfinished/KKvMM.slice-0.dts, which is not there or not valid (solve that slice first)")"
"$damatb" generate --material KKvMM --slice 0 --threads 1 --out "$tmp/units" >/dev/null
printf x >>"$tmp/units/unfinished/KKvMM.slice-0.dts" # one byte too many: not valid
check "a slice whose needed file is damaged: exit 1, the file named and removed" "1 no" \
  "$("$damatb" generate --material KKvMM --slice 1 --out "$tmp/units" 2>&1 >/dev/null |
     grep -c "^damatb: error: slice 1 of KKvMM needs $tmp/units/unfinished/KKvMM.slice-0.dts, which is not there or not valid (removed: solve that slice again)") $([ -e "$tmp/units/unfinished/KKvMM.slice-0.dts" ] && echo yes || echo no)"
codes=""
for s in 0 1 3 2 $(seq 4 20); do
  codes+=$(exit_code "$damatb" generate --material KKvMM --slice "$s" --threads 1 --out "$tmp/units")
done
check "slices solved one by one: every run exits 0, one file each, no table" "000000000000000000000 21 0" \
  "$codes $(ls "$tmp/units/unfinished" | grep -c '^KKvMM.slice-[0-9]*.dts$') $(ls "$tmp/units" | grep -c '^KKvMM')"
# The classes the units read back are kept as WDL5 scratch files (one byte a position), which
# the later units map instead of decoding the tables again; a damaged one is not taken.
check "the classes read back kept as scratch files" "yes yes" \
  "$([ -e "$tmp/units/scratch/KKvKM+.wdl" ] && echo yes) $([ -e "$tmp/units/scratch/KvK.wdl" ] && echo yes)"
printf 'x' | dd of="$tmp/units/scratch/KKvKM+.wdl" bs=1 seek=100000 conv=notrunc 2>/dev/null
out=$("$damatb" generate --material KKvMM --verbose --out "$tmp/units")
check "the class from its slices' files: every slice read back, the slice files gone" "21 no" \
  "$(grep -c 'read back from its slice file (' <<<"$out") $([ -e "$tmp/units/unfinished" ] && echo yes || echo no)"
check "the class from its slices' files: the same bytes" "" \
  "$(diff <(file_sums "$tmp/units") <(file_sums "$tmp/fresh"))"
check "--slice beyond the class's slices" "damatb: error: class KKvMM has 21 slices, 0 to 20, not slice 21" \
  "$("$damatb" generate --material KKvMM --slice 21 --out "$tmp/units" 2>&1 >/dev/null)"
check "--slice without --material exits 2" 2 "$(exit_code "$damatb" generate --slice 0 --out "$tmp/units")"
check "--slice of a class of kings only" "damatb: error: a slice is solved alone only with one class that has men (--material)" \
  "$("$damatb" generate --material KKvKK --slice 0 --out "$tmp/units" 2>&1 >/dev/null)"
# Tables of another ruleset in the output folder: refused before any work, the file named.
check "generate into a folder of another ruleset's tables" \
  "damatb: error: $tmp/units/KvK.dtb was made under ruleset end-of-move.king-wins.32, not end-of-move.king-wins.20: name another output folder (--out)" \
  "$("$damatb" generate --pieces 3 --king-move-limit 20 --out "$tmp/units" 2>&1 >/dev/null)"
rm -rf "$tmp/killed" "$tmp/fresh" "$tmp/sliced" "$tmp/midslice" "$tmp/units"

json() { # json PYTHON-EXPRESSION-OF-j: reads JSON on stdin, prints the expression
  python3 -c "import json,sys; j=json.load(sys.stdin); print($1)"
}

# A lone king against a lone man wins at once under the default ruleset.
out=$("$damatb" probe --tables "$tables" 'W:WKa1:Bd5')
check "probe KvM result" "result   win" "$(grep '^result' <<<"$out")"
check "probe KvM dtz" "dtz      0" "$(grep '^dtz' <<<"$out")"
check "probe KvM game over" "game over: the side to move (White) wins by the one-piece-each rule (lone king against lone man)" \
  "$(tail -1 <<<"$out")"
check "probe KvM board" "5  . . . b . . . ." "$(sed -n 4p <<<"$out")"
check "probe KvM json" "win win 0 []" \
  "$("$damatb" probe --json --tables "$tables" 'W:WKa1:Bd5' 2>/dev/null | json 'j["result"], j["wdl"], j["dtz"], j["moves"]')"

# The longest win of KMvK (the generator's statistics): dtz 7, and only the king's move to f7
# keeps the win; f2-f8 and f2-h2 let the black king take it.
fen='W:Wc2,Kf2:BKh8'
check "probe KMvK json" "win win 7 0 14 f2-f7 win 6 1" \
  "$("$damatb" probe --json --tables "$tables" "$fen" |
     json 'j["result"], j["wdl"], j["dtz"], j["counter"], len(j["moves"]), j["moves"][0]["move"], j["moves"][0]["result"], j["moves"][0]["dtz"], j["moves"][0]["counter"]')"
check "probe KMvK results" "win 1 draw 11 loss 2" \
  "$("$damatb" probe --json --tables "$tables" "$fen" |
     json '" ".join(r + " " + str([m["result"] for m in j["moves"]].count(r)) for r in ("win", "draw", "loss"))')"
check "probe KMvK losing moves" "f2-f8 f2-h2" \
  "$("$damatb" probe --json --tables "$tables" "$fen" |
     json '" ".join(m["move"] for m in j["moves"] if m["result"] == "loss")')"
check "probe moves are the legal moves" \
  "$("$damatb" moves --json "$fen" | json 'sorted((m["move"], m["fen"]) for m in j)')" \
  "$("$damatb" probe --json --tables "$tables" "$fen" | json 'sorted((m["move"], m["fen"]) for m in j["moves"])')"
check "probe KMvK text first move" "f2-f7  win     win              6        1  B:Wc2,Kf7:BKh8" \
  "$("$damatb" probe --tables "$tables" "$fen" | grep '^f2-f7')"
# At counter 30 the 7 plies to the next capture are too many: a cursed win.
check "probe at counter 30" "draw win 7 draw" \
  "$("$damatb" probe --json --tables "$tables" --counter 30 "$fen" | json 'j["result"], j["wdl"], j["dtz"], j["moves"][0]["result"]')"
# White must capture: one legal move, a2xc2, which wins (Black has no piece left).
check "probe forced capture" "win 1 [('a2xc2', 'B:Wc2:B', 'win', 0)]" \
  "$("$damatb" probe --json --tables "$tables" 'W:Wa2:Bb2' | json 'j["result"], j["dtz"], [(m["move"], m["fen"], m["result"], m["counter"]) for m in j["moves"]]')"
check "probe forced capture matches moves" "a2xc2  B:Wc2:B" "$("$damatb" moves 'W:Wa2:Bb2')"
check "probe draw" "draw draw None" \
  "$("$damatb" probe --json --tables "$tables" 'W:WKa1:BKh8' | json 'j["result"], j["wdl"], j["dtz"]')"
check "probe loss" "loss loss 8 {'loss'}" \
  "$("$damatb" probe --json --tables "$tables" 'W:WKh3:Bb2,Ke2' | json 'j["result"], j["wdl"], j["dtz"], set(m["result"] for m in j["moves"])')"

# The best line from the KMvK win. Its plies are not forced (the winner keeps to its progress
# key, docs/probe.md), so only what the tables promise is checked: the first move is f2-f7, the one
# winning move; White wins by the end of the game; the first capture or man move comes no sooner
# than the dtz, 7, since Black's first move always realises its own; and the counters follow the
# moves (one more after a king move, 0 after a capture or man move).
out=$("$damatb" line --tables "$tables" "$fen")
check "line text outcome" "outcome: White wins" "$(tail -1 <<<"$out" | grep -o '^outcome: White wins')"
check "line text first ply" "    1  f2-f7        1  B:Wc2,Kf7:BKh8" "$(sed -n 3p <<<"$out")"
check "line text plies" "$(($(wc -l <<<"$out") - 3)) plies" \
  "$(tail -1 <<<"$out" | grep -o '[0-9]* plies')"
check "line json" "f2-f7 win white game-over True True True" \
  "$("$damatb" line --json --tables "$tables" "$fen" |
     json 'j["moves"][0]["move"], j["outcome"]["result"], j["outcome"]["winner"], j["outcome"]["reason"],
           7 <= len(j["moves"]) <= 200,
           min([i for i, m in enumerate(j["moves"]) if m["counter"] == 0] + [len(j["moves"]) - 1]) >= 6,
           all(m["counter"] in (0, c["counter"] + 1) for c, m in zip([{"counter": 0}] + j["moves"], j["moves"]))')"
check "line json plies are legal" "True" \
  "$("$damatb" line --json --tables "$tables" "$fen" | python3 -c '
import json, subprocess, sys
j = json.load(sys.stdin)
fen, ok = j["fen"], True
for m in j["moves"]:
    legal = json.loads(subprocess.run([sys.argv[1], "moves", "--json", fen], capture_output=True, text=True).stdout)
    ok = ok and any(l["move"] == m["move"] and l["fen"] == m["fen"] for l in legal)
    fen = m["fen"]
print(ok)' "$damatb")"
# The longest loss of KMvK, dtz 8: White's king is caught after Black's man crowns, no sooner.
check "line lost start" "loss black game-over True" \
  "$("$damatb" line --json --tables "$tables" 'W:WKh3:Bb2,Ke2' | json 'j["outcome"]["result"], j["outcome"]["winner"], j["outcome"]["reason"], 8 <= len(j["moves"]) <= 200')"
check "line draw by repetition" "draw None repetition" \
  "$("$damatb" line --json --tables "$tables" 'W:WKa1:BKh8' | json 'j["outcome"]["result"], j["outcome"]["winner"], j["outcome"]["reason"]')"
check "line says repetition" "drawn by repetition" \
  "$("$damatb" line --tables "$tables" 'W:WKa1:BKh8' | tail -1 | grep -o 'drawn by repetition')"
check "line king-move limit" "draw king-move-limit [31, 32]" \
  "$("$damatb" line --json --tables "$tables" --counter 30 "$fen" | json 'j["outcome"]["result"], j["outcome"]["reason"], [m["counter"] for m in j["moves"]]')"
check "line of a finished game" "[] win game-over" \
  "$("$damatb" line --json --tables "$tables" 'W:WKa1:Bd5' | json 'j["moves"], j["outcome"]["result"], j["outcome"]["reason"]')"

# info: every class up to 3 pieces, sizes, and the generator's statistics. Of the tables up to 3
# pieces all but KvK, KvM+, KKvK+, KKvM+, KMvK+ and KMvM+ have a loss that is not don't care,
# so a progress file.
out=$("$damatb" info --tables "$tables")
size() { stat -c %s "$1"; }
dtp_bytes=$(size "$tables/KMvK-.dtp")
all_dtp=$(cat "$tables"/*.dtp | wc -c)
all_bytes=$(cat "$tables"/*.dtb "$tables"/*.dtp | wc -c)
check "info total" "total: 9 classes, 16 tables, 588810 positions, $all_bytes bytes ($all_dtp in 10 progress files)" \
  "$(grep '^total' <<<"$out" | sed 's/, [0-9.]* bits per position (.*$//')"
check "info bits of the values files" \
  "$(python3 -c "print('%.2f' % (8 * ($all_bytes - $all_dtp) / 588810))")" \
  "$(grep '^total' <<<"$out" | sed 's/.*WDL5 and DTZ: \([0-9.]*\))$/\1/')"
check "info KvM+" "KvM+ 1512 $(size "$tables/KvM+.dtb") - 1512 0 0 0 0 0 -" \
  "$(grep ' KvM+ ' <<<"$out" | awk '{print $2, $3, $4, $5, $7, $8, $9, $10, $11, $12, $13}')"
check "info KMvK- counts its progress file" \
  "KMvK- 93744 $(($(size "$tables/KMvK-.dtb") + dtp_bytes)) $dtp_bytes" \
  "$(grep ' KMvK- ' <<<"$out" | awk '{print $1, $2, $3, $4}')"
check "info KMvK- bits per position" \
  "$(python3 -c "print('%.2f' % (8 * ($(size "$tables/KMvK-.dtb") + $dtp_bytes) / 93744))")" \
  "$(grep ' KMvK- ' <<<"$out" | awk '{print $5}')"
check "info tables with a progress file" "KvM- MvM KKvK- KKvM- KMvK- KMvM- MMvK+ MMvK- MMvM+ MMvM-" \
  "$(awk '(NF == 12 || NF == 13) && $(NF - 8) ~ /^[0-9]+$/ {print $(NF - 11)}' <<<"$out" | tr '\n' ' ' | sed 's/ $//')"
check "info longest win" "KMvK+    win    7  W:Wc2,Kf2:BKh8" "$(grep '^KMvK+ *win' <<<"$out")"
check "info exits 0" 0 "$(exit_code "$damatb" info --tables "$tables")"

# probe --batch: one JSON line per input line, the same objects as --json; bad lines answered
# with the error, and the run goes on.
batch=$(printf 'W:Wc2,Kf2:BKh8\n\nW:Wc2,Kf2:BKh8 26\nW:Wz9:BKh8\nW:Wc2,Kf2:BKh8 32\nW:WKa1,Kb1:BKc1,Kd1\n  W:WKa1:Bd5  \n' |
  "$damatb" probe --batch --no-moves --tables "$tables"); code=$?
check "batch exits 1 when a line failed" 1 "$code"
check "batch answers every line but the blank one" 6 "$(wc -l <<<"$batch" | tr -d ' ')"
check "batch lines" "$(printf '%s\n' \
  '{"fen": "W:Wc2,Kf2:BKh8", "counter": 0, "result": "win", "wdl": "win", "dtz": 7}' \
  '{"fen": "W:Wc2,Kf2:BKh8", "counter": 26, "result": "draw", "wdl": "win", "dtz": 7}' \
  '{"input": "W:Wz9:BKh8", "error": "FEN token '"'"'z9'"'"': unknown square"}' \
  '{"input": "W:Wc2,Kf2:BKh8 32", "error": "counter 32 is out of range: 0 to 31 under king-move limit 32"}' \
  "{\"input\": \"W:WKa1,Kb1:BKc1,Kd1\", \"error\": \"class KKvKK is missing: no KKvKK.dtb in '$tables' (needed for W:WKa1,Kb1:BKc1,Kd1)\"}" \
  '{"fen": "W:WKa1:Bd5", "counter": 0, "result": "win", "wdl": "win", "dtz": 0}')" "$batch"
check "batch exits 0 when every line is answered" 0 "$(printf 'W:Wc2,Kf2:BKh8\nB:WKc3,Kd3:BKa1 3\n' | exit_code "$damatb" probe --batch --tables "$tables")"
check "batch with moves: the object of --json" "True" \
  "$(python3 -c 'import json,sys; a=json.loads(sys.argv[1]); b=json.loads(sys.argv[2]); print(a == b and len(a["moves"]) == 14)' \
     "$(echo 'W:Wc2,Kf2:BKh8 3' | "$damatb" probe --batch --tables "$tables")" \
     "$("$damatb" probe --json --counter 3 --tables "$tables" 'W:Wc2,Kf2:BKh8')")"
# A program that writes a line and waits gets its answer before it writes the next one.
check "batch answers each line as it comes" "win draw" "$(timeout 20 python3 - "$damatb" "$tables" <<'EOF'
import json, subprocess, sys
p = subprocess.Popen([sys.argv[1], "probe", "--batch", "--no-moves", "--tables", sys.argv[2]],
                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
results = []
for line in ["W:Wc2,Kf2:BKh8", "W:Wc2,Kf2:BKh8 26"]:
    p.stdin.write(line + "\n")
    p.stdin.flush()
    results.append(json.loads(p.stdout.readline())["result"])
p.stdin.close()
p.wait()
print(*results)
EOF
)"
check "batch with a FEN argument exits 2" 2 "$(exit_code "$damatb" probe --batch --tables "$tables" 'W:Wc2,Kf2:BKh8')"
check "--no-moves without --batch exits 2" 2 "$(exit_code "$damatb" probe --no-moves --tables "$tables" 'W:Wc2,Kf2:BKh8')"

# annotate: a game that throws a win away (2. c2-b2 allows the double capture), one that keeps
# it, and one that lets it go into a draw (1. c2-b2) and then loses the draw (1... h8-h7).
cat >"$tmp/games.pdn" <<'EOF'
[Event "Cup"]
[White "A"]
[Black "B"]
[GameType "30"]
[FEN "W:Wc2,Kf2:BKh8"]
1. f2-f7 h8-f8 2. c2-b2 {throws the win away} f8xf2xa2 0-1

[FEN "W:Wc2,Kf2:BKh8"]
1.f2-f7 h8-f8 2. f7-a7 f8-a8 3. a7-a1 a8-a2 4. a1xa3 1-0

[Event "Club"]
[Result "1-0"]
[FEN "W:Wc2,Kf2:BKh8"]
1. c2-b2 h8-h7
EOF
out=$("$damatb" annotate --tables "$tables" "$tmp/games.pdn"); code=$?
check "annotate exits 0" 0 "$code"
check "annotate: the game that throws the win away (??), its Event and outcomes" \
  "$(printf '%s\n' 'game 1 (White "A" - Black "B"), Event "Cup": 4 plies, 4 from positions in the tables, 1 changing the result' \
     '  1. f2-f7  win  [W:Wc2,Kf2:BKh8, counter 0]' '  1... h8-f8  loss  [B:Wc2,Kf7:BKh8, counter 1]' \
     '  2. c2-b2??  win -> loss; best f7-a7  [W:Wc2,Kf7:BKf8, counter 2]' \
     '  2... f8xf2xa2  win  [B:Wb2,Kf7:BKf8, counter 0]' \
     '  reached: Black wins (game over: the side to move (White) loses (no legal move))  [W:W:BKa2, counter 0]' \
     '  written result: 0-1')" "$(sed -n 1,7p <<<"$out")"
check "annotate: the game that keeps it, to the end of the game" \
  "$(printf '%s\n' 'game 2: 7 plies, 7 from positions in the tables, 0 changing the result' \
     '  reached: White wins (game over: the side to move (Black) loses (no legal move))  [B:Wc2,Ka3:B, counter 0]' \
     '  written result: 1-0')" "$(sed -n '8p;16,17p' <<<"$out")"
check "annotate: a win let go into a draw (?) and the draw lost (?), the Result tag" \
  "$(printf '%s\n' 'game 3, Event "Club": 2 plies, 2 from positions in the tables, 2 changing the result' \
     '  1. c2-b2?  win -> draw; best f2-f7  [W:Wc2,Kf2:BKh8, counter 0]' \
     '  1... h8-h7?  draw -> loss; best h8-b8  [B:Wb2,Kf2:BKh8, counter 0]' \
     '  reached: White wins (the tables, with best play from here)  [W:Wb2,Kf2:BKh7, counter 1]' \
     '  written result: 1-0')" "$(sed -n '18,$p' <<<"$out")"
check "annotate --json" "3 1 c2-b2 win loss f7-a7 ?? 0 ? ? black game-over 0-1 white tables 1-0" \
  "$("$damatb" annotate --json --tables "$tables" "$tmp/games.pdn" |
     json '" ".join(map(str, [len(j), j[0]["flagged"], j[0]["plies"][2]["move"], j[0]["plies"][2]["result"], j[0]["plies"][2]["result_after"], j[0]["plies"][2]["best"], j[0]["plies"][2]["mark"], j[1]["flagged"], j[2]["plies"][0]["mark"], j[2]["plies"][1]["mark"], j[0]["end"]["winner"], j[0]["end"]["reason"], j[0]["written_result"], j[2]["end"]["winner"], j[2]["end"]["reason"], j[2]["written_result"]]))')"
# A tag missing its "]" is named, where it used to swallow the next tag (the FEN) unseen.
printf '[Event "Cup"\n[FEN "W:Wc2,Kf2:BKh8"]\n1. f2-f7 *\n' >"$tmp/unclosed.pdn"
check "annotate of a tag missing its ]" \
  "damatb: error: $tmp/unclosed.pdn: game 1, tags: '[Event \"Cup\"': tag not closed: no ']' after its value" \
  "$("$damatb" annotate --tables "$tables" "$tmp/unclosed.pdn" 2>&1)"
printf '[White "X"]\n[Black "Y"]\n1. c3-c4 f6-f5 2. c4-c8 *\n' >"$tmp/illegal.pdn"
check "annotate of an illegal move exits 2" 2 "$(exit_code "$damatb" annotate --tables "$tables" "$tmp/illegal.pdn")"
check "annotate names the game, the move and the token" \
  "damatb: error: $tmp/illegal.pdn: game 1 (White \"X\" - Black \"Y\"), move 2: 'c4-c8': move 'c4-c8': not a legal move here" \
  "$("$damatb" annotate --tables "$tables" "$tmp/illegal.pdn" 2>&1)"
# A game of international draughts is refused by name, before its moves (numbers, not squares).
printf '[GameType "20"]\n1. 32-28 19-23 *\n' >"$tmp/other.pdn"
check "annotate of another game type" \
  "damatb: error: $tmp/other.pdn: game 1, tags: '[GameType \"20\"]': a game of 10x10 international draughts (GameType 20), not of Turkish draughts (GameType 30)" \
  "$("$damatb" annotate --tables "$tables" "$tmp/other.pdn" 2>&1)"
check "annotate of a missing file exits 2" 2 "$(exit_code "$damatb" annotate --tables "$tables" "$tmp/none.pdn")"
# The start position: no position of up to 3 pieces, nothing annotated.
printf '1. c3-c4 f6-f5 *\n' >"$tmp/start.pdn"
check "annotate from the start position" \
  "$(printf '%s\n' 'game 1: 2 plies, 0 from positions in the tables, 0 changing the result' \
     '  reached: not known (not in the tables)  [W:Wa2,b2,c2,d2,e2,f2,g2,h2,a3,b3,d3,e3,f3,g3,h3,c4:Bf5,a6,b6,c6,d6,e6,g6,h6,a7,b7,c7,d7,e7,f7,g7,h7, counter 0]' \
     '  written result: *')" \
  "$("$damatb" annotate --tables "$tables" "$tmp/start.pdn")"

# verify of the tables of one class only.
out=$("$damatb" verify --tables "$tables" --material KMvK --deep)
check "verify --material: the tables of that class" "ok      KMvK+.dtb ok      KMvK-.dtb ok      KMvK-.dtp" \
  "$(grep -o '^ok *KMvK[+-].dt[bp]' <<<"$out" | tr '\n' ' ' | sed 's/ $//')"
check "verify --material: the summary" "summary: 3 ok, 0 failed" "$(tail -1 <<<"$out" | grep -o 'summary: [0-9]* ok, [0-9]* failed')"
check "verify --material of a class not there exits 1" 1 "$(exit_code "$damatb" verify --tables "$tables" --material KKvKK)"
check "verify --material of a bad name exits 2" 2 "$(exit_code "$damatb" verify --tables "$tables" --material KXvK)"

# verify, shallow and deep, then on copies with one flipped byte or a missing progress file.
out=$("$damatb" verify --tables "$tables")
check "verify exits 0" 0 "$(exit_code "$damatb" verify --tables "$tables")"
check "verify counts the progress files" "verifying 26 table files" "$(head -1 <<<"$out" | grep -o 'verifying [0-9]* table files')"
check "verify lines" 26 "$(grep -c '^ok ' <<<"$out")"
check "verify checks the progress file" "ok      KMvK-.dtp:" "$(grep -o '^ok *KMvK-.dtp:' <<<"$out")"
check "verify summary" "summary: 26 ok, 0 failed; 588810 positions" "$(tail -1 <<<"$out" | sed 's/, [0-9]* longer progress histories$//')"
out=$("$damatb" verify --deep --tables "$tables"); code=$?
check "verify --deep exits 0" 0 "$code"
check "verify --deep summary" "summary: 26 ok, 0 failed; 588810 positions" \
  "$(tail -1 <<<"$out" | sed 's/, [0-9]* longer progress histories.*//')"
check "verify --deep checks every position" "588810 checked one ply deep" \
  "$(tail -1 <<<"$out" | grep -o '[0-9]* checked one ply deep')"
check "verify --deep rate" "1" "$(grep -c 'positions/s' <<<"$(tail -1 <<<"$out")")"
check "verify --deep reads every class's values whole" 16 "$(grep -c "^ok .*\.dtb: .*the class's values read whole)$" <<<"$out")"
out=$("$damatb" verify --deep --memory 0 --tables "$tables" --material KMvK)
check "verify --deep --memory 0 reads them through the cache" \
  "ok      KMvK+.dtb: 93744 positions; every value one ply deep 0" \
  "$(grep -o '^ok .*KMvK+.dtb: .*one ply deep' <<<"$out") $(grep -c 'read whole' <<<"$out")"
check "verify --memory below 0 exits 2" 2 "$(exit_code "$damatb" verify --deep --memory -1 --tables "$tables")"
bad=$tmp/bad
cp -r "$tables" "$bad"
flip_last_byte() { python3 -c 'import sys; b=bytearray(open(sys.argv[1],"rb").read()); b[-1]^=0xff; open(sys.argv[1],"wb").write(b)' "$1"; }
# The last byte of every block (zstd's checksum of the block), whichever block a probe reads:
# the block count is the u32 at 40, the block index of u64 ends follows the 128-byte header.
flip_block_ends() { python3 -c '
import struct, sys
b = bytearray(open(sys.argv[1], "rb").read())
for i in range(struct.unpack_from("<I", b, 40)[0]):
    b[struct.unpack_from("<Q", b, 128 + 8 * (i + 1))[0] - 1] ^= 0xff
open(sys.argv[1], "wb").write(b)' "$1"; }
flip_last_byte "$bad/KvM+.dtb"
out=$("$damatb" verify --tables "$bad" 2>&1); code=$?
check "verify of a flipped byte exits 1" 1 "$code"
check "verify names the damaged file" "FAILED  KvM+.dtb: content checksum mismatch" "$(grep FAILED <<<"$out")"
check "verify summary with a failure" "summary: 25 ok, 1 failed; 587298 positions" \
  "$(tail -1 <<<"$out" | sed 's/, [0-9]* longer progress histories$//')"
check "verify --deep of a flipped byte exits 1" 1 "$(exit_code "$damatb" verify --deep --tables "$bad")"
check "probe of a damaged file exits 1" 1 "$(exit_code "$damatb" probe --tables "$bad" 'W:WKa1:Bd5')"
check "probe names the damaged file" "damatb: error: $bad/KvM+.dtb: block 0 does not decompress" \
  "$("$damatb" probe --tables "$bad" 'W:WKa1:Bd5' 2>&1)"

# The progress file of KMvK-: damaged, or missing while lost positions of KMvK-.dtb need it.
# White's king moves from W:Wc3,Ka1:BKb6 are ranked by the histories of KMvK- positions.
needs_dtp='W:Wc3,Ka1:BKb6'
check "probe reads the progress file" 0 "$(exit_code "$damatb" probe --tables "$tables" "$needs_dtp")"
nodtp=$tmp/nodtp
cp -r "$tables" "$nodtp"
rm "$nodtp/KMvK-.dtp"
out=$("$damatb" verify --tables "$nodtp" 2>&1); code=$?
check "verify of a missing progress file exits 1" 1 "$code"
check "verify names the missing progress file" "FAILED  KMvK-.dtp: missing" \
  "$(grep FAILED <<<"$out" | grep -o '^FAILED  KMvK-.dtp: missing')"
check "verify of a missing progress file: one failure" "summary: 25 ok, 1 failed" \
  "$(tail -1 <<<"$out" | sed 's/;.*//')"
out=$("$damatb" verify --deep --tables "$nodtp" 2>&1); code=$?
check "verify --deep of a missing progress file exits 1" 1 "$code"
check "verify --deep names the missing progress file" "FAILED  KMvK-.dtp: missing" \
  "$(grep FAILED <<<"$out" | grep -o '^FAILED  KMvK-.dtp: missing')"
check "probe of a missing progress file exits 1" 1 "$(exit_code "$damatb" probe --tables "$nodtp" "$needs_dtp")"
check "probe names the missing progress file" "damatb: error: $nodtp/KMvK-.dtp: missing" \
  "$("$damatb" probe --tables "$nodtp" "$needs_dtp" 2>&1 | grep -o '^damatb: error: .*KMvK-.dtp: missing')"
check "line of a missing progress file exits 1" 1 "$(exit_code "$damatb" line --tables "$nodtp" "$needs_dtp")"
baddtp=$tmp/baddtp
cp -r "$tables" "$baddtp"
flip_block_ends "$baddtp/KMvK-.dtp"
out=$("$damatb" verify --tables "$baddtp" 2>&1); code=$?
check "verify of a flipped byte in a progress file exits 1" 1 "$code"
check "verify names the damaged progress file" "FAILED  KMvK-.dtp: content checksum mismatch" "$(grep FAILED <<<"$out")"
check "verify --deep of a flipped byte in a progress file exits 1" 1 \
  "$(exit_code "$damatb" verify --deep --tables "$baddtp")"
check "probe names the damaged progress file" "damatb: error: $baddtp/KMvK-.dtp: block 3 does not decompress" \
  "$("$damatb" probe --tables "$baddtp" "$needs_dtp" 2>&1)"
# A progress file with no values file beside it is skipped by verify, and named by info; one that
# holds another table fails.
lone=$tmp/lone
cp -r "$tables" "$lone"
cp "$lone/KMvK-.dtp" "$lone/KKvK+.dtp"
mv "$lone/KMvK-.dtb" "$lone/KMvK-.away"
out=$("$damatb" verify --tables "$lone" 2>&1); code=$?
check "verify of misplaced progress files exits 1" 1 "$code"
check "verify names a progress file of another table" "FAILED  KKvK+.dtp: holds KMvK-, not KKvK+" \
  "$(grep 'KKvK+.dtp' <<<"$out")"
check "verify skips a progress file without its values file" \
  "skipped KMvK-.dtp: no values file KMvK-.dtb beside it" "$(grep 'KMvK-.dtp' <<<"$out")"
check "info names the misplaced progress files" \
  "$(printf 'damatb: error: %s\ndamatb: error: %s' "$lone/KKvK+.dtp: holds KMvK-, not KKvK+" "KMvK-.dtp: no values file KMvK-.dtb beside it (ignored)")" \
  "$("$damatb" info --tables "$lone" 2>&1 >/dev/null)"

# Errors: 2 for the command line and its input, 1 for the tables.
check "probe bad FEN exits 2" 2 "$(exit_code "$damatb" probe --tables "$tables" 'W:Wz9:Bb7')"
check "probe missing folder exits 2" 2 "$(exit_code "$damatb" probe --tables "$tmp/none" "$fen")"
check "probe missing folder message" "damatb: error: tables folder '$tmp/none' (--tables) does not exist" \
  "$("$damatb" probe --tables "$tmp/none" "$fen" 2>&1)"
check "probe missing class exits 1" 1 "$(exit_code "$damatb" probe --tables "$tables" 'W:WKa1,Kb1:BKc1,Kd1')"
check "probe missing class message" "damatb: error: class KKvKK is missing: no KKvKK.dtb in '$tables' (needed for W:WKa1,Kb1:BKc1,Kd1)" \
  "$("$damatb" probe --tables "$tables" 'W:WKa1,Kb1:BKc1,Kd1' 2>&1)"
check "line missing successor class exits 1" 1 "$(exit_code "$damatb" line --tables "$tables" 'W:WKa1,Kb1:BKc1,Kd1')"
check "probe ruleset mismatch exits 1" 1 "$(exit_code "$damatb" probe --tables "$tables" --promotion immediate "$fen")"
check "probe ruleset mismatch message" "built under end-of-move.king-wins.32, not immediate.king-wins.32" \
  "$("$damatb" probe --tables "$tables" --promotion immediate "$fen" 2>&1 | grep -o 'built under.*')"
check "verify ruleset mismatch exits 1" 1 "$(exit_code "$damatb" verify --tables "$tables" --king-move-limit 0)"
check "counter out of range exits 2" 2 "$(exit_code "$damatb" probe --tables "$tables" --counter 32 "$fen")"
check "counter out of range message" "damatb: error: --counter 32 is out of range: 0 to 31 under king-move limit 32" \
  "$("$damatb" probe --tables "$tables" --counter 32 "$fen" 2>&1)"
check "negative counter exits 2" 2 "$(exit_code "$damatb" line --tables "$tables" --counter -1 "$fen")"
check "no piece for the side not to move exits 2" 2 "$(exit_code "$damatb" probe --tables "$tables" 'W:WKa1:B')"
check "probe without FEN exits 2" 2 "$(exit_code "$damatb" probe --tables "$tables")"
mkdir "$tmp/empty"
check "verify of an empty folder exits 1" 1 "$(exit_code "$damatb" verify --tables "$tmp/empty")"
check "info of an empty folder exits 1" 1 "$(exit_code "$damatb" info --tables "$tmp/empty")"
check "DAMATB_TABLES names the folder" "win" \
  "$(DAMATB_TABLES=$tables "$damatb" probe --json "$fen" | json 'j["result"]')"
check "--tables wins over DAMATB_TABLES" 2 "$(DAMATB_TABLES=$tables exit_code "$damatb" probe --tables "$tmp/none" "$fen")"
# Without --tables or DAMATB_TABLES: tables/<ruleset name> under the working folder.
mkdir -p "$tmp/work/tables"
ln -s "$tables" "$tmp/work/tables/end-of-move.king-wins.32"
check "the default folder is under the working folder" "win" \
  "$(cd "$tmp/work" && env -u DAMATB_TABLES "$damatb" probe --json "$fen" | json 'j["result"]')"
check "the default folder's message" \
  "damatb: error: tables folder 'tables/end-of-move.king-wins.0' (the default for ruleset end-of-move.king-wins.0) does not exist; generate the tables with \`damatb generate\` or name a folder with --tables" \
  "$(cd "$tmp/work" && env -u DAMATB_TABLES "$damatb" probe --king-move-limit 0 "$fen" 2>&1)"
check "DAMATB_TABLES missing exits 2" "damatb: error: tables folder '$tmp/none' (DAMATB_TABLES) does not exist" \
  "$(DAMATB_TABLES=$tmp/none "$damatb" info 2>&1)"

# verify --deep --sample: N positions of each table drawn from the seed, and its errors.
out=$("$damatb" verify --deep --sample 1000 --tables "$tables" --material KMvK); code=$?
check "verify --sample exits 0" 0 "$code"
check "verify --sample: the first line" ", 1000 positions of each table one ply deep (seed 1)" \
  "$(head -1 <<<"$out" | grep -o ', 1000 positions.*')"
check "verify --sample: a table's line" "ok      KMvK+.dtb: 93744 positions; sampled 1000 of 93744 positions (seed 1) one ply deep" \
  "$(grep -o '^ok .*KMvK+.dtb: .*one ply deep' <<<"$out")"
check "verify --sample: the summary" "sampled 2000 of 187488 positions (seed 1) one ply deep" \
  "$(tail -1 <<<"$out" | grep -o 'sampled .* one ply deep')"
check "verify --sample --seed: the seed named" "sampled 1000 of 93744 positions (seed 42)" \
  "$("$damatb" verify --deep --sample 1000 --seed 42 --threads 1 --tables "$tables" --material KMvK |
     grep -o 'KMvK-.dtb: .*(seed 42)' | grep -o 'sampled.*')"
check "verify --sample of more than a table's positions checks each" "sampled 187488 of 187488 positions" \
  "$("$damatb" verify --deep --sample 100000 --tables "$tables" --material KMvK | tail -1 | grep -o 'sampled [0-9]* of [0-9]* positions')"
check "verify --help names --sample and --seed" "--sample N --seed S" \
  "$("$damatb" verify --help | grep -o -e '^  --sample N' -e '^  --seed S' | tr -s '\n ' ' ' | sed 's/^ //; s/ $//')"
for bad in "--deep --sample 0" "--deep --sample abc" "--deep --sample -5" "--deep --sample 18446744073709551616" \
           "--sample 10" "--deep --seed 3" "--deep --sample 10 --seed x"; do
  # shellcheck disable=SC2086
  check "verify $bad exits 2" 2 "$(exit_code "$damatb" verify --tables "$tables" $bad)"
done
check "verify --sample 0: the message" "damatb: error: --sample must be a whole number from 1 to 2^64 - 1, not '0'" \
  "$("$damatb" verify --deep --sample 0 --tables "$tables" 2>&1)"
check "verify --sample without --deep: the message" "damatb: error: --sample needs --deep" \
  "$("$damatb" verify --sample 10 --tables "$tables" 2>&1)"
check "verify --seed without --sample: the message" "damatb: error: --seed needs --sample" \
  "$("$damatb" verify --deep --seed 3 --tables "$tables" 2>&1)"

report cli
