#!/bin/sh
# bench/policy-train.sh - fits the move-order weights of src/games/dobutsu/dobutsu_policy.h to a
# solved Dobutsu table with distances (default data/dobutsu.yomi; build one with
# `yomi solve`) and rewrites src/games/dobutsu/dobutsu_policy_weights.h.  About 3 minutes.
#
#   sh bench/policy-train.sh [TABLE [STARTS [NODES]]]      defaults: 300 starts, 3000000 nodes
#
# The positions are the mate search's own (bench/policy-train.c): STARTS positions with a
# forced result in 16 to 25 plies, met on walks from the start position (those of
# bench/forced-40.txt left out: it measures the result), are each analyzed for NODES nodes
# on one thread by a yomi built with -DDOB_POLICY_DUMP, which writes every 8th position the
# mate search orders; the weights are fitted to those.  The search orders with the weights
# in the tree, so a second run fits to a search with the first run's weights.  It prints,
# for the held-out positions, how many moves the search's static order and the fitted order
# try before a best one.  Rebuild yomi after it, and check bench/forced-nodes.sh: the
# weights change the mate search's node counts.
set -eu
DIR=$(cd "$(dirname "$0")/.." && pwd)
TABLE=${1:-$DIR/data/dobutsu.yomi}
STARTS=${2:-300}
NODES=${3:-3000000}
make -s -C "$DIR" yomi
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
OBJS=$(find "$DIR/build/rel/src" -name '*.o' ! -path '*/cli/*' ! -path '*/serve/*' ! -path '*/proto/*')
# shellcheck disable=SC2086
gcc -std=c17 -O2 -Wall -Wextra -Werror -I"$DIR/include" -I"$DIR/src" -D_GNU_SOURCE \
	"$DIR/bench/policy-train.c" $OBJS -o "$WORK/train" -lzstd -lxxhash -lpthread -lm
# The dumping yomi: dobutsu.c again with -DDOB_POLICY_DUMP, the other objects as they are.
CFLAGS="-std=c17 -O2 -Wall -Wextra -Werror -I$DIR/include -I$DIR/src -D_GNU_SOURCE $(sh "$DIR/tools/cpu-flags")"
# shellcheck disable=SC2086
gcc $CFLAGS -DYOMI_VERSION='"policy-train"' -DDOB_POLICY_DUMP -c \
	-o "$WORK/dobutsu.o" "$DIR/src/games/dobutsu/dobutsu.c"
# shellcheck disable=SC2046
gcc -o "$WORK/yomi" $(find "$DIR/build/rel" -name '*.o' ! -path '*/games/dobutsu/dobutsu.o') \
	"$WORK/dobutsu.o" -lxxhash -lzstd -lpthread -lm -lmicrohttpd
"$WORK/train" --starts "$STARTS" "$TABLE" > "$WORK/starts"
# Positions (without the move number) of bench/forced-40.txt.
grep -v '^#' "$DIR/bench/forced-40.txt" | cut -f2 | sed 's/ [0-9]*$//' > "$WORK/forced"
sort -u "$WORK/starts" | awk -F'\t' '{p = $2; sub(/ [0-9]+$/, "", p); print p "\t" $2}' |
	grep -v -F -f "$WORK/forced" | cut -f2 | while read -r pos; do
		YOMI_POLICY_DUMP="$WORK/nodes" "$WORK/yomi" analyze --no-table --hash 256 \
			--threads 1 --nodes "$NODES" "$pos" > /dev/null 2>&1
	done
# Each position once, in an order shuffled by a fixed seed (the last tenth is held out).
yes | head -c 100000000 > "$WORK/seed"
sort -u "$WORK/nodes" | shuf --random-source="$WORK/seed" > "$WORK/nodes.shuf"
"$WORK/train" "$TABLE" "$WORK/nodes.shuf" > "$WORK/weights.h"
cat "$WORK/weights.h" > "$DIR/src/games/dobutsu/dobutsu_policy_weights.h"
