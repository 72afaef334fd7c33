/*
 * search_template.h - iterative-deepening principal-variation search, written once and
 * instantiated per game at compile time: every per-node call below is a macro the game
 * defines as a direct (usually inline) call, so no node pays an indirect call.
 *
 * Define before including, in the game's translation unit:
 *   S_PREFIX                name prefix of the generated functions (e.g. dobutsu)
 *   S_POS                   position type (copy-make)
 *   S_MAX_MOVES             bound of the legal move count
 *   S_GEN(p, mv)            legal moves of *p, whose game is not over; returns the count
 *   S_GEN_TACTICAL(p, mv, keys)  the subset quiescence search plays (captures,
 *                           promotions, moves that may end the game), with keys[i] =
 *                           S_TACTICAL(p, mv[i]) for each; returns the count
 *   S_PLAY(p, m, out)       plays m into *out; returns 1 if the game is over after m
 *   S_TERMINAL(p, ply)      score for the side to move of *p, a finished game, at `ply`
 *   S_NO_MOVES(p, ply)      score for the side to move when it has no legal move
 *   S_EVAL(p)               heuristic score for the side to move, |s| < SCORE_HEURISTIC_MAX
 *   S_EVAL_MATERIAL(p)      optional: the material-only score, used instead of S_EVAL when
 *                           ctx->limits.eval_material is set (an ablation for `yomi match`)
 *   S_KEY(p)                exact 64-bit packed key of *p (TT identity and repetition)
 *   S_KEY_AFTER(p, m, k)    optional: the key after legal move m from *p, whose key is k,
 *                           when the game goes on (cheaper than S_KEY of the new position)
 *   S_KEY_POS(p, i)         optional, for games whose positions do not fit in 64 bits:
 *                           word i (0, 1) of *p's exact 128-bit form.  S_KEY is then a hash
 *                           of it, and entries (32 bytes, two to a bucket) also store both
 *                           words, so a probe still never returns another position's entry
 *   S_TACTICAL(p, m)        > 0 for a capture or game-deciding move (ordering weight),
 *                           else 0
 *   S_MOVE_INDEX(m)         index < SEARCH_HISTORY_MAX for the history heuristic
 *   S_REPETITION            1 if a repeated position is a draw
 *   S_REPEAT_SCORE(p, ply, cycle)  optional, with S_REPETITION: the score of repeated
 *                           position *p at ply instead of 0, `cycle` plies after it stood
 *                           before (shogi: perpetual check loses for the checking side)
 *   S_MATE_SEARCH           optional (define it): games whose results are wins and losses
 *                           at a distance run the mate search beside the heuristic one.
 *                           Needs every win at an odd distance and every loss at an even
 *                           one (the mate pass tests one parity)
 *   S_HAS_MOVES(p)          optional: whether *p has a legal move (default: generate them)
 *   S_EXTEND(p)             optional: 1 if the heuristic search extends position *p (just
 *                           reached) by a ply: searches it to its parent's depth instead of
 *                           one less (shogi: the side to move is in check), else 0.  Within
 *                           twice the iteration's depth from the root only
 *   S_PROBCUT(ctx, p, depth, alpha, beta, lo, hi)  optional: Multi-ProbCut in the
 *                           heuristic search's null-window nodes (Buro).  Returns the depth
 *                           of a shallow search of *p that predicts this node's value at
 *                           `depth` (-1: no ProbCut here), and sets *hi (*lo) to the score
 *                           at or above (at or below) which that search predicts a value of
 *                           at least beta (at most alpha) with the game's confidence
 *                           (SCORE_INF, -SCORE_INF: no test).  A node so predicted returns
 *                           beta (alpha) without its search: a heuristic bound, never a
 *                           proven one.  The game keeps it off where exact values matter
 *                           (a search to the end of the game)
 *   S_STAGED                optional, a depth: heuristic nodes this close to the horizon
 *                           without a table move play S_GEN_TACTICAL's moves first and
 *                           generate the rest (S_GEN_QUIET) only when those do not cut.
 *                           Needs S_GEN_TACTICAL to give exactly the moves with
 *                           S_TACTICAL > 0, in S_GEN's order
 *   S_GEN_QUIET(p, mv)      with S_STAGED: the legal moves S_GEN_TACTICAL leaves out, in
 *                           S_GEN's order (the staged nodes' second stage)
 *   S_WIN_MOVE(p)           optional: a legal move of *p that ends the game, won, found
 *                           without generating the moves (Dobutsu: a lion capture), or 0
 *                           (none found: not a test that no such move exists).  Quiescence
 *                           nodes and nodes above the horizon ask it first: such a node is a
 *                           win at ply + 1, and nothing is better
 *   S_THREAT(p, m)          optional: nonzero if quiet move m threatens to end the game
 *                           next move (the mate search tries those first)
 *   S_QUIET3(p)             optional, with S_QUIET3_MOVE: 1 if, in the mate search three
 *                           plies above its horizon, some moves of *p can be told apart
 *                           without playing them as unable to win within 3 plies
 *   S_QUIET3_MOVE(p, m)     1 for such a move m of *p (when S_QUIET3(p) is 1): the game
 *                           guarantees that after m the opponent has a reply that leaves
 *                           the mover no win at once (so m scores 0 or less there)
 *   S_SAFE2(p)              optional: 1 if the game can tell, without playing, that the
 *                           side to move of *p has a move after which the opponent has
 *                           no win at once (the mate search two plies above its horizon)
 *   S_MATE2(p)              optional, for the mate search two plies above its horizon: 1
 *                           if the side to move can win at once; 0 if the game can tell,
 *                           without playing, that the value within 2 plies is 0 (no win,
 *                           and a move that does not lose); -1 if it cannot tell
 *   S_MATE1(p)              optional, for the mate search one ply above its horizon: 1 if
 *                           the side to move can end the game as a win at once; 0 if it
 *                           cannot and has a move that does not end the game; -1 if it
 *                           cannot tell (then the moves are played)
 *   S_MATE_ORDER(p, mv, n, keys, attack)  optional, with S_MATE_ORDER_DEPTH: re-keys the
 *                           moves mv[0..n-1] of *p in the mate search's nodes at least that
 *                           many plies above its horizon, for the side asked for a win
 *                           (attack 1) or asked not to lose (0); keys[i] >= 1 << 30 marks
 *                           the table's move, which the game may key as it likes.  Keys
 *                           above 1 << 28 (like tactical moves) feed no killers or history
 *   S_MATE_ORDER_TT_DEPTH   optional: from this many plies above the horizon, the table's
 *                           move is among the moves S_MATE_ORDER keys; nearer, it comes
 *                           first and the others are keyed only once it has not cut
 * The table entries' layout and rules are in search/search_tt.h, the move ordering in
 * search/search_order.h, repetitions in search/search_repeat.h, the completion of proven
 * lines in search/search_pv.h, the mate pass (which distance the mate search tests next)
 * in search/search_mate.h, two threads' busy marks in one mate test in
 * search/search_busy.h, the helper threads in search/search_smp.h; this file includes them.
 * Defines: static void S_PREFIX##_search(struct search_ctx *ctx, const S_POS *root)
 * Contract: runs iterative deepening from *root (game not over) within ctx->limits, calls
 * ctx->report after each completed iteration and once at the end (final = 1), and leaves
 * the best lines in ctx->lines.  With ctx->limits.threads > 1, helper threads search
 * beside it (lazy SMP, search.h); ctx->nodes then counts every thread's nodes.
 */
