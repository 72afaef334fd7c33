#!/bin/sh
# End-to-end tests of `yomi serve`'s JSON API with curl: every endpoint, against the
# command line's answers (probe, moves, probe --line), every error status (400, 404, 405,
# 414, 500, 503), limits, and a clean stop on SIGTERM and SIGINT.
# Needs $DOBUTSU_TABLE (the Dobutsu table); builds a tic-tac-toe table itself.
# Prints one line per failure and ends with "N passed, N failed".
. "${0%/*}/lib.sh"
: "${DOBUTSU_TABLE:?the Dobutsu table}"
command -v curl >/dev/null || { echo "FAIL: curl is not installed (sh tools/deps)"; exit 1; }
server_pid=
trap 'if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null; fi; rm -rf "$tmp"' EXIT

# start_server ARGS...: runs yomi serve --port 0 ARGS in the background; sets $base.  It
# waits up to 60 s for the server; one that did not start is told apart: still starting,
# or exited (how).  (A start failed now and then in full checks, with nothing on stderr.)
start_server() {
	$YOMI serve --port 0 "$@" 2>"$tmp/serve.err" &
	server_pid=$!
	for _ in $(seq 600); do
		grep -q "serving http" "$tmp/serve.err" && break
		kill -0 "$server_pid" 2>/dev/null || break
		sleep 0.1
	done
	port=$(sed -n 's|.*serving http://127\.0\.0\.1:\([0-9]*\)/.*|\1|p' "$tmp/serve.err")
	if [ -n "$port" ]; then
		ok
	elif kill -0 "$server_pid" 2>/dev/null; then
		bad "the server did not start: still no 'serving' line after 60 s: $(cat "$tmp/serve.err")"
	else
		wait "$server_pid"
		st=$?
		bad "the server did not start: it exited with status $st ($(kill -l "$st" 2>/dev/null)): $(cat "$tmp/serve.err")"
		server_pid=
	fi
	base=http://127.0.0.1:$port
}
# stop_server SIGNAL: the server stops at SIGNAL, exits 0, and wrote no sanitizer report.
stop_server() {
	kill -s "$1" "$server_pid"
	wait "$server_pid"
	st=$?
	server_pid=
	if [ "$st" = 0 ]; then ok; else bad "yomi serve exited $st at SIG$1: $(tail -c 600 "$tmp/serve.err")"; fi
	if grep -q "Sanitizer\|runtime error" "$tmp/serve.err"; then bad "sanitizer: $(head -c 800 "$tmp/serve.err")"; else ok; fi
}
# get STATUS PATH [CURL ARGS...]: GET base/PATH (curl -G: --data-urlencode adds to the
# query); checks the status; the body in $tmp/out, the headers in $tmp/headers.
get() {
	get_want=$1
	get_path=$2
	shift 2
	get_got=$(curl -s -G -o "$tmp/out" -D "$tmp/headers" -w '%{http_code}' "$@" "$base$get_path")
	if [ "$get_got" = "$get_want" ]; then ok; else bad "GET $get_path $*: status $get_got, expected $get_want: $(head -c 300 "$tmp/out")"; fi
}
# json: the answer is JSON (its type, and CORS open to every page, as lichess's API).
json() { has headers "Content-Type: application/json"; has headers "Access-Control-Allow-Origin: *"; }
# error TEXT: a JSON error whose message contains TEXT.
error() { json; has out '{"error":"'; has out "$1"; }

$YOMI --game tictactoe solve -o "$tmp/ttt.yomi" >/dev/null 2>&1 || bad "tic-tac-toe solve"
start_server --table "$DOBUTSU_TABLE" --table "$tmp/ttt.yomi" --searches 1 --queue 1 \
	--time 0.2 --max-time 1.5 --threads 2

# ---- /api/games and /api/GAME ----
get 200 /api/games
json
has out '{"name":"dobutsu","title":"Dobutsu shogi (3x4 animal shogi)","table":true,"exact":false,"board":true}'
has out '{"name":"othello","title":"Othello (8x8)","table":false,"exact":true,"board":true}'
get 200 /api/dobutsu
json
has out '"start":{"pos":"gle/1c1/1C1/ELG b - 1"}'
has out '"table":{"distance":true,"positions":249442767,"longest_win":173'
has out '"look":{"style":"tile","width":3,"height":4,"hands":true'
has out '"analyze":{"default_time":0.2,"max_time":1.5}'
get 200 /api/othello6
has out '"look":{"style":"disc","width":6,"height":6'
has out '"table":null,"exact":true'
get 200 /api/TicTacToe   # game names in any case, as --game takes them
has out '"name":"tictactoe"'

