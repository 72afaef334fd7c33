/*
 * othello_endgame.c - exact endgame solver (contract in othello_endgame.h).
 *
 * Layers, by the number n of empty squares left:
 *   n == 1        eg_last1: the flips counted by line tables (othello_last.h), no move made.
 *   n == 2..4     eg_last2/3/4: the squares tried directly, odd quadrants first (parity),
 *                 each only if it touches an opponent disc.
 *   n <= SHALLOW  eg_shallow: alpha-beta over the empty squares, odd quadrants first,
 *                 corners first and squares next to a corner last; no table.
 *   larger n      eg_search: PVS (null windows off the first move), moves sorted
 *                 fastest-first (fewest opponent replies, corners counted twice) with the
 *                 parity, and on 8x8 corner stability and potential mobility, as tie-breaks, from EG_DEEP_SORT empties by a 1-3 ply search with
 *                 the midgame evaluation (its nodes count as nodes), stability cutoff, and
 *                 from TT_MIN empties a transposition table storing both bitboards with
 *                 lower/upper bounds, and enhanced transposition cutoff (children looked up
 *                 before any is searched).  Each child gets its legal moves from the parent
 *                 (found while ordering), so no node generates them twice.
 *   the root      eg_solve: MTD-like passes of width 2 (scores are even), from a guess of 0.
 * Scores are final disc differences for the side to move, in [-squares, squares].
 * State is in struct eg (no globals): the table is ctx->tt's memory in this file's layout,
 * starting on its first part and growing as the search's does (tt.h, eg_grow): a solve on
 * fresh memory no longer waits for its pages (FFO #44 alone, after a 3 s pause: 1.19-1.24 s
 * instead of 1.44-1.47 s; run right after another solve, 3-7% slower on #41-#47).
 */
#include <stdlib.h>
#include <string.h>

#include "games/othello/othello_eg.h"        /* struct eg, its table, the tuning */
#include "games/othello/othello_eg_last.h"   /* the last empties */

struct eg_move {
	uint64_t flips;
	uint64_t replies;    /* the opponent's moves after this one */
	int sq;
	int key;
};

static int eg_search(struct eg *g, uint64_t p, uint64_t o, uint64_t e, uint64_t moves,
                     int alpha, int beta, int n, unsigned parity);

/* Negamax with the midgame evaluation, `depth` plies: the ordering key of deep nodes. */
static int eg_eval_search(struct eg *g, uint64_t p, uint64_t o, int depth, int alpha,
                          int beta)
{
	eg_count(g);
	const uint64_t e = ~(p | o) & g->mask;
	uint64_t moves = oth_moves_bb(p, o, e);
	if (depth <= 0 || !e) {
		const struct othello_pos pos = {.p = p, .o = o, .mask = g->mask};
		return oth_eval_with(&pos, g->hand);
	}
	if (!moves) {
		if (!oth_moves_bb(o, p, e))
			return 100 * eg_final(g, p, o);
		return -eg_eval_search(g, o, p, depth - 1, -beta, -alpha);
	}
	int best = -SCORE_INF;
	for (; moves; moves &= moves - 1) {
		const int sq = __builtin_ctzll(moves);
		const uint64_t f = oth_flips(p, o, sq);
		const int v = -eg_eval_search(g, o & ~f, p | f | 1ULL << sq, depth - 1, -beta, -alpha);
		if (v > best) {
			best = v;
			if (v > alpha) {
				alpha = v;
				if (v >= beta)
					break;
			}
		}
	}
	return best;
}

/* ProbCut, in the selective passes only (Buro's method, as Edax uses it in the endgame): a
 * search of a few plies with the evaluation predicts the exact value, with an error whose
 * spread was measured (struct oth_probcut); when the prediction lies beyond beta (alpha) by
 * pc_t hundredths of that spread, the node is taken to fail high (low) without its search.
 * Returns the bound, or EG_INF for no cut.  Exact values are even, so "at least beta" with
 * beta odd is "at least beta + 1": the bound returned is the even one, which keeps the
 * root's passes of width 2 on even values. */
