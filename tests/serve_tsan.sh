#!/bin/sh
# The concurrent paths of `yomi serve` under ThreadSanitizer ($YOMI: a -fsanitize=thread
# build): many clients probing through the per-thread table handles at once, lines, searches
# filling the queue (503s), and a stop (SIGTERM) while a search runs and another waits.  Any
# report of ThreadSanitizer fails.  Needs $DOBUTSU_TABLE.  Ends with "N passed, N failed".
. "${0%/*}/lib.sh"
: "${DOBUTSU_TABLE:?the Dobutsu table}"
server_pid=
trap 'if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null; fi; rm -rf "$tmp"' EXIT
export TSAN_OPTIONS="halt_on_error=0 exitcode=66 ${TSAN_OPTIONS:-}"

$YOMI --game tictactoe solve -o "$tmp/ttt.yomi" >/dev/null 2>&1 || bad "tic-tac-toe solve"
$YOMI serve --port 0 --table "$DOBUTSU_TABLE" --table "$tmp/ttt.yomi" --threads 4 \
	--searches 2 --queue 2 --time 0.5 --max-time 3 --hash 8 2>"$tmp/serve.err" &
server_pid=$!
# up to 60 s (make check runs other tests beside this one), less if the server exits
for _ in $(seq 600); do
	grep -q "serving http" "$tmp/serve.err" && break
	kill -0 "$server_pid" 2>/dev/null || break
	sleep 0.1
done
port=$(sed -n 's|.*serving http://127\.0\.0\.1:\([0-9]*\)/.*|\1|p' "$tmp/serve.err")
if [ -n "$port" ]; then ok; else bad "the server did not start: $(cat "$tmp/serve.err")"; fi
base=http://127.0.0.1:$port

# 8 clients at once, each 25 requests on one keep-alive connection: probes of sample
# positions, lines, moves, the page
$YOMI solve --sample 100 --seed 3 | sed 's/+/%2B/g; s/ /+/g' >"$tmp/positions"
pids=
for c in 1 2 3 4 5 6 7 8; do
	sed -n "$((c * 10 - 9)),$((c * 10))p" "$tmp/positions" | while read -r pos; do
		echo "$base/api/dobutsu/probe?pos=$pos"
		echo "$base/api/dobutsu/line?pos=$pos"
	done >"$tmp/urls$c"
	{
		echo "$base/api/tictactoe/probe"
		echo "$base/api/tictactoe/show"
		echo "$base/"
		echo "$base/api/othello/moves"
		echo "$base/api/dobutsu/probe?pos=bad"
	} >>"$tmp/urls$c"
	sed 's/.*/url = "&"\noutput = "\/dev\/null"/' "$tmp/urls$c" >"$tmp/config$c"
	curl -s -K "$tmp/config$c" -w '%{http_code}\n' >"$tmp/codes$c" &
	pids="$pids $!"
done
# searches meanwhile: two run, two wait, the rest are refused
for s in 1 2 3 4 5 6; do
	curl -s -o /dev/null -w '%{http_code}\n' "$base/api/othello/analyze?time=0.5" >"$tmp/search$s" &
	pids="$pids $!"
done
wait $pids
codes=$(cat "$tmp"/codes* | sort | uniq -c | tr -s ' ' | tr '\n' ';')
if [ "$codes" = " 192 200; 8 400;" ]; then ok; else bad "answers of the 8 clients: $codes"; fi
searches=$(cat "$tmp"/search* | sort | uniq -c | tr -s ' ' | tr '\n' ';')
case $searches in
*" 200;"*" 503;"*) ok ;;
*) bad "the searches' answers: $searches (some 200, some 503 expected)" ;;
esac
# a stop while a search runs and another waits
curl -s -o "$tmp/run" -w '%{http_code}' "$base/api/dobutsu/analyze?time=3" >"$tmp/run.code" &
p1=$!
curl -s -o "$tmp/run" -w '%{http_code}' "$base/api/dobutsu/analyze?time=3" >"$tmp/run2.code" &
p2=$!
curl -s -o "$tmp/wait" -w '%{http_code}' "$base/api/othello/analyze?time=3" >"$tmp/wait.code" &
p3=$!
sleep 1
kill -TERM "$server_pid"
wait "$server_pid"
st=$?
server_pid=
wait $p1 $p2 $p3
if [ "$st" = 0 ]; then ok; else bad "the server exited $st at SIGTERM"; fi
answered=$(cat "$tmp/run.code" "$tmp/run2.code" "$tmp/wait.code" | tr '\n' ' ')
case $answered in
*503*) ok ;;   # the one waiting was told the server is going away
*) bad "the waiting search at the stop: $answered" ;;
esac
if grep -q "ThreadSanitizer\|Sanitizer" "$tmp/serve.err"; then
	bad "ThreadSanitizer: $(grep -A30 'WARNING: ThreadSanitizer' "$tmp/serve.err" | head -60)"
else
	ok
fi
finish
