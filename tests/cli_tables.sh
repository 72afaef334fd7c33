#!/bin/sh
# End-to-end tests of table files under changes and damage ($YOMI, default ./yomi):
#   - a file whose size disagrees with its header, or larger than any table of the game,
#     is refused before it is hashed;
#   - a table cut short while a reader uses it: an error and exit status 1, not SIGBUS
#     (with $DOBUTSU_TABLE, whose many blocks are read one by one);
#   - temporary files of writers killed outright (kill -9) are removed by the next solve
#     to that name, those of live writers (locked) and any other file kept.
# Prints one line per failure and ends with "N passed, N failed".
. "${0%/*}/lib.sh"
YOMI_FAST=${YOMI_FAST:-$YOMI}
DOBUTSU_TABLE=${DOBUTSU_TABLE:-}

T=$tmp/ttt.yomi
run 0 $YOMI --game tictactoe solve -o "$T"
size=$(wc -c <"$T")

# ---- sizes checked before the checksum ----
# a 4 GB file (sparse) with a table's header: refused at once, not hashed whole
cp "$T" "$tmp/huge.yomi"
truncate -s 4G "$tmp/huge.yomi"
run 2 $YOMI --game tictactoe probe --table "$tmp/huge.yomi"
err1 "yomi: probe: table: $tmp/huge.yomi: 4294967296 bytes, more than a table of tictactoe takes"
# too big for this game, with another game's header: that game is named (it said "...
# bytes, more than a table of tictactoe takes" of the Dobutsu table)
cp "$T" "$tmp/other.yomi"   # the game is the header's 16 bytes at offset 8
printf 'dobutsu\0\0\0\0\0\0\0\0\0' | dd of="$tmp/other.yomi" bs=1 seek=8 conv=notrunc 2>/dev/null
truncate -s 4G "$tmp/other.yomi"
run 2 $YOMI --game tictactoe probe --table "$tmp/other.yomi"
err1 "yomi: probe: table: $tmp/other.yomi: a table of game 'dobutsu' (by its header), not tictactoe"
# an empty name is said to be one (it was "table: : No such file or directory")
for cmd in "probe --table" "analyze --table" "solve --stats" "solve --from"; do
	run 2 $YOMI --game tictactoe $cmd ""
	err1 "yomi: ${cmd%% *}: table: the file name is empty"
done
# cut short, or grown: the sizes named, no checksum needed
head -c $((size - 100)) "$T" >"$tmp/short.yomi"
run 2 $YOMI --game tictactoe probe --table "$tmp/short.yomi"
err1 "yomi: probe: table: $tmp/short.yomi: $((size - 100)) bytes where its header says $size: truncated or corrupt"
cp "$T" "$tmp/long.yomi"
printf 'more' >>"$tmp/long.yomi"
run 2 $YOMI --game tictactoe solve --stats "$tmp/long.yomi"
err1 "yomi: solve: table: $tmp/long.yomi: $((size + 4)) bytes where its header says $size: truncated or corrupt"

# ---- progress on a terminal (script(1) lends one; CI set turns it off) ----
# --stats answers from the header at once; what reads the whole table shows its steps
env -u CI script -qec "$YOMI --game tictactoe solve --stats $T --histogram --reachable" \
	/dev/null </dev/null | tr '\r' '\n' >"$tmp/tty"
has tty "yomi: solve: reading ["
has tty "yomi: solve: reachable: ply 1 ["
has tty "seen, total unknown"
has tty "longest win 5 plies"
env -u CI script -qec "$YOMI --game tictactoe solve --verify $T" /dev/null </dev/null |
	tr '\r' '\n' >"$tmp/tty"
has tty "yomi: solve: verify: entries ["
run 0 env -u CI $YOMI --game tictactoe solve --stats "$T" --histogram   # not a terminal
lines 0 err