#include <string.h>

/* The packaged xxhash.h compiled inline: the per-node hash then costs no library call. */
#ifndef XXH_INLINE_ALL
#define XXH_INLINE_ALL
#endif
#include <xxhash.h>

#include "yomi/search.h"

#ifdef S_KEY_AFTER
#define S_CHILD_KEY(p, m, k, next) S_KEY_AFTER(p, m, k)
#else
#define S_CHILD_KEY(p, m, k, next) S_KEY(next)
#endif

/* The heuristic search's depth for a child *next at ply (its parent at depth): one ply
 * less, or the parent's depth where the game extends the child (S_EXTEND), as long as ply
 * is within twice the iteration's depth, so that a line of extended moves ends. */
#ifdef S_EXTEND
#define S_CHILD_DEPTH(ctx, next, depth, ply) \
	((depth) - 1 + ((ply) < 2 * (ctx)->root_depth && S_EXTEND(next)))
#else
#define S_CHILD_DEPTH(ctx, next, depth, ply) ((depth) - 1)
#endif

#define S_CAT2(a, b) a##_##b
#define S_CAT(a, b) S_CAT2(a, b)
#define SF(name) S_CAT(S_PREFIX, name)

/* The evaluation the limits ask for; one well-predicted branch when the game has a
 * material-only variant, none otherwise. */
#ifdef S_EVAL_MATERIAL
#define S_EVAL_OF(ctx, p) ((ctx)->limits.eval_material ? S_EVAL_MATERIAL(p) : S_EVAL(p))
#else
#define S_EVAL_OF(ctx, p) S_EVAL(p)
#endif

/* The mate search's enhanced transposition cutoffs (SF(tt_etc), search_tt.h) from this
 * depth on: at depth 4 their probes cost more time than the nodes they save
 * (bench/forced.sh).  Its internal iterative deepening of the distance (SF(node)) from
 * S_MATE_IID_DEPTH plies above the horizon, S_MATE_IID_STEP plies shallower. */
#ifndef YOMI_SEARCH_TEMPLATE_ONCE   /* a file may instantiate the template twice */
#define YOMI_SEARCH_TEMPLATE_ONCE
enum { S_ETC_DEPTH = 6, S_MATE_IID_DEPTH = 11, S_MATE_IID_STEP = 4 };
#endif

#include "search/search_tt.h"

#include "search/search_order.h"

static inline void SF(count_node)(struct search_ctx *ctx, int ply)
{
	if ((++ctx->nodes & (TT_TICK_NODES - 1)) == 0) {
		if (ctx->depth_done > 0 || ctx->thread)   /* a helper: whether to stop */
			search_check_limits(ctx);
		if (tt_tick(ctx->tt))
			SF(tt_grow)(ctx->tt);
	}
	if (ply > ctx->seldepth)
		ctx->seldepth = ply;
}

/* pv = m followed by the child's line. */
static inline void SF(pv_set)(struct search_line *pv, yomi_move m, const struct search_line *child)
{
	pv->pv[0] = m;
	memcpy(pv->pv + 1, child->pv, sizeof(yomi_move) * (size_t)child->len);
	pv->len = child->len + 1;
}

