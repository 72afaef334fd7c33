#!/bin/sh
# End-to-end tests of `yomi play` and `yomi match` ($YOMI, default ./yomi): scripted games
# through stdin for every game (legal and illegal input, move numbers, commands, undo, each
# way a game ends), match output, reproducibility and option errors.
# Prints one line per failure and ends with "N passed, N failed".
. "${0%/*}/lib.sh"

# ---- help and option errors ----
run 0 $YOMI --help
has out "  play "
has out "  match "
for c in play match; do run 0 $YOMI $c --help; has out "Usage: yomi $c"; has out "--first"; has out "--seed"; done
run 2 $YOMI play --first wizard
has err "yomi: play: --first: player 'wizard': not human, engine, random, perfect, usi:COMMAND or gtp:COMMAND"
lines=$(wc -l <"$tmp/err"); [ "$lines" -eq 1 ] && ok || bad "one error line, got $lines"
run 2 $YOMI play --second engine:depth=x
has err "depth=x is not a number"
# a SPEC's numbers are read as the options read theirs: whole decimal numbers in range, no
# fractions, hex or exponents (depth=2.5 once played depth 2, depth=0x10 depth 16)
for v in depth=2.5 depth=0x10 depth=1e1 'depth= 3' nodes=10.7 nodes=4611686018427387905 \
         hash=0 time=0x1 time=inf; do
	run 2 $YOMI play --second "engine:$v"
	err1 "yomi: play: --second: player 'engine:$v': $v is not a number"
