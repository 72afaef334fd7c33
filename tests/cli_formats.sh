#!/bin/sh
# End-to-end tests of the formats people already have ($YOMI, default ./yomi):
#   - Dobutsu FEN as Fairy-Stockfish and pychess write it (--notation fen), against
#     Fairy-Stockfish itself ($FAIRY, default /usr/games/fairy-stockfish) on sampled
#     positions: the same FEN printed, and read back to the same position;
#   - Othello move transcripts without separators in --moves (passes left out);
#   - game records: what play's `save FILE` writes is read back by --record FILE (every
#     command that takes --moves) and play resumes from it; bad records refused.
# Prints one line per failure and ends with "N passed, N failed".
. "${0%/*}/lib.sh"
FAIRY=${FAIRY:-/usr/games/fairy-stockfish}

# ---- Dobutsu FEN ----
run 0 $YOMI show --notation fen
last "fen: gle/1c1/1C1/ELG[] w - - 0 1"
# pychess writes the empty hands '[-]' and leaves out castling and en passant
run 0 $YOMI show --notation sfen "gle/1c1/1C1/ELG[-] w 0 1"
last "sfen: gle/1c1/1C1/ELG b - 1"
# w is the first player; the move number counts pairs of plies
run 0 $YOMI show --notation sfen "1l1/3/3/L2[CCEEgg] b - - 7 12"
last "sfen: 1l1/3/3/L2 w 2E2C2g 24"
run 0 $YOMI show --notation fen "1l1/2+C/3/L2 w GEgce 10"
last "fen: 1l1/2+C/3/L2[GEgce] b - - 0 5"
for bad in "gle/1c1/1C1/ELG[] x - - 0 1:side to move: 'x' is not w" \
           "gle/1c1/1C1/ELG[x] w:hand: 'x' is not a piece" \
           "gle/1c1/1C1/ELG[C w:hand: ' ' is not a piece" \
           "gle/1c1/1C1/ELG[] w - - 0:the halfmove clock and the move number come together" \
           "gle/1c1/1C1/ELG[] w - - 0 0:FEN: the move number must be 1 to 32768" \
           "gle/1c1/1C1/ELG[] w - - 0 1 x:unexpected 'x' after the side to move" \
           "gle/1c1/1C1/ELG[] w - - 0 123456789:the move number must be 1 to 32768" \
           "gle/1c1/1C1/ELG[C] w:3 chicks or hens"; do
	run 2 $YOMI show "${bad%%:*}"
	err1 "${bad#*:}"
done
# Against Fairy-Stockfish: sampled positions, each with either side to move and a move
# number, printed as FEN by both programs; and its FEN read back by yomi.
$YOMI solve --sample 150 --seed 11 >"$tmp/sample"
awk '{ print; $2 = "w"; $4 = 2 * NR; print }' "$tmp/sample" >"$tmp/sfens"
$YOMI show --notation fen - <"$tmp/sfens" >"$tmp/ours"
lines 300 ours
awk 'BEGIN { print "setoption name UCI_Variant value dobutsu" }
     { print "position fen " $0; print "d" } END { print "quit" }' "$tmp/ours" |
	"$FAIRY" 2>/dev/null | sed -n 's/^Fen: //p' >"$tmp/theirs"
if [ -s "$tmp/theirs" ] && cmp -s "$tmp/ours" "$tmp/theirs"; then ok
else bad "FEN differs from Fairy-Stockfish's: $(diff "$tmp/ours" "$tmp/theirs" | head -n 3)"; fi
$YOMI show --notation sfen - <"$tmp/theirs" >"$tmp/back"
if cmp -s "$tmp/back" "$tmp/sfens"; then ok
else bad "Fairy-Stockfish's FEN read back differs: $(diff "$tmp/back" "$tmp/sfens" | head -n 3)"; fi