/* A node whose side to move wins at once (S_WIN_MOVE): *score is that win, and pv the move
 * (the game ends with it).  No heuristic rests on it, and the node needs no table entry. */
static inline int SF(wins_now)(const S_POS *p, int ply, struct search_line *pv, int *score)
{
#ifdef S_WIN_MOVE
	const yomi_move m = S_WIN_MOVE(p);
	if (m) {
		pv->pv[0] = m;
		pv->len = 1;
		*score = SCORE_WIN - (ply + 1);
		return 1;
	}
#else
	(void)p, (void)ply, (void)pv, (void)score;
#endif
	return 0;
}

/* Quiescence: stand pat on the evaluation, or play tactical moves only.  pv receives the
 * moves of the best line below this node, so a result found here shows in full. */
static int SF(qsearch)(struct search_ctx *ctx, const S_POS *p, int alpha, int beta, int ply,
                       struct search_line *pv)
{
	pv->len = 0;
	SF(count_node)(ctx, ply);
	int best;
	if (SF(wins_now)(p, ply, pv, &best))
		return best;
	ctx->horizon++;
	if (ctx->stopped)
		return 0;
	best = S_EVAL_OF(ctx, p);
	if (best >= beta || ply >= SEARCH_MAX_PLY - 1)
		return best;
	if (best > alpha)
		alpha = best;
	/* A side without any legal move is not told apart here: at the horizon the stand-pat
	 * score stands in for it (the node is heuristic anyway). */
	yomi_move moves[S_MAX_MOVES];
	int keys[S_MAX_MOVES];
	const int t = S_GEN_TACTICAL(p, moves, keys);
	if (t == 0)
		return best;
	struct search_line child;
	for (int i = 0; i < t; i++) {
		const yomi_move m = SF(pick)(moves, keys, t, i);
		S_POS next;
		int score;
		if (S_PLAY(p, m, &next)) {
			score = -S_TERMINAL(&next, ply + 1);
			child.len = 0;
		} else {
			score = -SF(qsearch)(ctx, &next, -beta, -alpha, ply + 1, &child);
		}
		if (score > best) {
			best = score;
			if (score > alpha) {
				alpha = score;
				SF(pv_set)(pv, m, &child);
				if (score >= beta)
					break;
			}
		}
	}
	return best;
}

#include "search/search_repeat.h"

/* Whether *p has a legal move (the mate search's horizon: no move is a loss). */
static inline int SF(has_moves)(const S_POS *p)
{
#ifdef S_HAS_MOVES
	return S_HAS_MOVES(p);
#else
	yomi_move moves[S_MAX_MOVES];
	return S_GEN(p, moves) > 0;
#endif
}

static int SF(pvs)(struct search_ctx *ctx, const S_POS *p, uint64_t key, int alpha, int beta,
                   int depth, int ply, struct search_line *pv);

/* SF(pvs) at depth 0 (the repetition test, then quiescence), called straight from the
 * parent: most heuristic nodes are these, and the call skips the node's large frame. */
static inline int SF(leaf)(struct search_ctx *ctx, const S_POS *p, uint64_t key, int alpha,
                           int beta, int ply, struct search_line *pv)
{
	if (S_REPETITION && SF(is_repetition)(ctx, key, ply)) {
		pv->len = 0;
		ctx->horizon++;
		return SF(repeat_score)(ctx, p, key, ply);
	}
	return SF(qsearch)(ctx, p, alpha, beta, ply, pv);
}
static int SF(mate)(struct search_ctx *ctx, const S_POS *p, uint64_t key, int alpha, int beta,
                    int depth, int ply, struct search_line *pv);

#ifdef S_MATE_SEARCH
#include "search/search_busy.h"
#endif
#if defined(S_MATE_ORDER) && !defined(S_MATE_ORDER_TT_DEPTH)
#define S_MATE_ORDER_TT_DEPTH SEARCH_MAX_PLY   /* never: the table's move always first */
#endif

/* Principal-variation search, written once for two searches (`mate` is a constant in each
 * instantiation below):
 *   pvs   the heuristic search: quiescence and evaluation at the horizon.  pv receives the
 *         line below this node (not cut by the TT at PV nodes, so PVs are as long as the
 *         search saw).
 *   mate  the mate search: a position not decided within `depth` plies scores 0, so only
 *         game results count; with a window at +-(SCORE_WIN - N) it answers "is there a win
 *         (loss) within N plies" far faster than the heuristic search, and exactly: no
 *         pruning but alpha-beta, mate distance and the table.  Its PV is cut where the
 *         table decides a PV node. */