done
# an option no player takes is refused, not ignored
run 2 $YOMI --game tictactoe match --first random --second random --table "$tmp/none.yomi"
err1 "yomi: match: --table: no player takes it (a perfect player without table= does)"
run 2 $YOMI --game tictactoe match --first engine:depth=2 --second engine:nodes=9 --depth 5
err1 "yomi: match: --depth: no player takes it (an engine without limits of its own does)"
run 2 $YOMI --game tictactoe match --first engine:hash=2 --second random --hash 5
err1 "yomi: match: --hash: no player takes it (an engine without hash= does)"
run 2 $YOMI play --first perfect:table="$tmp/none.yomi" --second random --table "$tmp/none.yomi"
err1 "yomi: play: --table: no player takes it"
run 0 $YOMI --game tictactoe match --first engine:depth=2 --second engine --depth 3 --games 1
input quit
run 0 $YOMI --game tictactoe play --first human --second random --depth 3   # the hint engine's
run 2 $YOMI match --first engine:time=0 --second random
err1 "yomi: match: --first: player 'engine:time=0': time=0 is not a number of seconds from 0.001 to 10000000"
run 2 $YOMI play --second engine:eval=cheap
has err "eval=cheap is not full, material or hand"
# threads=: as --threads takes it; a match of 2-thread engines names them so and finishes
run 2 $YOMI play --second engine:threads=65
err1 "yomi: play: --second: player 'engine:threads=65': threads=65 is not a number of threads from 1 to 64, or 0 or all"
run 0 $YOMI match --first engine:depth=3,threads=2 --second engine:depth=3 --games 2
has out "engine:depth=3,threads=2"
# a key given twice is refused, not the last one taken
run 2 $YOMI match --first engine:depth=3,depth=4 --second random
err1 "yomi: match: --first: player 'engine:depth=3,depth=4': depth given twice"
run 2 $YOMI play --second engine:depth=3,time=1,hash=2,time=2
err1 "yomi: play: --second: player 'engine:depth=3,time=1,hash=2,time=2': time given twice"
# an empty KEY=VALUE (a comma too many, a colon with nothing after it), as usi: refuses one
# (they were skipped)
run 2 $YOMI match --first engine:depth=3, --second random
err1 "yomi: match: --first: player 'engine:depth=3,': '' is not KEY=VALUE"
run 2 $YOMI match --first engine:,depth=3 --second random
err1 "yomi: match: --first: player 'engine:,depth=3': '' is not KEY=VALUE"
run 2 $YOMI match --first engine: --second random
err1 "yomi: match: --first: player 'engine:': '' is not KEY=VALUE"
# a SPEC is quoted as every message quotes text (yomi_said): cut at 60 bytes before a
# character, not inside it (a long one was cut at 40 bytes, inside a character: the
# message was not UTF-8), a control byte as \xNN (an escape sequence reached the terminal),
# its blanks kept ('engine ' is not 'engine')
run 2 $YOMI play --first "$(printf 'あ%.0s' $(seq 50))"
err1 "yomi: play: --first: player 'ああああああああああああああああああああ...': too long (150 bytes, at most 127)"
run 2 $YOMI play --second "engine:depth=$(printf '\033[2J')"
err1 "yomi: play: --second: player 'engine:depth=\\x1b[2J': depth=\\x1b[2J is not a number from 1 to"
run 2 $YOMI match --first "engine:$(printf 'x\033[31m')=1" --second random
err1 "yomi: match: --first: player 'engine:x\\x1b[31m=1': unknown option 'x\\x1b[31m' (engine takes"
run 2 $YOMI play --first "engine "
err1 "yomi: play: --first: player 'engine ': not human, engine, random, perfect"
run 2 $YOMI play --first "engine:depth= 3"
err1 "yomi: play: --first: player 'engine:depth= 3': depth= 3 is not a number"
run 2 $YOMI play --second engine:colour=red
has err "unknown option 'colour'"
run 2 $YOMI play --second random:depth=3
has err "random takes no options"
run 2 $YOMI play --depth 0
run 2 $YOMI play --seed -3
run 2 $YOMI play --max-plies 5000
run 2 $YOMI play --lang fr
run 2 $YOMI play -
has err "play reads the moves from stdin"
run 2 $YOMI play gle/1c1/1C1/ELGG b - 1
has err "yomi: play: position: rank 4 has 4 squares"
# a line with a NUL byte is refused, not read up to it (b1 would be legal)
printf 'b1\000junk\nquit\n' >"$tmp/in"
run 0 $YOMI --game tictactoe play
has out "the line contains a NUL byte: refused"
hasnt out "plays b1"
: >"$tmp/in"
# a closed stdin is a runtime failure, not the end of the input
run 1 sh -c "$YOMI play <&-"
has out "result: unfinished (input error)"
err1 "yomi: play: stdin: Bad file descriptor"
run 2 $YOMI match --games 2
has err "--first SPEC and --second SPEC are required"
run 2 $YOMI match --first human --second random
has err "a match is between machines"
run 2 $YOMI match --first random --second random --games 0
run 2 $YOMI match --first random --second random --moves Gc4-c3,Ga1-a2,Gc3-c4,Ga2-a1,Gc4-c3,Ga1-a2,Gc3-c4,Ga2-a1
err1 "yomi: match: the game is over at the starting position (threefold repetition)"
run 2 $YOMI match --first random --second random --openings /nonexistent
has err "cannot open /nonexistent"
run 2 $YOMI match --first random --second random --seed 18446744073709551616
has err "--seed: '18446744073709551616' is not a number from 0 to 18446744073709551615"
for v in ' 5' +5; do   # decimal digits only, like every other number (strtoull took both)
	run 2 $YOMI match --first random --second random --seed "$v"
	err1 "yomi: match: --seed: '$v' is not a number from 0 to 18446744073709551615"
	run 2 $YOMI --game tictactoe solve --sample 2 --seed "$v"
	err1 "yomi: solve: --seed: '$v' is not a number from 0 to 18446744073709551615"