# ---- Othello transcripts ----
run 0 $YOMI --game othello show --moves f5d6c3d3c4
cp "$tmp/out" "$tmp/joined"
run 0 $YOMI --game othello show --moves f5,d6,c3,d3,c4
if cmp -s "$tmp/out" "$tmp/joined"; then ok; else bad "a transcript differs from its moves"; fi
# passes left out (a forced move), upper case, and mixed with separators
run 0 $YOMI --game othello4 show --moves b1,a3,d4,c1,b4,a1,pass,c4,d3,a2,pass,a4,pass,d2,d1
cp "$tmp/out" "$tmp/joined"
run 0 $YOMI --game othello4 show --moves "B1A3D4C1B4A1C4 d3a2a4d2d1"
if cmp -s "$tmp/out" "$tmp/joined"; then ok; else bad "a transcript without its passes differs"; fi
run 2 $YOMI --game othello show --moves f5d6c3z9
err1 "yomi: show: --moves: move 4: move: 'z9' is not a square (a1 to h8) or pass (in the moves 'f5d6c3z9')"
run 2 $YOMI --game othello show --moves f5f5
err1 "yomi: show: --moves: move 2: move: f5: that square is occupied (in the moves 'f5f5')"

# ---- game records ----
R=$tmp/game.txt
input Cb3xb2 "save $R" quit
run 0 $YOMI play --second engine:depth=2
has out "saved the game record to $R"
cp "$R" "$tmp/saved"
has saved '[Game "dobutsu"]'
has saved '[Second "engine:depth=2"]'
if ls "$tmp" | grep -q "\.tmp"; then bad "temporary file left behind"; else ok; fi
# read back wherever --moves is taken: the position after the record's moves
run 0 $YOMI show --notation sfen --record "$R"
last "sfen: gl1/1e1/3/ELG b Cc 3"
run 0 $YOMI moves --record "$R" --moves C*b3
has out "Ga1-a2"
run 0 $YOMI perft --depth 2 --record "$R"
run 0 $YOMI analyze --depth 3 --record "$R"
# play resumes: the record's moves are the game's (undo takes them back, save keeps them)
input undo "save $R.2" quit
run 0 $YOMI play --second engine:depth=2 --record "$R"
has out "resuming the game of $R after 2 plies"
has out "took back 2 plies"
run 0 $YOMI show --record "$R.2"
has out "first player to move (move 1)"
# an Othello game saved and resumed, its moves in one transcript
input f5 d6 c3 "save $tmp/o.txt" quit
run 0 $YOMI --game othello play --second human
run 0 $YOMI --game othello play --second human --record "$tmp/o.txt" --moves d3c4
has out "resuming the game of $tmp/o.txt after 5 plies"
has out "record: 1. f5 d6 2. c3 d3 3. c4 *"
# a record written by hand: tags in any order, comments, a result
printf '[Result "1-0"]\n[Position "1l1/2C/3/L2 b GEgce 9"]\n[Event "x"]\n\n9. Cc2-c1+ {the try} 1-0\n' >"$tmp/hand.txt"
run 0 $YOMI show --notation sfen --record "$tmp/hand.txt"
last "sfen: 1l+C/3/3/L2 w GEgec 10"
# show names the players a record's First and Second tags give (they were never shown), by
# side: First moves first, the second player here; a name that is not given is left out
printf '[Position "gle/1c1/1C1/ELG w - 1"]\n[First "Alice"]\n[Second "Bob"]\n\n1. Cb2xb3 *\n' \
	>"$tmp/names.txt"
run 0 $YOMI show --record "$tmp/names.txt"
has out "second player: Alice"
has out "first player: Bob"
last "sfen: gle/3/1c1/ELG b c 2"
printf '[First "Carol"]\n\nf5d6\n' >"$tmp/names-o.txt"
run 0 $YOMI --game othello show --record "$tmp/names-o.txt"
has out "black (X): Carol"
hasnt out "white (O):"
# and the result a record gives, with its reason (no command showed it): by the side that
# won, as the diagram names it (0-1 in a record whose second player is the game's first
# is the first player's win); quoted as the names are; none for a record that says nothing
run 0 $YOMI show --record "$tmp/hand.txt"
has out "result: first player wins"
hasnt out "wins ("
printf '[Position "gle/1c1/1C1/ELG w - 1"]\n[Result "0-1"]\n[Reason "lion \033[2Jcaught"]\n\n1. Cb2xb3 0-1\n' \
	>"$tmp/result.txt"
