#!/bin/sh
# bench/othello-ffo.sh - exact solving of the FFO endgame suites with yomi, single-threaded,
# and optionally Edax side by side on the same machine (ratios matter: the machine is shared).
#
#   sh bench/othello-ffo.sh [FILE.obf ...]       default: data/othello/fforum-40-59.obf
#   EDAX=/tmp/edax/bin/lEdax-x86-64-v3 sh bench/othello-ffo.sh data/othello/fforum-40-59.obf
#
# Edax (built outside the repo, run from its bin/ directory, which needs problem/*.obf and a
# data/eval.dat; an all-zero weights file stands for "no evaluation weights"):
#   EDAX_DIR/bin/lEdax-* -n 1 -l 60 -solve problem/fforum-40-59.obf
# Prints yomi's per-position lines and totals, then Edax's table when EDAX is set.
# No timing assertion anywhere: this is a measurement, not a test.
set -eu
YOMI=${YOMI:-./yomi}
[ $# -gt 0 ] || set -- data/othello/fforum-40-59.obf
for f in "$@"; do
	echo "== yomi: $f"
	$YOMI --game othello solve "$f" || true
	if [ -n "${EDAX:-}" ]; then
		dir=$(dirname "$(dirname "$EDAX")")
		mkdir -p "$dir/bin/problem"
		cp "$f" "$dir/bin/problem/"
		echo "== edax: $f"
		(cd "$dir/bin" && "$EDAX" -n 1 -l 60 -solve "problem/$(basename "$f")")
	fi
done

# Measured (shared 2-core AMD EPYC, other jobs running, so wall times are inflated; node
# counts are load-independent).  Since 2026-11-21 the nodes include those of the ordering
# search (1-3 plies with the evaluation, from 14 empties); "cpu" excludes the table's
# one-time allocation.  Edax 4.6 runs as lEdax-x86-64-v3 -n 1 -l 60 -solve with an
# all-zero eval.dat; yomi and Edax one after the other, never at the same time.
#   FFO #1-#19   yomi 2.87 M nodes, all ok (before the 2026-11-21 changes)
#   FFO #20-#39  yomi 243 M nodes, 9.6 CPU s, all ok (was 358 M, 13.8 s side by side)
#   FFO #40-#44  yomi 240 M nodes, 7.6 CPU s (31.6 M nodes/CPU s); the previous yomi
#                349 M nodes, 14.5 CPU s; Edax 471 M nodes, 13.3 CPU s
#   FFO #45      yomi 634 M nodes, 17.7 CPU s; Edax 899 M nodes, 21.4 CPU s
#   FFO #49      yomi 963 M nodes, 30.3 CPU s; Edax 3.23 G nodes, 80.2 CPU s
#   FFO #50      yomi 1.35 G nodes, 53.4 CPU s; Edax 1.79 G nodes, 51.1 CPU s
#   FFO #55      yomi 44.6 G nodes, 1776 CPU s, 2034 s wall (=0, b7, ok); niced, one job
# Earlier figures (previous yomi, same machine): #40-#52 yomi 6.09 G nodes, 787 s wall;
# Edax 16.56 G nodes, 1028 s wall, run at the same time; #53 yomi 5.18 G nodes, 521 s wall;
# #54 yomi 29.1 G nodes, 1438 s wall (=-2, ok).  #56-#59 not run to the end yet.