done
run 2 $YOMI match --first random --second random --openings "$tmp"
has err "cannot open $tmp: Is a directory"
printf '# two openings\ngle/1c1/1C1/ELG b - 1\nnot a position\n' >"$tmp/open"
run 2 $YOMI match --first random --second random --openings "$tmp/open"
has err ":3: position:"
# a NUL byte does not end its line unseen (it once made "gle/1c1/1C1/ELG b - 1" of it)
printf 'gle/1c1/1C1/ELG b - 1\000 junk\n' >"$tmp/open"
run 2 $YOMI match --first random --second random --openings "$tmp/open"
err1 "yomi: match: $tmp/open:1: position: contains a NUL byte"
# the file's name is quoted as messages quote what a user gave: a control byte as \xNN (an
# escape sequence in it reached the terminal), whatever is wrong
esc=$(printf '\033[2J')
run 2 $YOMI match --first random --second random --openings "$tmp/no${esc}ne"
err1 "yomi: match: --openings: cannot open $tmp/no\\x1b[2Jne: No such file or directory"
printf 'not a position\n' >"$tmp/open${esc}"
run 2 $YOMI match --first random --second random --openings "$tmp/open${esc}"
err1 "yomi: match: $tmp/open\\x1b[2J:1: position: "
printf '# none\n' >"$tmp/open${esc}"
run 2 $YOMI match --first random --second random --openings "$tmp/open${esc}"
err1 "yomi: match: --openings: $tmp/open\\x1b[2J holds no position"

# ---- tic-tac-toe: scripted games ----
# Legal and illegal input, a move by its number, the commands, undo.
input b2 b2 zz 0 12 a1b2 moves help show hint 7 undo undo undo 3 quit
run 0 $YOMI --game tictactoe play --depth 9
has out "Tic-tac-toe (3x3): first human, second engine:depth=9"
has out "moves: 1 a1, 2 b1, 3 c1, 4 a2, 5 b2, 6 c2, 7 a3, 8 b3, 9 c3"
has out "first plays b2"
has out "b2: that square is occupied"
has out "'zz' is not a square (a1 to c3)"
has out "0: the moves are numbered 1 to 7"
has out "12: the moves are numbered 1 to 7"
has out "unexpected text after the square"
has out "undo  "
has out "cells: "
has out "hint: "
has out "took back 2 plies"
has out "undo: no move of yours to take back"
has out "result: unfinished (stopped)"
# b2, the reply, move 7 of the list and its reply, undo (back to b2 and the reply), undo
# (back to the start), undo (nothing to take back), then move 3 (c1) and its reply.
if grep -q '^record: 1\. c1 [a-c][1-3] \*$' "$tmp/out"; then ok; else bad "ttt record: $(tail -n 1 "$tmp/out")"; fi
if [ "$(grep -c '^took back 2 plies' "$tmp/out")" = 2 ]; then ok; else bad "two undos took back"; fi
# Three in a row: x wins against a human who does not defend.
input a1 b1 a2 b2 a3
run 0 $YOMI --game tictactoe play --second human
has out "result: first (human) wins (three in a row)"
last "record: 1. a1 b1 2. a2 b2 3. a3 1-0"
# The board full: a draw.
input a1 b2 c3 b1 b3 a3 c1 c2 a2
run 0 $YOMI --game tictactoe play --second human
has out "result: draw (the board is full)"
last "record: 1. a1 b2 2. c3 b1 3. b3 a3 4. c1 c2 5. a2 1/2-1/2"
# The engine wins when the person blunders, and says so in its score.
input b1
run 0 $YOMI --game tictactoe play --second engine:depth=9 x../oo./x.. x
has out "result: second (engine:depth=9) wins (three in a row)"
# The engine does not lose tic-tac-toe, playing first or second, against random movers.
for seed in 1 2 3; do
	run 0 $YOMI --game tictactoe match --first engine:depth=9 --second random --games 4 --seed $seed
	if grep -q '^B   random  *0 ' "$tmp/out"; then ok; else bad "random won a game: $(grep '^B ' "$tmp/out")"; fi
done
# Resignation; the record saved in the middle of the game.
input b2 "save $tmp/ttt.rec" resign
run 0 $YOMI --game tictactoe play --depth 2
has out "saved the game record to $tmp/ttt.rec"
has out "first resigns"
has out "result: second (engine:depth=2) wins (resignation)"
if grep -qF '[Game "tictactoe"]' "$tmp/ttt.rec" && grep -qF '[Result "*"]' "$tmp/ttt.rec" &&
   grep -q '^1\. b2 [a-c][1-3] \*$' "$tmp/ttt.rec"; then ok; else bad "saved record: $(cat "$tmp/ttt.rec")"; fi