static inline __attribute__((always_inline)) int
SF(node)(struct search_ctx *ctx, const S_POS *p, uint64_t key, int alpha, int beta, int depth,
         int ply, struct search_line *pv, const int mate)
{
	pv->len = 0;
	/* Before the horizon test, so a repetition one ply from the root is seen too. */
	if (S_REPETITION && ply > 0) {
		const int repeats = SF(repetition_at)(ctx, key, ply);
		if (repeats != SEARCH_NO_REPEAT) {
			if (mate && repeats < ctx->repeat_ply)
				ctx->repeat_ply = repeats;
			if (mate && ply < ctx->repeat_at)
				ctx->repeat_at = ply;
			ctx->horizon++;
			return SF(repeat_score)(ctx, p, key, ply);
		}
	}
	if (depth <= 0) {
		if (!mate)
			return SF(qsearch)(ctx, p, alpha, beta, ply, pv);
		SF(count_node)(ctx, ply);
		if (!SF(has_moves)(p))
			return S_NO_MOVES(p, ply);
		ctx->horizon++;
		return 0;
	}
	SF(count_node)(ctx, ply);
	if (ctx->stopped)
		return 0;
	int won;
	if (SF(wins_now)(p, ply, pv, &won))
		return won;
#ifdef S_MATE1
	if (mate && depth == 1) {
		/* One ply left: only a move that ends the game now can count, which the game can
		 * often tell without playing its moves. */
		const int now = S_MATE1(p);
		if (now > 0)
			return SCORE_WIN - (ply + 1);
		if (now == 0) {
			ctx->horizon++;
			return 0;
		}
	}
#endif
#ifdef S_SAFE2
	if (mate && depth == 2 && beta <= 0 && S_SAFE2(p)) {
		/* Two plies left and no loss within them is all this side needs: the game can
		 * tell that it has a move leaving the opponent no win at once. */
		ctx->horizon++;
		return 0;
	}
#endif
#ifdef S_MATE2
	/* Two plies left: when the game can tell the value without playing a move, the node
	 * skips its table probe (a cache miss) and its moves.  On bench/forced.sh's forced
	 * results with 20 s and the default 256 MB table, 65.0 s in all instead of 73.9 s:
	 * of the 13 taking over 0.3 s, 10 faster, #17 and #23 slower (perhaps because these
	 * nodes' cutoffs no longer feed the history table), one unproven by both; with 64 MB,
	 * 85.4 s instead of 87.5 s. */
	if (mate && depth == 2) {
		const int now = S_MATE2(p);
		if (now > 0)
			return SCORE_WIN - (ply + 1);
		if (now == 0) {
			ctx->horizon++;
			return 0;
		}
	}
#endif
	/* Frontier nodes (depth 1) skip the table: their subtrees are tiny, and the probe's
	 * cache miss cost more than the cutoffs it finds (measured with yomi bench). */
	const int use_tt = depth >= 2;
	struct SF(tt_entry) *bucket = use_tt ? SF(tt_bucket)(ctx->tt, ctx->near, key, depth)
	                                     : NULL;
	const uint64_t live_mask = tt_live_mask(ctx->tt);   /* see the store */
	if (use_tt)
		__builtin_prefetch(bucket);
	if (ply >= SEARCH_MAX_PLY - 1) {
		ctx->horizon++;
		return mate ? 0 : S_EVAL_OF(ctx, p);
	}
	/* The moves before the probe: generating them hides the bucket's cache miss.  Near the
	 * horizon (S_STAGED) a node without a table move starts with its tactical moves only,
	 * which often cut; the quiet ones are generated and keyed when they have not (keys as
	 * SF(order) gives them; only ties among equal keys may fall in another order).
	 * Measured on yomi bench (callgrind): 896 instructions a node instead of 990. */
	yomi_move moves[S_MAX_MOVES];
	int keys[S_MAX_MOVES];
#ifdef S_STAGED
	int staged = !mate && depth <= S_STAGED;
#else
	int staged = 0;
#endif
	int n = 0;
	if (staged ? !SF(has_moves)(p) : (n = S_GEN(p, moves)) == 0)
		return S_NO_MOVES(p, ply);
	/* Mate distance pruning: no line from here can beat a win already found nearer. */
	const int mate_lo = -(SCORE_WIN - ply), mate_hi = SCORE_WIN - ply - 1;
	if (alpha < mate_lo)
		alpha = mate_lo;
	if (beta > mate_hi)
		beta = mate_hi;
	if (alpha >= beta)
		return alpha;
	const int is_pv = beta - alpha > 1;
	const int alpha0 = alpha;
	yomi_move tt_move = 0;
	const uint64_t e = use_tt ? SF(tt_find)(bucket, key, p) : 0;
	if (e) {
		tt_move = tt_d_move(e);
		const int s = SF(score_from_tt)(tt_d_score(e), ply), eb = tt_d_bound(e);
		if ((!is_pv || mate) && SF(tt_usable)(e, s, depth, mate) &&
		    (eb == BOUND_EXACT || (eb == BOUND_LOWER && s >= beta) ||
		     (eb == BOUND_UPPER && s <= alpha))) {
			if (score_is_mate(s) ? tt_d_exact(e) == TT_HEURISTIC : tt_d_exact(e) != TT_PROVEN)
				ctx->horizon++;
			return s;
		}
	}
#if defined(S_KEY_AFTER) && !defined(S_KEY_POS)
	int etc;
	if (mate && depth >= S_ETC_DEPTH && SF(tt_etc)(ctx, p, key, moves, n, beta, depth, ply, &etc))
		return etc;
#endif
	if (!mate && ctx->limits.prune && !is_pv && depth <= 3 && !score_is_mate(beta)) {
		/* Forward pruning (opt-in, inexact): a position far above beta is cut. */
		const int eval = S_EVAL_OF(ctx, p);
		if (eval - 150 * depth >= beta) {
			ctx->horizon++;
			return eval;
		}
	}
#ifdef S_PROBCUT
	if (!mate && !is_pv) {
		/* Multi-ProbCut: a shallow null-window search at the bound the game predicts for
		 * beta (alpha) stands in for the node's search (S_PROBCUT above). */
		int pc_lo, pc_hi;
		const int pd = S_PROBCUT(ctx, p, depth, alpha, beta, &pc_lo, &pc_hi);
#define S_SHALLOW(a, b) (pd > 0 ? SF(pvs)(ctx, p, key, a, b, pd, ply, pv) \
                         : SF(qsearch)(ctx, p, a, b, ply, pv))
		if (pd >= 0 && pc_hi < SCORE_HEURISTIC_MAX && S_SHALLOW(pc_hi - 1, pc_hi) >= pc_hi) {
			pv->len = 0;
			ctx->horizon++;
			return beta;
		}
		if (pd >= 0 && pc_lo > -SCORE_HEURISTIC_MAX && S_SHALLOW(pc_lo, pc_lo + 1) <= pc_lo) {
			pv->len = 0;
			ctx->horizon++;
			return alpha;
		}
#undef S_SHALLOW
		pv->len = 0;
		if (ctx->stopped)
			return 0;
	}
