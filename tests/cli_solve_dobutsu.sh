#!/bin/sh
# End-to-end tests of `yomi solve` and `yomi probe` on the Dobutsu table ($DOBUTSU_TABLE,
# built by `yomi solve`: minutes, so the Makefile builds it once, with the sanitized binary):
# probed by $YOMI (default ./yomi), read whole by $YOMI_FAST (the optimized binary):
# the start position and the other facts of data/dobutsu/known-results.txt, all 40
# positions of data/dobutsu/search-known.txt (value and the full set of best moves, from an
# independent tablebase), repetition against the table, the perfect player, filter mode in
# batches, a solve stopped by a signal, the win/draw/loss table, the W/D/L totals, Tanaka's
# reachable counts and a clean --verify; with $DOBUTSU_LOG (the build's --verbose output),
# its per-round counts against the table's histogram; corrupt and old tables refused.
# (The survival rule's table from it: tests/cli_survival.sh; the rest of solve and probe:
# tests/cli_solve.sh.)
# Prints one line per failure and ends with "N passed, N failed".
. "${0%/*}/lib.sh"
YOMI_FAST=${YOMI_FAST:-$YOMI}
DOBUTSU_TABLE=${DOBUTSU_TABLE:-}

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
		# (looked for every 10 ms, not in a busy loop: the solve takes seconds to get there,
		# its writing longer than that, and a loop spinning would take a core from it)
		set -- "$tmp"/stopped.yomi.tmp.*
		while [ ! -e "$1" ] && kill -0 $pid 2>/dev/null; do sleep 0.01; set -- "$tmp"/stopped.yomi.tmp.*; done
		kill -$sig $pid
		wait $pid
		st=$?
		if [ $st = $want ]; then ok; else bad "SIG$sig while writing: exit $st, expected $want"; fi
		left=$(ls "$tmp" | grep '^stopped')
		if [ -z "$left" ]; then ok; else bad "SIG$sig while writing left $left"; rm -f "$tmp"/stopped*; fi
	done

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
	rm -f "$W"
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