input "save /nonexistent/dir/x" quit
run 0 $YOMI --game tictactoe play
has out "save: /nonexistent/dir/x: No such file or directory"
# --save that cannot be written is refused before the game, not after it (the record was
# lost, exit 1): a folder, a file in no folder; match so for its first game's file
mkdir "$tmp/dir" "$tmp/games-1.txt"
: >"$tmp/in"
run 2 $YOMI --game tictactoe play --first random --second random --seed 1 --save "$tmp/dir"
err1 "yomi: play: --save: $tmp/dir: not a regular file"
hasnt out "first plays"
run 2 $YOMI --game tictactoe play --first random --second random --seed 1 --save "$tmp/none/x"
err1 "yomi: play: --save: $tmp/none/x: No such file or directory"
hasnt out "first plays"
run 2 $YOMI --game tictactoe match --first random --second random --seed 1 --save "$tmp/games.txt"
err1 "yomi: match: --save: $tmp/games-1.txt: not a regular file"
hasnt out "game 1"
run 2 $YOMI --game tictactoe match --first random --second random --seed 1 --save "$tmp/none/g.txt"
err1 "yomi: match: --save: $tmp/none/g-1.txt: No such file or directory"
if [ -e "$tmp/none" ]; then bad "--save made the folder $tmp/none"; else ok; fi
# --save's file is quoted in its messages as messages quote what a user gave
run 2 $YOMI --game tictactoe play --first random --second random --seed 1 --save "$tmp/no${esc}ne/x"
err1 "yomi: play: --save: $tmp/no\\x1b[2Jne/x: No such file or directory"
run 2 $YOMI --game tictactoe match --first random --second random --seed 1 --save "$tmp/g${esc}.kif"
err1 "yomi: match: --save: $tmp/g\\x1b[2J-1.kif: KIF is a record format of shogi, not tictactoe"
run 0 $YOMI --game tictactoe play --first random --second random --seed 1 --save "$tmp/s${esc}.txt"
has out "saved the game record to $tmp/s\\x1b[2J.txt"
has "s${esc}.txt" '[Game "tictactoe"]'
# a name that is another game's record format (shogi's .kif, .kifu, .csa, in any case) is
# refused for a game without it (yomi's format was written into x.kif without a word);
# play's save command says so and the game goes on
run 2 $YOMI --game dobutsu play --first random --second random --seed 1 --save "$tmp/x.kif"
err1 "yomi: play: --save: $tmp/x.kif: KIF is a record format of shogi, not dobutsu (any other name is written in yomi's format)"
hasnt out "first plays"
if [ -e "$tmp/x.kif" ]; then bad "--save wrote $tmp/x.kif"; else ok; fi
run 2 $YOMI --game tictactoe match --first random --second random --seed 1 --save "$tmp/g.CSA"
err1 "yomi: match: --save: $tmp/g-1.CSA: CSA is a record format of shogi, not tictactoe (any other name is written in yomi's format)"
hasnt out "game 1"
input "save $tmp/y.kifu" "save $tmp/y.txt" quit
run 0 $YOMI --game tictactoe play --first human --second human
has out "save: $tmp/y.kifu: KIF is a record format of shogi, not tictactoe (any other name is written in yomi's format)"
has out "saved the game record to $tmp/y.txt"
if [ -e "$tmp/y.kifu" ]; then bad "save wrote $tmp/y.kifu"; else ok; fi
# a folder this user cannot write to, likewise (it failed after the game: "record: ...:
# Permission denied", exit 1): /sys refuses new files even to root; a read-only folder
# (mode 555) is tried as this user, or, as root (who may write there), as nobody
if [ -d /sys ] && ! (: >/sys/yomi-save-test) 2>/dev/null; then
	run 2 $YOMI --game tictactoe play --first random --second random --seed 1 --save /sys/g.txt
	err1 "yomi: play: --save: /sys/g.txt: Permission denied"
	hasnt out "first plays"
	run 2 $YOMI --game tictactoe match --first random --second random --seed 1 --save /sys/g.txt
	err1 "yomi: match: --save: /sys/g-1.txt: Permission denied"
	hasnt out "game 1"
else
	echo "note: /sys takes new files here: its --save checks are skipped"