#endif
	if (mate && alpha >= 0 && depth >= S_MATE_IID_DEPTH) {
		/* Internal iterative deepening of the distance: a win within depth -
		 * S_MATE_IID_STEP plies is a win within depth, and found there a wrong first try
		 * costs a far smaller refutation (in a proof, most nodes go to refuting the
		 * winner's wrong tries).  If it fails, the node is searched in full.
		 * bench/forced-nodes.sh: 190 M nodes in all instead of 229 M (e21c06e: variants). */
		const int s = SF(mate)(ctx, p, key, alpha, beta, depth - S_MATE_IID_STEP, ply, pv);
		if (ctx->stopped)
			return 0;
		if (s >= beta)
			return s;
		pv->len = 0;
	}
	const uint64_t horizon0 = ctx->horizon;
	SF(path_set)(ctx, ply, key);
#ifdef S_MATE_ORDER
	int mate_order = 0;   /* 1: S_MATE_ORDER is yet to key moves[1..] (see below) */
#endif
	if (staged && tt_move) {   /* the table's move first, as SF(order) keys it */
		n = S_GEN(p, moves);
		SF(order)(ctx, p, moves, n, keys, tt_move, ply, mate, 0);
		staged = 0;
	} else if (staged) {
		n = S_GEN_TACTICAL(p, moves, keys);
		for (int i = 0; i < n; i++)
			keys[i] += 1 << 28;   /* as SF(order) keys them */
	} else {
		SF(order)(ctx, p, moves, n, keys, tt_move, ply, mate, 0);
#ifdef S_MATE_ORDER
		/* Far from the horizon, the game re-keys the moves (all but the table's move) by
		 * a finer, costlier order (dobutsu_policy.h), one for the side asked for a win
		 * (alpha >= 0: the last argument 1) and one for the side asked not to lose (0).
		 * bench/forced-nodes.sh: 414 M nodes in all, against 501 M without it and the
		 * store of no move below, and 514 M with that store alone (the winner's order
		 * alone); with the defender's order too, both fitted to the search's own nodes,
		 * 362 M.  With a table move, which comes first anyway and most often cuts, the
		 * others are keyed only once it has not (below): the same order and nodes, and on
		 * bench/forced.sh's forced results (one thread) 17.4 s of cpu in all, not 18.8 s.
		 * Farther (S_MATE_ORDER_TT_DEPTH), the game keys the table's move too: that move
		 * is only what an earlier, shallower search preferred (the heuristic search's
		 * best, or the first move that held out in a shorter test), and at the nodes of
		 * the hardest forced result whose value lies within the depth, it was a winning
		 * (best defending) move less often than the game's first choice: 68% (47%)
		 * against 79% (61%). */
		if (mate && depth >= S_MATE_ORDER_DEPTH) {
			int has_tt_move = 0;   /* nearer than S_MATE_ORDER_TT_DEPTH only */
			for (int i = 0; tt_move && depth < S_MATE_ORDER_TT_DEPTH && i < n; i++)
				has_tt_move |= moves[i] == tt_move;
			if (has_tt_move)
				mate_order = 1;
			else
				S_MATE_ORDER(p, moves, n, keys, alpha >= 0);
		}
#endif
	}
	struct search_line child;
	int best = -SCORE_INF;
	yomi_move best_move = 0;
#ifdef S_QUIET3
	/* Three plies left and alpha at 0 or above (the window asks this side for a win): a
	 * move that cannot win within 3 plies scores 0 or less here, so it cannot raise alpha
	 * and is not played; the node's bound counts it as 0, which rests on the horizon. */
	int quiet3 = mate && depth == 3 && alpha >= 0 && S_QUIET3(p);
#endif
	int picked = 0;   /* a move already picked ahead (see below), or 0: none */
	const int repeat0 = ctx->repeat_ply, repeat_at0 = ctx->repeat_at;   /* see the store */
	if (mate)
		ctx->repeat_ply = ctx->repeat_at = SEARCH_NO_REPEAT;
#ifdef S_MATE_SEARCH
	/* Moves another thread is in, searched after the others (search_busy.h). */
	const int busy_marks = mate && ctx->smp && depth - 1 >= SEARCH_BUSY_DEPTH;
	struct SF(busy_defer) defer;
	defer.on = busy_marks;
	defer.n = 0;
