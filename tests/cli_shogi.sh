#!/bin/sh
# End-to-end tests of shogi in the yomi binary ($YOMI, default ./yomi): SFEN and USI through
# the CLI, the diagrams, perft, every rule's ending (checkmate, declaration, sennichite,
# perpetual check, the move limit), the errors the issue names, analyze/bench/play/match,
# and last the oracles (tests/shogi_oracle.mjs: shogiops and Fairy-Stockfish on random
# games; $NPM_DIR holds the npm oracles, $FAIRY the engine).  Ends with "N passed, N failed".
. "${0%/*}/lib.sh"
S="$YOMI --game shogi"
START="lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"
NPM_DIR=${NPM_DIR:-build/node}
FAIRY=${FAIRY:-/usr/games/fairy-stockfish}

# ---- positions, diagrams, moves ----
run 0 $YOMI --help
has out "shogi"
run 0 $S show
has out "first player to move (move 1)"
has out "sfen: $START"
has out "    l  n  s  g  k  g  s  n  l  a    second player, in hand: -"
run 0 $S show startpos
has out "sfen: $START"
run 0 $S show --lang ja
has out "|v香v桂v銀v金v玉v金v銀v桂v香|一"
has out "| 香 桂 銀 金 王 金 銀 桂 香|九"
has out "手番：先手（1手目）"
run 0 $S show --lang ja --moves 7g7f,3c3d,8h2b+ 
has out "| ・v飛 ・ ・ ・ ・ ・ 馬 ・|二"
has out "後手の持駒：なし"
has out "先手の持駒：角"
has out "手番：後手（4手目）"
run 0 $S show --moves 7g7f,3c3d,8h2b+
has out "+B"
has out "first player, in hand: bishop"
run 0 $S show "4k4/9/9/9/9/9/9/9/4K4 w G 1"
has out "second player to move (move 1)"
run 0 $S show --moves G*5b "4k4/9/9/9/9/9/9/9/4K4 b G 1"
has out "second player to move (move 2), in check"
run 0 $S show --lang ja --moves G*5b "4k4/9/9/9/9/9/9/9/4K4 b G 1"
has out "手番：後手（2手目）　王手"
# analyze --lang ja: the best move and the line in the Japanese long form; --json keeps USI
run 0 $S analyze --depth 2 --lang ja
has out "best ７六歩(77) "
hasnt out "7g7f"
run 0 $S analyze --depth 2 --lang ja --json
has out '"best":"7g7f"'
run 2 $S analyze --lang fr
err1 "yomi: analyze: --lang: 'fr' is not en or ja"
# play --lang ja: the moves in the Japanese long form too (USI first: that is what one types)
input 7g7f 3c3d 2 quit
run 0 $S play --lang ja --first human --second human
has out "first plays 7g7f ７六歩(77)"
has out "second plays 3c3d ３四歩(33)"
has out "last move: 3c3d ３四歩(33) (second)"
has out "moves: 1 1g1f １六歩(17), 2 2g2f ２六歩(27),"
has out "first plays 2g2f ２六歩(27)"
input 7g7f quit
run 0 $S play --lang ja --first human --second engine:depth=1
cp "$tmp/out" "$tmp/play.out"
run 0 grep -Eq '^second plays [^ ]+ [^ ]+[)]  score' "$tmp/play.out"   # the engine's move too
input 7g7f quit
run 0 $S play --first human --second engine:depth=1
has out "first plays 7g7f"
hasnt out "７六歩"
: >"$tmp/in"
# moves in the Japanese long form are read too (▲/△ and 打 optional, as KIF writes them)
run 0 $S show --moves "７六歩(77),▲３四歩(33),２二角成(88),２二銀(31),４五角" 
has out "sfen: lnsgkg1nl/1r5s1/pppppp1pp/6p2/5B3/2P6/PP1PPPPPP/7R1/LNSGKGSNL w b 6"
run 2 $S show --moves "７六銀(77)"
err1 "yomi: show: --moves: move 1: move: ７六銀(77): 7g7f: the piece on 7g is a pawn"
run 0 $S show --json
has out '"game":"shogi"'
has out '"moves":30}'
run 0 $S moves
lines 30 out
has out "7g7f"
run 0 $S moves "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1"
lines 593 out
input "$START" "7lk/7p1/9/7N1/9/9/9/9/K8 b P 1"
run 0 $S perft --depth 1 -
same "perft 1 30
perft 1 73"
run 0 $S perft --depth 3 "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1"
same "perft 3 4809015"
run 0 $S perft --depth 2 --divide --moves 7g7f
has out "8c8d 37"
last "perft 2 1110"

