/*
 * shogi.h - shogi (9x9 hon-shogi): the position, moves, make-move and attack detection.
 *
 * Why copy-make with bitboards by piece group: yomi's search and perft are copy-make (a
 * position is a blob the caller copies), and attack questions ("is this square attacked",
 * "which pieces give check", "which are pinned") are asked at every node.  Grouping pieces
 * by how they attack, as YaneuraOu does (golds with the promoted minor pieces; horse,
 * dragon and king together as the pieces that step one square every way), answers them with
 * one table lookup per group instead of one per piece type.  The board array keeps each
 * square's exact piece for make-move, notation and evaluation.
 *
 * Moves fit in 16 bits (the transposition table stores 16): to in bits 0-6, from in bits
 * 7-13 (81 + type - 1 for a drop of that type), promotion in bit 14.  0 is no move; the
 * entering-king declaration is SG_MOVE_WIN.
 */
#ifndef YOMI_SHOGI_H
#define YOMI_SHOGI_H

#include <stdint.h>
#include <string.h>

#include "games/shogi/shogi_bb.h"
#include "yomi/game.h"

enum sg_type {
	SG_EMPTY = 0,
	SG_PAWN = 1, SG_LANCE, SG_KNIGHT, SG_SILVER, SG_BISHOP, SG_ROOK, SG_GOLD, SG_KING,
	SG_PRO_PAWN = 9, SG_PRO_LANCE, SG_PRO_KNIGHT, SG_PRO_SILVER, SG_HORSE, SG_DRAGON,
	SG_PROMOTED = 8,   /* type | SG_PROMOTED: the promoted type (P to R) */
	SG_WHITE_BIT = 16, /* board code: type | colour << 4 */
};

/* Attack groups (colour-independent; with the colour masks they give a side's pieces). */
enum sg_group {
	G_PAWN, G_LANCE, G_KNIGHT, G_SILVER,
	G_GOLDS,      /* gold and the promoted pawn, lance, knight, silver */
	G_BISHOPS,    /* bishop and horse */
	G_ROOKS,      /* rook and dragon */
	G_HDK,        /* horse, dragon, king: they step one square in every direction */
	G_COUNT
};

enum {
	SG_MAX_MOVES = 600,   /* 593 in the richest known position, and the declaration */
	SG_HAND_TYPES = 8,    /* hand[c][1..7]: P L N S B R G */
};

#define SG_MOVE(from, to, promo) ((yomi_move)((to) | (from) << 7 | (promo) << 14))
#define SG_TO(m) ((int)((m) & 127))
#define SG_FROM(m) ((int)(((m) >> 7) & 127))
#define SG_PROMO(m) ((int)(((m) >> 14) & 1))
#define SG_IS_DROP(m) (SG_FROM(m) >= SG_SQUARES && SG_FROM(m) < SG_SQUARES + 7)
#define SG_DROP_TYPE(m) (SG_FROM(m) - SG_SQUARES + 1)
#define SG_DROP(type, to) SG_MOVE(SG_SQUARES - 1 + (type), to, 0)
#define SG_MOVE_WIN ((yomi_move)(127 << 7))

struct shogi_pos {
	sbb occ[2];             /* each side's pieces */
	sbb group[G_COUNT];     /* both sides' pieces per attack group */
	sbb checkers;           /* the pieces giving check to the side to move */
	uint64_t key;           /* Zobrist key of board, hands and side to move */
	uint8_t board[SG_SQUARES];   /* type | colour << 4, 0 empty */
	uint8_t hand[2][SG_HAND_TYPES];
	uint8_t king[2];        /* SG_NO_SQUARE when that side has no king */
	uint8_t stm;            /* 0 first player (sente, 'b'), 1 second (gote, 'w') */
	uint8_t declared;       /* the last move was an entering-king declaration */
	/* Consecutive moves of each side that gave check, up to this position: a repetition
	 * whose cycle one side spent checking on every move is that side's loss (sennichite
	 * by perpetual check).  Not part of the key: the position is the same. */
	uint16_t checks[2];
	uint16_t ply;           /* move number, as SFEN counts it (1 at the start) */
	int16_t material;       /* the evaluation's material and placement, first player's view */
};