static int eg_probcut(struct eg *g, uint64_t p, uint64_t o, int n, int alpha, int beta)
{
	const int d = EG_PC_DEPTH(n), order_hand = g->hand;
	g->hand = g->pc_hand;   /* the shallow search evaluates as the fit was measured */
	const struct oth_probcut *pc = oth_probcut_of(g->hand || g->squares != 64);
	const float margin = (float)g->pc_t * 0.01f * (pc->sd0[d] + pc->sd1[d] * (float)n);
	const float per_disc = 100.0f / pc->slope[d];   /* evaluation units per disc */
	int cut = EG_INF;
	if (beta < g->squares) {
		const int hi = (int)(((float)beta + margin) * per_disc + 0.999f);
		if (hi < SCORE_HEURISTIC_MAX && eg_eval_search(g, p, o, d, hi - 1, hi) >= hi)
			cut = beta + (beta & 1);
	}
	if (cut == EG_INF && alpha > -g->squares) {
		const int lo = (int)(((float)alpha - margin) * per_disc - 0.999f);
		if (lo > -SCORE_HEURISTIC_MAX && eg_eval_search(g, p, o, d, lo, lo + 1) <= lo)
			cut = alpha - (alpha & 1);
	}
	g->hand = order_hand;
	return cut;
}

/* Fills list with the moves of p (bitboard `moves`), keyed for fastest-first order (or, on
 * many empties, by a shallow search). */
static inline int eg_sort_keys(struct eg *g, uint64_t p, uint64_t o, uint64_t e,
                               uint64_t moves, unsigned parity, int tt_move, int n,
                               struct eg_move *list)
{
	uint64_t cp[OTH_MAX_MOVES + 1], co[OTH_MAX_MOVES + 1], ce[OTH_MAX_MOVES + 1];
	int cnt = 0;
	for (; moves; moves &= moves - 1) {
		const int sq = __builtin_ctzll(moves);
		const uint64_t bit = 1ULL << sq, f = oth_flips(p, o, sq);
		cp[cnt] = o & ~f;
		co[cnt] = p | f | bit;
		ce[cnt] = e ^ bit;
		if (n > g->tt_min)   /* the child's probe (and ETC's) will not wait on memory */
			__builtin_prefetch(eg_bucket(g, cp[cnt], co[cnt]));
		list[cnt].flips = f;
		list[cnt].sq = sq;
		cnt++;
	}
	/* the replies, two children at a time */
	cp[cnt] = co[cnt] = ce[cnt] = 0;
	for (int i = 0; i < cnt; i += 2) {
		const oth_v2 r = oth_moves_v2((oth_v2){cp[i], cp[i + 1]}, (oth_v2){co[i], co[i + 1]},
		                              (oth_v2){ce[i], ce[i + 1]});
		list[i].replies = r[0];
		list[i + 1].replies = r[1];
	}
	for (int i = 0; i < cnt; i++) {
		const int sq = list[i].sq;
		const uint64_t reply = list[i].replies;
		int key = -EG_REPLY_W * (oth_popcount(reply) + oth_popcount(reply & g->corners));
		key += (parity >> g->quad[sq] & 1) * 4;
		if ((1ULL << sq) & g->corners)
			key += 8;
		if (n < EG_DEEP_SORT && g->squares == 64)   /* co[i]: our discs after the move */
			key = key * EG_FAST_SCALE + EG_CORNER_STAB_W * eg_corner_stability(co[i]) -
			      EG_POT_MOB_W * oth_popcount(oth_neighbours(co[i]) & ce[i]);
		if (n >= EG_DEEP_SORT && !tt_move)
			key += -eg_eval_search(g, cp[i], co[i], eg_sort_depth(g->hand, n), -SCORE_INF,
			                       SCORE_INF) / eg_eval_div(g->hand);
		if (sq + 1 == tt_move)
			key += 1 << 20;
		list[i].key = key;
	}
	return cnt;
}

