#!/bin/sh
# End-to-end tests of `yomi solve` and `yomi probe` ($YOMI, default ./yomi):
#   - tic-tac-toe solved from scratch: the counts of data/tictactoe/known-results.txt, a draw,
#     --verify, --stats --reachable, probe output forms, filter mode;
#   - bad tables refused before any probe: a flipped byte, a truncated file, another game's
#     table, another format version, not a table at all;
#   - Dobutsu, when $DOBUTSU_TABLE names a table built by `yomi solve` (the Makefile builds
#     it with the optimized binary, $YOMI_FAST): the start position and the other facts of
#     data/dobutsu/known-results.txt, all 40 positions of data/dobutsu/search-known.txt
#     (value and the full set of best moves, from an independent tablebase), the W/D/L
#     totals, Tanaka's reachable counts and a clean --verify; with $DOBUTSU_LOG (the
#     build's --verbose output), its per-round counts against the table's histogram.
# Prints one line per failure and ends with "N passed, N failed".
. "${0%/*}/lib.sh"
YOMI_FAST=${YOMI_FAST:-$YOMI}
DOBUTSU_TABLE=${DOBUTSU_TABLE:-}

# ---- help and usage errors ----
run 0 $YOMI solve --help
has out "--verify"
has out "--wdl-only"
run 0 $YOMI probe --help
has out "--line"
run 2 $YOMI solve --try-rule sideways
has err "--try-rule: 'sideways' is not arrival or survival"
run 2 $YOMI solve --threads 65
has err "--threads: '65' is not a number of threads from 1 to 64, or 0 or all"
# an option's value is quoted as messages quote what a user gave (a control byte as \xNN)
run 2 $YOMI solve --try-rule "$(printf 'side\033[2Jways')"
err1 "yomi: solve: --try-rule: 'side\\x1b[2Jways' is not arrival or survival"
run 2 $YOMI solve --threads "$(printf '\033[31m2')"
err1 "yomi: solve: --threads: '\\x1b[31m2' is not a number of threads"
run 2 $YOMI solve --reachable
has err "yomi: solve: --reachable goes with --stats FILE"
run 2 $YOMI solve --histogram
err1 "yomi: solve: --histogram goes with --stats FILE"
# --stats takes its FILE first: `--stats --reachable FILE` said "no FILE or POSITION argument"
run 2 $YOMI solve --stats --reachable "$tmp/none.yomi"
err1 "yomi: solve: --stats: takes the table FILE first ('--reachable' is an option): --stats FILE [--reachable] [--histogram]"
run 2 $YOMI solve --verify "$tmp/none.yomi"
err1 "yomi: solve: table: $tmp/none.yomi: No such file or directory"
run 2 $YOMI probe --table "$tmp/none.yomi"
err1 "yomi: probe: table: $tmp/none.yomi: No such file or directory"
# a table's path is quoted as messages quote what a user gave: a control byte as \xNN (an
# escape sequence in it reached the terminal), whichever step refuses the file
run 2 $YOMI probe --table "$tmp/$(printf 'no\033[31m').yomi"
err1 "yomi: probe: table: $tmp/no\\x1b[31m.yomi: No such file or directory"
mkfifo "$tmp/$(printf 'fi\033[2Jfo')"
run 2 $YOMI probe --table "$tmp/$(printf 'fi\033[2Jfo')"
err1 "yomi: probe: table: $tmp/fi\\x1b[2Jfo: not a regular file"
run 2 $YOMI --game tictactoe solve -o "$tmp/$(printf 'dir\033[2J')/t.yomi"
err1 "yomi: solve: table: $tmp/dir\\x1b[2J: No such file or directory"
# ---- where tables are looked for and written (issue 44): $YOMI_TABLES, the user's data
# folder ($XDG_DATA_HOME/yomi, else ~/.local/share/yomi), the installed PREFIX/share/yomi
# (the sanitized build's own: YOMI_SYSTEM_TABLES), ./data; outside a source tree `solve`
# failed ("table: data: No such file or directory") and probe suggested that command.
# Every run here has its own HOME and no XDG_DATA_HOME (lib.sh): the real ones are not
# read or written.
SYS=${YOMI_SYSTEM_TABLES:-/usr/local/share/yomi}
case $YOMI in /*) y=$YOMI ;; *) y=$PWD/$YOMI ;; esac
mkdir "$tmp/empty" "$tmp/outside" "$tmp/h"
# (in a folder without data/, with an empty home)
away() { (cd "$tmp/outside" && env -u YOMI_TABLES -u XDG_DATA_HOME HOME="$tmp/h" "$@"); }
run 2 away $y --game tictactoe probe
err1 "yomi: probe: table: no tictactoe table yet: build it with 'yomi --game tictactoe solve' (looked for tictactoe.yomi in $tmp/h/.local/share/yomi, $SYS, data)"
if [ -e "$tmp/h/.local" ]; then bad "probe made the user's data folder"; else ok; fi
# the command it says works, from there: the table goes to the user's folder (made), where
# every command finds it, from anywhere
run 0 away $y --game tictactoe solve
has out "wrote $tmp/h/.local/share/yomi/tictactoe.yomi: "
run 0 away $y --game tictactoe probe
same "=0 a1,b1,c1,a2,b2,c2,a3,b3,c3"
run 0 env -u YOMI_TABLES -u XDG_DATA_HOME HOME="$tmp/h" $YOMI --game tictactoe analyze
has out " table pv "
input b2
run 0 away $y --game tictactoe play --second perfect
has out "result: "
: >"$tmp/in"
# $XDG_DATA_HOME before HOME (a relative one is ignored); $YOMI_TABLES before both
run 0 away env XDG_DATA_HOME="$tmp/xdg" $y --game tictactoe solve
has out "wrote $tmp/xdg/yomi/tictactoe.yomi: "
run 2 away env XDG_DATA_HOME=rel $y --game dobutsu probe
has err "(looked for dobutsu.yomi in $tmp/h/.local/share/yomi, $SYS, data)"
run 0 away env YOMI_TABLES="$tmp/empty:$tmp/xdg/yomi" $y --game tictactoe solve --sample 1
run 2 away env YOMI_TABLES="$tmp/empty:$tmp/xdg/yomi" $y --game dobutsu probe
has err "(looked for dobutsu.yomi in $tmp/empty, $tmp/xdg/yomi, $tmp/h/"
# each folder named as messages quote what a user gave (a control byte as \xNN: an escape
# sequence in $YOMI_TABLES reached the terminal)
run 2 away env YOMI_TABLES="$tmp/em$(printf '\033[2J')pty" $y --game dobutsu probe
has err "(looked for dobutsu.yomi in $tmp/em\\x1b[2Jpty, $tmp/h/"
run 0 away env YOMI_TABLES="$tmp/empty" $y --game tictactoe solve
has out "wrote $tmp/empty/tictactoe.yomi: "
rm "$tmp/empty/tictactoe.yomi"
# a table found first is the one read: a bad one in $YOMI_TABLES is named, not passed over
echo x >"$tmp/empty/tictactoe.yomi"
run 2 away env YOMI_TABLES="$tmp/empty" $y --game tictactoe probe
err1 "yomi: probe: table: $tmp/empty/tictactoe.yomi: "
rm "$tmp/empty/tictactoe.yomi"
# the installed folder, after the user's
if [ -n "${YOMI_SYSTEM_TABLES:-}" ]; then
	mkdir -p "$SYS"
	cp "$tmp/xdg/yomi/tictactoe.yomi" "$SYS/tictactoe.yomi"
	run 0 away env HOME="$tmp/empty" $y --game tictactoe probe --all
	has out "=0 "
	rm -f "$SYS/tictactoe.yomi"
	rmdir "$SYS"
fi
# ./data last, as in a source tree: written there when the user's folder cannot be made
# (HOME a file: not even root makes a folder in it)
: >"$tmp/file"
mkdir "$tmp/outside/data"
run 0 away env HOME="$tmp/empty" $y --game tictactoe solve
has out "wrote $tmp/empty/.local/share/yomi/tictactoe.yomi: "
run 0 away env HOME="$tmp/file" $y --game tictactoe solve
has out "wrote data/tictactoe.yomi: "
run 0 away env HOME="$tmp/file" $y --game tictactoe probe
same "=0 a1,b1,c1,a2,b2,c2,a3,b3,c3"
# a HOME that is not there is not made (the /nonexistent of system users; root made it)
run 0 away env HOME="$tmp/gone" $y --game tictactoe solve
has out "wrote data/tictactoe.yomi: "
if [ -e "$tmp/gone" ]; then bad "solve made a HOME that was not there"; else ok; fi
rm -r "$tmp/outside/data" "$tmp/empty/.local"
# nowhere to write: said before any work, with what to do
run 2 away env HOME="$tmp/file" $y --game tictactoe solve
err1 "yomi: solve: no folder to write the table to: give -o FILE (none of $tmp/file/.local/share/yomi, $SYS, data can be written)"
run 2 away env HOME="$tmp/file" $y --game tictactoe probe
err1 "yomi: probe: table: no tictactoe table yet: build it with 'yomi --game tictactoe solve -o FILE', then give --table FILE"

# ---- tic-tac-toe: the whole game ----
T=$tmp/ttt.yomi
run 0 $YOMI --game tictactoe solve -o "$T" --threads 2
has out "solved tictactoe: 5478 positions: 2836 wins, 1068 draws, 1574 losses; longest win 5 plies"
has out "wrote $T: "
if ls "$tmp" | grep -q "\.tmp"; then bad "temporary file left behind"; else ok; fi
# the table is renamed over its path: a FIFO (or a device) there is refused, not replaced
mkfifo "$tmp/fifo"
run 2 $YOMI --game tictactoe solve -o "$tmp/fifo"
err1 "yomi: solve: table: $tmp/fifo: not a regular file"
if [ -p "$tmp/fifo" ]; then ok; else bad "the FIFO was replaced"; fi
run 2 $YOMI --game tictactoe solve -o "$tmp"
err1 "yomi: solve: table: $tmp: not a regular file"
# and a folder that is not there, before the solve (which is minutes for Dobutsu)
run 2 $YOMI --game tictactoe solve -o "$tmp/none/t.yomi"
err1 "yomi: solve: table: $tmp/none: No such file or directory"
run 2 $YOMI --game tictactoe solve -o "$tmp/fifo/t.yomi"
err1 "yomi: solve: table: $tmp/fifo: not a folder"
# an empty name is no file (it once became ".tmp" here and passed, so the solve ran first)
run 2 $YOMI --game tictactoe solve -o ''
err1 "yomi: solve: table: the file name is empty"
# the temporary file is a new name of its own (FILE.tmp.XXXXXX): what is at FILE.tmp (a
# FIFO, a link to another file) is no concern of a solve and is left as it is
echo keep >"$tmp/victim"
ln -s "$tmp/victim" "$tmp/t2.yomi.tmp"
run 0 $YOMI --game tictactoe solve -o "$tmp/t2.yomi"
if [ "$(cat "$tmp/victim")" = keep ]; then ok; else bad "a file behind FILE.tmp was changed"; fi
rm "$tmp/t2.yomi.tmp"
# two solves to one name at once: each writes its own file and renames it, so both end
# well and the table is whole (they once shared FILE.tmp: one failed, or both)
for round in 1 2 3 4; do
	for k in 1 2 3 4 5 6 7 8; do
		($YOMI --game tictactoe solve -o "$tmp/c.yomi" >/dev/null 2>>"$tmp/c.err" <"$tmp/in"
		 echo $? >>"$tmp/c.status") &
	done
	wait
done
if [ "$(sort -u "$tmp/c.status")" = 0 ]; then ok; else bad "concurrent solves: $(sort "$tmp/c.status" | uniq -c | tr '\n' ' ') $(head -n 1 "$tmp/c.err")"; fi
run 0 $YOMI --game tictactoe solve --verify "$tmp/c.yomi"
has out ", 0 mismatches"
leftover=$(ls "$tmp" | grep '\.tmp\.')
if [ -z "$leftover" ]; then ok; else bad "temporary files left behind: $leftover"; fi
# -o naming a symbolic link writes the table where it points; the link stays
mkdir "$tmp/away"
ln -s away/t.yomi "$tmp/link.yomi"
run 0 $YOMI --game tictactoe solve -o "$tmp/link.yomi"
if [ -L "$tmp/link.yomi" ] && [ -f "$tmp/away/t.yomi" ]; then ok; else bad "-o LINK: the link was replaced"; fi
run 0 $YOMI --game tictactoe probe --table "$tmp/link.yomi"
has out "=0 "
run 0 $YOMI --game tictactoe solve -o "$tmp/link.yomi"   # now over the file it points to
if [ -L "$tmp/link.yomi" ]; then ok; else bad "-o LINK: the link was replaced"; fi
ln -s "$tmp/nowhere/t.yomi" "$tmp/dangling.yomi"
run 2 $YOMI --game tictactoe solve -o "$tmp/dangling.yomi"
err1 "yomi: solve: table: $tmp/nowhere: No such file or directory"
ln -s loop2.yomi "$tmp/loop1.yomi" && ln -s loop1.yomi "$tmp/loop2.yomi"
run 2 $YOMI --game tictactoe solve -o "$tmp/loop1.yomi"
err1 "yomi: solve: table: $tmp/loop1.yomi: Too many levels of symbolic links"
ln -s "$tmp/fifo" "$tmp/fifolink.yomi"
run 2 $YOMI --game tictactoe solve -o "$tmp/fifolink.yomi"
err1 "yomi: solve: table: $tmp/fifolink.yomi: not a regular file"
run 0 $YOMI --game tictactoe solve --stats "$T" --reachable --plot "$tmp/ttt.svg"
# 5478 reachable positions, 958 of them terminal (data/tictactoe/known-results.txt)
has out "reachable from the start: 5478 indexed positions; not terminal 4520 = "
grep -q "reachable positions including the empty board: 5478" "$DATA/tictactoe/known-results.txt" && ok || bad "known-results.txt changed"
grep -q "terminal positions: 958" "$DATA/tictactoe/known-results.txt" && ok || bad "known-results.txt changed"
has out "  0             0           942"   # 942 = 626 + 316 games won by three in a row
has out "  1          2358             0"
grep -q "<svg" "$tmp/ttt.svg" && ok || bad "no SVG plot"
# on a terminal the walk says that its time is not known before it ends (each ply's bar
# is its own: how many plies there are is known at the end)
if command -v script >/dev/null; then
	run 0 env -u CI script -qec "$YOMI --game tictactoe solve --stats $T --reachable" /dev/null
	has out "yomi: solve: reachable: ply 9 ["
	has out "| 5010 seen, total unknown"
fi
# a table without distances has no histogram to plot: refused, nothing written
run 0 $YOMI --game tictactoe solve --wdl-only --from "$T" -o "$tmp/tw.yomi"
run 2 $YOMI --game tictactoe solve --stats "$tmp/tw.yomi" --plot "$tmp/tw.svg"
err1 "yomi: solve: --plot: $tmp/tw.yomi holds no distances to plot"
if [ -e "$tmp/tw.svg" ]; then bad "a plot was written"; else ok; fi
# the plot replaces its file, which must not be a table: the one read (once overwritten
# with the SVG), or another; nor a FIFO, nor an empty name, nor a file in no folder (told
# before the table is read, as the others are: it was told after, exit 1, "plot: ...")
cp "$T" "$tmp/copy.yomi"
for target in "$T" "$tmp/copy.yomi" "$tmp/fifo" '' "$tmp/none/p.svg" "$T/p.svg"; do
	run 2 $YOMI --game tictactoe solve --stats "$T" --plot "$target"
	case $target in
	"$T") err1 "yomi: solve: --plot: $T: it is the table being read" ;;
	*.yomi) err1 "yomi: solve: --plot: $target: a yomi table, not replaced by a plot" ;;
	'') err1 "yomi: solve: --plot: : the file name is empty" ;;
	*/none/*) err1 "yomi: solve: --plot: $target: No such file or directory"; hasnt out "table" ;;
	*/p.svg) err1 "yomi: solve: --plot: $target: Not a directory"; hasnt out "table" ;;
	*) err1 "yomi: solve: --plot: $target: not a regular file" ;;
	esac