# ---- how games end ----
run 0 $S show --moves 1c1b "8k/9/5B1GP/9/9/9/9/9/4K4 b - 1"
has out "game over: first player wins (checkmate)"
run 0 $S show "8k/9/6NG1/9/9/9/9/9/4K4 w - 1"
has out "game over: first player wins (no legal move)"
run 0 $S moves "RBGG1SS2/R3K3B/4G1S2/9/9/9/9/9/8k b 2P 1"
has out "win"
run 0 $S show --moves win "RBGG1SS2/R3K3B/4G1S2/9/9/9/9/9/8k b 2P 1"
has out "game over: first player wins (entering-king declaration)"
run 0 $S show --lang ja --moves win "RBGG1SS2/R3K3B/4G1S2/9/9/9/9/9/8k b 2P 1"
has out "終局：先手の勝ち（入玉宣言）"
CYCLE=5i5h,5a5b,5h5i,5b5a
run 0 $S show --moves $CYCLE,$CYCLE
has out "first player to move (move 9)"
run 0 $S show --moves $CYCLE,$CYCLE,$CYCLE
has out "game over: draw (sennichite: fourfold repetition)"
run 2 $S moves --moves $CYCLE,$CYCLE,$CYCLE,7g7f
err1 "yomi: moves: --moves: move 13: move: 7g7f: the game is over (sennichite: fourfold repetition)"
CHECKS=2c1c,1a2a,1c2c,2a1a
run 0 $S show --moves $CHECKS,$CHECKS,$CHECKS "8k/9/7R1/9/9/9/9/9/4K4 b - 1"
has out "game over: second player wins (perpetual check)"
run 0 $S show --lang ja --moves $CHECKS,$CHECKS,$CHECKS "8k/9/7R1/9/9/9/9/9/4K4 b - 1"
has out "終局：後手の勝ち（連続王手の千日手）"
# the move limit: a draw, unless the last move mated
run 0 $S match --first engine:depth=1 --second engine:depth=1 --max-plies 6
has out "draw (move limit, 6 plies)"
run 0 $S play --first engine:depth=2 --second engine:depth=1 --max-plies 1 "7nk/9/8P/9/9/9/9/9/4K4 b G 1"
has out "result: first (engine:depth=2) wins (checkmate)"
has out "G*1b"

# ---- bad input: one precise line, exit 2 ----
run 2 $S show "lnsgkgsnl/1r5b1/pppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"
err1 "yomi: show: position: rank 3 has 10 squares"
run 2 $S show "4k4/9/9/9/4P4/9/4P4/9/4K4 b - 1"
err1 "yomi: show: position: two first-player pawns on file 5 (nifu)"
run 2 $S show "4k4/4R4/9/9/9/9/9/9/4K4 b - 1"
err1 "yomi: show: position: the side not to move is in check"
run 2 $S moves --moves P*5e "4k4/9/9/9/9/9/4P4/9/4K4 b P 1"
err1 "yomi: moves: --moves: move 1: move: P*5e: a second pawn on file 5 (nifu)"
run 2 $S moves --moves P*1b "8k/9/5B1G1/9/9/9/9/9/4K4 b P 1"
err1 "yomi: moves: --moves: move 1: move: P*1b: pawn-drop mate (uchifuzume)"
run 2 $S moves --moves 2b2a "9/7B1/9/9/9/9/9/9/K7k b - 1"
err1 "yomi: moves: --moves: move 1: move: 2b2a: a bishop on 2b cannot reach 2a"
run 2 $S moves --moves 7g7f+
err1 "yomi: moves: --moves: move 1: move: 7g7f+: a piece promotes only when it moves into, within or out of the promotion zone"
run 2 $S moves --moves 7g7f,7f7e
err1 "yomi: moves: --moves: move 2: move: 7f7e: the pawn on 7f is not yours"
run 2 $S moves --moves win
err1 "yomi: moves: --moves: move 1: move: win: no entering-king declaration: the king is not in the enemy camp"
run 2 $S solve
err1 "shogi has no solver"
run 2 $S probe
err1 "shogi has no solved tables"