run 0 $YOMI show --record "$tmp/result.txt"
has out "result: first player wins (lion \\x1b[2Jcaught)"
last "sfen: gle/3/1c1/ELG b c 2"
run 0 $YOMI show --lang ja --record "$tmp/result.txt"
has out "結果：先手の勝ち（lion \\x1b[2Jcaught）"
run 0 $YOMI show --json --record "$tmp/result.txt"
same '{"game":"dobutsu","position":"gle/3/1c1/ELG b c 2","status":"ongoing","moves":5,"record":{"result":"0-1","winner":"first","reason":"lion \u001b[2Jcaught"}}'
# a reason that is not UTF-8 is still valid JSON (JSON text is UTF-8): each stray byte as
# U+FFFD, a character of another script as it is (the bytes went out as they came)
printf '[Result "1-0"]\n[Reason "\377\376 \345\210\207\343\202\214 \342\202"]\n\nCb3xb2 1-0\n' \
	>"$tmp/bytes.txt"
run 0 $YOMI show --json --record "$tmp/bytes.txt"
has out ',"record":{"result":"1-0","winner":"first","reason":"\ufffd\ufffd 切れ \ufffd\ufffd"}}'
printf '[Result "1/2-1/2"]\n[Reason "agreed"]\n\nCb3xb2 1/2-1/2\n' >"$tmp/draw.txt"
run 0 $YOMI show --record "$tmp/draw.txt"
has out "result: draw (agreed)"
run 0 $YOMI show --json --record "$tmp/draw.txt"
has out ',"record":{"result":"1/2-1/2","winner":null,"reason":"agreed"}}'
printf '[Result "*"]\n[Reason "stopped"]\n\nCb3xb2 *\n' >"$tmp/stopped.txt"
run 0 $YOMI show --record "$tmp/stopped.txt"
has out "result: unfinished (stopped)"
run 0 $YOMI show --record "$tmp/names.txt"
hasnt out "result:"
run 0 $YOMI show --json --record "$tmp/names.txt"
has out ',"record":{"result":"*","winner":null}}'
run 0 $YOMI show --json
hasnt out '"record"'
# refused: another game, a bad tag, a bad move (with its line), a result that disagrees,
# a FIFO, a folder, a file too big, NUL bytes, a POSITION as well, filter mode
run 2 $YOMI --game tictactoe show --record "$R"
err1 "yomi: show: --record: record: $R: line 1: a record of dobutsu, not tictactoe (give --game dobutsu)"
# a Game or Result tag's value is quoted as every message quotes text: an escape sequence
# or a stray byte as \xNN (they went to the terminal raw, the 40 bytes cut anywhere), and
# --game is suggested for a game yomi plays only
printf '[Game "\033[31mred\216"]\n\n1. Cb3xb2 *\n' >"$tmp/esc.txt"
run 2 $YOMI show --record "$tmp/esc.txt"
err1 "yomi: show: --record: record: $tmp/esc.txt: line 1: a record of '\\x1b[31mred\\x8e', a game yomi does not play, not dobutsu"
printf '[Game "dobutsu"]\n[Result "1-0\033[2J"]\n\n1. Cb3xb2 *\n' >"$tmp/esc2.txt"
run 2 $YOMI show --record "$tmp/esc2.txt"
err1 "yomi: show: --record: record: $tmp/esc2.txt: line 2: result '1-0\\x1b[2J' (1-0, 0-1, 1/2-1/2 or *)"
printf '[Game dobutsu]\n' >"$tmp/bad1"
run 2 $YOMI show --record "$tmp/bad1"
err1 "yomi: show: --record: record: $tmp/bad1: line 1: a tag is [Name \"value\"]"
printf '[Game "dobutsu"]\n\n1. Cb3xb2 Ec1xb2\n2. Cb3-b1 *\n' >"$tmp/bad2"
run 2 $YOMI show --record "$tmp/bad2"
err1 "yomi: show: --record: record: $tmp/bad2: line 4: move 3: move: Cb3-b1: b3 is empty"
printf '[Result "0-1"]\n\nCb3xb2 1-0\n' >"$tmp/bad3"
run 2 $YOMI show --record "$tmp/bad3"
err1 "line 3: the moves end with 1-0, the Result tag says 0-1"
printf 'Cb3xb2 * Ec1xb2\n' >"$tmp/bad4"
run 2 $YOMI show --record "$tmp/bad4"
err1 "line 1: text after the result *"
# a tag yomi reads given twice, a '{' comment never closed (both were read silently: the
# second tag won, the comment took the moves after it)
printf '[Game "dobutsu"]\n[Result "*"]\n[game "dobutsu"]\n\nCb3xb2 *\n' >"$tmp/bad5"
run 2 $YOMI show --record "$tmp/bad5"
err1 "yomi: show: --record: record: $tmp/bad5: line 3: a second Game tag (the first is on line 1)"
printf '[Position "gle/1c1/1C1/ELG b - 1"]\n[Position "1l1/2C/3/L2 b GEgce 9"]\n' >"$tmp/bad6"
run 2 $YOMI show --record "$tmp/bad6"
err1 "line 2: a second Position tag (the first is on line 1)"
printf '[Event "a"]\n[Event "b"]\n\nCb3xb2 *\n' >"$tmp/events"
run 0 $YOMI show --record "$tmp/events"
printf '[Game "dobutsu"]\n\n1. Cb3xb2 {the chick\ntakes\n2. Cb3-b1 *\n' >"$tmp/bad7"
run 2 $YOMI show --record "$tmp/bad7"
err1 "yomi: show: --record: record: $tmp/bad7: line 3: a '{' comment is not closed: no '}' follows"
printf 'Cb3xb2 * {the end\n' >"$tmp/bad8"
run 2 $YOMI show --record "$tmp/bad8"
err1 "line 1: a '{' comment is not closed: no '}' follows"
run 2 $YOMI show --record ""
err1 "yomi: show: --record: record: the file name is empty"
mkfifo "$tmp/fifo"
run 2 $YOMI show --record "$tmp/fifo"
err1 "yomi: show: --record: record: $tmp/fifo: not a regular file"
run 2 $YOMI show --record "$tmp"
err1 "not a regular file"
head -c 1048577 /dev/zero | tr '\0' ' ' >"$tmp/big"
run 2 $YOMI show --record "$tmp/big"
err1 "yomi: show: --record: record: $tmp/big: 1048577 bytes, more than a record holds (1048576)"
printf 'Cb3xb2\0\n' >"$tmp/nul"
run 2 $YOMI show --record "$tmp/nul"
err1 "contains a NUL byte"
run 2 $YOMI show --record "$R" "gle/1c1/1C1/ELG b - 1"
err1 "yomi: show: --record: the record gives the position: no POSITION as well"
run 2 $YOMI probe --record "$R" -
err1 "yomi: probe: --record: the record gives the position: no '-' as well"
run 2 $YOMI bench --record "$R"
err1 "yomi: bench: --record: bench takes no position (see --file)"
run 2 $YOMI show --record "$tmp/none"
err1 "yomi: show: --record: record: $tmp/none: No such file or directory"
# a record's path is quoted as messages quote what a user gave: a control byte as \xNN (an
# escape sequence in it reached the terminal), in what reading it says and in what the
# moves after its end say
esc=$(printf '\033[2J')
run 2 $YOMI show --record "$tmp/no${esc}ne"
err1 "yomi: show: --record: record: $tmp/no\\x1b[2Jne: No such file or directory"
printf '[Game "tictactoe"]\n\nb2 a1 9\n' >"$tmp/bad${esc}.txt"
run 2 $YOMI --game tictactoe show --record "$tmp/bad${esc}.txt"
err1 "yomi: show: --record: record: $tmp/bad\\x1b[2J.txt: line 3: move 3: "
# save refuses what it must not replace, and says why on its own line
mkdir "$tmp/dir"
input "save $tmp/dir" quit
run 0 $YOMI play --second human
has out "save: $tmp/dir: not a regular file"
# and its file named as messages quote what a user gave, whether saved or not
mkdir "$tmp/d${esc}ir"
input "save $tmp/d${esc}ir" "save $tmp/no${esc}ne/x" "save $tmp/r${esc}.txt" quit
run 0 $YOMI --game tictactoe play --first human --second human
has out "save: $tmp/d\\x1b[2Jir: not a regular file"
has out "save: $tmp/no\\x1b[2Jne/x: No such file or directory"
has out "saved the game record to $tmp/r\\x1b[2J.txt"
has "r${esc}.txt" '[Game "tictactoe"]'