done
cmp -s "$T" "$tmp/copy.yomi" && ok || bad "the table was changed by --plot"
# the plot's path is quoted as messages quote what a user gave: a control byte as \xNN (an
# escape sequence in it reached the terminal), whether the check before the table is read
# refuses it, the write fails (/sys refuses new files even to root) or the plot is written
esc=$(printf '\033[2J')
run 2 $YOMI --game tictactoe solve --stats "$T" --plot "$tmp/no${esc}ne/p.svg"
err1 "yomi: solve: --plot: $tmp/no\\x1b[2Jne/p.svg: No such file or directory"
cp "$tmp/tw.yomi" "$tmp/tw${esc}.yomi"
run 2 $YOMI --game tictactoe solve --stats "$tmp/tw${esc}.yomi" --histogram
err1 "yomi: solve: --histogram: $tmp/tw\\x1b[2J.yomi holds no distances"
if [ -d /sys ] && ! (: >/sys/yomi-plot-test) 2>/dev/null; then
	run 1 $YOMI --game tictactoe solve --stats "$T" --plot "/sys/p${esc}.svg"
	err1 "yomi: solve: plot: /sys/p\\x1b[2J.svg: Permission denied"
else
	echo "note: /sys takes new files here: the plot's write error is not checked"
fi
run 0 $YOMI --game tictactoe solve --stats "$T" --plot "$tmp/p${esc}.svg"
has out "table $T: game tictactoe"
last "plot written to $tmp/p\\x1b[2J.svg"
grep -q "<svg" "$tmp/p${esc}.svg" && ok || bad "no SVG plot at the quoted name's file"
# a plot whose write fails (here the file size limit, 512 bytes) leaves the plot there was
# whole, and no file beside it (it was cut to 512 bytes: written in place)
cp "$tmp/p${esc}.svg" "$tmp/keep.svg"
(trap '' XFSZ; ulimit -f 1; exec $YOMI --game tictactoe solve --stats "$T" --plot "$tmp/keep.svg") \
	>/dev/null 2>"$tmp/err"