# ---- search ----
run 0 $S analyze --depth 5 "7nk/7s1/9/8N/9/9/9/9/4K4 b GS 1"
has out "best S*2c score #3"
run 0 $S analyze --depth 3 "RBGG1SS2/R3K3B/4G1S2/9/9/9/9/9/8k b 2P 1"
has out "best win score #1"
run 0 $S analyze --depth 4 --json
has out '"best":"'
run 0 $S bench --depth 3
has out "bench "
input "$START"
run 0 $S analyze --depth 3 -
has out "best "

# ---- records: KIF and CSA, read by --record, written by play's save ----
printf '%s\n' '手合割：平手' '先手：a' '後手：b' '手数----指手---------消費時間--' \
	'   1 ７六歩(77)   ( 0:00/00:00:00)' '   2 ３四歩(33)' '   3 ２二角成(88)' \
	'   4 同　銀(31)' '   5 ４五角打' '   6 投了' 'まで5手で先手の勝ち' >"$tmp/g.kif"
run 0 $S show --record "$tmp/g.kif"
has out "sfen: lnsgkg1nl/1r5s1/pppppp1pp/6p2/5B3/2P6/PP1PPPPPP/7R1/LNSGKGSNL w b 6"
printf '%s\n' 'V2.2' 'N+a' 'N-b' 'PI' '+' '+7776FU' '-3334FU' '+8822UM' '-3122GI' '%TORYO' \
	>"$tmp/g.csa"
run 0 $S moves --record "$tmp/g.csa" --moves B*4e
has out "1c1d"
# show gives the result a record's special move says (it showed the position only): 投了
# with white to move is black's win, %TORYO with black to move white's, 千日手 a draw,
# 中断 unfinished; in Japanese too, and in --json
run 0 $S show --record "$tmp/g.kif"
has out "result: first player wins (resignation)"
run 0 $S show --lang ja --record "$tmp/g.kif"
has out "結果：先手の勝ち（resignation）"
run 0 $S show --json --record "$tmp/g.kif"
has out ',"record":{"result":"1-0","winner":"first","reason":"resignation"}}'
run 0 $S show --record "$tmp/g.csa"
has out "result: second player wins (resignation)"
run 0 $S show --json --record "$tmp/g.csa"
has out ',"record":{"result":"0-1","winner":"second","reason":"resignation"}}'
sed 's/   6 投了/   6 千日手/; /^まで/d' "$tmp/g.kif" >"$tmp/draw.kif"
run 0 $S show --record "$tmp/draw.kif"
has out "result: draw (sennichite: fourfold repetition)"
run 0 $S show --lang ja --record "$tmp/draw.kif"
has out "結果：引き分け（sennichite: fourfold repetition）"
sed 's/   6 投了/   6 中断/; /^まで/d' "$tmp/g.kif" >"$tmp/stop.kif"
run 0 $S show --record "$tmp/stop.kif"
has out "result: unfinished (stopped)"
sed 's/   3 ２二角成(88)/   3 ２二角(77)/' "$tmp/g.kif" >"$tmp/bad.kif"
run 2 $S show --record "$tmp/bad.kif"
err1 "yomi: show: --record: record: $tmp/bad.kif: line 7: move 3: 7g2b: 7g is empty"
sed 's/+8822UM/+8822KA/; s/-3122GI/-3122KI/' "$tmp/g.csa" >"$tmp/bad.csa"
run 2 $S show --record "$tmp/bad.csa"
err1 "yomi: show: --record: record: $tmp/bad.csa: line 9: move 4: '-3122KI': the piece on 3a is not KI"
# a shogi record read for another game says so (it said "line 1: move 1: move: '手合割：平手':
# expected a move like Cb3-b2, ...", yomi's format read it)
run 2 $YOMI show --record "$tmp/g.kif"
err1 "yomi: show: --record: record: $tmp/g.kif: a KIF record of shogi, not dobutsu (give --game shogi)"
run 2 $YOMI --game othello analyze --record "$tmp/g.csa"
err1 "yomi: analyze: --record: record: $tmp/g.csa: a CSA record of shogi, not othello (give --game shogi)"
# a yomi record (its [Game] tag) with "KIF" in a tag is not KIF: its own error stands
printf '%s\n' '[Game "tictactoe"]' '[First "KIFbot"]' '' '1. z9 *' >"$tmp/kifbot.yomi"
run 2 $YOMI --game tictactoe show --record "$tmp/kifbot.yomi"
err1 "yomi: show: --record: record: $tmp/kifbot.yomi: line 4: move 1: "
hasnt err "KIF record"
# KIF is told by what starts its lines, not by "KIF" or a header word anywhere: a shogi
# record in yomi's format with KIF in a tag or a comment, or 先手： in a comment, was read
# as KIF ("line 1: '[Game "shogi"]' is neither a header nor a move")
printf '%s\n' '[Game "shogi"]' '[First "KIFbot"]' '' '1. 7g7f 3c3d *' >"$tmp/kifbot-shogi.txt"
run 0 $S show --record "$tmp/kifbot-shogi.txt"
has out "sfen: lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3"
printf '%s\n' '; the moves of a KIF file' '7g7f 3c3d {先手：me}' >"$tmp/kif-comment.txt"
run 0 $S show --record "$tmp/kif-comment.txt"
has out "sfen: lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3"
# a KIF of moves alone is KIF by its first move; a CSA record after an empty line or a
# byte-order mark is CSA (both were read as yomi's: "move 1: move: '1': expected ...")
printf '%s\n' '   1 ７六歩(77)' '   2 ３四歩(33)' >"$tmp/bare.kif"
run 0 $S show --record "$tmp/bare.kif"
has out "sfen: lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3"
printf '\nV2.2\nPI\n+\n+7776FU\n' >"$tmp/blank.csa"
printf '\357\273\277V2.2\nPI\n+\n+7776FU\n' >"$tmp/bom.csa"
for f in blank bom; do
	run 0 $S show --record "$tmp/$f.csa"
	has out "sfen: lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2"