#define S_DEFERRED defer.n
#else
#define S_DEFERRED 0
#endif
	for (int i = 0; i < n || staged || S_DEFERRED; i++) {
#undef S_DEFERRED
#ifdef S_MATE_SEARCH
		if (i == n && defer.n) {
			SF(busy_resume)(&defer, moves, keys, &n);
			i = picked = 0;
		}
#endif
#ifdef S_STAGED
		if (i == n) {   /* the tactical moves did not cut: the quiet ones follow */
			n += S_GEN_QUIET(p, moves + n);
			SF(order)(ctx, p, moves + i, n - i, keys + i, 0, ply, mate, 1);
			staged = 0;
			if (i == n)
				break;
		}
#endif
#ifdef S_MATE_ORDER
		if (mate_order && i == 1) {   /* the table's move, moves[0], did not cut */
			S_MATE_ORDER(p, moves + 1, n - 1, keys + 1, alpha0 >= 0);
			mate_order = 0;
		}
#endif
		const yomi_move m = i && i == picked ? moves[i] : SF(pick)(moves, keys, n, i);
#ifdef S_KEY_AFTER
		/* Past the first move (most likely a node where every move is searched): the
		 * next move is picked now and its child's bucket fetched while this move's
		 * subtree runs, so that probe finds it in the cache (after a lion capture the key
		 * is wrong: a wasted prefetch, nothing more).  Same nodes.  bench/forced.sh (20 s,
		 * --hash 256), the mate search alone: the 33 results it proves in 33.5 s instead
		 * of 36.8 s.  yomi bench: 11.5-11.7 M nodes/s instead of 10.7-11.1 M; from the
		 * first move on, 11.2 M; for children in the small table too, 11.0-11.4 M. */
		if (i >= 1 && i + 1 < n && depth - 1 > TT_NEAR_DEPTH) {
			picked = i + 1;
			const yomi_move m2 = SF(pick)(moves, keys, n, picked);
			__builtin_prefetch(SF(tt_bucket)(ctx->tt, ctx->near, S_KEY_AFTER(p, m2, key),
			                                 depth - 1));
		}
#endif
		S_POS next;
		int score;
#ifdef S_QUIET3
		if (quiet3 && S_QUIET3_MOVE(p, m)) {
			if (quiet3 == 1) {
				quiet3 = 2;
				ctx->horizon++;
				if (best < 0)
					best = 0;
			}
			continue;
		}
#endif
		if (S_PLAY(p, m, &next)) {
			score = -S_TERMINAL(&next, ply + 1);
			child.len = 0;
		} else {
			const uint64_t ck = S_CHILD_KEY(p, m, key, &next);
			const int cd = mate ? depth - 1 : S_CHILD_DEPTH(ctx, &next, depth, ply + 1);
#ifdef S_MATE_SEARCH
			uint64_t busy_tag = 0, *busy = NULL;
			if (busy_marks && SF(busy_enter)(ctx, &defer, i, ck, cd, &busy, &busy_tag))
				continue;
#endif
#define S_CHILD(a, b) (mate ? -SF(mate)(ctx, &next, ck, a, b, cd, ply + 1, &child) \
                       : cd > 0 ? -SF(pvs)(ctx, &next, ck, a, b, cd, ply + 1, &child) \
                       : -SF(leaf)(ctx, &next, ck, a, b, ply + 1, &child))
			if (i == 0) {
				score = S_CHILD(-beta, -alpha);
			} else {
				score = S_CHILD(-alpha - 1, -alpha);
				if (score > alpha && score < beta)
					score = S_CHILD(-beta, -alpha);
			}
#undef S_CHILD
#ifdef S_MATE_SEARCH
			if (busy)
				SF(busy_leave)(busy, busy_tag);
#endif
		}
		if (ctx->stopped)
			return 0;
		if (score > best) {
			best = score;
			best_move = m;
			if (score > alpha) {
				alpha = score;
				SF(pv_set)(pv, m, &child);
				if (score >= beta) {
					if (keys[i] < (1 << 28)) {   /* a quiet move: remember it */
						if (ctx->killers[ply][0] != m) {
							ctx->killers[ply][1] = ctx->killers[ply][0];
							ctx->killers[ply][0] = m;
						}
						int32_t *h = &ctx->history[ply & 1][S_MOVE_INDEX(m)];
						*h += depth * depth;
						if (*h > (1 << 26))
							for (int s = 0; s < 2; s++)
								for (int j = 0; j < SEARCH_HISTORY_MAX; j++)
									ctx->history[s][j] /= 2;
					}
					break;
				}
			}
		}
	}
	const int bound = best >= beta ? BOUND_LOWER : best > alpha0 ? BOUND_EXACT : BOUND_UPPER;
	const int exact = ctx->horizon == horizon0 ? TT_PROVEN : mate ? TT_MATE_ONLY : TT_HEURISTIC;
	/* A mate search result below which a position above this node was repeated may hold on
	 * this line only: the repetition's 0 (a draw) can have stood in for a win of the side
	 * that was winning there.  Stored as it is, such a "no win within N" made other lines
	 * through this position miss wins (graph history interaction).  It holds anywhere for
	 * fewer plies than the nearest repetition is away: a win that short would have been
	 * searched without meeting one.  A proven win or loss holds anywhere: the draws only
	 * took lines away from the winner.  A repetition within the subtree holds wherever the
	 * node is reached.  bench/forced-nodes.sh: 488 M nodes in all; 453 M with such results
	 * stored as they are, 531 M with none stored. */
	int store_depth = depth;
	if (mate && ctx->repeat_ply < ply && ctx->repeat_at - ply - 1 < depth &&
	    !(bound == BOUND_LOWER ? best > 0 : bound == BOUND_UPPER && best < 0))
		store_depth = ctx->repeat_at - ply - 1;
	int stored = best;
	if (exact == TT_MATE_ONLY && (bound == BOUND_UPPER ? score_is_win(best)
	                              : bound == BOUND_LOWER && score_is_loss(best)) &&
	    score_distance(best) - ply > store_depth + 1) {
		/* A bound beyond the horizon: "no win faster than N plies" (or no loss) with N
		 * more than depth + 1 away rests on moves the horizon scored 0, which may win
		 * (lose) in depth + 1.  It holds only within this depth: stored as a 0 there, so
		 * a deeper search does not take it for a bound at any depth (it once made the
		 * mate search miss a loss in 18 of S/lEG/-ec/---/-L-/cg). */
		stored = 0;
	}
	if (mate && repeat0 < ctx->repeat_ply)
		ctx->repeat_ply = repeat0;
	if (mate && repeat_at0 < ctx->repeat_at)
		ctx->repeat_at = repeat_at0;
	if (use_tt && tt_live_mask(ctx->tt) != live_mask)   /* the table grew meanwhile (tt.h) */
		bucket = SF(tt_bucket)(ctx->tt, ctx->near, key, depth);
	/* A mate test's winning side that found no win within depth keeps the entry's move (no
	 * move given): its best move is then only the first one tried, and stored it would come
	 * first again in the next, deeper test. */
	if (mate && bound == BOUND_UPPER && alpha0 >= 0)
		best_move = 0;
	if (use_tt && store_depth >= 2)
		SF(tt_store)(bucket, tt_age(ctx->tt), p, key, best_move, stored, store_depth, bound, exact,
		             ply);
	return best;
}