[ $? = 1 ] && ok || bad "a plot that cannot be written: exit status $?"
err1 "yomi: solve: plot: $tmp/keep.svg: File too large"
cmp -s "$tmp/p${esc}.svg" "$tmp/keep.svg" && ok || bad "the plot there was is not whole"
[ -z "$(find "$tmp" -name 'keep.svg.tmp*')" ] && ok || bad "a temporary file is left"
cp "$T" "$tmp/t${esc}.yomi"
run 0 $YOMI --game tictactoe solve --stats "$tmp/t${esc}.yomi"
has out "table $tmp/t\\x1b[2J.yomi: game tictactoe"
run 0 $YOMI --game tictactoe solve --verify "$tmp/copy.yomi"
run 0 $YOMI --game tictactoe solve --verify "$T"
has out "19683 entries, 0 mismatches"
run 0 $YOMI --game tictactoe probe --table "$T"
has out "=0 a1,b1,c1,a2,b2,c2,a3,b3,c3"
run 0 $YOMI --game tictactoe probe --table "$T" --all "xo./.x./..o x"
has out "#3 a2,a3 "
has out " c1:=0"
run 0 $YOMI --game tictactoe probe --table "$T" --line "xo./.x./..o x"
has out "#3 line a2 "
run 0 $YOMI --game tictactoe probe --table "$T" --json "xx./oo./... x"
has out '{"score":"#1","best":["c1"]}'
# analyze answers from a table: exact score and a perfect line at once
run 0 $YOMI --game tictactoe analyze --table "$T" "xo./.x./..o x"
has out "depth 3 score #3 nodes 0 nps 0 time "
has out "best a2 score #3 pv a2 "
# --json: the members of a search's objects
run 0 $YOMI --game tictactoe analyze --table "$T" --json --multipv 2 "xo./.x./..o x"
has out '{"depth":3,"seldepth":3,"multipv":2,"score":"#3","nodes":0,"nps":0,"time":'
has out '{"best":"a2","score":"#3","depth":3,"nodes":0,"time":'
run 2 $YOMI --game tictactoe analyze --table "$tmp/none.yomi"
err1 "yomi: analyze: table: $tmp/none.yomi: No such file or directory"
# a finished game is answered, never an assertion
run 0 $YOMI --game tictactoe probe --table "$T" --all "xxx/oo./... o"
has out "#-0 none"
printf 'x../.../... o\nxo./.x./..o x\nnonsense\n... x\n' >"$tmp/in"
run 2 $YOMI --game tictactoe probe --table "$T" -
lines 4 out
has out "#3 a2,a3"
has out "error: "
: >"$tmp/in"
run 0 $YOMI --game tictactoe solve -o "$tmp/ttt-wdl.yomi" --wdl-only
run 0 $YOMI --game tictactoe probe --table "$tmp/ttt-wdl.yomi" --all "xo./.x./..o x"
has out "win a2,a3 "
run 0 $YOMI --game tictactoe solve --verify "$tmp/ttt-wdl.yomi"
has out "19683 entries, 0 mismatches (win/draw/loss only: each entry agrees with its successors)"
run 0 $YOMI --game tictactoe solve --wdl-only --from "$T" -o "$tmp/ttt-wdl2.yomi"
has out "converted tictactoe: 5478 positions: 2836 wins, 1068 draws, 1574 losses"
if cmp -s "$tmp/ttt-wdl.yomi" "$tmp/ttt-wdl2.yomi"; then ok; else bad "--wdl-only --from: another table than --wdl-only"; fi
run 2 $YOMI --game tictactoe solve --try-rule survival
err1 "tictactoe has no try"
run 2 $YOMI --game tictactoe solve --try-rule arrival   # the default rule, still no try
err1 "tictactoe has no try"
# options of another kind of run are refused, not ignored
for a in "--verify $T" "--stats $T" "-o $tmp/x.yomi" "--from $T" "--wdl-only"; do
	run 2 $YOMI --game tictactoe solve --sample 2 $a
	err1 "yomi: solve: --sample: it prints positions of the index; ${a%% *} cannot be combined with it"
