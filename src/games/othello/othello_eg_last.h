/*
 * othello_eg_last.h - the endgame solver's last plies: one to four empty squares tried
 * directly (eg_last1..4, odd quadrants first), and up to EG_SHALLOW empties plain
 * alpha-beta without the table (eg_shallow).  Private to othello_endgame.c (static inline:
 * the innermost nodes, where a call would cost most).
 */
#ifndef YOMI_OTHELLO_EG_LAST_H
#define YOMI_OTHELLO_EG_LAST_H

#include "games/othello/othello_eg.h"
#include "games/othello/othello_last.h"

/* The value when neither side can move. */
static inline int eg_final(const struct eg *g, uint64_t p, uint64_t o)
{
	return oth_final_score(p, o, g->squares);
}

/* One empty square sq left; p to move. */
static inline int eg_last1(struct eg *g, uint64_t p, uint64_t o, int sq)
{
	eg_count(g);
	const int np = oth_popcount(p);
	int f = oth_count_last_flips(p, sq);
	if (f)
		return 2 * (np + f + 1) - g->squares;
	f = oth_count_last_flips(o, sq);
	if (f)
		return 2 * (np - f) - g->squares;
	const int d = 2 * np + 1 - g->squares;   /* odd: never a draw */
	return d > 0 ? d + 1 : d - 1;
}

/* Two empty squares a and b left; p to move; fail-soft within (alpha, beta). */
static inline int eg_last2(struct eg *g, uint64_t p, uint64_t o, int a, int b, int alpha,
                           int beta)
{
	eg_count(g);
	const uint64_t ba = 1ULL << a, bb = 1ULL << b;
	int best = -EG_INF;
	uint64_t f;
	if ((oth_around[a] & o) && (f = oth_flips(p, o, a))) {
		best = -eg_last1(g, o & ~f, p | f | ba, b);
		if (best >= beta)
			return best;
	}
	if ((oth_around[b] & o) && (f = oth_flips(p, o, b))) {
		const int v = -eg_last1(g, o & ~f, p | f | bb, a);
		if (v > best)
			best = v;
	}
	if (best != -EG_INF)
		return best;
	/* p passes: the opponent picks the smaller of its moves' values for p */
	int worst = EG_INF;
	if ((oth_around[a] & p) && (f = oth_flips(o, p, a))) {
		worst = eg_last1(g, p & ~f, o | f | ba, b);
		if (worst <= alpha)
			return worst;
	}
	if ((oth_around[b] & p) && (f = oth_flips(o, p, b))) {
		const int v = eg_last1(g, p & ~f, o | f | bb, a);
		if (v < worst)
			worst = v;
	}
	return worst != EG_INF ? worst : eg_final(g, p, o);
}

/* Three empty squares x[0..2] left, p to move; fail-soft within (alpha, beta).  Tries the
 * square alone in its quadrant first (odd parity), when two share one. */
static int eg_last3(struct eg *g, uint64_t p, uint64_t o, int x0, int x1, int x2, int alpha,
                    int beta, int passed)
{
	eg_count(g);
	if (!passed) {
		if (g->quad[x0] == g->quad[x1]) {
			const int t = x2; x2 = x1; x1 = x0; x0 = t;
		} else if (g->quad[x0] == g->quad[x2]) {
			const int t = x1; x1 = x0; x0 = t;
		}
	}
	int best = -EG_INF;
	uint64_t f;
#define EG_TRY3(A, B, C)                                                                    	if ((oth_around[A] & o) && (f = oth_flips(p, o, A))) {                              		const int v = -eg_last2(g, o & ~f, p | f | 1ULL << (A), B, C, -beta, -alpha); 		if (v > best) {                                                             			best = v;                                                           			if (v >= beta)                                                      				return v;                                                   			if (v > alpha)                                                      				alpha = v;                                                  		}                                                                           	}
	EG_TRY3(x0, x1, x2)
	EG_TRY3(x1, x0, x2)
	EG_TRY3(x2, x0, x1)
#undef EG_TRY3
	if (best != -EG_INF)
		return best;
	if (passed)
		return eg_final(g, p, o);   /* neither side can move */
	return -eg_last3(g, o, p, x0, x1, x2, -beta, -alpha, 1);
}

