/*
 * shogi_eval.c - the evaluation's tables: material values, piece-square terms and hand
 * values (see shogi_eval.h for what they mean and why).
 */
#include "games/shogi/shogi_eval.h"

/* Bonanza 4's material values, rounded (a pawn 90). */
const int16_t sg_value_board[16] = {
	0, 90, 230, 260, 370, 570, 640, 440, 0, 530, 490, 510, 500, 830, 950, 0};
/* In hand: a little more than on the board. */
const int16_t sg_value_hand[8] = {0, 100, 260, 290, 410, 640, 720, 480};

/* Placement of a first-player piece of `type` on file f, relative rank rr (0 = the enemy's
 * back rank, 8 = its own). */
static int placement(int type, int f, int rr)
{
	const int centre = f >= 3 && f <= 5;
	switch (type) {
	case SG_PAWN:
		return rr <= 5 ? 3 * (6 - rr) : 0;
	case SG_KNIGHT:
		return rr <= 1 ? -40 : rr <= 4 ? 10 : 0;
	case SG_LANCE:
		return rr == 0 ? -30 : 0;
	case SG_SILVER:
		return rr >= 5 && rr <= 7 ? 10 : rr <= 2 ? 5 : 0;
	case SG_GOLD:
		return rr >= 6 ? 10 : rr <= 3 ? -10 : 0;
	case SG_KING:
		return (rr == 8 ? 30 : rr == 7 ? 25 : rr == 6 ? 5 : -20 * (6 - rr)) - (centre ? 15 : 0);
	default:
		return 0;
	}
}

void sg_eval_init(void)
{
	for (int pc = 0; pc < 32; pc++)
		for (int sq = 0; sq < SG_SQUARES; sq++) {
			const int type = pc & 15, c = pc >> 4;
			if (pc == 0 || type == 0 || type == 15) {
				sg_t.psq[pc][sq] = 0;
				continue;
			}
			const int f = sg_file(sq), r = sg_rank(sq), rr = c ? 8 - r : r;
			const int v = sg_value_board[type] + placement(type, c ? 8 - f : f, rr);
			sg_t.psq[pc][sq] = (int16_t)(c ? -v : v);
		}
	for (int c = 0; c < 2; c++)
		for (int t = 0; t < 8; t++) {
			int v = 0;
			sg_t.handv[c][t][0] = 0;
			for (int n = 1; n < 20; n++) {
				v += t == SG_PAWN && n > 5 ? sg_value_hand[t] * 2 / 3 : sg_value_hand[t];
				sg_t.handv[c][t][n] = (int16_t)(c ? -v : v);
			}
		}
}

int sg_eval_incremental(const struct shogi_pos *p)
{
	int s = 0;
	for (int sq = 0; sq < SG_SQUARES; sq++)
		if (p->board[sq])
			s += sg_t.psq[p->board[sq]][sq];
	for (int c = 0; c < 2; c++)
		for (int t = SG_PAWN; t <= SG_GOLD; t++)
			s += sg_t.handv[c][t][p->hand[c][t]];
	return s;
}
