#!/bin/sh
# serve-load.sh - the load test of `yomi serve` (issue 47): probes of random Dobutsu positions
# from many keep-alive clients on the loopback, bounded in count and time.  Target on the
# project's 2-core machine: at least 20,000 probes per second, 99% under 5 ms, no error.
#
#   sh bench/serve-load.sh [TABLE] [REQUESTS] [CONNECTIONS] [SECONDS] [SERVER OPTIONS...]
#   (defaults: build/tables/dobutsu.yomi, 200000, 64, 30)
#
# Builds ./yomi and build/serve-load if needed, starts the server on a free port of
# 127.0.0.1, runs the client, and prints its figures with the machine's load and the CPU
# time the server and the client used (the client shares the 2 cores with the server).
# Other jobs on the machine lower the rate and raise the latencies: compare the load average
# printed, and the server's CPU time per request.
set -eu
cd "$(dirname "$0")/.."
TABLE=${1:-build/tables/dobutsu.yomi}
REQUESTS=${2:-200000}
CONNS=${3:-64}
SECONDS_MAX=${4:-30}
[ $# -ge 4 ] && shift 4 || shift $#
make -s yomi
mkdir -p build
[ build/serve-load -nt bench/serve-load.c ] || ${CC:-gcc} -O2 -Wall -o build/serve-load bench/serve-load.c
tmp=$(mktemp -d)
trap 'kill "$pid" 2>/dev/null || true; rm -rf "$tmp"' EXIT
# 20,000 random positions of the table's index, as URL paths (a '+' of a hen as %2B)
./yomi solve --sample 20000 --seed 47 | sed 's/+/%2B/g; s/ /+/g; s|^|/api/dobutsu/probe?pos=|' >"$tmp/paths"
./yomi serve --port 0 --table "$TABLE" "$@" 2>"$tmp/err" &
pid=$!
for _ in $(seq 100); do grep -q "serving http" "$tmp/err" && break; sleep 0.1; done
port=$(sed -n 's|.*serving http://127\.0\.0\.1:\([0-9]*\)/.*|\1|p' "$tmp/err")
[ -n "$port" ] || { cat "$tmp/err"; exit 1; }
# a short warm-up (page cache, the threads' handles), then the measured run
build/serve-load 127.0.0.1 "$port" "$tmp/paths" 8 2000 10 >/dev/null
ticks=$(getconf CLK_TCK)
cpu() { awk '{ print $14 + $15 }' "/proc/$1/stat"; }
before=$(cpu "$pid")
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg) ($(nproc) cores)"
status=0
/usr/bin/time -f "client cpu %U user %S system" build/serve-load 127.0.0.1 "$port" "$tmp/paths" \
	"$CONNS" "$REQUESTS" "$SECONDS_MAX" >"$tmp/out" 2>&1 || status=$?
cat "$tmp/out"
answered=$(sed -n 's/^requests \([0-9]*\) .*/\1/p' "$tmp/out")
after=$(cpu "$pid")
# the server's CPU time per answer: what the load of other jobs changes least
echo "server cpu $(awk "BEGIN { printf \"%.2f\", ($after - $before) / $ticks }") s," \
     "$(awk "BEGIN { printf \"%.1f\", ($after - $before) / $ticks / ${answered:-1} * 1e6 }") us per request" \
     "($(grep -c . "$tmp/paths") positions; server options: --threads default $*)"
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
kill -TERM "$pid"
wait "$pid" || { echo "yomi serve exited $?: $(tail -n 3 "$tmp/err")"; status=1; }
exit $status