static int SF(pvs)(struct search_ctx *ctx, const S_POS *p, uint64_t key, int alpha, int beta,
                   int depth, int ply, struct search_line *pv)
{
	return SF(node)(ctx, p, key, alpha, beta, depth, ply, pv, 0);
}

static int SF(mate)(struct search_ctx *ctx, const S_POS *p, uint64_t key, int alpha, int beta,
                    int depth, int ply, struct search_line *pv)
{
	return SF(node)(ctx, p, key, alpha, beta, depth, ply, pv, 1);
}

/* One root search over moves[from..n-1] with window (alpha, beta); the best move is
 * swapped to moves[from] and its line written to *line.  Returns the score. */
static int SF(root)(struct search_ctx *ctx, const S_POS *root, yomi_move *moves, int n,
                    int from, int alpha, int beta, int depth, struct search_line *line)
{
	struct search_line child;
	int best = -SCORE_INF, best_i = from;
	line->len = 0;
	for (int i = from; i < n; i++) {
		S_POS next;
		int score;
		ctx->nodes++;
		if (S_PLAY(root, moves[i], &next)) {
			score = -S_TERMINAL(&next, 1);
			child.len = 0;
		} else {
			const uint64_t ck = S_CHILD_KEY(root, moves[i], ctx->path[0], &next);
#define S_ROOT_CD S_CHILD_DEPTH(ctx, &next, depth, 1)
			if (i == from) {
				score = -SF(pvs)(ctx, &next, ck, -beta, -alpha, S_ROOT_CD, 1, &child);
			} else {
				score = -SF(pvs)(ctx, &next, ck, -alpha - 1, -alpha, S_ROOT_CD, 1, &child);
				if (score > alpha && score < beta)
					score = -SF(pvs)(ctx, &next, ck, -beta, -alpha, S_ROOT_CD, 1, &child);
			}
#undef S_ROOT_CD
		}
		if (ctx->stopped)
			break;
		if (score > best) {
			best = score;
			best_i = i;
			line->pv[0] = moves[i];
			memcpy(line->pv + 1, child.pv, sizeof(yomi_move) * (size_t)child.len);
			line->len = child.len + 1;
			if (score > alpha)
				alpha = score;
			if (alpha >= beta)
				break;
		}
	}
	/* Keep the order of the others, best first: the next iteration starts with it. */
	const yomi_move m = moves[best_i];
	memmove(moves + from + 1, moves + from, sizeof(yomi_move) * (size_t)(best_i - from));
	moves[from] = m;
	line->score = best;
	return best;
}

#include "search/search_pv.h"

#ifdef S_MATE_SEARCH
#include "search/search_mate.h"
#endif

/* Iterative deepening from *root until ctx's limits, a proof, or (a helper) the main
 * thread's word; reports each finished iteration (the main thread), offers it to the main
 * thread (a helper). */