# ---- probe: the table's values, as `yomi probe --all` prints them ----
$YOMI solve --sample 12 --seed 7 >"$tmp/positions"
echo "gle/1c1/1C1/ELG b - 1" >>"$tmp/positions"
$YOMI probe --all --table "$DOBUTSU_TABLE" - <"$tmp/positions" >"$tmp/cli"
n=0
while read -r pos; do
	n=$((n + 1))
	get 200 /api/dobutsu/probe --data-urlencode "pos=$pos"
	# SCORE then every move:score, best first
	got=$(sed 's/"moves":\[.*//; s/.*"score":"\([^"]*\)".*/\1/' "$tmp/out")$(grep -o '{"move":"[^"]*","category":"[a-z]*","distance":[0-9a-z]*,"score":"[^"]*"}' "$tmp/out" \
		| sed 's/{"move":"\([^"]*\)".*"score":"\([^"]*\)"}/ \1:\2/' | tr -d '\n')
	want=$(sed -n "${n}p" "$tmp/cli" | sed 's/^\([^ ]*\) [^ ]*/\1/')
	if [ "$got" = "$want" ]; then ok; else bad "probe $pos: '$got', yomi probe: '$want'"; fi
done <"$tmp/positions"
get 200 /api/dobutsu/probe
json
has out '{"pos":"gle/1c1/1C1/ELG b - 1","category":"loss","distance":78,"score":"#-78","moves":[{"move":"Lb4-a3","category":"loss","distance":78,"score":"#-78"}'
has headers "Cache-Control: public"
get 200 /api/tictactoe/probe --data-urlencode "pos=xx./oo./... x"
has out '"category":"win","distance":1,"score":"#1","moves":[{"move":"c1","category":"win","distance":1,"score":"#1"}'
get 200 /api/tictactoe/probe --data-urlencode "pos=xxx/oo./... o"   # over: lost, no move
has out '"category":"loss","distance":0,"score":"#-0","moves":[]}'
get 200 /api/tictactoe/probe
has out '"category":"draw","distance":null,"score":"=0"'

# ---- line: `yomi probe --line` ----
for pos in "gle/1c1/1C1/ELG b - 1" "$(sed -n 3p "$tmp/positions")"; do
	get 200 /api/dobutsu/line --data-urlencode "pos=$pos"
	got=$(sed 's/.*"line":\[\([^]]*\)\].*/\1/' "$tmp/out")
	want=$($YOMI probe --line --json --table "$DOBUTSU_TABLE" "$pos" | sed 's/.*"line":\[\([^]]*\)\].*/\1/')
	if [ -n "$got" ] && [ "$got" = "$want" ]; then ok; else bad "line $pos: '$got', yomi probe --line: '$want'"; fi
done
get 200 /api/dobutsu/line
has out '"over":{"result":"loss","reason":'
get 200 /api/tictactoe/line
has out '"line":["a1","b2","b1","c1","a3","a2","c2","b3","c3"],"positions":["x../.../... o",'
has out '"over":{"result":"draw","reason":"the board is full"}'
# a drawn Dobutsu line ends at a position's third occurrence: over says so (it said null,
# as for a line cut at 400 plies, the position itself not being over)
get 200 /api/dobutsu/line --data-urlencode "pos=glC/g2/ee1/L1+C b - 1"
has out '"category":"draw","distance":null,"score":"=0"'
has out '"over":{"result":"draw","reason":"threefold repetition"}}'