done
run 2 $YOMI --game tictactoe solve --verify "$T" -o "$tmp/x.yomi"
err1 "yomi: solve: -o: goes with building a table, not with --verify"
run 2 $YOMI --game tictactoe solve --stats "$T" --from "$T"
err1 "yomi: solve: --from: goes with building a table, not with --stats"
hasnt err "try-rule"
run 2 $YOMI solve --stats "$T" --try-rule survival
err1 "yomi: solve: --try-rule: goes with building a table, not with --stats (a table records its rule)"
run 2 $YOMI --game tictactoe bench -T "$T" -d 3
err1 "yomi: bench: --table: times a table; --depth goes with the search bench"
run 2 $YOMI --game tictactoe bench -T "$T" --file "$tmp/in"
err1 "--file goes with the search bench"
run 2 $YOMI --game tictactoe solve --from "$tmp/ttt-wdl.yomi" -o "$tmp/x.yomi"
err1 "needs a table with distances counted by the standard rule"
# --from never writes over the table it reads, however the name is spelled (the distances
# would be gone); the table is left as it was
cp "$T" "$tmp/from.yomi"
run 2 $YOMI --game tictactoe solve --from "$tmp/from.yomi" --wdl-only -o "$tmp/./from.yomi"
err1 "yomi: solve: -o $tmp/./from.yomi: it is the table --from reads; write to another file"
if cmp -s "$T" "$tmp/from.yomi"; then ok; else bad "--from: the table read was changed"; fi
# a perfect player needs distances: without them a random winning move can draw a won game
for cmd in match play; do
	run 2 $YOMI --game tictactoe $cmd --first "perfect:table=$tmp/ttt-wdl.yomi" --second random
	err1 "yomi: $cmd: --first: player 'perfect:table=$tmp/ttt-wdl.yomi': the table has no distances (solve it without --wdl-only)"
done
# play's save never replaces a table (the perfect player's, or any other)
cp "$T" "$tmp/read.yomi"
printf 'save %s\nsave %s\nquit\n' "$tmp/read.yomi" "$tmp/ttt-wdl.yomi" >"$tmp/in"
run 0 $YOMI --game tictactoe play --first perfect --second human --table "$tmp/read.yomi"
has out "save: $tmp/read.yomi: a yomi table, not replaced by a game record"
has out "save: $tmp/ttt-wdl.yomi: a yomi table, not replaced by a game record"
if cmp -s "$T" "$tmp/read.yomi"; then ok; else bad "play's save changed the table"; fi
# nor does --save: play refuses it before the game, match when it comes to a game's file
# (--save once replaced the table with the record)
: >"$tmp/in"
run 2 $YOMI --game tictactoe play --first random --second random --seed 1 --save "$tmp/read.yomi"
err1 "yomi: play: --save: $tmp/read.yomi: a yomi table, not replaced by a game record"
hasnt out "first plays"
cp "$T" "$tmp/read-1.yomi"
run 2 $YOMI --game tictactoe match --first random --second random --seed 1 --save "$tmp/read.yomi"
err1 "yomi: match: --save: $tmp/read-1.yomi: a yomi table, not replaced by a game record"
if cmp -s "$T" "$tmp/read-1.yomi"; then ok; else bad "--save changed the table read-1.yomi"; fi
rm "$tmp/read-1.yomi"
cp "$T" "$tmp/read-2.yomi"
run 1 $YOMI --game tictactoe match --first random --second random --seed 1 --save "$tmp/read.yomi"
err1 "yomi: match: game 2: record: $tmp/read-2.yomi: a yomi table, not replaced by a game record"
for f in read read-2; do
	if cmp -s "$T" "$tmp/$f.yomi"; then ok; else bad "--save changed the table $f.yomi"; fi
done
run 0 $YOMI --game tictactoe probe --table "$tmp/ttt-wdl.yomi" "xo./.x./..o x"
has out "win a2,a3"
: >"$tmp/in"

# samples of the index, and the table benchmark
run 0 $YOMI --game tictactoe solve --sample 3000 --seed 7
lines 3000 out
cp "$tmp/out" "$tmp/in"
run 0 $YOMI --game tictactoe probe --table "$T" -
lines 3000 out
: >"$tmp/in"
if grep -q '^error' "$tmp/out"; then bad "a sampled position was refused"; else ok; fi
# --sample 0 would have built (and written) the table; --seed alone had no effect
run 2 $YOMI --game tictactoe solve --sample 0 -o "$tmp/s0.yomi"
has err "--sample: '0' is not a number from 1 to 100000000"
if [ -e "$tmp/s0.yomi" ]; then bad "--sample 0 wrote a table"; else ok; fi
run 2 $YOMI --game tictactoe solve --seed 7 -o "$tmp/s0.yomi"
err1 "yomi: solve: --seed: only with --sample"
run 0 $YOMI --game tictactoe bench --table "$T"
has out "probe: "
has out " us warm "

