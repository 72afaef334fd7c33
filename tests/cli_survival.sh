#!/bin/sh
# End-to-end tests of the survival rule (Tanaka's: a try counts one ply later): the Dobutsu
# table ($DOBUTSU_TABLE, built by `yomi solve`) converted by $YOMI_FAST (the optimized
# binary) with `solve --try-rule survival --from`, its progress on a terminal, the wins by a
# try and by taking the lion, the 40 positions of data/dobutsu/search-known.txt against the
# arrival table's answers, its totals, a whole --verify (optimized: 90 s of CPU) and a part
# of one by $YOMI (default ./yomi: the sanitized binary), and a second conversion refused.
# (Apart from tests/cli_solve_dobutsu.sh so that make check runs the two side by side.)
# Prints one line per failure and ends with "N passed, N failed".
. "${0%/*}/lib.sh"
YOMI_FAST=${YOMI_FAST:-$YOMI}
DOBUTSU_TABLE=${DOBUTSU_TABLE:-}

# score_kind SCORE: win, loss or draw
score_kind() { case $1 in '#-'*) echo loss ;; '#'*) echo win ;; *) echo draw ;; esac; }

# ---- Dobutsu (the table is built by the Makefile: minutes, so once) ----
if [ -n "$DOBUTSU_TABLE" ]; then
	D=$DOBUTSU_TABLE
	# the arrival table's answers for the 40 known positions (tests/cli_solve_dobutsu.sh
	# checks them against the independent tablebase)
	grep -v '^#' "$DATA/dobutsu/search-known.txt" | cut -f1 >"$tmp/in"
	run 0 $YOMI probe --table "$D" -
	lines 40 out
	cp "$tmp/out" "$tmp/arrival"
	: >"$tmp/in"

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
	rm -f "$S"
else
	echo "note: no Dobutsu table given (DOBUTSU_TABLE): its checks are skipped"
fi

finish