done
# a KIF in Shift_JIS (most .kif files are) is read, converted to UTF-8 (it was refused:
# "Shift_JIS text: yomi reads KIF in UTF-8 (convert it: iconv -f CP932 -t UTF-8)"), so is
# one of moves alone; a move's error quotes it in UTF-8
iconv -f UTF-8 -t CP932 "$tmp/g.kif" >"$tmp/sjis.kif"
run 0 $S show --record "$tmp/sjis.kif"
has out "sfen: lnsgkg1nl/1r5s1/pppppp1pp/6p2/5B3/2P6/PP1PPPPPP/7R1/LNSGKGSNL w b 6"
printf '%s\n' '   1 ７六歩(77)' '   2 ３四歩(33)' | iconv -f UTF-8 -t CP932 >"$tmp/sjis-bare.kif"
run 0 $S show --record "$tmp/sjis-bare.kif"
has out "sfen: lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3"
iconv -f UTF-8 -t CP932 "$tmp/bad.kif" >"$tmp/sjis-bad.kif"
run 2 $S show --record "$tmp/sjis-bad.kif"
err1 "yomi: show: --record: record: $tmp/sjis-bad.kif: line 7: move 3: 7g2b: 7g is empty"
printf '\216\350\215\207\212\204\n   1 \377\n' >"$tmp/junk.kif"
run 2 $S show --record "$tmp/junk.kif"
err1 "yomi: show: --record: record: $tmp/junk.kif: line 2: neither UTF-8 nor Shift_JIS text"
# the encoding a KIF 2 header declares (#KIF version=2.0 encoding=...) decides, as CSA's
# 'CSA encoding= does: text not in it is refused naming its line (it was read as the bytes
# said: Shift_JIS under encoding=UTF-8, and half-width kana, which read in both, taken for
# UTF-8 under encoding=Shift_JIS), another encoding is refused; a byte-order mark, CRLF
# and any case are read
printf '%s\n' '#KIF version=2.0 encoding=UTF-8' '手合割：平手' '   1 ７六歩(77)' >"$tmp/enc.kif"
iconv -f UTF-8 -t CP932 "$tmp/enc.kif" >"$tmp/enc-sjis.kif"
run 2 $S show --record "$tmp/enc-sjis.kif"
err1 "yomi: show: --record: record: $tmp/enc-sjis.kif: line 2: not UTF-8 text (line 1 says encoding=UTF-8)"
sed '1s/UTF-8/Shift_JIS/' "$tmp/enc-sjis.kif" >"$tmp/enc-sjis2.kif"
run 0 $S show --record "$tmp/enc-sjis2.kif"
has out "sfen: lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2"
printf '#KIF version=2.0 encoding=Shift_JIS\n\303\275\n' >"$tmp/enc-kana.kif"
run 2 $S show --record "$tmp/enc-kana.kif"
err1 "yomi: show: --record: record: $tmp/enc-kana.kif: line 2: 'ﾃｽ' is neither a header nor a move"
sed '1s/UTF-8/Shift_JIS/' "$tmp/enc.kif" >"$tmp/enc-utf8.kif"
run 2 $S show --record "$tmp/enc-utf8.kif"
err1 "yomi: show: --record: record: $tmp/enc-utf8.kif: line 2: not Shift_JIS text (line 1 says encoding=Shift_JIS)"
sed '1s/UTF-8/EUC-JP/' "$tmp/enc.kif" >"$tmp/enc-euc.kif"
run 2 $S show --record "$tmp/enc-euc.kif"
err1 "yomi: show: --record: record: $tmp/enc-euc.kif: line 1: encoding 'EUC-JP': yomi reads KIF in UTF-8 or Shift_JIS"
{ printf '\357\273\277'; sed '1s/UTF-8/utf-8/; s/$/\r/' "$tmp/enc.kif"; } >"$tmp/enc-bom.kif"
run 0 $S show --record "$tmp/enc-bom.kif"
has out "sfen: lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2"
# a move after the end of the game (KIF's 投了 or its まで summary, CSA's %TORYO) is
# refused, naming the line (both readers stopped at the end, the moves after it ignored);
# what else follows is not read: comments, a variation (変化：), CSA's next game after '/'
sed 's/   6 投了/   6 投了\n   7 ３三角成(45)/' "$tmp/g.kif" >"$tmp/after.kif"
run 2 $S show --record "$tmp/after.kif"
err1 "yomi: show: --record: record: $tmp/after.kif: line 11: move 7 after the end of the game (投了 on line 10)"
printf '%s\n' '   1 ７六歩(77)' '   2 ３四歩(33)' 'まで2手で中断' '*note' '   3 ２二角成(88)' >"$tmp/after2.kif"
run 2 $S show --record "$tmp/after2.kif"
err1 "yomi: show: --record: record: $tmp/after2.kif: line 5: move 3 after the end of the game (まで on line 3)"
printf '%s\n' '   1 ７六歩(77)' '   2 ３四歩(33)' '   3 中断' 'まで2手で中断' '*note' '' '変化：2手' \
	'   2 ８四歩(83)' '   3 中断' >"$tmp/variation.kif"