# a table whose blocks are corrupt under a checksum that holds (TABLE_RESUM rewrites it):
# what the check at open cannot see.  The stream keeps one line out per line in, a failed
# probe's line being its error; analyze says so and searches
if [ -n "${TABLE_RESUM:-}" ]; then
	$YOMI --game tictactoe solve --sample 50 --seed 3 >"$tmp/sample"
	cp "$T" "$tmp/tc.yomi"
	head -c 64 /dev/zero | tr '\0' '\377' | dd of="$tmp/tc.yomi" bs=1 seek=600 conv=notrunc 2>/dev/null
	"$TABLE_RESUM" "$tmp/tc.yomi"
	cp "$tmp/sample" "$tmp/in"
	for opt in "" "--json" "--line"; do
		run 1 $YOMI --game tictactoe probe --table "$tmp/tc.yomi" $opt -
		lines 50 out
		n=$(grep -c '^error: table: \|^{"error":"table: ' "$tmp/out")
		if [ "$n" -gt 0 ] && [ "$(grep -c '^yomi: probe: line [0-9]*: table: ' "$tmp/err")" -eq "$n" ]
		then ok; else bad "probe $opt: $n error lines: $(head -n 2 "$tmp/err")"; fi
	done
	: >"$tmp/in"
	line=$(grep -n '^error' "$tmp/out" | head -n 1 | cut -d: -f1)
	line=${line:-1}
	run 0 $YOMI --game tictactoe analyze --table "$tmp/tc.yomi" --depth 2 "$(sed -n "${line}p" "$tmp/sample")"
	has err "yomi: note: table: "
	has err "; searching instead"
	has out "best "
	# a line stops at no failing block: it is whole (as long as its distance) or an error
	$YOMI --game tictactoe solve --sample 3000 --seed 3 >"$tmp/in"   # lines cross the block
	$YOMI --game tictactoe probe --table "$tmp/tc.yomi" --line - <"$tmp/in" >"$tmp/out" 2>/dev/null
	awk '$2 == "line" && $1 ~ /^#/ { n = substr($1, 2); if (n < 0) n = -n;
		if (NF - 2 != n) print "short: " $0 }' "$tmp/out" >"$tmp/short"
	if [ ! -s "$tmp/short" ] && grep -q '^#[0-9-]* line ' "$tmp/out"; then ok
	else bad "probe --line: $(head -n 2 "$tmp/short")"; fi
	: >"$tmp/in"
	# reading the whole table fails alike, naming the file and the block: exit 1 each
	run 1 $YOMI --game tictactoe solve --verify "$tmp/tc.yomi"
	err1 "yomi: solve: table: $tmp/tc.yomi: block 0 does not decompress"
	run 1 $YOMI --game tictactoe solve --stats "$tmp/tc.yomi" --histogram
	err1 "yomi: solve: table: $tmp/tc.yomi: block 0 does not decompress"
	# what the header holds needs no block: --stats answers (it read the whole table)
	run 0 $YOMI --game tictactoe solve --stats "$tmp/tc.yomi"
	has out "positions 5478: wins 2836, draws 1068, losses 1574"
	run 1 $YOMI --game tictactoe solve --from "$tmp/tc.yomi" --wdl-only -o "$tmp/tc2.yomi"
	err1 "yomi: solve: table: $tmp/tc.yomi: block 0 does not decompress"
	bad_pos=$(sed -n "${line}p" "$tmp/sample")
	# the hint of a perfect player whose table fails says so (it made up a move)
	printf 'hint\nquit\n' >"$tmp/in"
	run 0 $YOMI --game tictactoe play --first human --second perfect --table "$tmp/tc.yomi" "$bad_pos"
	has out "hint: table: $tmp/tc.yomi: block "
	: >"$tmp/in"
	# a match whose every game failed has no score (it said "every game drawn")
	run 1 $YOMI --game tictactoe match --first perfect --second perfect --table "$tmp/tc.yomi" --games 1 "$bad_pos"
	last "games 0: none finished, no Elo difference"
	run 1 $YOMI --game tictactoe match --first perfect --second perfect --table "$tmp/tc.yomi" --games 1 --json "$bad_pos"
	last '{"games":0,"wins":0,"draws":0,"losses":0,"score":null,"elo":null,"margin":null}'
else
	echo "note: no TABLE_RESUM given: the corrupt-block checks are skipped"
fi

# ---- bad tables are refused before any probe ----
# a FIFO is refused, not opened and waited on (given, or as the default table)
mkfifo "$tmp/fifo.yomi"
run 2 timeout 20 $YOMI --game tictactoe probe --table "$tmp/fifo.yomi"
err1 "yomi: probe: table: $tmp/fifo.yomi: not a regular file"
mkdir "$tmp/fifos" && mkfifo "$tmp/fifos/tictactoe.yomi"
run 0 env YOMI_TABLES="$tmp/fifos" timeout 20 $YOMI --game tictactoe analyze --depth 2
err1 "yomi: note: table: $tmp/fifos/tictactoe.yomi: not a regular file; searching without it"
size=$(wc -c <"$T")
cp "$T" "$tmp/flip.yomi"
printf '\001' | dd of="$tmp/flip.yomi" bs=1 seek=$((size / 2)) conv=notrunc 2>/dev/null
run 2 $YOMI --game tictactoe probe --table "$tmp/flip.yomi"
err1 "checksum mismatch: the file is corrupt"
head -c $((size - 100)) "$T" >"$tmp/short.yomi"
run 2 $YOMI --game tictactoe probe --table "$tmp/short.yomi"
err1 "yomi: probe: table: $tmp/short.yomi: $((size - 100)) bytes where its header says $size: truncated or corrupt"
# a flipped byte in the header is corruption too, not the other game or size it now claims
cp "$T" "$tmp/flipgame.yomi"
printf 'u' | dd of="$tmp/flipgame.yomi" bs=1 seek=9 conv=notrunc 2>/dev/null
run 2 $YOMI --game tictactoe probe --table "$tmp/flipgame.yomi"
err1 "yomi: probe: table: $tmp/flipgame.yomi: checksum mismatch: the file is corrupt"
head -c 100 "$T" >"$tmp/tiny.yomi"
run 2 $YOMI --game tictactoe probe --table "$tmp/tiny.yomi"
err1 "too short to be a table"
run 2 $YOMI --game dobutsu probe --table "$T"
err1 "a table of game 'tictactoe', not dobutsu"
cp "$T" "$tmp/v9.yomi"
printf '\011' | dd of="$tmp/v9.yomi" bs=1 seek=4 conv=notrunc 2>/dev/null
run 2 $YOMI --game tictactoe probe --table "$tmp/v9.yomi"
err1 "format version 9, this yomi reads version 2"
cp "$T" "$tmp/v1.yomi"
printf '\001' | dd of="$tmp/v1.yomi" bs=1 seek=4 conv=notrunc 2>/dev/null
run 2 $YOMI --game tictactoe probe --table "$tmp/v1.yomi"
err1 "format version 1, this yomi reads version 2 (build it again: yomi --game tictactoe solve -o $tmp/v1.yomi)"
# found by analyze (not named): a note, then the search
mkdir -p "$tmp/old"
cp "$tmp/v1.yomi" "$tmp/old/tictactoe.yomi"
run 0 env YOMI_TABLES="$tmp/old" $YOMI --game tictactoe analyze
err1 "note: table: $tmp/old/tictactoe.yomi: format version 1, this yomi reads version 2 (build it again: yomi --game tictactoe solve -o $tmp/old/tictactoe.yomi); searching without it"
has out "best "
printf 'YOMI but not really a table at all, just text that is long enough to be read in full as a header by a careless reader. %0300d\n' 0 >"$tmp/text.yomi"
run 2 $YOMI --game tictactoe solve --stats "$tmp/text.yomi"
has err "yomi: solve: table: $tmp/text.yomi: "
run 2 $YOMI --game tictactoe probe --table "$tmp/v9.yomi" --all
lines 0 out