/* The shallow-search part of the keys of list[0..cnt) (p to move, n empties), which
 * eg_sort_keys leaves out when the table has a move: that one is tried first and usually
 * cuts, so the others' searches wait until it has not (2% fewer nodes on FFO #20-#47, the
 * root's repeated passes finding many table moves). */
static void eg_deep_keys(struct eg *g, uint64_t p, uint64_t o, int n, struct eg_move *list,
                         int cnt)
{
	for (int i = 0; i < cnt; i++) {
		const uint64_t f = list[i].flips;
		list[i].key += -eg_eval_search(g, o & ~f, p | f | 1ULL << list[i].sq,
		                               eg_sort_depth(g->hand, n), -SCORE_INF, SCORE_INF) /
		               eg_eval_div(g->hand);
	}
}

static inline void eg_pick(struct eg_move *list, int cnt, int i)
{
	int b = i;
	for (int j = i + 1; j < cnt; j++)
		if (list[j].key > list[b].key)
			b = j;
	if (b != i) {
		const struct eg_move t = list[i];
		list[i] = list[b];
		list[b] = t;
	}
}

/* A node whose moves threads share (split.h): p to move, n empties, its moves list[] (with
 * each child's flips and replies). */
struct eg_node {
	uint64_t p, o, e;
	unsigned parity;
	int n;
	const struct eg_move *list;
};

/* split_search_fn: move i of the node, a null window at alpha first, as eg_search's loop. */
static int eg_split_move(void *state, const void *vnode, int i, int alpha, int beta)
{
	struct eg *g = state;
	const struct eg_node *nd = vnode;
	const struct eg_move *m = &nd->list[i];
	const uint64_t bit = 1ULL << m->sq, f = m->flips;
	const uint64_t np = nd->o & ~f, no = nd->p | f | bit, ne = nd->e ^ bit;
	const unsigned npar = nd->parity ^ (1u << g->quad[m->sq]);
	int v = -eg_search(g, np, no, ne, m->replies, -alpha - 1, -alpha, nd->n - 1, npar);
	if (v > alpha && v < beta && !eg_stopped(g))
		v = -eg_search(g, np, no, ne, m->replies, -beta, -alpha, nd->n - 1, npar);
	return v;
}

/* After the node's first move (*best, *best_move: its value and square + 1): its other
 * moves, in order, by this thread and the idle ones.  Returns 0 with *best and *best_move
 * updated, or -1 when the split was refused (the caller goes on alone). */
static int eg_split(struct eg *g, const struct eg_node *node, int cnt, int alpha, int beta,
                    int *best, int *best_move)
{
	struct eg_move *list = (struct eg_move *)node->list;
	for (int i = 1; i < cnt; i++)   /* the order the loop would pick them in */
		eg_pick(list, cnt, i);
	struct split_point sp = {.node = node, .alpha = *best > alpha ? *best : alpha, .beta = beta,
	                         .best = *best, .best_move = -1, .next = 1, .count = cnt};
	if (split_run(g->st, &sp))
		return -1;
	if (sp.best_move >= 0 && sp.best > *best) {
		*best = sp.best;
		*best_move = list[sp.best_move].sq + 1;
	}
	return 0;
}

/* Fail-soft PVS on n > EG_SHALLOW empties: the value of p to move within (alpha, beta);
 * `moves` are p's legal squares (the parent found them when it ordered its moves). */
