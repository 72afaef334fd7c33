#!/bin/sh
# End-to-end tests of the yomi binary ($YOMI, default ./yomi): options, exit statuses,
# outputs, filter mode, and every perft line of the data files through `yomi perft`.
# Prints one line per failure and ends with "N passed, N failed".
. "${0%/*}/lib.sh"

# ---- help, version, usage errors ----
run 0 $YOMI --help
for c in show moves perft; do has out "  $c "; done
run 0 $YOMI --version
has out "yomi "
for c in show moves perft; do run 0 $YOMI $c --help; has out "Usage: yomi $c"; has out "--game"; done
run 0 $YOMI perft --help
has out "--divide"
# every option of every command's --help is in the manual page (as \-\-NAME, roff)
MAN=${0%/*}/../man/yomi.1
for c in analyze bench show moves perft solve probe play match serve; do
	$YOMI $c --help | grep -o -- '--[a-z][a-z-]*' | sort -u | while read -r opt; do
		roff=$(printf '%s' "$opt" | sed 's/-/\\-/g')
		grep -qF -- "$roff" "$MAN" || echo "$c $opt"
	done
done >"$tmp/missing"
if [ -s "$tmp/missing" ]; then bad "options missing from yomi.1: $(tr '\n' ' ' <"$tmp/missing")"; else ok; fi
run 2 $YOMI
err1 "yomi: no command"
run 2 $YOMI frobnicate
err1 "yomi: unknown command 'frobnicate'"
# what a user gave is quoted in every message: a control byte as \xNN (an escape sequence
# in it reached the terminal raw)
esc=$(printf '\033[2J')
run 2 $YOMI "frob${esc}nicate"
err1 "yomi: unknown command 'frob\\x1b[2Jnicate'"
run 2 $YOMI --game "ch${esc}ess" show
err1 "yomi: --game: unknown game 'ch\\x1b[2Jess' (games: dobutsu,"
run 2 $YOMI show --lang "j${esc}a"
err1 "yomi: show: --lang: 'j\\x1b[2Ja' is not en or ja"
run 2 $YOMI show --notation "s${esc}fen"
err1 "yomi: show: --notation: dobutsu has no notation 's\\x1b[2Jfen' (it has: "
run 2 $YOMI analyze --time "1${esc}"
err1 "yomi: analyze: --time: '1\\x1b[2J' is not a number of seconds"
run 2 $YOMI analyze --hash "8${esc}"
err1 "yomi: analyze: --hash: '8\\x1b[2J' is not a number from "
run 2 $YOMI usi "po${esc}s"
err1 "yomi: usi: unexpected argument 'po\\x1b[2Js' (the GUI sends positions)"
# a line break in any argument is refused in one line (each message quotes what it refuses)
nl=$(printf 'a\nb')
run 2 $YOMI "$nl"
err1 "yomi: argument 1 contains a line break"
run 2 $YOMI probe --table "$nl" -
err1 "yomi: argument 3 contains a line break"
run 2 $YOMI match "engine:depth=1$nl" engine
err1 "yomi: argument 2 contains a line break"
run 2 $YOMI analyze --hash "$(printf '8\r')"
err1 "yomi: argument 3 contains a line break"
# option errors are one line too (argp's "Try ..." line is dropped), named after "yomi"
run 2 $YOMI --bogus show
err1 "yomi: unrecognized option '--bogus'"
for c in analyze bench show moves perft solve probe play match; do
	run 2 $YOMI $c --bogus
	err1 "yomi: $c: unrecognized option '--bogus'"
done
# ... and getopt's quote what was typed as yomi's messages do: a control byte as \xNN
run 2 $YOMI show "--bo${esc}gus"
err1 "yomi: show: unrecognized option '--bo\\x1b[2Jgus'"
run 2 $YOMI "--bo${esc}gus" show
err1 "yomi: unrecognized option '--bo\\x1b[2Jgus'"
run 2 $YOMI show "-$(printf '\001')"
err1 "yomi: show: invalid option -- '\\x01'"
run 2 $YOMI analyze --depth
err1 "yomi: analyze: option '--depth' requires an argument"
run 2 $YOMI probe -Q
err1 "yomi: probe: invalid option -- 'Q'"
run 2 $YOMI analyze --depth x
err1 "yomi: analyze: --depth: 'x' is not a number"
run 2 $YOMI analyze --time 1e-9   # as engine:time= takes it
err1 "yomi: analyze: --time: '1e-9' is not a number of seconds from 0.001 to 10000000"
# numbers in decimal digits only, as written: no blanks, '+', hex, exponents or "inf"
# (' 5' and '+5' passed strtol, and 0x10 strtod)
for a in "--depth  5" "--depth 5 " "--depth +5" "--nodes 0x10" "--hash 1e3" "--time 0x10" \
         "--time  1" "--time inf" "--time 1e1" "--multipv 99999999999999999999"; do
	run 2 $YOMI analyze "${a%% *}" "${a#* }"
	err1 "yomi: analyze: ${a%% *}: '${a#* }' is not a number"
done
run 2 $YOMI perft --depth 31
err1 "yomi: perft: --depth: '31' is not a number from 0 to 30"
run 2 $YOMI match --games 1.5
err1 "yomi: match: --games: '1.5' is not a number from 1 to 1000000"
run 2 $YOMI moves - -   # one '-' reads stdin; two are a position (that does not parse)
err1 "yomi: moves: position: rank 1: '-' is not a piece"
run 2 $YOMI bench --depth 0
err1 "yomi: bench: --depth: '0' is not a number from 1 to 64"
run 2 $YOMI bench --moves Gc4-c3
err1 "yomi: bench: --moves: bench takes no position (see --file)"
run 2 $YOMI bench --json
err1 "yomi: bench: --json: bench prints no JSON"
# --help lists what a command takes, nothing it refuses or ignores
run 2 $YOMI bench --notation clausecker
err1 "yomi: bench: --notation: bench prints no position"
run 0 $YOMI bench --help
for opt in --json --moves --notation --record; do hasnt out "$opt"; done
has out "--game"
run 0 $YOMI match --help
hasnt out "human"
run 2 $YOMI match --first human --second random
err1 "yomi: match: --first: a match is between machines; play a person with yomi play"
run 0 $YOMI play --help
has out "(default: human)"
# play has no JSON output: its --help offered --json ("Print results as JSON, one object
# per line"), which it refuses
hasnt out "--json"
has out "--moves"
run 2 $YOMI play --json
err1 "yomi: play: --json: play has no JSON output (see match)"
run 2 $YOMI solve --game chess
err1 "yomi: solve: --game: unknown game 'chess' (games: dobutsu,"
run 2 $YOMI --game chess show
err1 "yomi: --game: unknown game 'chess' (games: dobutsu, tictactoe, othello, othello6, othello4, shogi)"
run 2 $YOMI show --game chess
run 2 $YOMI perft
has err "--depth N is required"
run 2 $YOMI perft --depth x
run 2 $YOMI perft --depth -1
run 2 $YOMI perft --depth 31
run 2 $YOMI show --notation fancy
err1 "yomi: show: --notation: dobutsu has no notation 'fancy' (it has: sfen, clausecker, fen)"
run 0 $YOMI show --help
has out "Game: dobutsu, tictactoe, othello, othello6,"
has out "(dobutsu: sfen,"
run 2 $YOMI show --lang fr
run 1 sh -c "$YOMI moves >/dev/full"
has err "yomi: moves: stdout"
for a in --help --version --usage "analyze --help"; do   # argp's own output too
	run 1 sh -c "$YOMI $a >/dev/full"
	case $a in
	analyze*) err1 "yomi: analyze: stdout: No space left on device" ;;   # the command's
	*) err1 "yomi: stdout: No space left on device" ;;
	esac
done

# ---- show ----
run 0 $YOMI show
has out "sfen: gle/1c1/1C1/ELG b - 1"
has out "first player to move"
run 0 $YOMI show --notation clausecker
has out "clausecker: S/gle/-c-/-C-/ELG/-"
run 0 $YOMI show --lang ja
has out "ライオン"
has out "先手"
# option words in any case, as game names are
run 0 $YOMI show --lang JA --notation Clausecker
has out "先手"
has out "clausecker: S/gle/-c-/-C-/ELG/-"
run 0 $YOMI show 3/le1/3/1LG b GCec
has out "sfen: 3/le1/3/1LG b GCec 1"
run 0 $YOMI show "S/---/le-/---/-LG/cCGe"
has out "sfen: 3/le1/3/1LG b GCec 1"
run 0 $YOMI show L2/1l1/3/cGE b Gce
has out "game over: first player wins"
run 0 $YOMI --game tictactoe show xxx/oo./... o
has out "game over: x wins"
run 0 $YOMI show --json
has out '"position":"gle/1c1/1C1/ELG b - 1"'
has out '"moves":4'

# ---- moves ----
run 0 $YOMI moves
same "Cb3xb2
Lb4-a3
Lb4-c3
Gc4-c3"
run 0 $YOMI moves S/---/lc-/Eg-/GEL/C
has out "C*c1"
lines 9 out
run 0 $YOMI moves L2/1l1/3/cGE b Gce
lines 0 out
has err "the game is over"
run 0 $YOMI moves --json
same '{"position":"gle/1c1/1C1/ELG b - 1","moves":["Cb3xb2","Lb4-a3","Lb4-c3","Gc4-c3"]}'
run 0 $YOMI --game tictactoe moves
lines 9 out
has out "b2"

# ---- bad positions: one line, naming what and where, exit 2 ----
run 2 $YOMI show gle/1c1/1C1/ELGG b - 1
same ""
has err "yomi: show: position: rank 4 has 4 squares"
lines 1 err
run 2 $YOMI moves gle/1x1/1C1/ELG b - 1
has err "yomi: moves: position: rank 2: 'x' is not a piece"
run 2 $YOMI moves gle/1c1/1C1/ELG b - 1 junk
err1 "yomi: moves: position: unexpected 'junk' after the position"
run 2 $YOMI --game tictactoe show -- "xo./.../... x foo"
err1 "yomi: show: position: unexpected 'foo' after the position"
run 2 $YOMI perft --depth 1 gle/1c1/1C1/ELG b CC
has err "4 chicks or hens"
run 2 $YOMI --game tictactoe moves xxo/.x./... o
has err "x has 3 marks and o 1"

# ---- filter mode: one line out per line in ----
printf 'gle/1c1/1C1/ELG b - 1\nbroken\n\nS/---/lc-/Eg-/GEL/C\nL2/1l1/3/cGE b Gce\n' >"$tmp/in"
$YOMI moves - <"$tmp/in" >"$tmp/out" 2>"$tmp/err"
if [ $? = 2 ]; then ok; else bad "filter with a bad line should exit 2"; fi
lines 5 out
if [ "$(sed -n 1p "$tmp/out")" = "Cb3xb2 Lb4-a3 Lb4-c3 Gc4-c3" ]; then ok; else bad "filter line 1: $(sed -n 1p "$tmp/out")"; fi
has out "error: position: rank 1: 'b' is not a piece"
has err "yomi: moves: line 2: position:"
has err "yomi: moves: line 3: position: empty"
if [ "$(sed -n 5p "$tmp/out")" = "" ]; then ok; else bad "filter: game over gives an empty line"; fi
printf 'S/gle/-c-/-C-/ELG/-\nS/---/le-/---/-LG/cCGe\n' | $YOMI show - >"$tmp/out" 2>"$tmp/err"
if [ $? = 0 ]; then ok; else bad "show - exit status"; fi
same "gle/1c1/1C1/ELG b - 1
3/le1/3/1LG b GCec 1"
printf 'gle/1c1/1C1/ELG b - 1\n' | $YOMI perft --depth 3 - >"$tmp/out" 2>"$tmp/err"
same "perft 3 123"
printf 'x.o/.x./... o\n' | $YOMI --game tictactoe show --json - >"$tmp/out" 2>"$tmp/err"
has out '"game":"tictactoe"'

# ---- perft: every line of the data file, and --divide sums to the total ----
grep -v '^#' "$DATA/dobutsu/perft.txt" | while IFS='	' read -r pos depth leaves ends; do
	[ -n "$pos" ] || continue
	got=$($YOMI perft --depth "$depth" "$pos" 2>&1 | tail -n 1)
	if [ "$got" = "perft $depth $leaves" ]; then echo ok; else echo "FAIL: perft $pos $depth: '$got', expected $leaves"; fi
done >"$tmp/perft"
n_ok=$(grep -c '^ok$' "$tmp/perft")
n_bad=$(grep -c '^FAIL' "$tmp/perft")
grep '^FAIL' "$tmp/perft"
pass=$((pass + n_ok))
fail=$((fail + n_bad))
[ "$n_ok" -ge 21 ] || bad "only $n_ok perft lines checked"

run 0 $YOMI perft --divide --depth 5
total=$(awk '$1 != "perft" {s += $2} END {print s}' "$tmp/out")
has out "perft 5 8122"
if [ "$total" = 8122 ]; then ok; else bad "divide sums to $total"; fi
run 0 $YOMI perft -v --depth 4
has out "ends 48"
run 0 $YOMI perft --depth 0
same "perft 0 1"
for d in 1 2 3 4 5 6 7 8 9; do
	want=$(grep 'perft from the empty board' "$DATA/tictactoe/known-results.txt" | sed 's/.*: //' | cut -d' ' -f$d)
	run 0 $YOMI --game tictactoe perft --depth $d
	same "perft $d $want"
done
run 0 $YOMI perft --game tictactoe --depth 9
same "perft 9 127872"

# ---- analyze and bench ----
run 0 $YOMI analyze --depth 6
has out "depth 6 score "
has out "best "
if [ "$(tail -n 1 "$tmp/out" | cut -d' ' -f1)" = best ]; then ok; else bad "analyze: last line is not best"; fi
run 0 $YOMI --game tictactoe analyze
if tail -n 1 "$tmp/out" | grep -q '^best [a-c][1-3] score =0 pv \([a-c][1-3] \)\{8\}[a-c][1-3]$'; then ok; else bad "tictactoe: $(tail -n 1 "$tmp/out")"; fi
run 0 $YOMI --game tictactoe analyze xx./oo./... x
lines 2 out
has out "depth 1 score #1 nodes "
if [ "$(tail -n 1 "$tmp/out")" = "best c1 score #1 pv c1" ]; then ok; else bad "tictactoe win in 1: $(tail -n 1 "$tmp/out")"; fi
run 0 $YOMI analyze --depth 3 1l1/L2/3/cGE w Gce
has out "best Lb1xa2 score #1 pv Lb1xa2"
run 0 $YOMI analyze --depth 4 --multipv 3
if [ "$(grep -c '^depth 4 multipv' "$tmp/out")" = 3 ]; then ok; else bad "multipv 3 gives 3 lines"; fi
# the lines of each iteration in score order, best first (line 1 scored -4 below line 2's
# 0 at depth 15 before they were sorted), and best is line 1
run 0 $YOMI analyze --no-table --depth 15 --multipv 3
awk '$1 == "depth" && $3 == "multipv" { if ($4 > 1 && $6 > prev) print "depth " $2 ": " $6 " after " prev;
	prev = $6 }' "$tmp/out" >"$tmp/order"
if [ ! -s "$tmp/order" ] && [ "$(grep -c '^depth 15 multipv' "$tmp/out")" = 3 ]; then ok
else bad "multipv lines out of order: $(head -n 2 "$tmp/order")"; fi
if [ "$(grep '^depth 15 multipv 1 ' "$tmp/out" | sed 's/.* pv \([^ ]*\).*/\1/')" = \
     "$(tail -n 1 "$tmp/out" | cut -d' ' -f2)" ]; then ok; else bad "best is not line 1"; fi
# lines say their number whenever --multipv is above 1, even where one move is legal
run 0 $YOMI --game tictactoe analyze --no-table --multipv 3 xo-/oxx/oxo
has out "depth 1 multipv 1 score =0 "
run 0 $YOMI --game tictactoe analyze --no-table --multipv 3 --json xo-/oxx/oxo
has out '"multipv":1,'
run 0 $YOMI analyze --depth 3 --json
has out '{"best":"'
has out '"depth":3'
printf 'gle/1c1/1C1/ELG b - 1\nS/---/lc-/Eg-/GEL/C\n' | $YOMI analyze --depth 4 - >"$tmp/out" 2>"$tmp/err"
if [ "$(grep -c '^best ' "$tmp/out")" = 2 ] && [ "$(wc -l <"$tmp/out")" = 2 ]; then ok; else bad "analyze - gives one best line per position"; fi
# without a limit too: a filter answers every line, each within 4000000 nodes (it searched
# the first line forever and printed nothing); the same answer every time
printf 'gle/1c1/1C1/ELG b - 1\nS/---/lc-/Eg-/GEL/C\n' >"$tmp/in"
run 0 timeout 120 $YOMI analyze --no-table --json -
lines 2 out
if sed -n 1p "$tmp/out" | grep -q '"nodes":[1-4][0-9]\{6\},' ||
   sed -n 1p "$tmp/out" | grep -q '"nodes":[0-9]\{1,6\},'; then ok; else bad "filter budget: $(sed -n 1p "$tmp/out")"; fi
cp "$tmp/out" "$tmp/filter1"
run 0 timeout 120 $YOMI analyze --no-table --json -
if cmp -s "$tmp/out" "$tmp/filter1"; then ok; else
	# the time field differs: compare without it
	if [ "$(sed 's/"time":[0-9.]*//' "$tmp/out")" = "$(sed 's/"time":[0-9.]*//' "$tmp/filter1")" ]; then ok; else bad "filter answers differ between runs"; fi
fi
: >"$tmp/in"
# --threads: lazy SMP; a proof on 2 threads is the exact one; 0 and all mean every core
run 0 $YOMI analyze --no-table --threads 2 S/g-l/c-E/--e/--L/cG
has out "best Lc4xc3 score #11 pv"
run 0 $YOMI analyze --no-table --threads all --depth 4
has out "best "
for t in 65 -1 x 1.5 ''; do
	run 2 $YOMI analyze --threads "$t"
	err1 "yomi: analyze: --threads: '$t' is not a number of threads from 1 to 64, or 0 or all"
done
run 0 $YOMI bench --threads 0 --depth 3
has out "bench "
run 2 $YOMI bench --threads 2 --table "$tmp/none.yomi"
err1 "yomi: bench: --table: times a table; --threads goes with the search bench"
# a table named for a game that has none, or with --no-table, is refused, not ignored
run 2 $YOMI --game othello analyze --table "$tmp/none.yomi" --depth 1
err1 "yomi: analyze: table: othello has no solved tables"
run 2 $YOMI analyze --table "$tmp/none.yomi" --no-table
err1 "yomi: analyze: --table and --no-table cannot be combined"
run 2 $YOMI analyze --no-table --table "$tmp/none.yomi"
err1 "yomi: analyze: --table and --no-table cannot be combined"
run 2 $YOMI analyze --hash 0
run 2 $YOMI analyze --time abc
run 0 $YOMI analyze --depth 5 --moves Gc4-c3,Ga1-a2,Gc3-c4,Ga2-a1,Gc4-c3,Ga1-a2,Gc3-c4,Ga2-a1
same "best none score =0 pv"
has err "threefold repetition"
run 0 $YOMI show --moves Gc4-c3,Ga1-a2,Gc3-c4,Ga2-a1,Gc4-c3,Ga1-a2,Gc3-c4,Ga2-a1
has out "game over: draw (threefold repetition)"
hasnt out "to move"   # the diagram's status line is the draw, not the side to move
run 0 $YOMI show --lang ja --moves Gc4-c3,Ga1-a2,Gc3-c4,Ga2-a1,Gc4-c3,Ga1-a2,Gc3-c4,Ga2-a1
has out "終局：千日手（引き分け）"
run 0 $YOMI moves --moves Gc4-c3,Ga1-a2,Gc3-c4,Ga2-a1,Gc4-c3,Ga1-a2,Gc3-c4,Ga2-a1
lines 0 out
has err "threefold repetition"
run 0 $YOMI moves --moves Gc4-c3,Ga1-a2,Gc3-c4,Ga2-a1
lines 4 out
# no move after the repetition has ended the game
for c in show analyze moves; do
	run 2 $YOMI $c --moves Gc4-c3,Ga1-a2,Gc3-c4,Ga2-a1,Gc4-c3,Ga1-a2,Gc3-c4,Ga2-a1,Lb4-a3
	err1 "yomi: $c: --moves: move 9: move: Lb4-a3: the game is over (threefold repetition)"
done
run 2 $YOMI analyze --moves Cb3xb2xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx
err1 "yomi: analyze: --moves: move 2: move: 'xxxxxxxxxxxxxxxxxxxx...' is longer than any move (in the moves 'Cb3xb2xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...')"
run 2 $YOMI analyze --moves xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx
err1 "yomi: analyze: --moves: move 1: move: 'xxxxxxxxxxxxxxxxxxxx...' is longer than any move"
run 2 $YOMI analyze --moves Cb3-b1
has err "yomi: analyze: --moves: move 1: move: Cb3-b1: a chick moves one step forward"
# one move with text no move starts with is that move, mistyped: its own message, as the
# man page lists them (it read as a run, "move 2: move: '+': expected a move like ...")
run 2 $YOMI moves --moves Lb4-a3+
err1 "yomi: moves: --moves: move 1: move: Lb4-a3+: this move does not promote"
run 2 $YOMI moves --moves Gc4-c3,Ga1-a2,Cb3-b2-b1
err1 "yomi: moves: --moves: move 3: move: 'Cb3-b2-b1': unexpected text after the move"
run 0 $YOMI moves --moves Cb3xb2Ec1xb2
has out "Lb4-b3"
run 0 $YOMI analyze L2/1l1/3/cGE b Gce
same "best none score #0 pv"
run 0 $YOMI bench --depth 5
if tail -n 1 "$tmp/out" | grep -q '^bench [0-9][0-9]* nodes [0-9][0-9]* nps [0-9.]* s$'; then ok; else bad "bench last line: $(tail -n 1 "$tmp/out")"; fi
lines 31 out
run 0 $YOMI --game tictactoe bench
printf 'x........ o   # a comment\n\n   # only a comment\n' >"$tmp/bf.txt"
run 0 $YOMI --game tictactoe bench --file "$tmp/bf.txt"   # echoed without the blanks
if head -n 1 "$tmp/out" | grep -q ' x\.\.\.\.\.\.\.\. o$'; then ok; else bad "bench --file echo: $(head -n 1 "$tmp/out")"; fi
lines 2 out
run 2 $YOMI bench --file /nonexistent
has err "cannot open /nonexistent"
# a file of no position to search is refused, as --openings refuses one (it printed
# 'bench 0 nodes', a signature of nothing, exit 0); the default file not found names where
# it was looked for (it named ./data only, though $YOMI_DATA and the binary's folder were
# tried too)
: >"$tmp/none.txt"
run 2 $YOMI bench --file "$tmp/none.txt"
err1 "yomi: bench: $tmp/none.txt holds no position to search (none, or only games that are over)"
printf 'xxx/oo./... o\n' >"$tmp/over.txt"
run 2 $YOMI --game tictactoe bench --file "$tmp/over.txt"
err1 "yomi: bench: $tmp/over.txt holds no position to search"
case $YOMI in /*) abs=$YOMI ;; *) abs=$(pwd)/$YOMI ;; esac
if [ ! -e "${abs%/*}/data" ]; then
	(cd "$tmp" && YOMI_DATA="$tmp/nodata" "$abs" bench) >"$tmp/out" 2>"$tmp/err"
	[ $? -eq 2 ] && ok || bad "bench without its file: not exit 2"
	# ... and last the installed PREFIX/share/yomi compiled in (the sanitized build's own)
	err1 "yomi: bench: cannot open dobutsu/bench.txt in $tmp/nodata, ./data, ${abs%/*}/data, /"
	has err "/share/yomi: No such file or directory (give --file FILE)"
fi
# a directory opens, then fails every read: refused with the reason
printf 'S/gle/-c-/-C-/ELG/-%600s x\n' '' >"$tmp/long.txt"   # a line longer than any buffer
run 2 $YOMI bench --file "$tmp/long.txt"
err1 "yomi: bench: $tmp/long.txt:1: position: unexpected 'x' after the position"
run 2 $YOMI bench --file "$tmp"
err1 "yomi: bench: cannot open $tmp: Is a directory"
# the file's name is quoted as messages quote what a user gave, whatever is wrong, and so
# is a folder it was looked for in ($YOMI_DATA)
run 2 $YOMI bench --file "$tmp/no${esc}ne"
err1 "yomi: bench: cannot open $tmp/no\\x1b[2Jne: No such file or directory"
printf 'x........ o\nnot a position\n' >"$tmp/b${esc}.txt"
run 2 $YOMI --game tictactoe bench --file "$tmp/b${esc}.txt"
err1 "yomi: bench: $tmp/b\\x1b[2J.txt:2: position: "
: >"$tmp/b${esc}.txt"
run 2 $YOMI bench --file "$tmp/b${esc}.txt"
err1 "yomi: bench: $tmp/b\\x1b[2J.txt holds no position to search"
if [ ! -e "${abs%/*}/data" ]; then
	(cd "$tmp" && YOMI_DATA="$tmp/no${esc}data" "$abs" bench) >"$tmp/out" 2>"$tmp/err"
	[ $? -eq 2 ] && ok || bad "bench without its file: not exit 2"
	err1 "yomi: bench: cannot open dobutsu/bench.txt in $tmp/no\\x1b[2Jdata, ./data, "
fi
$YOMI analyze - <"$tmp" >"$tmp/out" 2>"$tmp/err"; st=$?
if [ $st -eq 2 ]; then ok; else bad "analyze - with a directory on stdin: exit $st"; fi
err1 "yomi: analyze: stdin: Is a directory"
$YOMI --game tictactoe solve -o "$tmp/t.yomi" >/dev/null
$YOMI --game tictactoe probe --table "$tmp/t.yomi" - <"$tmp" >"$tmp/out" 2>"$tmp/err"; st=$?
if [ $st -eq 2 ]; then ok; else bad "probe - with a directory on stdin: exit $st"; fi
err1 "yomi: probe: stdin: Is a directory"
# Ctrl-C stops an unlimited search and still prints the best line (exit 0).
$YOMI analyze --hash 16 >"$tmp/out" 2>"$tmp/err" &
apid=$!
sleep 2
kill -INT $apid
wait $apid
if [ $? = 0 ] && tail -n 1 "$tmp/out" | grep -q '^best '; then ok; else bad "Ctrl-C: $(tail -n 2 "$tmp/out")"; fi

# ---- the build ----
# `make` builds in parallel, one job per core, when no -j is given; a -j given wins.  The
# Makefile is read in a scratch folder (-q: nothing is built, no flags file is touched).
ROOT=$(cd "${0%/*}/.." && pwd)
if command -v make >/dev/null; then
	jobs() { env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -C "$tmp" -f "$ROOT/Makefile" -pq "$@" yomi 2>/dev/null | grep '^MAKEFLAGS = '; }
	case $(jobs) in *" -j$(nproc)"*) ok ;; *) bad "make without -j: $(jobs)" ;; esac
	case $(jobs -j1) in *" -j1"*) ok ;; *) bad "make -j1: $(jobs -j1)" ;; esac
	# make run ends with the exact value of the start and a perfect line, from the Dobutsu
	# table (the one make check builds; one is built first when none is found); it ended
	# with the search's '+8' for a loss in 78
	if [ -f "$ROOT/build/tables/dobutsu.yomi" ] && [ -x "$ROOT/yomi" ]; then
		YOMI_TABLES="$ROOT/build/tables" make -s -C "$ROOT" run >"$tmp/out" 2>"$tmp/err"
		if tail -n 1 "$tmp/out" | grep -q '^best Lb4-a3 score #-78 pv Lb4-a3 ' &&
		   [ "$(tail -n 1 "$tmp/out" | wc -w)" -eq 83 ]; then ok
		else bad "make run: $(tail -n 1 "$tmp/out" | cut -c1-100)"; fi
	fi
fi
# A search's unproven score says that it is an estimate, and how to get the exact value
run 0 $YOMI analyze --depth 4
err1 "yomi: note: the score is the search's heuristic estimate, not an exact value; build the dobutsu table once with 'yomi --game dobutsu solve', and analyze answers exactly"
run 0 $YOMI --game othello analyze --depth 2
err1 "yomi: note: the score is the search's heuristic estimate, not an exact value; without --depth, --time or --nodes the search runs until the result is proven"
run 0 $YOMI --game othello4 analyze
lines 0 err

# ---- memory of each thread ----
# Every thread (a solve's, the server's, the searches') holds and clears its own copy of
# the thread-local storage: a few KB.  Scratch arrays of the repetition code made it 2.5 MB
# (a solve's peak 6 MB higher on two threads, 'yomi --version' 8 MB resident instead of 5).
if command -v readelf >/dev/null; then
	tls=$(readelf -lW "$YOMI" | awk '$1 == "TLS" {print $6}')
	if [ -z "$tls" ] || [ $((tls)) -le 65536 ]; then ok; else bad "thread-local storage of $YOMI: $tls bytes"; fi
fi

finish