# ---- moves and show: `yomi moves`, and the board ----
get 200 /api/dobutsu/moves --data-urlencode "pos=$(sed -n 2p "$tmp/positions")"
got=$(grep -o '"move":"[^"]*"' "$tmp/out" | sed 's/"move":"\(.*\)"/\1/' | tr '\n' ' ')
want=$($YOMI moves "$(sed -n 2p "$tmp/positions")" | tr '\n' ' ')
if [ -n "$got" ] && [ "$got" = "$want" ]; then ok; else bad "moves: '$got', yomi moves: '$want'"; fi
get 200 /api/dobutsu/moves
has out '{"move":"Cb3xb2","next":"gle/1C1/3/ELG w C 2","from":7,"to":4}'
get 200 /api/dobutsu/moves --data-urlencode "pos=gle/1C1/3/ELG w C 2"
has out '{"move":"Ga1-a2","next":"1le/gC1/3/ELG b C 3","from":0,"to":3}'
get 200 /api/dobutsu/show --data-urlencode "pos=gle/1C1/3/ELG w C 2"
has out '"turn":1,"board":{"squares":[-3,-4,-2,0,1,0,0,0,0,2,4,3],"hands":[[1,0,0,0,0],[0,0,0,0,0]]}'
has out '"diagram":"    a b c\n  1 g l e  second player, in hand: -\n'
get 200 /api/dobutsu/show --data-urlencode "pos=gle/1c1/3/ELG b C 2"   # a drop: from the hand
has out '{"move":"C*a2","next":"gle/Cc1/3/ELG w - 3","to":3,"drop":0}'
get 200 /api/dobutsu/show --data-urlencode "lang=ja"
has out '手番：先手'
get 200 /api/othello/show
has out '"board":{"squares":[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,-1,1,0,0,0'
has out '{"move":"d3","next":"'
get 200 /api/othello4/show --data-urlencode "pos=XXXXXXXXXXXXXXXX O"
has out '"over":{"result":"loss"'
has out '"moves":[]'

# ---- analyze: the search, time capped ----
get 200 /api/othello4/analyze --data-urlencode "pos=-----OX--XO----- X"
json
has out '"best":"b1","score":"=-10","proven":true'
has headers "Cache-Control: no-store"
get 200 /api/othello/analyze --data-urlencode "time=0.3"
has out '"best":"'
has out '"proven":false'
get 200 /api/othello4/analyze --data-urlencode "pos=XXXXXXXXXXXXXXOO X"   # over: the discs
has out '"best":null,"score":"=+12","proven":true,"pv":[]'
get 200 /api/dobutsu/analyze --data-urlencode "time=1000"   # capped at --max-time 1.5
t=$(sed 's/.*"time":\([0-9.]*\).*/\1/' "$tmp/out")
if awk "BEGIN { exit !($t <= 3.5) }"; then ok; else bad "analyze time=1000 took $t s, --max-time is 1.5"; fi

# ---- 503: one search runs, one waits (--queue 1), the others are refused at once ----
pids=
for i in 1 2 3 4; do
	curl -s -o "$tmp/a$i" -D "$tmp/h$i" -w '%{http_code}\n' "$base/api/othello/analyze?time=1.5" >"$tmp/s$i" &
	pids="$pids $!"
done
wait $pids
answers=$(cat "$tmp"/s[1-4] | sort | uniq -c | tr -s ' ' | tr '\n' ';')
case $answers in
" 2 200; 2 503;"|" 3 200; 1 503;") ok ;;   # 3: a request came after the first search ended
*) bad "four searches at once, one running and one waiting at most: $answers" ;;
esac
for i in 1 2 3 4; do
	if grep -q 503 "$tmp/s$i"; then
		cp "$tmp/a$i" "$tmp/out"
		cp "$tmp/h$i" "$tmp/headers"
	fi
done
error "analysis queue full (1 searches waiting): try again later"
has headers "Retry-After: 1"
has headers "Cache-Control: no-store"

# ---- 400: every parameter checked, with the CLI's message ----
get 400 /api/dobutsu/probe --data-urlencode "pos=glee/1c1/1C1/ELG b - 1"
cli=$($YOMI show "glee/1c1/1C1/ELG b - 1" 2>&1 | sed 's/^yomi: show: //')
error "$cli"
has headers "Cache-Control: no-cache"
get 400 /api/dobutsu/show --data-urlencode "pos="
error '"error":"position: '
get 400 /api/dobutsu/probe --data-urlencode "position=x"
error "unknown parameter 'position' (pos)"
get 400 /api/dobutsu/analyze --data-urlencode "lang=ja"
error "unknown parameter 'lang' (pos, time)"
get 400 /api/games --data-urlencode "pos=x"
error "unknown parameter 'pos' (this path takes none)"
get 400 "/api/dobutsu/probe?pos=gle/1c1/1C1/ELG%20b%20-%201&pos=x"
error "pos: given twice"
get 400 "/api/dobutsu/probe?pos"
error "pos: no value"
get 400 "/api/dobutsu/probe?pos=gle%00x"
error "pos: contains a NUL byte"
get 400 /api/dobutsu/probe --data-urlencode "pos=$(printf '%01100d' 0)"
error "pos: longer than 1000 bytes"
get 400 /api/dobutsu/show --data-urlencode "lang=fr"
error "lang: 'fr' is not en or ja"
for t in 0 -1 abc 1e3 0x10 "1 " "" .; do
	get 400 /api/dobutsu/analyze --data-urlencode "time=$t"
	error "time: '"