static int eg_search(struct eg *g, uint64_t p, uint64_t o, uint64_t e, uint64_t moves,
                     int alpha, int beta, int n, unsigned parity)
{
	/* Values lie in [-squares, squares]: a window outside decides at once. */
	if (alpha >= g->squares)
		return g->squares;
	if (beta <= -g->squares)
		return -g->squares;
	if (n <= EG_SHALLOW)
		return eg_shallow(g, p, o, e, alpha, beta, n, parity, 0);
	eg_count(g);
	if (eg_stopped(g))
		return 0;
	if (!moves) {
		const uint64_t theirs = oth_moves_bb(o, p, e);
		if (!theirs)
			return eg_final(g, p, o);
		return -eg_search(g, o, p, e, theirs, -beta, -alpha, n, parity);
	}
	/* Stability cutoff: the opponent's stable discs bound our best result. */
	if (2 * oth_popcount(o) >= g->squares - alpha && (o & g->corners)) {
		const int ub = g->squares - 2 * oth_popcount(oth_stable(o, p, g->mask));
		if (ub <= alpha)
			return ub;
		if (ub < beta)
			beta = ub;
	}
	int tt_move = 0;
	if (n >= g->tt_min) {
		struct eg_hit t;
		const int found = eg_probe(g, p, o, &t);
		if (found && t.sel >= g->sel) {
			if (t.lower >= beta)
				return t.lower;
			if (t.upper <= alpha)
				return t.upper;
			if (t.lower == t.upper)
				return t.lower;
			if (t.lower > alpha)
				alpha = t.lower;
			if (t.upper < beta)
				beta = t.upper;
		}
		if (found)
			tt_move = t.move;
	}
	if (g->pc_t && n >= EG_PC_MIN) {
		const int cut = eg_probcut(g, p, o, n, alpha, beta);
		if (cut != EG_INF)
			return cut;
	}
	struct eg_move list[OTH_MAX_MOVES];
	const int cnt = eg_sort_keys(g, p, o, e, moves, parity, tt_move, n, list);
	if (n >= g->etc_min) {
		/* Enhanced transposition cutoff: a child already known to be bad enough for the
		 * opponent settles this node without a search. */
		for (int i = 0; i < cnt; i++) {
			const uint64_t bit = 1ULL << list[i].sq;
			struct eg_hit t;
			if (eg_probe(g, o & ~list[i].flips, p | list[i].flips | bit, &t) &&
			    t.sel >= g->sel && -t.upper >= beta)
				return -t.upper;
		}
	}
	const int alpha0 = alpha;
	int best = -EG_INF, best_move = 0;
	for (int i = 0; i < cnt; i++) {
		if (i == 1 && tt_move && n >= EG_DEEP_SORT)
			eg_deep_keys(g, p, o, n, list + 1, cnt - 1);
		if (i == 1 && g->st && n >= EG_SPLIT_MIN && cnt >= 3 && split_idle(g->st->pool)) {
			const struct eg_node node = {p, o, e, parity, n, list};
			if (eg_split(g, &node, cnt, alpha, beta, &best, &best_move) == 0) {
				if (eg_stopped(g))
					return 0;
				break;
			}
		}
		eg_pick(list, cnt, i);
		const int sq = list[i].sq;
		const uint64_t bit = 1ULL << sq, f = list[i].flips;
		const uint64_t np = o & ~f, no = p | f | bit, ne = e ^ bit;
		const unsigned npar = parity ^ (1u << g->quad[sq]);
		const uint64_t nm = list[i].replies;
		int v;
		if (i == 0) {
			v = -eg_search(g, np, no, ne, nm, -beta, -alpha, n - 1, npar);
		} else {
			v = -eg_search(g, np, no, ne, nm, -alpha - 1, -alpha, n - 1, npar);
			if (v > alpha && v < beta)
				v = -eg_search(g, np, no, ne, nm, -beta, -alpha, n - 1, npar);
		}
		if (eg_stopped(g))
			return 0;
		if (v > best) {
			best = v;
			best_move = sq + 1;
			if (v > alpha) {
				alpha = v;
				if (v >= beta)
					break;
			}
		}
	}
	if (n >= g->tt_min)
		eg_store(g, p, o, n, alpha0, beta, best, best_move);
	return best;
}

