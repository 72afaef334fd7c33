#!/bin/sh
# The binary's threaded paths, for ThreadSanitizer ($YOMI = build/tsan/yomi, with
# TSAN_OPTIONS="halt_on_error=1 exitcode=66": a data race ends a run with status 66):
#   - the retrograde build, --verify, --stats --histogram --reachable and --from on two
#     threads (tic-tac-toe: the same driver as Dobutsu's, instantiated for it);
#   - the batch probe of filter mode: after 2000 lines the table is preloaded on two
#     threads and the lines are answered on two threads;
#   - a search with its transposition table's filler thread.
# Prints one line per failure and ends with "N passed, N failed".
. "${0%/*}/lib.sh"

T=$tmp/ttt.yomi
run 0 $YOMI --game tictactoe solve -o "$T" --threads 2
has out "solved tictactoe: 5478 positions: 2836 wins, 1068 draws, 1574 losses"
run 0 $YOMI --game tictactoe solve --verify "$T" --threads 2
has out "0 mismatches"
run 0 $YOMI --game tictactoe solve --stats "$T" --histogram --reachable --threads 2
has out "reachable from the start: "
run 0 $YOMI --game tictactoe solve --from "$T" --wdl-only -o "$tmp/w.yomi" --threads 2
# 3000 lines: preloaded after 2000, then answered on two threads; the same answers as one
# by one (the first 2000 lines are answered before the preload)
$YOMI --game tictactoe solve --sample 3000 --seed 5 >"$tmp/in"
run 0 $YOMI --game tictactoe probe --table "$T" -
lines 3000 out
sed -n 2500p "$tmp/in" >"$tmp/one"
sed -n 2500p "$tmp/out" >"$tmp/want"
$YOMI --game tictactoe probe --table "$T" - <"$tmp/one" >"$tmp/got"
if cmp -s "$tmp/got" "$tmp/want"; then ok; else bad "batch answer differs from one by one"; fi
: >"$tmp/in"
run 0 $YOMI analyze --depth 6 --hash 64

finish
