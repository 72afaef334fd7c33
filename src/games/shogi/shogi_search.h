/*
 * shogi_search.h - what shogi gives the generic search (search/search_template.h) besides
 * its rules: move ordering keys, the key after a move, the sennichite score.  shogi.c binds
 * them with the template's macros, so every per-node call is a direct one.
 *
 * Why a 64-bit Zobrist key and no exact position in the table: a shogi position (board,
 * hands, side) does not fit in the template's 128-bit exact form (S_KEY_POS), and storing
 * it whole would halve the entries per bucket.  The table stores the 64-bit key, as every
 * shogi engine does; what makes that safe is that the template never plays a table move it
 * has not generated (the entry's move only orders the generated legal moves), so a key
 * collision can cost a wrong score at a node (odds about 4 in 2^64 per probe), never an
 * illegal move or a crash.  The same key finds repetitions.
 */
#ifndef YOMI_SHOGI_SEARCH_H
#define YOMI_SHOGI_SEARCH_H

#include "games/shogi/shogi_eval.h"
#include "games/shogi/shogi_gen.h"
#include "yomi/search.h"

/* Check extension: a position whose side to move is in check is searched a ply deeper
 * (search_template.h's S_EXTEND).  Against the same search without it, 120 games from
 * data/shogi/openings.txt: +158 +- 70 Elo at 100,000 nodes a move, +147 +- 69 at 0.1 s a
 * move (bench/shogi-checks.sh).  Quiescence with every evasion in check and the quiet
 * checks at its first ply measured less: +6 (evasions alone, 58 games), +111 +- 66 (with
 * the checks), +140 +- 69 (with the extension too), and 30-39 against the extension alone
 * (70 games); extending only with at most 2 evasions, 33-39 against it (72 games). */
static inline int sg_extend(const struct shogi_pos *p) { return p->checkers != 0; }

/* Ordering weight of a tactical move (> 0: captures, promotions, the declaration), else 0:
 * the most valuable victim first, then the least valuable attacker; a promotion adds its
 * gain. */
static inline int sg_tactical(const struct shogi_pos *p, yomi_move m)
{
	if (m == SG_MOVE_WIN)
		return 1 << 20;
	if (SG_IS_DROP(m))
		return 0;
	const int from = SG_FROM(m), to = SG_TO(m), type = sg_type(p->board[from]);
	int k = 0;
	if (p->board[to])
		k = 16 * sg_value_board[sg_type(p->board[to])] + 256 - sg_value_board[type] / 8;
	if (SG_PROMO(m))
		k += sg_value_board[type | SG_PROMOTED] - sg_value_board[type] + 1;
	return k > 0 ? k : 0;
}

static inline int sg_gen_tactical(const struct shogi_pos *p, yomi_move *mv, int *keys)
{
	const int n = sg_walk(p, mv, SG_GEN_TACTICAL);
	for (int i = 0; i < n; i++)
		keys[i] = sg_tactical(p, mv[i]);
	return n;
}

/* History index: the target square and how the piece came (a drop of a type, or one of
 * eight directions: the moving piece is not in the move). */
static inline int sg_move_index(yomi_move m)
{
	const int to = SG_TO(m);
	if (m == SG_MOVE_WIN)
		return 0;
	if (SG_IS_DROP(m))
		return to * 16 + 8 + SG_DROP_TYPE(m);
	const int from = SG_FROM(m);
	const int df = sg_file(to) - sg_file(from), dr = sg_rank(to) - sg_rank(from);
	return to * 16 + ((df > 0) - (df < 0) + 1) * 3 + (dr > 0) - (dr < 0) + 1;
}

/* The key after legal move m from *p (key k), without playing it. */
static inline uint64_t sg_key_after(const struct shogi_pos *p, yomi_move m, uint64_t k)
{
	const int us = p->stm, to = SG_TO(m);
	k ^= sg_t.zob_side;
	if (m == SG_MOVE_WIN)
		return k;
	if (SG_IS_DROP(m)) {
		const int t = SG_DROP_TYPE(m), n = p->hand[us][t];
		return k ^ sg_t.zob_hand[us][t][n] ^ sg_t.zob_hand[us][t][n - 1] ^
		       sg_t.zob_board[t | us << 4][to];
	}
	const int from = SG_FROM(m), pc = p->board[from], cap = p->board[to];
	k ^= sg_t.zob_board[pc][from] ^ sg_t.zob_board[pc | SG_PROMO(m) << 3][to];
	if (cap) {
		const int ct = sg_base(sg_type(cap)), n = p->hand[us][ct];
		k ^= sg_t.zob_board[cap][to] ^ sg_t.zob_hand[us][ct][n] ^ sg_t.zob_hand[us][ct][n + 1];
	}
	return k;
}

/* A finished game after a move: only the declaration ends one in play (a mate shows as no
 * legal move at the next node); the side to move has lost. */
static inline int sg_terminal(const struct shogi_pos *p, int ply)
{
	(void)p;
	return -(SCORE_WIN - ply);
}

/* Sennichite in the search: the first repetition decides, as engines do.  A side that gave
 * check with every move of the cycle loses (the other wins now); otherwise a draw. */
static inline int sg_repeat_score(const struct shogi_pos *p, int ply, int cycle)
{
	const int us = p->stm, them = us ^ 1, half = cycle / 2;
	if (!half)
		return 0;
	const int they = p->checks[them] >= half, we = p->checks[us] >= half;
	if (they && !we)
		return SCORE_WIN - ply;
	if (we && !they)
		return -(SCORE_WIN - ply);
	return 0;
}


#endif