static void eg_init(struct eg *g, struct search_ctx *ctx, uint64_t mask)
{
	memset(g, 0, sizeof *g);
	g->ctx = ctx;
	g->table = ctx->tt->mem;
	g->buckets_mask = tt_live_mask(ctx->tt);
	g->mask = mask;
	g->squares = oth_popcount(mask);
	const int side = g->squares == 64 ? 8 : g->squares == 36 ? 6 : 4, half = side / 2;
	for (int sq = 0; sq < 64; sq++) {
		const int q = ((sq >> 3) >= half) * 2 + ((sq & 7) >= half);
		g->quad[sq] = (uint8_t)q;
		if ((mask >> sq) & 1)
			g->quad_mask[q] |= 1ULL << sq;
	}
	const int far = side - 1;
	g->corners = 1ULL | 1ULL << far | 1ULL << (8 * far) | 1ULL << (8 * far + far);
	g->rank[0] = g->corners;
	g->rank[2] = oth_neighbours(g->corners) & mask & ~g->corners;
	g->rank[1] = mask & ~g->rank[0] & ~g->rank[2];
	g->sel = OTH_SEL_EXACT;
	g->hand = ctx->limits.eval_material || !oth_weights_in_use || mask != OTH_MASK8;
	g->pc_hand = ctx->limits.eval_material;
	g->tt_min = g->squares == 64 ? EG_TT_MIN8 : EG_TT_MIN;
	g->etc_min = g->squares == 64 ? EG_ETC_MIN8 : EG_ETC_MIN;
}

static unsigned eg_parity(const struct eg *g, uint64_t e)
{
	unsigned parity = 0;
	for (; e; e &= e - 1)
		parity ^= 1u << g->quad[__builtin_ctzll(e)];
	return parity;
}

/* The value of (p, o) within (alpha, beta), at any number of empties. */
static int eg_value(struct eg *g, uint64_t p, uint64_t o, int alpha, int beta)
{
	const uint64_t e = ~(p | o) & g->mask;
	const int n = oth_popcount(e);
	if (n == 0)
		return eg_final(g, p, o);
	return eg_search(g, p, o, e, oth_moves_bb(p, o, e), alpha, beta, n, eg_parity(g, e));
}

/* The root: fail-soft PVS over the sorted moves within (alpha, beta); *move = the best move
 * (square + 1) when the value is above alpha, else 0.  The best move goes to the front of
 * the list for the next pass. */
static int eg_root(struct eg *g, uint64_t p, uint64_t o, struct eg_move *list, int cnt,
                   int alpha, int beta, int *move)
{
	int best_v = -EG_INF, best_i = 0;
	*move = 0;
	for (int i = 0; i < cnt; i++) {
		if (i == 1 && g->st && cnt >= 3 && split_idle(g->st->pool) &&
		    oth_popcount(~(p | o) & g->mask) >= EG_SPLIT_MIN) {
			const uint64_t e = ~(p | o) & g->mask;
			const struct eg_node node = {p, o, e, eg_parity(g, e), oth_popcount(e), list};
			int v = best_v, sq1 = 0;
			if (eg_split(g, &node, cnt, alpha, beta, &v, &sq1) == 0) {
				if (eg_stopped(g))
					return 0;
				for (int k = 1; k < cnt && v > best_v; k++)
					if (list[k].sq + 1 == sq1) {
						best_v = v;
						best_i = k;
						if (v > alpha)
							*move = sq1;
					}
				break;
			}
		}
		eg_pick(list, cnt, i);
		const uint64_t f = list[i].flips, np = o & ~f, no = p | f | 1ULL << list[i].sq;
		int v;
		if (i == 0) {
			v = -eg_value(g, np, no, -beta, -alpha);
		} else {
			v = -eg_value(g, np, no, -alpha - 1, -alpha);
			if (v > alpha && v < beta)
				v = -eg_value(g, np, no, -beta, -alpha);
		}
		if (eg_stopped(g))
			return 0;
		if (v > best_v) {
			best_v = v;
			best_i = i;
			if (v > alpha) {
				*move = list[i].sq + 1;
				alpha = v;
				if (v >= beta)
					break;
			}
		}
	}
	for (int i = 0; i < cnt; i++)   /* the list stays sorted: only the best one moves up */
		list[i].key = i == best_i ? 1 << 22 : list[i].key >= 1 << 22 ? (1 << 22) - 1 : list[i].key;
	return best_v;
}

/* Whether the root's passes of width 2 are done after a pass around v returned r: r == v
 * is the value; r above (below) v is a lower (upper) bound, kept in *lo (*hi), and the next
 * pass tries r.  An exact search moves one way only, to the value or to the board's
 * bound.  A selective pass's bounds may contradict an earlier pass's (ProbCut cut
 * differently with the table they left): once they cross, the last result stands, where
 * looping on would try the same two values forever. */
