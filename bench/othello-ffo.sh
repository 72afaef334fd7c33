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