fi
mkdir "$tmp/ro"
chmod 555 "$tmp/ro"
as=
if [ "$(id -u)" = 0 ]; then
	as="setpriv --reuid=65534 --regid=65534 --clear-groups"
	chmod 755 "$tmp"   # nobody goes through it to ro/
fi
if [ -z "$as" ] || { command -v setpriv >/dev/null && $as $YOMI --version >/dev/null 2>&1; }; then
	run 2 $as $YOMI --game tictactoe play --first random --second random --seed 1 --save "$tmp/ro/g.txt"
	err1 "yomi: play: --save: $tmp/ro/g.txt: Permission denied"
	hasnt out "first plays"
else
	echo "note: root, and nobody cannot run $YOMI (or no setpriv): the read-only folder check is skipped"
fi
chmod 700 "$tmp"
# End of input ends the game cleanly, even with no move played.
: >"$tmp/in"
run 0 $YOMI --game tictactoe play
has out "result: unfinished (end of input)"
last "record: *"
# Ctrl-C ends the game as end of input does: the result so far and the record, exit 0;
# at a person's prompt (a FIFO that stays open) and during an engine's search (whose move
# is not played).  It killed the game, with no result and no record.
mkfifo "$tmp/fifo"
# interrupt PID: Ctrl-C to PID after a second; killed 10 s later if it is still there (a
# program without a handler ignores SIGINT in the background of a script).
interrupt() {
	(sleep 1; kill -INT "$1"; sleep 10; kill -KILL "$1") 2>/dev/null &
	watchdog=$!
}
$YOMI --game tictactoe play --second random --seed 1 <"$tmp/fifo" >"$tmp/out" 2>"$tmp/err" &
ppid=$!
exec 3>"$tmp/fifo"
echo b2 >&3
interrupt $ppid
wait $ppid
st=$?
kill $watchdog 2>/dev/null
exec 3>&-
if [ $st = 0 ]; then ok; else bad "Ctrl-C at the prompt: exit $st"; fi
has out "result: unfinished (interrupted)"
if grep -q '^record: 1\. b2 [a-c][1-3] \*$' "$tmp/out"; then ok; else bad "Ctrl-C record: $(tail -n 1 "$tmp/out")"; fi
$YOMI play --first engine:depth=1 --second engine:time=600 </dev/null >"$tmp/out" 2>"$tmp/err" &
ppid=$!
interrupt $ppid
wait $ppid
st=$?
kill $watchdog 2>/dev/null
if [ $st = 0 ]; then ok; else bad "Ctrl-C during a search: exit $st"; fi
has out "result: unfinished (interrupted)"
if grep -q '^record: 1\. [A-Za-z*0-9x+-]* \*$' "$tmp/out"; then ok; else bad "Ctrl-C record: $(tail -n 1 "$tmp/out")"; fi