/* Four empty squares x[0..3] left, p to move; fail-soft within (alpha, beta).  Squares in
 * quadrants with an odd number of empties first. */
static int eg_last4(struct eg *g, uint64_t p, uint64_t o, const int *x, unsigned parity,
                    int alpha, int beta, int passed)
{
	eg_count(g);
	int s[4], k = 0;
	for (int i = 0; i < 4; i++)
		if (parity >> g->quad[x[i]] & 1)
			s[k++] = x[i];
	for (int i = 0; i < 4; i++)
		if (!(parity >> g->quad[x[i]] & 1))
			s[k++] = x[i];
	int best = -EG_INF;
	uint64_t f;
#define EG_TRY4(A, B, C, D)                                                                 	if ((oth_around[A] & o) && (f = oth_flips(p, o, A))) {                              		const int v = -eg_last3(g, o & ~f, p | f | 1ULL << (A), B, C, D, -beta, -alpha, 0); 		if (v > best) {                                                             			best = v;                                                           			if (v >= beta)                                                      				return v;                                                   			if (v > alpha)                                                      				alpha = v;                                                  		}                                                                           	}
	EG_TRY4(s[0], s[1], s[2], s[3])
	EG_TRY4(s[1], s[0], s[2], s[3])
	EG_TRY4(s[2], s[0], s[1], s[3])
	EG_TRY4(s[3], s[0], s[1], s[2])
#undef EG_TRY4
	if (best != -EG_INF)
		return best;
	if (passed)
		return eg_final(g, p, o);
	return -eg_last4(g, o, p, s, parity, -beta, -alpha, 1);
}

/* Alpha-beta on few empties: squares of odd quadrants first, no move generation. */
static int eg_shallow(struct eg *g, uint64_t p, uint64_t o, uint64_t e, int alpha, int beta,
                      int n, unsigned parity, int passed)
{
	if (n <= 4) {
		int x[4], k = 0;
		for (uint64_t s = e; s; s &= s - 1)
			x[k++] = __builtin_ctzll(s);
		switch (n) {
		case 4: return eg_last4(g, p, o, x, parity, alpha, beta, 0);
		case 3: return eg_last3(g, p, o, x[0], x[1], x[2], alpha, beta, 0);
		case 2: return eg_last2(g, p, o, x[0], x[1], alpha, beta);
		default: return eg_last1(g, p, o, x[0]);
		}
	}
	if (alpha >= g->squares)
		return g->squares;
	if (beta <= -g->squares)
		return -g->squares;
	eg_count(g);
	uint64_t odd = 0;
	for (int q = 0; q < 4; q++)
		if (parity >> q & 1)
			odd |= g->quad_mask[q];
	int best = -EG_INF;
	const uint64_t cand = e & oth_neighbours(o);   /* a move touches an opponent disc */
	for (int round = 0; round < 6; round++) {
		for (uint64_t s = cand & (round >= 3 ? ~odd : odd) & g->rank[round % 3]; s; s &= s - 1) {
			const int sq = __builtin_ctzll(s);
			const uint64_t f = oth_flips(p, o, sq);
			if (!f)
				continue;
			const uint64_t bit = 1ULL << sq;
			const int v = -eg_shallow(g, o & ~f, p | f | bit, e ^ bit, -beta, -alpha, n - 1,
			                          parity ^ (1u << g->quad[sq]), 0);
			if (v > best) {
				best = v;
				if (v > alpha) {
					alpha = v;
					if (v >= beta)
						return v;
				}
			}
		}
	}
	if (best == -EG_INF) {
		if (passed)
			return eg_final(g, p, o);   /* neither side can move */
		return -eg_shallow(g, o, p, e, -beta, -alpha, n, parity, 1);
	}
	return best;
}

#endif