static inline int eg_pass_done(const struct eg *g, int v, int r, int *lo, int *hi)
{
	if (r == v)
		return 1;
	if (r > v)
		*lo = r;
	else
		*hi = r;
	return *lo >= *hi || *lo >= g->squares || *hi <= -g->squares;
}

/* othello_solve's work, on the solver state g. */
static int eg_solve(struct eg *g, const struct othello_pos *pos, int *score, yomi_move *best)
{
	struct search_ctx *ctx = g->ctx;
	const uint64_t p = pos->p, o = pos->o, e = ~(p | o) & pos->mask;
	*best = 0;
	uint64_t moves = oth_moves_bb(p, o, e);
	if (!moves) {
		if (!oth_moves_bb(o, p, e)) {
			*score = eg_final(g, p, o);
			return 0;
		}
		*score = -eg_value(g, o, p, -EG_INF, EG_INF);
		*best = OTH_PASS;
		return ctx->stopped ? -1 : 0;
	}
	const int n = oth_popcount(e);
	const unsigned parity = eg_parity(g, e);
	struct eg_move list[OTH_MAX_MOVES];
	const int cnt = eg_sort_keys(g, p, o, e, moves, parity, 0, n, list);
	if (n == 1) {   /* one move, the last: the game ends */
		*best = (yomi_move)list[0].sq + 1;
		*score = -eg_final(g, o & ~list[0].flips, p | list[0].flips | 1ULL << list[0].sq);
		return 0;
	}
	/* Scores are even (every square ends up counted, and the boards have an even number
	 * of them), so the window (v - 1, v + 1) holds one possible score: each pass proves v
	 * exact or fails with a bound (fail-soft) that becomes the next v, always in the same
	 * direction, the table keeping what earlier passes proved.  Measured against one PVS
	 * with the full window: FFO #20-#47 1.110 G nodes instead of 1.293 G, #45+#46+#49
	 * 1.452 G instead of 1.741 G.  First guess 0: the midgame evaluation of the root in
	 * discs (or a half or a quarter of it) did no better. */
	int v = 0, move, lo = -EG_INF, hi = EG_INF;
	for (;;) {
		const int r = eg_root(g, p, o, list, cnt, v - 1, v + 1, &move);
		if (ctx->stopped)
			return -1;
		if (move)
			*best = (yomi_move)move;
		const int done = eg_pass_done(g, v, r, &lo, &hi);
		v = r;
		if (done)
			break;
	}
	*score = v;
	if (!*best)   /* every move failed low to the least score: they are all equal */
		*best = (yomi_move)list[0].sq + 1;
	return 0;
}

int othello_solve(struct search_ctx *ctx, const struct othello_pos *pos, int *score,
                  yomi_move *best)
{
	return othello_solve_sel(ctx, pos, OTH_SEL_EXACT, 0, score, best);
}

/* ProbCut's margins by confidence (Edax's: the share of a normal error within t spreads). */
static const struct { int percent, t; } eg_confidence[] = {
	{73, 110}, {87, 150}, {95, 200}, {98, 260}, {99, 330}, {OTH_SEL_EXACT, 0},
};

/* Sets g's pass to the confidence level at or above `confidence` percent. */
static void eg_confidence_set(struct eg *g, int confidence)
{
	for (size_t i = 0; i < sizeof eg_confidence / sizeof *eg_confidence; i++)
		if (confidence <= eg_confidence[i].percent) {
			g->sel = eg_confidence[i].percent;
			g->pc_t = eg_confidence[i].t;
			return;
		}
}

/* The solver's threads (ctx->limits.threads > 1): helpers with solver states and contexts
 * of their own (their nodes, the shared table), idle until the main thread splits. */
struct eg_par {
	struct split_pool *pool;
	uint64_t helper_nodes;        /* atomic */
	struct split_thread *th;      /* [threads] */
	struct eg *g;                 /* [threads], [0] unused: the main thread's is its own */
	struct search_ctx *ctx;       /* [threads], [0] unused */
};