done
get 400 /api/dobutsu/probe --data-urlencode "pos=$(printf 'gle/1c1/1C1/EL\001 b - 1')"
error "0x01"   # a control byte is named, and the answer stays valid JSON
get 400 /api/dobutsu/probe --data-urlencode "pos=$(printf 'gle/1c1/1C1/EL\377 b - 1')"
error "0xff"

# ---- 404: unknown game, path, or a game without a table ----
get 404 /api/chess/probe
error "unknown game 'chess' (games: dobutsu, tictactoe, othello"
get 404 /api/dobutsu/solve
error "unknown path '/api/dobutsu/solve'"
get 404 /api/dobutsu/
error "unknown path"
get 404 /api/othello/probe
error "othello: no solved table on this server"
get 404 /api/othello6/line
error "othello6: no solved table on this server"
get 404 /nothing
error "unknown path '/nothing'"
for p in /../etc/passwd /api/../../etc/passwd "/%2e%2e/%2e%2e/etc/passwd" /web/app.js /src/serve/web/index.html; do
	get 404 "$p" --path-as-is
done

# ---- 405, 414, HEAD, the page's files ----
code=$(curl -s -o "$tmp/out" -D "$tmp/headers" -w '%{http_code}' -X POST -d 'pos=x' "$base/api/dobutsu/probe")
if [ "$code" = 405 ]; then ok; else bad "POST: $code"; fi
error "method POST not allowed (GET or HEAD)"
has headers "Allow: GET, HEAD"
code=$(curl -s -o "$tmp/out" -D "$tmp/headers" -w '%{http_code}' -X DELETE "$base/api/games")
if [ "$code" = 405 ]; then ok; else bad "DELETE: $code"; fi
code=$(curl -s -o "$tmp/out" -D "$tmp/headers" -w '%{http_code}' -X GET -d 'pos=x' "$base/api/dobutsu/probe")
if [ "$code" = 400 ]; then ok; else bad "GET with a body: $code"; fi
error "a GET request has no body"
# a body over 16 kB: the connection is closed (curl: an empty reply or a reset)
code=$(head -c 100000 /dev/zero | curl -s -o /dev/null -w '%{http_code}' -X POST --data-binary @- "$base/api/games")
if [ "$code" = 000 ]; then ok; else bad "a 100 kB body: $code"; fi
code=$(curl -s -o "$tmp/out" -D "$tmp/headers" -w '%{http_code}' "$base/api/dobutsu/probe?pos=$(printf '%040000d' 0)")
if [ "$code" = 414 ] || [ "$code" = 431 ]; then ok; else bad "a 40 kB URL: $code"; fi
# answered by libmicrohttpd before yomi sees the request: HTML, as the man page says (it
# said every error was JSON)
has out "<html>"
hasnt headers "Access-Control-Allow-Origin"
code=$(curl -s -I -o "$tmp/headers" -w '%{http_code}' "$base/api/dobutsu/probe")
if [ "$code" = 200 ]; then ok; else bad "HEAD: $code"; fi
get 200 /
has headers "Content-Type: text/html"
has headers "Content-Security-Policy: default-src 'self'"
etag=$(sed -n 's/^ETag: *\(.*\)\r$/\1/p' "$tmp/headers")
get 304 / -H "If-None-Match: $etag"
get 200 /index.html
has headers "Content-Type: text/html"
# a request target in absolute form, as clients send it to a proxy, which a server must
# accept (RFC 9112, 3.2.2), is answered as its path (it was 404, "unknown path
# 'http://127.0.0.1:PORT/api/dobutsu/probe'"): whatever its host, its scheme in any case;
# no path is "/"; no host is refused (RFC 9110, 4.2.1)
# target STATUS TARGET: GET with that request target, sent as it is
target() {
	code=$(curl -s -o "$tmp/out" -D "$tmp/headers" -w '%{http_code}' --request-target "$2" "$base/")
	if [ "$code" = "$1" ]; then ok; else bad "GET $2: status $code, expected $1: $(head -c 300 "$tmp/out")"; fi
}
get 200 "/api/dobutsu/probe?pos=gle/1c1/1C1/ELG+b+-+1"
cp "$tmp/out" "$tmp/origin-form"
target 200 "$base/api/dobutsu/probe?pos=gle/1c1/1C1/ELG+b+-+1"
json
if cmp -s "$tmp/out" "$tmp/origin-form"; then ok; else bad "absolute form: $(head -c 300 "$tmp/out")"; fi
has out '"category":"loss","distance":78'
target 200 "HTTP://yomi.example:80/api/games"
has out '{"name":"dobutsu","title":"Dobutsu shogi (3x4 animal shogi)"'
target 200 "$base"
has headers "Content-Type: text/html"
target 404 "$base/nowhere"
error "unknown path '/nowhere'"
target 400 "http:///api/games"
error "a request target http://HOST/PATH needs its host"

