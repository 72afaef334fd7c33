/*
 * dobutsu_look.c - how a Dobutsu board looks, for programs that draw it (the web page of
 * `yomi serve`): square tiles showing the steps each animal may take as dots, as the
 * game's own pieces do, and the board in that form.
 */
#include "games/dobutsu/dobutsu.h"

/* Kinds in the order of enum dob_type (kind = type - 1): chick, elephant, giraffe, lion,
 * hen.  Steps: bit 3 * row + column of the 3x3 around the piece, row 0 ahead. */
static const struct game_piece_kind dob_kinds[] = {
	{"C", {"chick", "ひよこ"}, {"C", "ヒ"}, 0x002, "#f3cf4e"},
	{"E", {"elephant", "ゾウ"}, {"E", "ゾ"}, 0x145, "#b895d8"},
	{"G", {"giraffe", "キリン"}, {"G", "キ"}, 0x0aa, "#e6a95c"},
	{"L", {"lion", "ライオン"}, {"L", "ラ"}, 0x1ef, "#e8685a"},
	{"H", {"hen", "にわとり"}, {"H", "ニ"}, 0x0af, "#e98fb0"},
};

const struct game_look dobutsu_look = {
	.style = "tile",
	.width = DOB_FILES,
	.height = DOB_RANKS,
	.files = {"a b c", "Ａ Ｂ Ｃ"},
	.ranks = {"1 2 3 4", "一 二 三 四"},
	.sides = {{"first player", "先手"}, {"second player", "後手"}},
	.hands = 1,
	.nkinds = DOB_TYPES - 1,
	.kinds = dob_kinds,
};

/* The layout's squares are the look's (rank 1 on top, file a on the left). */
void dobutsu_board(const void *pos, struct game_board *b)
{
	const struct dobutsu_pos *p = pos;
	*b = (struct game_board){.turn = p->stm};
	for (int sq = 0; sq < DOB_SQUARES; sq++) {
		const int type = p->board[sq] & 7;
		if (type)
			b->square[sq] = (int8_t)(p->board[sq] >> 3 ? -type : type);
	}
	for (int c = 0; c < 2; c++)
		for (int type = DOB_CHICK; type <= DOB_GIRAFFE; type++)
			b->hand[c][type - 1] = p->hand[c][type];
}