/* The main thread's poll while it waits at a split point: its limits. */
static void eg_poll(void *arg) { eg_limits(arg); }

static void eg_par_free(struct eg_par *par)
{
	free(par->th);
	free(par->g);
	free(par->ctx);
}

/* Starts the helpers for solving with main state g (its pass set): 0, or -1 (then one
 * thread solves). */
static int eg_par_start(struct eg_par *par, struct eg *g, int threads)
{
	memset(par, 0, sizeof *par);
	par->th = calloc((size_t)threads, sizeof *par->th);
	par->g = calloc((size_t)threads, sizeof *par->g);
	par->ctx = calloc((size_t)threads, sizeof *par->ctx);
	if (!par->th || !par->g || !par->ctx) {
		eg_par_free(par);
		return -1;
	}
	for (int i = 1; i < threads; i++) {
		search_init(&par->ctx[i], g->ctx->tt, &g->ctx->limits);
		eg_init(&par->g[i], &par->ctx[i], g->mask);
		par->g[i].sel = g->sel;
		par->g[i].pc_t = g->pc_t;
		par->g[i].st = &par->th[i];
		par->g[i].helper_nodes = &par->helper_nodes;
		par->th[i].state = &par->g[i];
	}
	par->th[0].state = g;
	par->pool = split_pool_start(threads, par->th, eg_split_move, eg_poll, g);
	if (!par->pool) {
		eg_par_free(par);
		return -1;
	}
	g->st = &par->th[0];
	g->helper_nodes = &par->helper_nodes;
	return 0;
}

/* Stops the helpers and counts their nodes in g's context. */
static void eg_par_finish(struct eg_par *par, struct eg *g, int threads)
{
	split_pool_finish(par->pool);
	for (int i = 1; i < threads; i++)
		g->ctx->nodes += par->g[i].nodes;
	g->ctx->nodes += par->helper_nodes;
	g->st = NULL;
	g->helper_nodes = NULL;
	eg_par_free(par);
}

int othello_solve_sel(struct search_ctx *ctx, const struct othello_pos *pos, int confidence,
                      int keep_table, int *score, yomi_move *best)
{
	struct eg g;
	struct eg_par par;
	if (!keep_table)
		tt_clear(ctx->tt);   /* first: the solver starts on the table's first part */
	eg_init(&g, ctx, pos->mask);
	eg_confidence_set(&g, confidence);
	const int threads = ctx->limits.threads;
	const int parallel = threads > 1 && eg_par_start(&par, &g, threads) == 0;
	const int r = eg_solve(&g, pos, score, best);
	if (parallel)
		eg_par_finish(&par, &g, threads);
	eg_sync(&g);
	return r;
}

int othello_eval_search(struct search_ctx *ctx, const struct othello_pos *pos, int depth,
                        int alpha, int beta)
{
	struct eg g;
	eg_init(&g, ctx, pos->mask);
	g.hand = ctx->limits.eval_material;   /* the evaluation asked for, whatever orders moves */
	const int v = eg_eval_search(&g, pos->p, pos->o, depth, alpha, beta);
	eg_sync(&g);
	return v;
}

/* The exact value of (p, o) for p, by passes of width 2 from `guess` (as eg_solve's root). */
static int eg_exact(struct eg *g, uint64_t p, uint64_t o, int guess)
{
	int v = guess, lo = -EG_INF, hi = EG_INF;
	for (;;) {
		const int r = eg_value(g, p, o, v - 1, v + 1);
		if (g->ctx->stopped)
			return 0;
		const int done = eg_pass_done(g, v, r, &lo, &hi);
		v = r;
		if (done)
			return v;
	}
}