# ---- Dobutsu: scripted games ----
input Cb3-b1 Cb3xb2 Cb2 "C*b3" 99 quit
run 0 $YOMI play --depth 3
has out "Dobutsu shogi (3x4 animal shogi): first human, second engine:depth=3"
has out "Cb3-b1: a chick moves one step forward"
has out "first plays Cb3xb2"
has out "second plays "
has out " score "
has out " pv "
has out "expected a move like Cb3-b2"
has out "99: the moves are numbered 1 to "
has out "first player, in hand: chick"
has out "last move: "
# Japanese piece names.
input quit
run 0 $YOMI play --lang ja
has out "ライオン"
has out "手番：先手"
# Lion captured: the engine takes a lion the person leaves en prise.
input La2-b1
run 0 $YOMI play --depth 3 2l/L2/3/3 b 2G2E2C 1
has out "second plays Lc1xb1  score #1"
has out "result: second (engine:depth=3) wins (lion captured)"
last "record: 1. La2-b1 Lc1xb1 0-1"
# Try: the lion reaches the far rank and survives.
input La2-a1
run 0 $YOMI play --second human 2l/L2/3/3 b 2G2E2C 1
has out "result: first (human) wins (try: the enemy lion reached the far rank)"
# No legal move (found by a brute-force search; no move seems to lead to such a position,
# so the game starts there): over at once, the record empty.
run 0 $YOMI play GE1/LGE/CCl/3 b - 1
has out "result: second (engine:time=1) wins (no legal move)"
last "record: 0-1"
# Threefold repetition between two people.
input Gc4-c3 Ga1-a2 Gc3-c4 Ga2-a1 Gc4-c3 Ga1-a2 Gc3-c4 Ga2-a1 Cb3xb2
run 0 $YOMI play --second human
has out "result: draw (threefold repetition)"
has out "game over: draw (threefold repetition)"   # the last diagram's status line
last "record: 1. Gc4-c3 Ga1-a2 2. Gc3-c4 Ga2-a1 3. Gc4-c3 Ga1-a2 4. Gc3-c4 Ga2-a1 1/2-1/2"
# The --moves history counts: two more shuffles repeat the start a third time.
input Gc4-c3 Ga1-a2 Gc3-c4 Ga2-a1
run 0 $YOMI play --second human --moves Gc4-c3,Ga1-a2,Gc3-c4,Ga2-a1
has out "result: draw (threefold repetition)"
# Undo takes back the person's move and the engine's reply.
input Gc4-c3 undo show quit
run 0 $YOMI play --depth 2
has out "took back 2 plies"
has out "sfen: gle/1c1/1C1/ELG b - 1"
last "record: *"
# The move limit.
input Gc4-c3 Ga1-a2
run 0 $YOMI play --second human --max-plies 2
has out "result: draw (move limit)"
# Engine against engine in play, and random moves replayed by the seed.
run 0 $YOMI play --first engine:depth=4 --second engine:depth=3
has out "result: "
has out "first plays "
run 0 $YOMI play --first random --second random --seed 42
cp "$tmp/out" "$tmp/rand1"
run 0 $YOMI play --first random --second random --seed 42
if cmp -s "$tmp/out" "$tmp/rand1"; then ok; else bad "play --seed 42 differs between runs"; fi

# ---- Othello (4x4), once the game is part of the build: passes are ordinary moves ----
if $YOMI --game othello4 show >/dev/null 2>&1; then
	input b1 a3 d4 c1 b4 a1 d1 pass pass c4 d3 a2 pass a4 pass d2 d1
	run 0 $YOMI --game othello4 play --second human
	has out "d1: X has no legal move and must pass"
	has out "first plays pass"
	has out "pass: O has a legal move"
	has out "game over: O wins by 8"
	has out "result: second ("
	last "record: 1. b1 a3 2. d4 c1 3. b4 a1 4. pass c4 5. d3 a2 6. pass a4 7. pass d2 8. d1 0-1"
	run 0 $YOMI --game othello4 match --first engine:depth=4 --second random --games 4 --seed 1
	has out "games 4: A scores "
fi

# ---- match ----
run 0 $YOMI match --first engine:depth=3 --second random --games 4 --seed 7
has out "A = engine:depth=3, B = random, 4 games, 1 opening, seed 7"
has out "game 1 opening 1: A "
has out "game 2 opening 1: B "
has out "games 4: A scores "
has out "A   engine:depth=3"
cp "$tmp/out" "$tmp/m1"
run 0 $YOMI match --first engine:depth=3 --second random --games 4 --seed 7
if cmp -s "$tmp/out" "$tmp/m1"; then ok; else bad "match --seed 7 differs between runs"; fi
printf '# openings\ngle/1c1/1C1/ELG b - 1\n\n2e/gl1/1E1/1LG b Cc 5\n' >"$tmp/open"
run 0 $YOMI match --first engine:depth=2 --second engine:depth=2,eval=material --games 4 --openings "$tmp/open" --json
has out '"game":3,"opening":2,"first":"A"'
has out '"game":4,"opening":2,"first":"B"'
has out '{"games":4,'
if [ "$(wc -l <"$tmp/out")" -eq 5 ]; then ok; else bad "match --json: 5 lines"; fi
run 0 $YOMI --game tictactoe match --first engine:depth=9 --second engine:depth=9 --games 2
if grep -q '^A   engine:depth=9  *0  *2  *0  *50.0%$' "$tmp/out"; then ok; else bad "ttt engines draw: $(grep '^A ' "$tmp/out")"; fi
last "games 2: A scores 1.0 of 2, Elo difference A-B +0.0 (margin unknown: every game drawn)"
run 0 $YOMI --game tictactoe match --first engine:depth=9 --second engine:depth=9 --games 2 --json
last '{"games":2,"wins":0,"draws":2,"losses":0,"score":0.5000,"elo":0.0,"margin":null}'
# The Elo line against an independent computation (python3's, by hand): 19 wins, 5 draws,
# 16 losses -> +26.1 +- 104.0.
run 0 $YOMI --game tictactoe match --first random --second random --games 40 --seed 5
if grep -q '^A   random  *19  *5  *16 ' "$tmp/out"; then ok; else bad "seeded random match: $(grep '^A ' "$tmp/out")"; fi
last "games 40: A scores 21.5 of 40, Elo difference A-B +26.1 +- 104.0 (95%)"