static void SF(iterate)(struct search_ctx *ctx, const S_POS *root)
{
	yomi_move moves[S_MAX_MOVES];
	const int n = S_GEN(root, moves);
	const int lines = ctx->limits.multipv < n ? ctx->limits.multipv : n;
	ctx->start = search_clock();
	ctx->history_seen = 0;
	for (int i = 0; i < ctx->game_history_len; i++)
		ctx->history_seen |= SF(path_bit)(ctx->game_history[i]);
	SF(path_set)(ctx, 0, S_KEY(root));
	if (!ctx->thread)
		tt_new_search(ctx->tt);
	struct search_line *found = ctx->lines;
#ifdef S_MATE_SEARCH
	struct SF(mate_state) mate = {{2, 1}, 0};
#endif
	for (int depth = 1; depth <= ctx->limits.depth && n > 0; depth++) {
		/* Staggered depths: a helper skips a depth that half of the threads (the main one
		 * at least) already search, so the threads fill the table for the next depths. */
		int *at_depth = ctx->smp ? &ctx->smp->at_depth[depth] : NULL;
		if (ctx->thread && depth < ctx->limits.depth &&
		    __atomic_load_n(at_depth, __ATOMIC_RELAXED) >= (ctx->smp->threads + 1) / 2)
			continue;
		if (at_depth)
			__atomic_add_fetch(at_depth, 1, __ATOMIC_RELAXED);
		struct search_line cur[SEARCH_MAX_MULTIPV];
		const uint64_t horizon0 = ctx->horizon;
		ctx->root_depth = depth;
		ctx->seldepth = 0;
		for (int k = 0; k < lines && !ctx->stopped; k++) {
			/* Aspiration window around the previous score for the best line. */
			int prev = ctx->nlines > k ? found[k].score : 0, delta = 40;
			int alpha = -SCORE_INF, beta = SCORE_INF;
			if (depth >= 4 && ctx->nlines > k && !score_is_mate(prev)) {
				alpha = prev - delta;
				beta = prev + delta;
			}
			for (;;) {
				int s = SF(root)(ctx, root, moves, n, k, alpha, beta, depth, &cur[k]);
				if (ctx->stopped)
					break;
				if (s <= alpha && alpha > -SCORE_INF) {
					delta *= 4;
					alpha = s - delta < -SCORE_HEURISTIC_MAX ? -SCORE_INF : s - delta;
				} else if (s >= beta && beta < SCORE_INF) {
					delta *= 4;
					beta = s + delta > SCORE_HEURISTIC_MAX ? SCORE_INF : s + delta;
				} else {
					break;
				}
			}
		}
		if (at_depth)
			__atomic_sub_fetch(at_depth, 1, __ATOMIC_RELAXED);
		if (ctx->stopped)
			break;
		/* Lines in score order (a stable insertion): a later line's search, with its own
		 * window and a fuller table, can score above an earlier one, and line 1 must be
		 * the best move.  The root's moves follow, so the next iteration starts alike. */
		for (int k = 1; k < lines; k++) {
			const struct search_line l = cur[k];
			const yomi_move m = moves[k];
			int j = k;
			for (; j > 0 && cur[j - 1].score < l.score; j--) {
				cur[j] = cur[j - 1];
				moves[j] = moves[j - 1];
			}
			cur[j] = l;
			moves[j] = m;
		}
		/* The iteration is complete: it replaces the previous one. */
		const int exact = ctx->horizon == horizon0;
		ctx->depth_done = depth;
		for (int k = 0; k < lines; k++) {
			found[k] = cur[k];
			found[k].proven = exact || (score_is_mate(cur[k].score) &&
			                            score_distance(cur[k].score) <= depth);
			if (found[k].proven)
				SF(complete_pv)(ctx, root, &found[k]);
		}
		ctx->nlines = lines;
#ifdef S_MATE_SEARCH
		if (lines == 1 && !found[0].proven) {
			struct search_line proof;
			if (SF(mate_pass)(ctx, root, &mate, found[0].score, &proof))
				found[0] = proof;
		}
#endif
		int all_proven = 1;
		for (int k = 0; k < lines; k++)
			all_proven &= found[k].proven;
		if (ctx->thread)
			search_smp_offer(ctx, depth, &found[0]);
		else if (ctx->smp)
			__atomic_store_n(&ctx->smp->lean, found[0].score, __ATOMIC_RELAXED);
		if (ctx->report) {
			struct search_report r = {depth, ctx->seldepth, search_nodes(ctx),
			                          search_clock() - ctx->start, lines, found, 0, 0};
			ctx->report(&r, root, ctx->report_arg);
		}
		if (all_proven)
			break;
		/* Do not start an iteration that cannot finish in the time left. */
		if (ctx->limits.seconds > 0 &&
		    search_clock() - ctx->start > ctx->limits.seconds * 0.6)
			break;
		if (ctx->limits.nodes && search_nodes(ctx) >= ctx->limits.nodes)
			break;
		search_check_limits(ctx);
		if (ctx->stopped)
			break;
	}
}

#include "search/search_smp.h"

static void SF(search)(struct search_ctx *ctx, const S_POS *root)
{
	const int smp = ctx->limits.threads > 1 && !ctx->smp &&
	                search_smp_start(ctx, root, SF(helper)) == 0;
	SF(iterate)(ctx, root);
	if (smp)
		SF(smp_finish)(ctx, root);
	if (ctx->report) {
		struct search_report r = {ctx->depth_done, ctx->seldepth, ctx->nodes,
		                          search_clock() - ctx->start, ctx->nlines, ctx->lines, 1, 0};
		ctx->report(&r, root, ctx->report_arg);
	}
}

#undef S_EVAL_OF
#undef S_CHILD_KEY
#undef S_CHILD_DEPTH
#undef S_TT_IS
#undef S_TT_SET_POS
#undef S_CAT2
#undef S_CAT
#undef SF
