#!/bin/sh
# bench/forced.sh - how long `yomi analyze` takes to prove each forced result (win or loss)
# of data/dobutsu/search-known.txt (values and best moves from an independent tablebase).
#
#   sh bench/forced.sh [YOMI [SECONDS [HASH_MB [THREADS]]]]   defaults: ./yomi 5 256 1
#
# One line per position: the table's value, what yomi printed, whether it is exact and its
# move one of the table's best moves, wall and user CPU seconds.  The machine may be shared:
# compare binaries side by side (run this script once per binary, alternating).
YOMI=${1:-./yomi}
SECONDS_MAX=${2:-5}
HASH=${3:-256}
THREADS=${4:-1}
DIR=$(dirname "$0")/..
KNOWN=$DIR/data/dobutsu/search-known.txt
TMP=$(mktemp)
trap 'rm -f "$TMP"' EXIT
printf '%-6s %-7s %-4s %8s %8s  %s\n' value got ok wall_s user_s position
grep -v '^#' "$KNOWN" | awk -F'\t' '$2 ~ /^#/' | while IFS='	' read -r pos val best; do
	t0=$(date +%s.%N)
	/usr/bin/time -f '%U' -o "$TMP" "$YOMI" analyze --no-table --hash "$HASH" \
		--threads "$THREADS" --time "$SECONDS_MAX" "$pos" > "$TMP.out"
	t1=$(date +%s.%N)
	last=$(tail -n 1 "$TMP.out")
	got=$(echo "$last" | awk '{print $4}')
	mv=$(echo "$last" | awk '{print $2}')
	verdict=no
	if [ "$got" = "$val" ] && echo ",$best," | grep -qF ",$mv,"; then
		verdict=yes
	fi
	printf '%-6s %-7s %-4s %8.3f %8.2f  %s\n' "$val" "$got" "$verdict" \
		"$(echo "$t1 - $t0" | bc)" "$(tail -n 1 "$TMP")" "$pos"
	rm -f "$TMP.out"
done