# ---- the perfect player ----
run 2 $YOMI match --first perfect --second random --table "$tmp/none.yomi"
has err "yomi: match: --first: player 'perfect': table: $tmp/none.yomi"
printf 'not a table\n' >"$tmp/bad.yomi"
run 2 $YOMI play --second perfect:table="$tmp/bad.yomi"
has err "yomi: play: --second: player 'perfect:table=$tmp/bad.yomi': table: "
run 2 $YOMI play --second perfect:depth=3
has err "perfect takes no options but table=FILE"
# an empty table= is said to be one, as --table '' is ("perfect takes no options but
# table=FILE", which it had given)
run 2 $YOMI match --first perfect:table= --second random
err1 "yomi: match: --first: player 'perfect:table=': table: the file name is empty"
run 2 $YOMI --game tictactoe play --first random --second perfect:table=
err1 "yomi: play: --second: player 'perfect:table=': table: the file name is empty"
# Moving first from a position won or drawn for it (the odd games; in the even ones it
# has the other side), it never loses against random movers over many seeded
# games: with a tic-tac-toe table when the game has a solver (built in a moment), with a
# Dobutsu table when one is installed ($YOMI_TABLES/dobutsu.yomi or data/dobutsu.yomi;
# building it takes minutes, so the test does not).
perfect_never_loses() {   # GAME TABLE GAMES POSITION...: every game won or drawn by A
	pg=$1 pt=$2 pn=$3
	shift 3
	for ppos in "$@"; do
		for pseed in 1 2; do
			run 0 $YOMI --game "$pg" match --first perfect --second random --table "$pt" \
				--games "$pn" --seed "$pseed" $ppos
			# games where perfect moves first from a position that is not lost for it:
			# none lost (colours alternate, so the odd games)
			if grep -q '^game [0-9]* opening [0-9]*: A ' "$tmp/out" &&
			   ! grep -q '^game [0-9]* opening [0-9]*: A .*B wins' "$tmp/out"; then ok; else bad "perfect lost ($pg $ppos seed $pseed): $(grep 'B wins' "$tmp/out" | head -1)"; fi
		done
	done
}
if $YOMI --game tictactoe solve -o "$tmp/ttt.yomi" >/dev/null 2>&1; then
	perfect_never_loses tictactoe "$tmp/ttt.yomi" 100 "" "x../.o./... x" "xo./.x./..o x" "x.o/.../... x"
else
	echo "note: tic-tac-toe has no solver: its perfect-player test is skipped"
fi
dob_table=
for t in "${YOMI_TABLES:-/nonexistent}/dobutsu.yomi" "$DATA/dobutsu.yomi"; do
	[ -f "$t" ] && dob_table=$t && break
done
if [ -n "$dob_table" ]; then
	# The start (a win for the second player: perfect wins it moving second) and two
	# won positions for the side to move.
	perfect_never_loses dobutsu "$dob_table" 20 "" "1l1/L2/3/cGE w Gce" "gle/1c1/1C1/ELG w - 1"
	input quit
	run 0 $YOMI play --second perfect --table "$dob_table"
	has out "first human, second perfect"
else
	echo "note: no Dobutsu table installed: its perfect-player test is skipped"
fi

finish
