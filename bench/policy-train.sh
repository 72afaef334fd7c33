#!/bin/sh
# bench/policy-train.sh - fits the move-order weights of src/games/dobutsu/dobutsu_policy.h to a
# solved Dobutsu table with distances (default data/dobutsu.yomi; build one with
# `yomi solve`) and rewrites src/games/dobutsu/dobutsu_policy_weights.h.  About 15 s.
#
#   sh bench/policy-train.sh [TABLE [POSITIONS]]
#
# It prints, for the held-out positions, how many moves the search's static order and the
# fitted order try before a fastest win (see bench/policy-train.c).  Rebuild yomi after it,
# and check bench/forced-nodes.sh: the weights change the mate search's node counts.
set -eu
DIR=$(cd "$(dirname "$0")/.." && pwd)
TABLE=${1:-$DIR/data/dobutsu.yomi}
make -s -C "$DIR" yomi
BIN=$(mktemp)
OUT=$(mktemp)
trap 'rm -f "$BIN" "$OUT"' EXIT
OBJS=$(find "$DIR/build/rel/src" -name '*.o' ! -path '*/cli/*' ! -path '*/serve/*' ! -path '*/proto/*')
# shellcheck disable=SC2086
gcc -std=c17 -O2 -Wall -Wextra -Werror -I"$DIR/include" -I"$DIR/src" -D_GNU_SOURCE \
	"$DIR/bench/policy-train.c" $OBJS -o "$BIN" -lzstd -lxxhash -lpthread -lm
"$BIN" "$TABLE" ${2:+"$2"} > "$OUT"
cat "$OUT" > "$DIR/src/games/dobutsu/dobutsu_policy_weights.h"
