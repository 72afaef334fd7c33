#!/bin/sh
# Generates data/dobutsu/openings.txt: every distinct Dobutsu position PLIES plies after the
# start (default 4) whose game goes on and which a depth-DEPTH search (default 8) scores
# within +-LIMIT hundredths of a chick (default 150, no forced result): varied and roughly
# balanced starting points for `yomi match`.
#   sh tools/gen-openings.sh [PLIES [DEPTH [LIMIT]]] > data/dobutsu/openings.txt
set -eu
YOMI=${YOMI:-./yomi}
plies=${1:-4}
depth=${2:-8}
limit=${3:-150}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
$YOMI show - </dev/null >/dev/null
echo 'gle/1c1/1C1/ELG b - 1' >"$tmp/level"
i=0
while [ "$i" -lt "$plies" ]; do
	: >"$tmp/next"
	while read -r pos; do
		for m in $($YOMI moves "$pos"); do
			# Only positions where the game goes on (show --json says so).
			if $YOMI show --json --moves "$m" "$pos" | grep -q '"status":"ongoing"'; then
				echo "$pos" | $YOMI show --moves "$m" - >>"$tmp/next"
			fi
		done
	done <"$tmp/level"
	# Distinct positions: the move number (last field) aside.
	awk '{ key = $1 " " $2 " " $3; if (!(key in seen)) { seen[key] = 1; print } }' \
		"$tmp/next" >"$tmp/level"
	i=$((i + 1))
done
$YOMI analyze --depth "$depth" - <"$tmp/level" >"$tmp/scores"
echo "# Dobutsu openings for yomi match: the distinct positions $plies plies after the start"
echo "# that a depth-$depth search scores within +-$limit (tools/gen-openings.sh $plies $depth $limit)."
paste -d '\t' "$tmp/level" "$tmp/scores" | awk -F '\t' -v lim="$limit" '{
	split($2, f, " ")   # best MOVE score S pv ...
	s = f[4]
	if (s ~ /^#/) next
	sub(/^=/, "", s)
	if (s + 0 <= lim && s + 0 >= -lim) print $1
}'