# answers keep the connection open (HTTP/1.1 keep-alive), errors included
curl -s -v -o /dev/null -o /dev/null "$base/api/dobutsu/probe?pos=x" "$base/api/games" 2>"$tmp/err"
has err "Re-using existing connection"
hasnt err "Connection: close"

# ---- many clients at once: every answer right ----
pids=
for i in $(seq 40); do
	curl -s "$base/api/dobutsu/probe" >"$tmp/c$i" &
	pids="$pids $!"
done
wait $pids
bad_answers=0
for i in $(seq 40); do grep -q '"score":"#-78"' "$tmp/c$i" || bad_answers=$((bad_answers + 1)); done
if [ "$bad_answers" = 0 ]; then ok; else bad "$bad_answers of 40 concurrent probes wrong"; fi

get 200 /api/games   # still serving after all that
stop_server TERM
has serve.err "SIGTERM: stopping"

# ---- a table changed on disk under the server: its blocks are read when first needed, so a
# block that no longer decodes is the server's failure (500, as JSON), and it keeps serving ----
cp "$tmp/ttt.yomi" "$tmp/changing.yomi"
start_server --table "$tmp/changing.yomi"
head -c 400 /dev/zero | tr '\0' '\377' |
	dd of="$tmp/changing.yomi" bs=1 seek=512 conv=notrunc 2>/dev/null   # in block 0
get 500 /api/tictactoe/probe --data-urlencode "pos=x../.../... o"
error "table: $tmp/changing.yomi: block 0 does not decode"
get 200 /api/tictactoe/moves   # still serving
get 200 /api/games
stop_server TERM

# ---- --log: a line per request on stderr (it wrote to a stream closed after the options
# were read: lines went missing, and the server died of it, SIGSEGV or SIGABRT) ----
start_server --table "$tmp/ttt.yomi" --log
for p in x.. .x. ..x; do
	for q in .../...+o o../...+x; do get 200 "/api/tictactoe/probe?pos=$p/$q"; done
done
get 400 /api/tictactoe/moves --data-urlencode "pos=bad$(printf '\001')"
# a URL sent with raw control bytes (curl --request-target sends it as given) is logged
# quoted: they reached the log and the operator's terminal as they came, an escape sequence
# run, a carriage return writing over the line
code=$(curl -s -o "$tmp/out" -w '%{http_code}' \
	--request-target "/api/tictactoe/moves?pos=x$(printf '\r\033[2J')o" "$base/")
if [ "$code" = 400 ]; then ok; else bad "a URL with control bytes: status $code"; fi
get 200 /api/games
stop_server TERM
n=$(grep -c '^yomi: serve: /api/tictactoe/probe?pos=' "$tmp/serve.err")
if [ "$n" = 6 ]; then ok; else bad "--log: $n of 6 probes logged: $(head -c 600 "$tmp/serve.err")"; fi
has serve.err "yomi: serve: /api/tictactoe/moves?pos=bad%01"
has serve.err "yomi: serve: /api/games"
has serve.err 'yomi: serve: /api/tictactoe/moves?pos=x\x0d\x1b[2Jo'
if LC_ALL=C grep -q "$(printf '[\r\033]')" "$tmp/serve.err"; then
	bad "--log wrote control bytes: $(grep -a 'moves?pos=x' "$tmp/serve.err" | od -c | head -n 4)"