run 0 $S show --record "$tmp/variation.kif"
has out "sfen: lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3"
{ cat "$tmp/g.csa"; printf '%s\n' "'note" '+0045KA,-4132KI'; } >"$tmp/after.csa"
run 2 $S show --record "$tmp/after.csa"
err1 "yomi: show: --record: record: $tmp/after.csa: line 12: move '+0045KA' after the end of the game (%TORYO on line 10)"
{ cat "$tmp/g.csa"; printf '%s\n' '/' 'V2.2' 'PI' '+' '+2726FU'; } >"$tmp/two.csa"
{ head -n 9 "$tmp/g.csa"; printf '%s\n' '/' 'V2.2' 'PI' '+' '+2726FU'; } >"$tmp/two-unended.csa"
for f in two two-unended; do
	run 0 $S show --record "$tmp/$f.csa"
	has out "sfen: lnsgkg1nl/1r5s1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL b Bb 5"
done
# a CSA record in Shift_JIS (players' names, comments in Japanese) is read as UTF-8: a
# message quoting it shows the characters, not the raw bytes it showed
printf '%s\n' 'V2.2' 'N+羽生善治' 'N-藤井聡太' 'PI' '+' '+7776FU' "'感想" 'X羽生' |
	iconv -f UTF-8 -t CP932 >"$tmp/sjis.csa"