# score_kind SCORE: win, loss or draw
score_kind() { case $1 in '#-'*) echo loss ;; '#'*) echo win ;; *) echo draw ;; esac; }

# ---- Dobutsu (the table is built by the Makefile: minutes, so once) ----
if [ -n "$DOBUTSU_TABLE" ]; then
	D=$DOBUTSU_TABLE
	run 0 $YOMI probe --table "$D" --all
	has out "#-78 Lb4-a3,Lb4-c3,Gc4-c3 "
	has out " Cb3xb2:#-76"
	run 0 $YOMI probe --table "$D" --all S/gle/-c-/-C-/ELG/-
	has out "#-78 Lb4-a3,Lb4-c3,Gc4-c3 "
	run 0 $YOMI probe --table "$D" S/cgl/--e/--L/c-G/E
	has out "#173 Lc3-b4"
	run 0 $YOMI probe --table "$D" S/---/lc-/Eg-/GEL/C
	has out "#57 C*c1"
	run 0 $YOMI analyze --table "$D" --multipv 4
	has out "depth 76 multipv 4 score #-76 nodes 0 nps 0 time "
	has out "best Lb4-a3 score #-78 pv Lb4-a3 "
	# the --moves history counts for repetition: La3-b4 stands for the third time (a draw),
	# while the table, which knows nothing of it, says every move loses
	M=Gc4-c3,Ga1-a2,Gc3-c4,Ga2-a1,Gc4-c3,Ga1-a2,Lb4-a3,Ga2-a1
	run 0 $YOMI analyze --table "$D" --moves $M
	has out "best La3-b4 score =0 pv La3-b4"
	run 0 $YOMI probe --table "$D" --moves $M
	same "=0 La3-b4"
	# a history the result cannot come back to: the table answers
	run 0 $YOMI analyze --table "$D" --moves Cb3xb2
	has out "best Ec1xb2 score #75 pv Ec1xb2 "
	# Repetition as the rules count it, the third occurrence: a position that stood twice
	# is not a proven draw (the start after Gc4-c3,Ga1-a2,Gc3-c4,Ga2-a1 was '=0', its
	# value is #-78), nor is a move to a position that stood once (issue 44)
	M=Gc4-c3,Ga1-a2,Gc3-c4,Ga2-a1
	run 0 $YOMI analyze --table "$D" --moves $M
	has out "best Lb4-a3 score #-78 pv Lb4-a3 Ga1-a2 La3-b4 "
	hasnt out "=0"
	run 0 $YOMI probe --table "$D" --all --moves $M
	same "#-78 Lb4-a3,Lb4-c3,Gc4-c3 Lb4-a3:#-78 Lb4-c3:#-78 Gc4-c3:#-78 Cb3xb2:#-76"
	run 0 $YOMI analyze --table "$D" --moves Gc4-c3,Ga1-a2,Gc3-c4 --multipv 3 --depth 2
	has out "best Cb2xb3 score #75 "
	hasnt err "note"
	# a move that makes a position stand for the third time is a draw: Ga2-a1 (#79 in the
	# table) makes the start's third
	run 0 $YOMI probe --table "$D" --all --moves $M,Gc4-c3,Ga1-a2,Gc3-c4
	has out "#75 Cb2xb3 Cb2xb3:#75 "
	has out " Ga2-a1:=0 "
	# The table's answer against the search's (both under the rules, the search proving
	# its mate): W is won in 7 by Lb2-c2, whose position stood once before (the table
	# said Lb2-c2 was a draw, the search missed it and proved #9); from X, where Lb2-c2
	# makes it stand a third time, in 9.  Each value of a move changed by the history (the
	# table says #-12 for La3-b3 of V, La3-b4 stands a third time) too.
	W="3/gl1/1C1/1L1 w g2ec 72" X="3/g1l/1C1/1L1 b g2ec 73" V="1l1/g1C/3/1L1 w G2ec 64"
	C=Lb4-a3,Lc2-b2,La3-b4 H=Ga2-b2,Lb4-a3,Gb2-a2,La3-b4,Ga2-b2,Lb4-a3,Gb2-a2
	run 0 $YOMI probe --table "$D" "$W" --moves Lb2-c2,$C
	same "#7 Lb2-c2"
	run 0 $YOMI analyze --table "$D" "$W" --moves Lb2-c2,$C
	has out "best Lb2-c2 score #7 pv Lb2-c2 "
	run 0 $YOMI analyze --no-table "$W" --moves Lb2-c2,$C
	has out "best Lb2-c2 score #7 pv Lb2-c2 "
	run 0 $YOMI probe --table "$D" --all "$X" --moves $C,Lb2-c2,$C
	has out "#9 Lb2-b1,Lb2-c1 Lb2-b1:#9 Lb2-c1:#9 Lb2-a1:#11 Lb2-c2:=0 "
	run 0 $YOMI analyze --no-table "$X" --moves $C,Lb2-c2,$C
	has out " score #9 pv "
	run 0 $YOMI probe --table "$D" --all "$V" --moves $H
	has out "=0 La3-b4 La3-b4:=0 La3-b3:#-16 La3-a4:#-10 "
	for m in La3-b3:15 La3-a4:9; do
		run 0 $YOMI analyze --no-table "$V" --moves $H,${m%:*}
		has out " score #${m#*:} pv "
	done
	run 0 $YOMI probe --table "$D" --line "$V" --moves $H,La3-b3
	has out "#15 line C*b2 "
	if [ "$(wc -w <"$tmp/out")" -eq 17 ]; then ok; else bad "the line of #15: $(cat "$tmp/out")"; fi
	# the perfect player: takes the draw the loser has (it lost by the table), and still
	# wins where it wins (the start after $M)
	run 0 $YOMI play --table "$D" --first perfect --second perfect "$V" --moves $H
	has out "result: draw (threefold repetition)"
	run 0 $YOMI play --table "$D" --first perfect --second perfect --moves $M --seed 3
	has out "result: second (perfect) wins"
	run 0 $YOMI play --table "$D" --first perfect --second random "$W" --moves Lb2-c2,$C --seed 3
	has out "first plays Lb2-c2  score #7"
	has out "result: first (perfect) wins"
	run 0 $YOMI probe --table "$D" --line
	has out "#-78 line Lb4-a3 "
	if [ "$(wc -w <"$tmp/out")" -eq 80 ]; then ok; else bad "the perfect line from the start is not 78 plies: $(cat "$tmp/out")"; fi
	# mover can take the lion at once; the lion already taken; a try already made
	run 0 $YOMI probe --table "$D" "S/-l-/-L-/---/---/CEGceg"
	has out "#1 Lb2xb1"
	# all 40 positions of the independent tablebase: value and the set of best moves
	grep -v '^#' "$DATA/dobutsu/search-known.txt" | cut -f1 >"$tmp/in"
	run 0 $YOMI probe --table "$D" -
	grep -v '^#' "$DATA/dobutsu/search-known.txt" | cut -f2,3 | tr '\t' ' ' >"$tmp/want"
	: >"$tmp/in"
	n=0
	while read -r want_score want_best && read -r got_score got_best <&3; do
		n=$((n + 1))
		ws=$(echo "$want_best" | tr ',' '\n' | sort | tr '\n' ,)
		gs=$(echo "$got_best" | tr ',' '\n' | sort | tr '\n' ,)
		if [ "$want_score" = "$got_score" ] && [ "$ws" = "$gs" ]; then ok; else bad "search-known line $n: want $want_score $want_best, got $got_score $got_best"; fi
	done <"$tmp/want" 3<"$tmp/out"
	if [ "$n" -eq 40 ]; then ok; else bad "compared $n of 40 known positions"; fi
	cp "$tmp/out" "$tmp/arrival"
	# a long stream is answered in batches on every core, still in input order (by the
	# sanitized binary: the preload and the threaded answers under ASan and UBSan)
	: >"$tmp/in"
	run 0 $YOMI_FAST solve --sample 6000 --seed 5
	{ head -n 4000 "$tmp/out"; echo nonsense; tail -n 2000 "$tmp/out"; } >"$tmp/stream"
	sed -n 4500p "$tmp/stream" >"$tmp/pos4500"
	cp "$tmp/stream" "$tmp/in"
	run 2 $YOMI probe --table "$D" -
	lines 6001 out
	if sed -n 4001p "$tmp/out" | grep -q '^error: '; then ok; else bad "line 4001 of the stream is not its error"; fi
	err1 "yomi: probe: line 4001: position: "
	sed -n 4500p "$tmp/out" >"$tmp/ans4500"
	: >"$tmp/in"
	run 0 $YOMI_FAST probe --table "$D" "$(cat "$tmp/pos4500")"
	same "$(cat "$tmp/ans4500")"

	# a solve stopped while its table is written (SIGTERM, or Ctrl-C: a background job of
	# the shell ignores SIGINT, env restores it) removes its temporary file, writes no table
	# and dies of the signal (it once left FILE.tmp, 68 MB)
	for sig_want in TERM:143 INT:130; do
		sig=${sig_want%:*} want=${sig_want#*:}
		env --default-signal=INT $YOMI_FAST solve --from "$D" -o "$tmp/stopped.yomi" \
			--threads 1 >"$tmp/out" 2>"$tmp/err" <"$tmp/in" &
		pid=$!
		set -- "$tmp"/stopped.yomi.tmp.*
		while [ ! -e "$1" ] && kill -0 $pid 2>/dev/null; do set -- "$tmp"/stopped.yomi.tmp.*; done
		kill -$sig $pid
		wait $pid
		st=$?
		if [ $st = $want ]; then ok; else bad "SIG$sig while writing: exit $st, expected $want"; fi
		left=$(ls "$tmp" | grep '^stopped')
		if [ -z "$left" ]; then ok; else bad "SIG$sig while writing left $left"; rm -f "$tmp"/stopped*; fi
	done

	# ---- the survival rule: the same table, a try counted one ply later ----
	S=$tmp/survival.yomi
	# on a terminal (script gives it one: progress and output in one stream) each step's
	# progress says the time left in the whole job: the reading, the late pass and the
	# writing after it (the reading said only its own, 'left in this step')
	if command -v script >/dev/null; then
		run 0 env -u CI script -qec "$YOMI_FAST solve --try-rule survival --from $D -o $S" /dev/null
		has out "yomi: solve: reading --from ["
		has out "s left in all"
		hasnt out "in this step"
		hasnt out "of it left"
	else
		run 0 $YOMI_FAST solve --try-rule survival --from "$D" -o "$S"
	fi
	has out "converted dobutsu: 249442767 positions: 188377024 wins, 3357850 draws, 57707893 losses"
	has out "rules survival"
	# a win by a try alone, by taking the lion, and the position after a try
	run 0 $YOMI probe --table "$D" "S/--l/L--/---/---/CEGceg"
	same "#1 La2-a1"
	run 0 $YOMI probe --table "$S" "S/--l/L--/---/---/CEGceg"
	same "#2 La2-a1"
	run 0 $YOMI probe --table "$S" --all "S/-l-/-L-/---/---/CEGceg"
	has out "#1 Lb2xb1 Lb2xb1:#1 "
	run 0 $YOMI probe --table "$S" "G/L-l/---/---/---/CEGceg"
	same "#-1 none"
	run 0 $YOMI probe --table "$D" "G/L-l/---/---/---/CEGceg"
	same "#-0 none"
	# the try has survived: won in 0 by either rule (as analyze says)
	run 0 $YOMI probe --table "$S" "S/L-l/---/---/---/CEGceg"
	same "#0 none"
	run 0 $YOMI probe --table "$D" "S/L-l/---/---/---/CEGceg"
	same "#0 none"
	# the 40 known positions: the same outcome; the distance the arrival one or one more;
	# the best moves among the arrival ones
	grep -v '^#' "$DATA/dobutsu/search-known.txt" | cut -f1 >"$tmp/in"
	run 0 $YOMI probe --table "$S" -
	n=0
	while read -r a_score a_best && read -r s_score s_best <&3; do
		n=$((n + 1))
		a=$(echo "$a_score" | tr -dc 0-9); s=$(echo "$s_score" | tr -dc 0-9)
		extra=$(echo "$s_best" | tr ',' '\n' | grep -vxF "$(echo "$a_best" | tr ',' '\n')" | head -n 1)
		if [ "$(score_kind "$a_score")" = "$(score_kind "$s_score")" ] &&
		   { [ "$a_score" = "$s_score" ] || [ "$s" = "$((a + 1))" ]; } && [ -z "$extra" ]; then ok
		else bad "known position $n: arrival $a_score $a_best, survival $s_score $s_best"; fi
	done <"$tmp/arrival" 3<"$tmp/out"
	if [ "$n" -eq 40 ]; then ok; else bad "compared $n of 40 positions under both rules"; fi
	: >"$tmp/in"
	run 0 $YOMI_FAST solve --stats "$S"
	has out "rules survival"
	has out "positions 249442767: wins 188377024, draws 3357850, losses 57707893"
	run 0 $YOMI_FAST solve --verify "$S"
	has out "249442767 entries, 0 mismatches, 0 late-bit mismatches"
	# a part under ASan and UBSan: reading a table with late bits, recomputing entries and
	# late bits (the whole table is too slow there: 90 s of CPU optimized)
	run 0 $YOMI solve --verify "$S" --part 37/200 --threads 2
	has out "part 37 of 200, entries 44899698 to 46146910: 1247213 entries, 0 mismatches, 0 late-bit mismatches"
	run 2 $YOMI_FAST solve --try-rule survival --from "$S" -o "$tmp/twice.yomi"
	err1 "needs a table with distances counted by the arrival rule"
	# win/draw/loss only, from the same values
	W=$tmp/wdl.yomi
	run 0 $YOMI_FAST solve --wdl-only --from "$D" -o "$W"
	has out "win/draw/loss only"
	run 0 $YOMI probe --table "$W" --all
	has out "loss Cb3xb2,Lb4-a3,Lb4-c3,Gc4-c3 "
	# a win at once is the best move of a table without distances too, not one of the wins
	# of unknown length
	run 0 $YOMI probe --table "$W" --moves Gc2-c1 "1+c1/l1G/E+c1/GLe b - 1"
	same "win Hb3xb4"
	# its lines keep the value and repeat no position, so each forced result of
	# search-known.txt ends in its winner's win (the first best move every ply walked in
	# circles until the 400th ply); the same through analyze
	grep -v '^#' "$DATA/dobutsu/search-known.txt" | awk -F'\t' '$2 ~ /^#/ {print $1, $2}' |
		while read -r pos want; do
			for cmd in probe analyze; do
				if [ $cmd = probe ]; then
					line=$($YOMI probe --table "$W" --line "$pos" | cut -d' ' -f3-)
				else
					line=$($YOMI analyze --table "$W" "$pos" | tail -n 1 | cut -d' ' -f6-)
				fi
				plies=$(echo "$line" | wc -w)
				end=$($YOMI show --moves "$(echo "$line" | tr ' ' ',')" "$pos" | grep '^game over')
				case $want:$((plies % 2)):$end in
				'#-'*:0:*wins*|'#'[0-9]*:1:*wins*) echo ok ;;
				*) echo "bad $cmd --line of $pos ($want, wdl): $plies plies, '$end'" ;;
				esac
			done
		done >"$tmp/wdl-lines"
	n=$(grep -c '^ok$' "$tmp/wdl-lines")
	if [ "$n" -ge 60 ] && ! grep -v '^ok$' "$tmp/wdl-lines"; then ok; else bad "win/draw/loss lines: $n ok"; fi
	rm -f "$S" "$W"
	# a drawn line ends where a position stands for the third time: the game is over there
	run 0 $YOMI probe --table "$D" --line "1C1/E1l/g1e/L2 b Cg 1"
	same "=0 line La4xa3 Ec3-b2 La3-b4 Eb2-c3 Lb4-a3 Ec3-b2 La3-b4 Eb2-c3 Lb4-a3"
	run 0 $YOMI show --moves La4xa3,Ec3-b2,La3-b4,Eb2-c3,Lb4-a3,Ec3-b2,La3-b4,Eb2-c3,Lb4-a3 "1C1/E1l/g1e/L2 b Cg 1"
	has out "game over: draw (threefold repetition)"
	# so does analyze's: the game ends there, not at the first repetition
	run 0 $YOMI analyze --table "$D" "1C1/E1l/g1e/L2 b Cg 1"
	last "best La4xa3 score =0 pv La4xa3 Ec3-b2 La3-b4 Eb2-c3 Lb4-a3 Ec3-b2 La3-b4 Eb2-c3 Lb4-a3"

	run 0 $YOMI_FAST solve --stats "$D" --reachable --histogram
	has out "positions 249442767: wins 188377024, draws 3357850, losses 57707893"
	has out "longest win 173 plies"
	has out "not terminal 99485568 = 56474473 wins + 2682700 draws + 40328395 losses"
	# the build's --verbose round counts (DOBUTSU_LOG) are exactly the table's distance
	# histogram: no entry counted twice when both threads reach it in the same round
	if [ -n "${DOBUTSU_LOG:-}" ]; then
		grep -o '[0-9]* \(won\|lost\) in [0-9]*' "$DOBUTSU_LOG" |
			awk '{ n[$4 " " $2] += $1 } END { for (k in n) if (n[k]) print k, n[k] }' |
			sort -n >"$tmp/rounds"
		awk '$1 ~ /^[0-9]+$/ && NF == 3 { if ($2) print $1, "won", $2; if ($3) print $1, "lost", $3 }' \
			"$tmp/out" | sort -n >"$tmp/histogram"
		if [ -s "$tmp/histogram" ] && cmp -s "$tmp/rounds" "$tmp/histogram"; then ok
		else bad "round counts of $DOBUTSU_LOG differ from the histogram: $(diff "$tmp/rounds" "$tmp/histogram" | head -n 4)"; fi
	fi
	run 0 $YOMI_FAST solve --verify "$D"
	has out "249442767 entries, 0 mismatches"
	# a flipped byte in the big table is refused too
	cp "$D" "$tmp/dflip.yomi"
	printf '\377' | dd of="$tmp/dflip.yomi" bs=1 seek=12345678 conv=notrunc 2>/dev/null
	run 2 $YOMI probe --table "$tmp/dflip.yomi"
	err1 "checksum mismatch"
	# a table of the older index layout (owner bits in square order) is refused, with a hint:
	# the header's encoding field starts at byte 40, so byte 61 is the 2 of "-v2"; the
	# checksum is made to hold (TABLE_RESUM), as an old table's does
	cp "$D" "$tmp/dold.yomi"
	printf '1' | dd of="$tmp/dold.yomi" bs=1 seek=61 conv=notrunc 2>/dev/null
	if [ -n "${TABLE_RESUM:-}" ]; then
		"$TABLE_RESUM" "$tmp/dold.yomi"
		run 2 $YOMI probe --table "$tmp/dold.yomi"
		err1 "index 'dobutsu-21x11878227-v1', expected 'dobutsu-21x11878227-v2' (build it again: yomi --game dobutsu solve -o $tmp/dold.yomi)"
	fi
	# without it the same byte is corruption, and said so (it was taken for an old table)
	cp "$D" "$tmp/dflip.yomi"
	printf '1' | dd of="$tmp/dflip.yomi" bs=1 seek=61 conv=notrunc 2>/dev/null
	run 2 $YOMI probe --table "$tmp/dflip.yomi"
	err1 "yomi: probe: table: $tmp/dflip.yomi: checksum mismatch: the file is corrupt"
	rm -f "$tmp/dflip.yomi" "$tmp/dold.yomi"
else
	echo "note: no Dobutsu table given (DOBUTSU_TABLE): its checks are skipped"
fi

finish