/* othello_solve_multipv's work, on the solver state g. */
static int eg_multipv(struct eg *g, const struct othello_pos *pos, int k, yomi_move *out,
                      int *scores)
{
	const uint64_t p = pos->p, o = pos->o, e = ~(p | o) & pos->mask;
	const uint64_t moves = oth_moves_bb(p, o, e);
	if (!moves) {
		if (!oth_moves_bb(o, p, e))
			return 0;
		out[0] = OTH_PASS;
		scores[0] = -eg_exact(g, o, p, 0);
		return g->ctx->stopped ? -1 : 1;
	}
	struct eg_move list[OTH_MAX_MOVES];
	const int cnt = eg_sort_keys(g, p, o, e, moves, eg_parity(g, e), 0, oth_popcount(e), list);
	int found = 0;
	for (int i = 0; i < cnt; i++) {
		eg_pick(list, cnt, i);
		const uint64_t f = list[i].flips, np = o & ~f, no = p | f | 1ULL << list[i].sq;
		if (found == k) {   /* only a move above the k-th best is listed */
			const int kth = scores[k - 1];
			const int v = -eg_value(g, np, no, -kth - 1, -kth);
			if (g->ctx->stopped)
				return -1;
			if (v <= kth)
				continue;
		}
		const int v = -eg_exact(g, np, no, found ? -scores[0] : 0);
		if (g->ctx->stopped)
			return -1;
		int j = found < k ? found++ : k - 1;   /* insert, best first, stable */
		for (; j > 0 && scores[j - 1] < v; j--) {
			scores[j] = scores[j - 1];
			out[j] = out[j - 1];
		}
		scores[j] = v;
		out[j] = (yomi_move)list[i].sq + 1;
	}
	return found;
}

int othello_solve_multipv(struct search_ctx *ctx, const struct othello_pos *pos, int k,
                          int keep_table, yomi_move *moves, int *scores)
{
	struct eg g;
	if (!keep_table)
		tt_clear(ctx->tt);
	eg_init(&g, ctx, pos->mask);
	const int r = eg_multipv(&g, pos, k, moves, scores);
	eg_sync(&g);
	return r;
}

/* othello_solve_pv's work, on the solver state g. */
static int eg_solve_pv(struct eg *g, const struct othello_pos *pos, int score, yomi_move *pv,
                       int max)
{
	struct search_ctx *ctx = g->ctx;
	struct othello_pos cur = *pos;
	int len = 0, v = score;
	while (len < max) {
		yomi_move moves[OTH_MAX_MOVES];
		const int cnt = othello_gen(&cur, moves);
		int found = 0;
		for (int i = 0; i < cnt && !found; i++) {
			struct othello_pos next;
			const int over = othello_play(&cur, moves[i], &next);
			const int w = over ? -eg_final(g, next.p, next.o)
			                   : -eg_value(g, next.p, next.o, -v - 1, -v + 1);
			if (ctx->stopped)
				return -1;
			if (w == v) {
				pv[len++] = moves[i];
				cur = next;
				v = -v;
				found = 1;
			}
		}
		if (!found)
			break;
	}
	return len;
}

int othello_solve_pv(struct search_ctx *ctx, const struct othello_pos *pos, int score,
                     yomi_move *pv, int max)
{
	return othello_solve_pv_sel(ctx, pos, score, OTH_SEL_EXACT, pv, max);
}

int othello_solve_pv_sel(struct search_ctx *ctx, const struct othello_pos *pos, int score,
                         int confidence, yomi_move *pv, int max)
{
	struct eg g;
	eg_init(&g, ctx, pos->mask);
	eg_confidence_set(&g, confidence);
	const int len = eg_solve_pv(&g, pos, score, pv, max);
	eg_sync(&g);
	return len;
}

uint64_t othello_solver_table_check(const struct tt *tt, uint64_t *entries)
{
	const struct eg_entry *table = tt->mem;
	uint64_t misplaced = 0;
	*entries = 0;
	for (uint64_t b = 0; b <= tt->mask; b++)
		for (int j = 0; j < 2; j++) {
			const struct eg_entry *e = &table[2 * b + j];
			if (!eg_unpack(e->data).empties)
				continue;
			++*entries;
			misplaced += b > tt->live_mask || (eg_hash(e->p, e->o) & tt->live_mask) != b;
		}
	return misplaced;
}