run 2 $S show --record "$tmp/sjis.csa"
err1 "yomi: show: --record: record: $tmp/sjis.csa: line 8: 'X羽生' is not a CSA line"
if iconv -f UTF-8 -t UTF-8 "$tmp/err" >/dev/null 2>&1; then ok; else bad "not UTF-8: $(od -c "$tmp/err" | tail -n 3)"; fi
sed '$d' "$tmp/sjis.csa" >"$tmp/sjis-ok.csa"
run 0 $S show --record "$tmp/sjis-ok.csa"
has out "sfen: lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2"
# show names the players a record gives, by side as the diagram names them (they were
# read and never shown): a Shift_JIS CSA's, a handicap KIF's (上手 the second player,
# though it moves first), in Japanese; a name is quoted as messages quote text
has out "first player: 羽生善治"
has out "second player: 藤井聡太"
printf '%s\n' '手合割：香落ち' '上手：羽生' '下手：藤井' '   1 ３四歩(33)' >"$tmp/names.kif"
run 0 $S show --lang ja --record "$tmp/names.kif"
has out "先手：藤井"
has out "後手：羽生"
printf 'V2.2\nN-\033[2J\nPI\n+\n' >"$tmp/names.csa"
run 0 $S show --record "$tmp/names.csa"
has out "second player: \\x1b[2J"
hasnt out "first player:"
printf 'V2.2\nN+\200\377\nPI\n+\n' >"$tmp/junk.csa"
run 2 $S show --record "$tmp/junk.csa"
err1 "yomi: show: --record: record: $tmp/junk.csa: line 2: neither UTF-8 nor Shift_JIS text"
# a message cut at its length limit is not cut inside a character (it ended in \xe5\x85)
run 2 $S moves --moves "7g7f3c3d７六歩７六歩７六歩７六歩７六歩"
if iconv -f UTF-8 -t UTF-8 "$tmp/err" >/dev/null 2>&1; then ok; else bad "not UTF-8: $(od -c "$tmp/err" | tail -n 3)"; fi
# a bidirectional control is quoted as bytes (it would show the rest of the line reversed)
run 2 $S moves --moves "7g7f$(printf '\342\200\256')"
has err "\\xe2\\x80\\xae"
# so are a stray byte in a move in the Japanese long form and a bidirectional control in
# a KIF record (the messages quoted them raw: not UTF-8, or shown reversed); a KIF record
# with a stray byte is in neither UTF-8 nor Shift_JIS, on the line UTF-8 stops at
run 2 $S moves --moves "$(printf '７六\200歩')"
err1 "yomi: moves: --moves: move 1: move: '７六\\x80歩': expected a USI move"
printf '手合割：平手\n   1 ７六\200歩(77)\n' >"$tmp/byte.kif"
run 2 $S show --record "$tmp/byte.kif"
err1 "yomi: show: --record: record: $tmp/byte.kif: line 2: neither UTF-8 nor Shift_JIS text"
printf '手合割：平手\n   1 ７六歩(77)\n\342\200\256  2 foo\n' >"$tmp/bidi.kif"
run 2 $S show --record "$tmp/bidi.kif"
err1 "yomi: show: --record: record: $tmp/bidi.kif: line 3: '\\xe2\\x80\\xae  2 foo' is neither a header nor a move"
# KI2 (moves without the square they come from) is refused as KI2, naming its first move
# (it was read as KIF: "'▲７六歩 △３四歩' is neither a header nor a move", or as yomi's
# format: "move 1: '▲７六歩' ... expected a USI move"), in UTF-8 and in Shift_JIS, with or
# without headers; and --save/save to a .ki2 name is refused (yomi's format was written)
printf '手合割：平手\n先手：a\n後手：b\n▲７六歩    △３四歩    ▲２二角成\nまで3手で後手の勝ち\n' >"$tmp/g.ki2"
run 2 $S show --record "$tmp/g.ki2"
err1 "yomi: show: --record: record: $tmp/g.ki2: line 4: '▲７六歩' is a KI2 move: yomi does not read KI2 records (it reads KIF, CSA and its own format)"
printf '△同　銀\n' >"$tmp/bare.ki2"
run 2 $S show --record "$tmp/bare.ki2"
err1 "record: $tmp/bare.ki2: line 1: '△同' is a KI2 move"
printf '▲７六歩　△３四歩\n' >"$tmp/bare.txt"
run 2 $S show --record "$tmp/bare.txt"
err1 "record: $tmp/bare.txt: line 1: '▲７六歩' is a KI2 move: yomi does not read KI2 records"
printf '\n▲７六歩 △３四歩\n' | iconv -f UTF-8 -t CP932 >"$tmp/sjis.ki2"
run 2 $S show --record "$tmp/sjis.ki2"
err1 "record: $tmp/sjis.ki2: line 2: '▲７六歩' is a KI2 move"
run 2 $YOMI show --record "$tmp/g.ki2"
err1 "yomi: show: --record: record: $tmp/g.ki2: a KI2 record of shogi, which yomi does not read"
run 2 $S match --first random --second random --games 1 --save "$tmp/g.ki2"
err1 "yomi: match: --save: $tmp/g-1.ki2: KI2 records are not written: name the file .kif .kifu (KIF), .csa (CSA), or anything else for yomi's format"
input "save $tmp/s.KI2" quit
run 0 $S play --first human --second human
has out "save: $tmp/s.KI2: KI2 records are not written"
if [ -e "$tmp/s.KI2" ]; then bad "save wrote $tmp/s.KI2"; else ok; fi
input "save $tmp/p.kif" "save $tmp/p.csa" "quit"
run 0 $S play --first human --second human --record "$tmp/g.kif"
has out "saved the game record to $tmp/p.kif"
run 0 cat "$tmp/p.kif"
# its first line says it is UTF-8 (KIF 2), for the readers that take a .kif for Shift_JIS
[ "$(head -n 1 "$tmp/p.kif")" = "#KIF version=2.0 encoding=UTF-8" ] && ok ||
	bad "p.kif starts with '$(head -n 1 "$tmp/p.kif")'"