else
	ok
fi

# ---- --queue 0: a search runs when a search thread is free, and none waits (every search was
# refused: the one a free thread was about to take counted as waiting) ----
start_server --searches 1 --queue 0 --max-time 3
get 200 /api/tictactoe/analyze --data-urlencode "time=0.1"
has out '"best":"'
# of two searches at once, one runs and the other is refused
pids=
for i in 1 2; do
	curl -s -o /dev/null -w '%{http_code}\n' "$base/api/othello/analyze?time=3" >"$tmp/s$i" &
	pids="$pids $!"
done
wait $pids
answers=$(cat "$tmp/s1" "$tmp/s2" | sort | tr '\n' ' ')
if [ "$answers" = "200 503 " ]; then ok; else bad "two searches at once, --queue 0: $answers"; fi
stop_server TERM

# ---- a search whose client went away is dropped: stopped while it runs, skipped while it
# waits (both ran to their end: two clients that gave up kept the search thread and the
# queue busy, and every other search was refused, 503, for 20 s) ----
start_server --searches 1 --queue 1 --max-time 20
pids=
for i in 1 2; do   # one runs, one waits; each client gives up after half a second
	curl -s -o /dev/null -m 0.5 "$base/api/othello/analyze?time=20" &
	pids="$pids $!"
done
wait $pids
code=
for _ in $(seq 20); do
	sleep 0.5
	code=$(curl -s -o "$tmp/out" -w '%{http_code}' "$base/api/tictactoe/analyze?time=0.1")
	[ "$code" = 200 ] && break
done
if [ "$code" = 200 ]; then ok; else bad "a search after two abandoned ones: $code for 10 s: $(head -c 200 "$tmp/out")"; fi
stop_server TERM

# ---- start-up errors: one line, exit 2 (input) or 1 (an address in use) ----
run 2 $YOMI serve --table /nonexistent.yomi
err1 "yomi: serve: table: /nonexistent.yomi: No such file or directory"
printf 'not a table' >"$tmp/bad.yomi"
run 2 $YOMI serve --table "$tmp/bad.yomi"
err1 "yomi: serve: table: $tmp/bad.yomi: too short"
run 2 $YOMI serve --table "$tmp/ttt.yomi" --table "$tmp/ttt.yomi"
err1 "a second table of tictactoe"
run 2 $YOMI serve --port 65536
err1 "yomi: serve: --port: '65536' is not a number from 0 to 65535"
run 2 $YOMI serve --bind localhost
err1 "yomi: serve: --bind: 'localhost' is not a numeric IPv4 or IPv6 address"
# what a user gave is quoted as every message quotes it: a control byte as \xNN (an escape
# sequence in it reached the terminal), in --bind's value, an argument, and the table's
# path in the line that says the server is up
esc=$(printf '\033[2J')
run 2 $YOMI serve --bind "127.0.0.1${esc}"
err1 "yomi: serve: --bind: '127.0.0.1\\x1b[2J' is not a numeric IPv4 or IPv6 address"
run 2 $YOMI serve "some${esc}where"
err1 "yomi: serve: takes no position: 'some\\x1b[2Jwhere'"
cp "$tmp/ttt.yomi" "$tmp/t${esc}.yomi"
start_server --table "$tmp/t${esc}.yomi"
stop_server TERM
has serve.err "/ (tictactoe table $tmp/t\\x1b[2J.yomi; Ctrl-C stops)"
run 2 $YOMI serve --max-time 0
err1 "yomi: serve: --max-time: '0' is not a number of seconds"
run 2 $YOMI serve somewhere
err1 "yomi: serve: takes no position: 'somewhere'"
start_server --searches 1
run 1 $YOMI serve --port "$port"
err1 "yomi: serve: cannot listen on 127.0.0.1 port $port"
get 404 /api/dobutsu/probe   # no table given, none in $YOMI_TABLES
error "dobutsu: no solved table on this server"
stop_server INT
has serve.err "SIGINT: stopping"
finish
