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
# counts are load-independent):
#   FFO #1-#19   yomi 2.87 M nodes, all ok
#   FFO #20-#39  yomi 358 M nodes, 14.8 CPU s, all ok; Edax 4.6 (zero weights) 795 M nodes,
#                28.5 CPU s
#   FFO #40-#52  yomi 6.09 G nodes, 787 s wall, all ok; Edax 4.6 (zero weights) 16.56 G
#                nodes, 1028 s wall, run at the same time
#   FFO #53      yomi 5.18 G nodes, 521 s wall; Edax 4.84 G nodes (Edax stopped before #54)
#   FFO #54      yomi 29.1 G nodes, 1438 s wall (=-2, ok); #55-#59 not run to the end yet