has out "   5 ４五角打"
has out "   6 中断"
run 0 cat "$tmp/p.csa"
has out "+0045KA"
run 0 $S show --record "$tmp/p.csa"
has out "sfen: lnsgkg1nl/1r5s1/pppppp1pp/6p2/5B3/2P6/PP1PPPPPP/7R1/LNSGKGSNL w b 6"

# --save: each finished game's record, KIF or CSA by the extension
run 0 $S play --first engine:depth=2 --second engine:depth=1 --max-plies 1 --save "$tmp/mate.kif" "7nk/9/8P/9/9/9/9/9/4K4 b G 1"
has out "saved the game record to $tmp/mate.kif"
run 0 cat "$tmp/mate.kif"
has out "   2 詰み"
has out "まで1手で先手の勝ち"
run 0 $S match --first engine:depth=1 --second engine:depth=1 --max-plies 4 --save "$tmp/m.csa"
# the move limit is CSA V3.0's %MAX_MOVES (it was V2.2's %HIKIWAKE, a draw by agreement),
# with the limit in the header; KIF has no word of its own: 持将棋 with 最大手数, as tsshogi
# writes it, read back as the move limit (and 持将棋 without it as an impasse)
run 0 cat "$tmp/m-2.csa"
has out "%MAX_MOVES"
has out "\$MAX_MOVES:4"
run 0 head -n 2 "$tmp/m-2.csa"
same "'CSA encoding=UTF-8
V3.0"
run 0 $S show --record "$tmp/m-2.csa"
has out "result: draw (move limit)"
run 0 $S match --first engine:depth=1 --second engine:depth=1 --max-plies 4 --games 1 --save "$tmp/m.kif"
run 0 cat "$tmp/m-1.kif"
has out "最大手数：4"
has out "   5 持将棋"
has out "まで4手で持将棋"
run 0 $S show --record "$tmp/m-1.kif"
has out "result: draw (move limit)"
grep -v 最大手数 "$tmp/m-1.kif" >"$tmp/impasse.kif"
run 0 $S show --record "$tmp/impasse.kif"
has out "result: draw (jishogi)"
if [ -f "$NPM_DIR/node_modules/tsshogi/package.json" ]; then   # another reader
	run 0 node "${0%/*}/shogi_record_end.mjs" "$NPM_DIR" "$tmp/m-2.csa" "$tmp/m-1.kif"
	has out "$tmp/m-2.csa maxMoves black 4"
	has out "$tmp/m-1.kif impass black 4"
fi
run 0 $S show --record "$tmp/m-1.csa"
has out "first player to move (move 5)"
run 2 $S match --first engine:depth=1 --second engine:depth=1 --save ""
err1 "--save: the file name is empty"
# a game lost on time, by resignation or by an illegal move is recorded so, the loser the
# side to move (they were all 中断 and %CHUDAN, read back as unfinished)
run 0 $S match --first engine:time=0.5 --second engine:depth=1 --tc 0.1 --games 1 --save "$tmp/late.kif"
run 0 cat "$tmp/late-1.kif"
has out "   1 切れ負け"
has out "まで0手で時間切れにより後手の勝ち"
run 0 $S show --record "$tmp/late-1.kif"
has out "result: second player wins (time)"
run 0 $S match --first engine:time=0.5 --second engine:depth=1 --tc 0.1 --games 1 --save "$tmp/late.csa"
last_csa() { [ "$(tail -n 1 "$1")" = "$2" ] && ok || bad "$1 ends with '$(tail -n 1 "$1")', expected '$2'"; }
last_csa "$tmp/late-1.csa" "%TIME_UP"
cat >"$tmp/usi-fake" <<'END'
#!/bin/sh
# a shogi USI engine whose go answers $1
while read -r cmd rest; do
	case $cmd in
	usi) echo "id name fake"; echo usiok ;;
	isready) echo readyok ;;
	go) echo "bestmove $1" ;;
	quit) exit 0 ;;
	esac
