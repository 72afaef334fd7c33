/*
 * shogi_look.c - how a shogi board looks, for programs that draw it (the web page of
 * `yomi serve`): pentagon pieces (koma) with their kanji, the second player's turned round,
 * files 9 to 1 from the left and ranks a to i from the top, as diagrams show them.
 */
#include "games/shogi/shogi.h"

/* Kind k is piece type k + 1 (shogi.h): pawn ... king, then the promoted pieces. */
static const struct game_piece_kind sg_kinds[14] = {
	{"P", {"pawn", "歩兵"}, {"P", "歩"}, 0, NULL},
	{"L", {"lance", "香車"}, {"L", "香"}, 0, NULL},
	{"N", {"knight", "桂馬"}, {"N", "桂"}, 0, NULL},
	{"S", {"silver", "銀将"}, {"S", "銀"}, 0, NULL},
	{"B", {"bishop", "角行"}, {"B", "角"}, 0, NULL},
	{"R", {"rook", "飛車"}, {"R", "飛"}, 0, NULL},
	{"G", {"gold", "金将"}, {"G", "金"}, 0, NULL},
	{"K", {"king", "玉将"}, {"K", "玉"}, 0, NULL},
	{"+P", {"promoted pawn", "と金"}, {"+P", "と"}, 0, "#c0392b"},
	{"+L", {"promoted lance", "成香"}, {"+L", "杏"}, 0, "#c0392b"},
	{"+N", {"promoted knight", "成桂"}, {"+N", "圭"}, 0, "#c0392b"},
	{"+S", {"promoted silver", "成銀"}, {"+S", "全"}, 0, "#c0392b"},
	{"+B", {"horse", "竜馬"}, {"+B", "馬"}, 0, "#c0392b"},
	{"+R", {"dragon", "竜王"}, {"+R", "龍"}, 0, "#c0392b"},
};

const struct game_look shogi_look = {
	.style = "koma",
	.width = 9,
	.height = 9,
	.files = {"9 8 7 6 5 4 3 2 1", "９ ８ ７ ６ ５ ４ ３ ２ １"},
	.ranks = {"a b c d e f g h i", "一 二 三 四 五 六 七 八 九"},
	.sides = {{"first player", "先手"}, {"second player", "後手"}},
	.hands = 1,
	.nkinds = 14,
	.kinds = sg_kinds,
};

/* Look square row * 9 + column is rank row, file 9 - column. */
void shogi_board(const void *pos, struct game_board *b)
{
	const struct shogi_pos *p = pos;
	*b = (struct game_board){.turn = p->stm};
	for (int sq = 0; sq < SG_SQUARES; sq++) {
		const int pc = p->board[sq];
		if (pc)
			b->square[sg_rank(sq) * 9 + 8 - sg_file(sq)] =
			    (int8_t)(sg_colour(pc) ? -sg_type(pc) : sg_type(pc));
	}
	for (int c = 0; c < 2; c++)
		for (int t = SG_PAWN; t <= SG_GOLD; t++)
			b->hand[c][t - 1] = p->hand[c][t];
}