# ---- lines of any length ----
# a line longer than 64 KB is refused as such, whoever reads it, and its rest skipped; a
# 100 MB one is never held whole, and digits that would overflow a count never add up
head -c 70000 /dev/zero | tr '\0' 9 >"$tmp/long"
{ cat "$tmp/long"; echo; echo "gle/1c1/1C1/ELG b - 1"; } >"$tmp/in"
run 2 $YOMI show -
has out "error: position: longer than 65536 bytes"
last "gle/1c1/1C1/ELG b - 1"
err1 "yomi: show: line 1: position: longer than 65536 bytes"
{ head -c 100000000 /dev/zero | tr '\0' 9; echo; echo "gle/1c1/1C1/ELG b - 1"; } >"$tmp/in"
run 2 $YOMI moves -
lines 2 out
{ cat "$tmp/long"; echo; echo "x../.../... o"; } >"$tmp/in"
$YOMI --game tictactoe solve -o "$tmp/t.yomi" >/dev/null
run 2 $YOMI --game tictactoe probe --table "$tmp/t.yomi" -
has out "error: position: longer than 65536 bytes"
lines 2 out
{ cat "$tmp/long"; echo; echo quit; } >"$tmp/in"
run 0 $YOMI play --second human
has out "the line is longer than 65536 bytes: refused"
{ cat "$tmp/long"; echo; } >"$tmp/lines.txt"
: >"$tmp/in"
run 2 $YOMI match --first random --second random --openings "$tmp/lines.txt"
err1 "yomi: match: $tmp/lines.txt:1: position: longer than 65536 bytes"
run 2 $YOMI bench --file "$tmp/lines.txt"
err1 "yomi: bench: $tmp/lines.txt:1: position: longer than 65536 bytes"
cp "$tmp/lines.txt" "$tmp/in"
run 2 $YOMI --game othello4 solve -
err1 "yomi: solve: stdin:1: position: longer than 65536 bytes"
# a position's numbers: a run of digits of any length is refused, never summed past an int
run 2 $YOMI show "$(head -c 100000 /dev/zero | tr '\0' 9)/1c1/1C1/ELG b - 1"
err1 "yomi: show: position: rank 1 has more than 1000 squares (the board has 3 files)"
run 2 $YOMI show "gle/1c1/1C1/ELG b - $(head -c 100000 /dev/zero | tr '\0' 9)"
err1 "yomi: show: position: move number must be 1 to 65535"
run 2 $YOMI show "gle/1c1/1C1/ELG[] w - - $(head -c 100000 /dev/zero | tr '\0' 9) 1"
err1 "yomi: show: position: FEN: the halfmove clock must be 0 to 65535"

finish
