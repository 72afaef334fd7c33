#!/bin/sh
# Generates data/shogi/openings.txt: COUNT (default 60) distinct shogi positions reached by
# PLIES (default 6) moves chosen at random from the start (seeded: the same file every run)
# whose game goes on and which a depth-DEPTH search (default 4) scores within +-LIMIT
# hundredths of a pawn (default 80): varied, roughly balanced starting points for
# `yomi --game shogi match --openings`.  (Dobutsu's tools/gen-openings.sh walks every
# position instead; shogi has 719,731 four plies deep.)
#   sh tools/gen-openings-shogi.sh [COUNT [PLIES [DEPTH [LIMIT]]]] > data/shogi/openings.txt
set -eu
YOMI=${YOMI:-./yomi}
count=${1:-60}
plies=${2:-6}
depth=${3:-4}
limit=${4:-80}
S="$YOMI --game shogi"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
: >"$tmp/walks"
seed=1
while [ "$seed" -le $((count * 3)) ]; do
	moves=""
	i=0
	while [ "$i" -lt "$plies" ]; do
		m=$($S moves ${moves:+--moves "$moves"} | awk -v s="$seed" -v i="$i" \
			'BEGIN { srand(s * 131 + i) } { m[NR] = $0 } END { if (NR) print m[int(rand() * NR) + 1] }')
		[ -n "$m" ] || break
		moves="${moves:+$moves,}$m"
		i=$((i + 1))
	done
	$S show --moves "$moves" | sed -n 's/^sfen: //p' >>"$tmp/walks"
	seed=$((seed + 1))
done
awk '{ key = $1 " " $2 " " $3; if (!(key in seen)) { seen[key] = 1; print } }' "$tmp/walks" >"$tmp/level"
$S analyze --depth "$depth" - <"$tmp/level" >"$tmp/scores"
echo "# Shogi openings for yomi match: distinct positions $plies random plies after the start that"
echo "# a depth-$depth search scores within +-$limit (tools/gen-openings-shogi.sh $count $plies $depth $limit)."
paste -d '\t' "$tmp/level" "$tmp/scores" | awk -F '\t' -v lim="$limit" -v n="$count" '{
	split($2, f, " ")   # best MOVE score S pv ...
	s = f[4]
	if (s ~ /^#/) next
	if (s + 0 <= lim && s + 0 >= -lim && kept < n) { print $1; kept++ }
}'