done
END
chmod +x "$tmp/usi-fake"
run 0 $S match --first engine:depth=1 --second "usi:$tmp/usi-fake resign" --games 1 --save "$tmp/gave.kif"
run 0 cat "$tmp/gave-1.kif"
has out "   2 投了"
has out "まで1手で先手の勝ち"
run 0 $S match --first engine:depth=1 --second "usi:$tmp/usi-fake 9z9z" --games 1 --save "$tmp/foul.csa"
last_csa "$tmp/foul-1.csa" "%ILLEGAL_MOVE"
run 0 $S show --record "$tmp/foul-1.csa"
has out "result: first player wins (foul)"
run 0 $S match --first engine:depth=1 --second "usi:$tmp/usi-fake 9z9z" --games 1 --save "$tmp/foul.kif"
run 0 cat "$tmp/foul-1.kif"
has out "   2 反則負け"
input resign
run 0 $S play --first human --second "usi:$tmp/usi-fake resign" --save "$tmp/human.csa"
last_csa "$tmp/human.csa" "%TORYO"
run 0 $S play --first engine:depth=1 --second "usi:$tmp/usi-fake resign" --save "$tmp/play.csa"
last_csa "$tmp/play.csa" "%TORYO"
# an engine that dies is its side's loss, written as a resignation with a comment saying
# what happened (it was 中断 and %CHUDAN, read back as unfinished)
cat >"$tmp/usi-dies" <<'END'
#!/bin/sh
while read -r cmd rest; do
	case $cmd in
	usi) echo "id name dies"; echo usiok ;;
	isready) echo readyok ;;
	go) exit 3 ;;
	esac
done
END
chmod +x "$tmp/usi-dies"
run 0 $S match --first engine:depth=1 --second "usi:$tmp/usi-dies" --games 1 --save "$tmp/died.kif"
run 0 cat "$tmp/died-1.kif"
has out "   2 投了"
has out "*B failed: usi:$tmp/usi-dies: the engine ended (exit status 3)"
has out "まで1手で先手の勝ち"
run 0 $S show --record "$tmp/died-1.kif"
has out "result: first player wins (resignation)"
run 0 $S match --first engine:depth=1 --second "usi:$tmp/usi-dies" --games 1 --save "$tmp/died.csa"
run 0 tail -n 2 "$tmp/died-1.csa"
has out "%TORYO"
has out "'B failed: usi:$tmp/usi-dies: the engine ended (exit status 3)"
run 0 $S show --record "$tmp/died-1.csa"
has out "result: first player wins (resignation)"
run 0 $S play --first "usi:$tmp/usi-dies" --second engine:depth=1 --save "$tmp/died-play.csa"
last_csa "$tmp/died-play.csa" "'first usi:$tmp/usi-dies: the engine ended (exit status 3)"
run 0 $S show --record "$tmp/died-play.csa"
has out "result: second player wins (resignation)"
if [ -f "$NPM_DIR/node_modules/tsshogi/package.json" ]; then   # another reader: the loser
	run 0 node "${0%/*}/shogi_record_end.mjs" "$NPM_DIR" "$tmp/died-1.kif" "$tmp/died-1.csa" \
		"$tmp/died-play.csa"
	has out "$tmp/died-1.kif resign white -"
	has out "$tmp/died-1.csa resign white -"
	has out "$tmp/died-play.csa resign black -"
fi
: >"$tmp/in"
# CSA's %ILLEGAL_MOVE is the side to move's foul: it loses (it was read as its win)
printf '%s\n' 'V2.2' 'PI' '+' '+7776FU' '%ILLEGAL_MOVE' >"$tmp/illegal.csa"
run 0 $S show --record "$tmp/illegal.csa"
has out "result: first player wins (foul)"

# ---- the oracles: shogiops and Fairy-Stockfish on random games, tsshogi on records ----
if [ -f "$NPM_DIR/node_modules/shogiops/package.json" ] && [ -x "$FAIRY" ]; then
	run 0 node "${0%/*}/shogi_oracle.mjs" "$YOMI" "$NPM_DIR" "$FAIRY" 8
	has out "0 failure(s)"
	cat "$tmp/out"
	run 0 node "${0%/*}/shogi_records.mjs" "$YOMI" "$NPM_DIR" 6
	has out "0 failure(s)"
	cat "$tmp/out"
else
	bad "the shogi oracles are missing ($NPM_DIR/node_modules/shogiops, $FAIRY): run sh tools/deps"
fi

finish