/* Which groups each type belongs to (a bit per group). */
static const uint8_t sg_type_groups[16] = {
	0,
	1 << G_PAWN, 1 << G_LANCE, 1 << G_KNIGHT, 1 << G_SILVER,
	1 << G_BISHOPS, 1 << G_ROOKS, 1 << G_GOLDS, 1 << G_HDK,
	1 << G_GOLDS, 1 << G_GOLDS, 1 << G_GOLDS, 1 << G_GOLDS,
	1 << G_BISHOPS | 1 << G_HDK, 1 << G_ROOKS | 1 << G_HDK, 0,
};

static inline int sg_type(int pc) { return pc & 15; }
static inline int sg_colour(int pc) { return pc >> 4; }
/* The unpromoted type a captured piece goes to hand as. */
static inline int sg_base(int type) { return type == SG_KING ? SG_KING : type & 7; }
static inline int sg_can_promote(int type) { return type >= SG_PAWN && type <= SG_ROOK; }

/* The promotion zone and the ranks where a piece could never move again, per colour. */
static inline sbb sg_zone(int c)
{
	return c == 0 ? sg_t.rank_bb[0] | sg_t.rank_bb[1] | sg_t.rank_bb[2]
	              : sg_t.rank_bb[6] | sg_t.rank_bb[7] | sg_t.rank_bb[8];
}
static inline sbb sg_last_rank(int c) { return sg_t.rank_bb[c == 0 ? 0 : 8]; }
static inline sbb sg_last_two(int c)
{
	return c == 0 ? sg_t.rank_bb[0] | sg_t.rank_bb[1] : sg_t.rank_bb[7] | sg_t.rank_bb[8];
}
static inline int sg_in_zone(int c, int sq) { return c == 0 ? sg_rank(sq) <= 2 : sg_rank(sq) >= 6; }

static inline sbb sg_occupied(const struct shogi_pos *p) { return p->occ[0] | p->occ[1]; }

/* Attacks of a piece of `type` and colour c on sq with occupancy occ. */
static inline sbb sg_attacks(int type, int c, int sq, sbb occ)
{
	switch (type) {
	case SG_LANCE:
		return sg_lance_attacks(c, occ, sq);
	case SG_BISHOP:
		return sg_bishop_attacks(occ, sq);
	case SG_ROOK:
		return sg_rook_attacks(occ, sq);
	case SG_HORSE:
		return sg_bishop_attacks(occ, sq) | sg_t.step[SG_KING][c][sq];
	case SG_DRAGON:
		return sg_rook_attacks(occ, sq) | sg_t.step[SG_KING][c][sq];
	default:
		return sg_t.step[type][c][sq];
	}
}

/* Colour c's pieces attacking sq, with occupancy occ. */
static inline sbb sg_attackers(const struct shogi_pos *p, int c, int sq, sbb occ)
{
	const int o = c ^ 1;   /* a c piece attacks sq iff a piece of the other colour on sq
	                        * would attack it back with the mirrored steps */
	sbb a = (sg_t.step[SG_PAWN][o][sq] & p->group[G_PAWN]) |
	        (sg_t.step[SG_KNIGHT][o][sq] & p->group[G_KNIGHT]) |
	        (sg_t.step[SG_SILVER][o][sq] & (p->group[G_SILVER] | p->group[G_HDK])) |
	        (sg_t.step[SG_GOLD][o][sq] & (p->group[G_GOLDS] | p->group[G_HDK])) |
	        (sg_lance_attacks(o, occ, sq) & p->group[G_LANCE]) |
	        (sg_bishop_attacks(occ, sq) & p->group[G_BISHOPS]) |
	        (sg_rook_attacks(occ, sq) & p->group[G_ROOKS]);
	return a & p->occ[c];
}

static inline int sg_attacked(const struct shogi_pos *p, int c, int sq, sbb occ)
{
	return sg_attackers(p, c, sq, occ) != 0;
}

/* The pieces of colour c pinned to c's king (c has a king): the only piece between the
 * king and an enemy slider that would attack it. */
