#!/bin/sh
# End-to-end tests of `yomi solve` and `yomi probe` ($YOMI, default ./yomi):
#   - where tables are looked for and written: $YOMI_TABLES, the user's data folder, the
#     installed folder ($YOMI_SYSTEM_TABLES: the sanitized build's), ./data;
#   - tic-tac-toe solved from scratch: the counts of data/tictactoe/known-results.txt, a draw,
#     --verify, --stats --reachable, probe output forms, filter mode;
#   - bad tables refused before any probe: a flipped byte, a truncated file, another game's
#     table, another format version, not a table at all.
# The Dobutsu table's checks are tests/cli_solve_dobutsu.sh and tests/cli_survival.sh.
# Prints one line per failure and ends with "N passed, N failed".
. "${0%/*}/lib.sh"

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

finish