# ---- stale temporary files ----
# a dead writer's (unlocked) goes, a live writer's (locked: flock(1) holds it) stays, and so
# do files of other names
echo dead >"$tmp/w.yomi.tmp.AbCdE1"
echo live >"$tmp/w.yomi.tmp.AbCdE2"
echo other >"$tmp/w.yomi.tmp.old"
echo other >"$tmp/x.yomi.tmp.AbCdE3"
sh -c 'exec 9<"$1"; flock 9; exec sleep 30' sh "$tmp/w.yomi.tmp.AbCdE2" &
locker=$!
n=0   # until flock(1) holds it
while flock -n "$tmp/w.yomi.tmp.AbCdE2" true && [ $n -lt 100 ]; do sleep 0.1; n=$((n + 1)); done
run 0 $YOMI --game tictactoe solve -o "$tmp/w.yomi"
has err "yomi: note: removed $tmp/w.yomi.tmp.AbCdE1, left by a table writer that died (5 bytes)"
lines 1 err
if [ -e "$tmp/w.yomi.tmp.AbCdE1" ]; then bad "a dead writer's temporary file is left"; else ok; fi
for f in w.yomi.tmp.AbCdE2 w.yomi.tmp.old x.yomi.tmp.AbCdE3; do
	if [ -e "$tmp/$f" ]; then ok; else bad "$f was removed"; fi
done
kill $locker 2>/dev/null
wait $locker 2>/dev/null
# once unlocked (its writer gone), the next solve removes it
run 0 $YOMI --game tictactoe solve -o "$tmp/w.yomi"
has err "removed $tmp/w.yomi.tmp.AbCdE2"

if [ -n "$DOBUTSU_TABLE" ]; then
	D=$DOBUTSU_TABLE
	run 2 $YOMI --game tictactoe probe --table "$D"
	err1 "yomi: probe: table: $D: a table of game 'dobutsu' (by its header), not tictactoe"
	# ---- a table cut short while a reader uses it ----
	cp "$D" "$tmp/c.yomi"
	$YOMI_FAST solve --sample 3000 --seed 9 >"$tmp/sample"
	mkfifo "$tmp/feed"
	$YOMI probe --table "$tmp/c.yomi" - <"$tmp/feed" >"$tmp/out" 2>"$tmp/err" &
	pid=$!
	exec 3>"$tmp/feed"
	head -n 20 "$tmp/sample" >&3
	n=0
	while [ "$(wc -l <"$tmp/out")" -lt 20 ] && [ $n -lt 600 ]; do sleep 0.1; n=$((n + 1)); done
	: >"$tmp/c.yomi"
	tail -n +21 "$tmp/sample" >&3
	exec 3>&-
	wait $pid
	st=$?
	if [ $st = 1 ]; then ok; else bad "probe of a table cut short in use: exit $st, expected 1"; fi
	lines 3000 out
	has err "yomi: probe: line 21: table: $tmp/c.yomi: cut short while in use (the file changed)"

	# ---- kill -9 while writing: the temporary file stays, the next solve removes it ----
	$YOMI_FAST solve --from "$D" -o "$tmp/k.yomi" --threads 1 >/dev/null 2>&1 <"$tmp/in" &
	pid=$!
	set -- "$tmp"/k.yomi.tmp.*
	while [ ! -e "$1" ] && kill -0 $pid 2>/dev/null; do sleep 0.01; set -- "$tmp"/k.yomi.tmp.*; done
	{ kill -9 $pid; wait $pid; st=$?; } 2>/dev/null
	if [ $st = 137 ]; then ok; else bad "kill -9 while writing: exit $st"; fi
	left=$(ls "$tmp" | grep '^k\.yomi\.tmp\.')
	if [ -n "$left" ]; then ok; else bad "kill -9 left no temporary file (too late?)"; fi
	run 0 $YOMI --game tictactoe solve -o "$tmp/k.yomi"
	has err "yomi: note: removed $tmp/$left, left by a table writer that died"
	if ls "$tmp" | grep -q '^k\.yomi\.tmp\.'; then bad "the stale temporary file is left"; else ok; fi
else
	echo "note: no Dobutsu table given (DOBUTSU_TABLE): its checks are skipped"
fi

finish