static inline sbb sg_pinned(const struct shogi_pos *p, int c, sbb occ)
{
	const int ksq = p->king[c], o = c ^ 1;
	sbb snipers = ((sg_t.step[SG_BISHOP][0][ksq] & p->group[G_BISHOPS]) |
	               (sg_t.step[SG_ROOK][0][ksq] & p->group[G_ROOKS]) |
	               (sg_t.step[SG_LANCE][c][ksq] & p->group[G_LANCE])) & p->occ[o];
	sbb pinned = 0;
	int s;
	SBB_FOR_EACH(s, snipers) {
		const sbb b = sg_t.between[ksq][s] & occ;
		if (b && !sbb_more_than_one(b))
			pinned |= b;
	}
	return pinned & p->occ[c];
}

static inline void sg_put(struct shogi_pos *p, int sq, int pc)
{
	const sbb bit = sbb_bit(sq);
	const int type = sg_type(pc);
	p->board[sq] = (uint8_t)pc;
	p->occ[sg_colour(pc)] |= bit;
	for (unsigned g = sg_type_groups[type]; g; g &= g - 1)
		p->group[__builtin_ctz(g)] |= bit;
	p->key ^= sg_t.zob_board[pc][sq];
}

static inline void sg_remove(struct shogi_pos *p, int sq)
{
	const int pc = p->board[sq];
	const sbb bit = sbb_bit(sq);
	p->board[sq] = 0;
	p->occ[sg_colour(pc)] &= ~bit;
	for (unsigned g = sg_type_groups[sg_type(pc)]; g; g &= g - 1)
		p->group[__builtin_ctz(g)] &= ~bit;
	p->key ^= sg_t.zob_board[pc][sq];
}

static inline void sg_hand_add(struct shogi_pos *p, int c, int type, int delta)
{
	p->key ^= sg_t.zob_hand[c][type][p->hand[c][type]];
	p->hand[c][type] = (uint8_t)(p->hand[c][type] + delta);
	p->key ^= sg_t.zob_hand[c][type][p->hand[c][type]];
}

/* Plays legal move m of *p into *q (q != p); returns 1 if the game is over after it (only an
 * entering-king declaration: checkmate shows as no legal move at the next node). */
static inline int sg_play(const struct shogi_pos *p, yomi_move m, struct shogi_pos *q)
{
	*q = *p;
	const int us = p->stm, them = us ^ 1;
	if (m == SG_MOVE_WIN) {
		q->declared = 1;
		q->stm = (uint8_t)them;
		q->key ^= sg_t.zob_side;
		q->ply++;
		return 1;
	}
	const int to = SG_TO(m);
	if (SG_IS_DROP(m)) {
		const int type = SG_DROP_TYPE(m);
		const int n = p->hand[us][type];
		q->material += (int16_t)(sg_t.handv[us][type][n - 1] - sg_t.handv[us][type][n]);
		sg_hand_add(q, us, type, -1);
		const int pc = type | us << 4;
		sg_put(q, to, pc);
		q->material += sg_t.psq[pc][to];
	} else {
		const int from = SG_FROM(m), pc = p->board[from];
		const int cap = p->board[to];
		if (cap) {
			const int ct = sg_base(sg_type(cap));
			sg_remove(q, to);
			const int h = p->hand[us][ct];
			q->material += (int16_t)(sg_t.handv[us][ct][h + 1] - sg_t.handv[us][ct][h] -
			                         sg_t.psq[cap][to]);
			sg_hand_add(q, us, ct, 1);
		}
		sg_remove(q, from);
		const int npc = pc | SG_PROMO(m) << 3;
		sg_put(q, to, npc);
		q->material += (int16_t)(sg_t.psq[npc][to] - sg_t.psq[pc][from]);
		if (sg_type(pc) == SG_KING)
			q->king[us] = (uint8_t)to;
	}
	q->stm = (uint8_t)them;
	q->key ^= sg_t.zob_side;
	q->ply++;
	q->checkers = q->king[them] < SG_SQUARES
	                  ? sg_attackers(q, us, q->king[them], sg_occupied(q)) : 0;
	q->checks[us] = q->checkers ? (uint16_t)(p->checks[us] + 1) : 0;
	return 0;
}

/* Full recomputation of the derived fields (groups, key, kings, checkers, material) from
 * board, hands and side to move: after parsing. */
void sg_sync(struct shogi_pos *p);
void sg_start(struct shogi_pos *p);
/* The second, independent 64-bit key (game_key.w[1]). */
uint64_t sg_key2(const struct shogi_pos *p);

#endif
