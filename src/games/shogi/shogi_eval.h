/*
 * shogi_eval.h - the static evaluation of a shogi position, in hundredths of a pawn (about:
 * a pawn on the board is 90), for the side to move.
 *
 * Terms, as the classic shogi programs before neural networks had them (Bonanza's material
 * values, GPS Shogi's king safety in spirit):
 *   material   every piece on the board and in hand; a piece in hand is worth a little more
 *              than on the board (it can be dropped anywhere), a promoted piece its own value;
 *              the sixth and later pawns in hand less than the first five
 *   placement  piece-square terms: pawns and knights forward, golds and silvers home, the
 *              king on its own back ranks and off the centre files
 *   (both kept up to date by make-move in shogi_pos.material)
 *   king       per king: the enemy's pieces within two squares of it and its pieces in hand
 *              (drops are the attack), against the king's gold and silver guards beside it;
 *              a file open toward the king (no own pawn) when the enemy has a rook or lance;
 *              the danger grows quadratically, as an attack does with each added attacker
 *   mobility   squares a bishop, rook, horse or dragon reaches: a locked bishop is weak
 * `yomi match --first engine --second engine:eval=material` at equal depth measures what
 * these add beyond material (shogi_eval_material: material alone, hands included).
 */
#ifndef YOMI_SHOGI_EVAL_H
#define YOMI_SHOGI_EVAL_H

#include "games/shogi/shogi.h"
#include "yomi/search.h"

/* Values of a piece type on the board and in hand. */
extern const int16_t sg_value_board[16];
extern const int16_t sg_value_hand[8];

/* Builds sg_t.psq and sg_t.handv (called by sg_tables_init). */
void sg_eval_init(void);

/* Material and placement from scratch (first player's view), as make-move keeps them. */
int sg_eval_incremental(const struct shogi_pos *p);

/* The king-safety penalty of colour c's king (0 if it has none); larger is worse for c. */
static inline int sg_king_danger(const struct shogi_pos *p, int c)
{
	const int k = p->king[c];
	if (k >= SG_SQUARES)
		return 0;
	const int o = c ^ 1;
	const sbb near = sg_t.near2[k];
	const sbb theirs = p->occ[o] & near;
	int attack = 2 * sbb_count(theirs & (p->group[G_GOLDS] | p->group[G_SILVER])) +
	             sbb_count(theirs & (p->group[G_KNIGHT] | p->group[G_LANCE])) +
	             3 * sbb_count(theirs & (p->group[G_BISHOPS] | p->group[G_ROOKS])) +
	             sbb_count(theirs & p->group[G_HDK]);
	const uint8_t *h = p->hand[o];
	attack += 2 * (h[SG_GOLD] + h[SG_SILVER]) + h[SG_KNIGHT] + h[SG_LANCE] +
	          3 * (h[SG_BISHOP] + h[SG_ROOK]) + (h[SG_PAWN] > 2);
	const sbb guards = sg_t.step[SG_KING][c][k] & p->occ[c] &
	                   (p->group[G_GOLDS] | p->group[G_SILVER]);
	int danger = attack * 2 - 3 * sbb_count(guards);
	const sbb own_pawns = p->group[G_PAWN] & p->occ[c];
	if ((p->group[G_ROOKS] & p->occ[o]) || h[SG_ROOK] || h[SG_LANCE] ||
	    (p->group[G_LANCE] & p->occ[o])) {
		if (!(own_pawns & sg_t.file_bb[sg_file(k)]))
			danger += 4;
	}
	if (danger <= 0)
		return 0;
	return danger * danger;
}

/* Squares reached by colour c's bishops, rooks, horses and dragons. */
static inline int sg_mobility(const struct shogi_pos *p, int c, sbb occ)
{
	int m = 0, sq;
	sbb b = p->group[G_BISHOPS] & p->occ[c];
	SBB_FOR_EACH(sq, b)
		m += sbb_count(sg_bishop_attacks(occ, sq) & ~p->occ[c]);
	b = p->group[G_ROOKS] & p->occ[c];
	SBB_FOR_EACH(sq, b)
		m += sbb_count(sg_rook_attacks(occ, sq) & ~p->occ[c]);
	return m;
}

static inline int sg_clamp_eval(int s)
{
	const int lim = SCORE_HEURISTIC_MAX - 1;
	return s > lim ? lim : s < -lim ? -lim : s;
}

static inline int shogi_eval(const struct shogi_pos *p)
{
	const sbb occ = sg_occupied(p);
	int s = p->material;
	s += (sg_king_danger(p, 1) - sg_king_danger(p, 0)) * 3 / 2;
	s += 3 * (sg_mobility(p, 0, occ) - sg_mobility(p, 1, occ));
	s = p->stm ? -s : s;
	return sg_clamp_eval(s + 20);   /* the side to move's tempo */
}

/* Material only (board and hands), for the side to move. */
static inline int shogi_eval_material(const struct shogi_pos *p)
{
	int s = 0;
	for (int sq = 0; sq < SG_SQUARES; sq++) {
		const int pc = p->board[sq];
		if (pc && sg_type(pc) != SG_KING)
			s += sg_colour(pc) ? -sg_value_board[sg_type(pc)] : sg_value_board[sg_type(pc)];
	}
	for (int t = SG_PAWN; t <= SG_GOLD; t++)
		s += (p->hand[0][t] - p->hand[1][t]) * sg_value_hand[t];
	return sg_clamp_eval(p->stm ? -s : s);
}

#endif
