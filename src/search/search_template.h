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
 *   S_GEN_TACTICAL(p, mv)   the subset quiescence search plays (captures, promotions,
 *                           moves that may end the game); returns the count
 *   S_PLAY(p, m, out)       plays m into *out; returns 1 if the game is over after m
 *   S_TERMINAL(p, ply)      score for the side to move of *p, a finished game, at `ply`
 *   S_NO_MOVES(p, ply)      score for the side to move when it has no legal move
 *   S_EVAL(p)               heuristic score for the side to move, |s| < SCORE_HEURISTIC_MAX
 *   S_EVAL_MATERIAL(p)      optional: the material-only score, used instead of S_EVAL when
 *                           ctx->limits.eval_material is set (an ablation for `yomi match`)
 *   S_KEY(p)                exact 64-bit packed key of *p (TT identity and repetition)
 *   S_KEY_POS(p, i)         optional, for games whose positions do not fit in 64 bits:
 *                           word i (0, 1) of *p's exact 128-bit form.  S_KEY is then a hash
 *                           of it, and entries (32 bytes, two to a bucket) also store both
 *                           words, so a probe still never returns another position's entry
 *   S_TACTICAL(p, m)        > 0 for a capture or game-deciding move (ordering weight),
 *                           else 0
 *   S_MOVE_INDEX(m)         index < SEARCH_HISTORY_MAX for the history heuristic
 *   S_REPETITION            1 if a repeated position is a draw
 * Defines: static void S_PREFIX##_search(struct search_ctx *ctx, const S_POS *root)
 * Contract: runs iterative deepening from *root (game not over) within ctx->limits, calls
 * ctx->report after each completed iteration and once at the end (final = 1), and leaves
 * the best lines in ctx->lines.
 */
#include <string.h>

/* The packaged xxhash.h compiled inline: the per-node hash then costs no library call. */
#ifndef XXH_INLINE_ALL
#define XXH_INLINE_ALL
#endif
#include <xxhash.h>

#include "yomi/search.h"

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

enum { BOUND_UPPER = 1, BOUND_LOWER = 2, BOUND_EXACT = 3 };

/* 16 bytes; four to a 64-byte bucket (32 and two with S_KEY_POS).  `exact` marks a value
 * computed without any heuristic leaf below it, so a proof may rest on it. */
struct SF(tt_entry) {
	uint64_t key;
	uint16_t move;
	int16_t score;
	uint8_t depth;
	uint8_t bound;
	uint8_t age;
	uint8_t exact;
#ifdef S_KEY_POS
	uint64_t pos[2];
#endif
};
enum { SF(ways) = TT_BUCKET_BYTES / sizeof(struct SF(tt_entry)) };
_Static_assert(sizeof(struct SF(tt_entry)) * SF(ways) == TT_BUCKET_BYTES, "bucket layout");

/* Whether entry e is position p's (key is S_KEY(p)); with S_KEY_POS, compared in full. */
#ifdef S_KEY_POS
#define S_TT_IS(e, key, p) ((e).key == (key) && (e).pos[0] == S_KEY_POS(p, 0) && \
                            (e).pos[1] == S_KEY_POS(p, 1))
#define S_TT_SET_POS(e, p) ((e).pos[0] = S_KEY_POS(p, 0), (e).pos[1] = S_KEY_POS(p, 1))
#else
#define S_TT_IS(e, key, p) ((void)(p), (e).key == (key))
#define S_TT_SET_POS(e, p) ((void)(p))
#endif

static inline struct SF(tt_entry) *SF(tt_bucket)(const struct tt *tt, uint64_t key)
{
	const uint64_t h = XXH3_64bits(&key, sizeof key);
	return (struct SF(tt_entry) *)tt->mem + (h & tt->mask) * SF(ways);
}

/* Mate scores are stored relative to the node, so they stay right at any ply. */
static inline int SF(score_to_tt)(int s, int ply)
{
	return score_is_win(s) ? s + ply : score_is_loss(s) ? s - ply : s;
}
static inline int SF(score_from_tt)(int s, int ply)
{
	return score_is_win(s) ? s - ply : score_is_loss(s) ? s + ply : s;
}

static inline void SF(tt_store)(struct tt *tt, const S_POS *p, uint64_t key, yomi_move move,
                                int score, int depth, int bound, int exact, int ply)
{
	struct SF(tt_entry) *b = SF(tt_bucket)(tt, key), *victim = &b[0];
	int worst = 1 << 30;
	for (int i = 0; i < SF(ways); i++) {
		if (S_TT_IS(b[i], key, p) || !b[i].bound) {
			victim = &b[i];
			if (S_TT_IS(b[i], key, p) && !move)
				move = b[i].move;   /* keep the old best move */
			break;
		}
		/* Replace the shallowest entry, counting older searches' entries as shallower. */
		const int worth = b[i].depth - 8 * ((tt->age - b[i].age) & 63);
		if (worth < worst) {
			worst = worth;
			victim = &b[i];
		}
	}
	victim->key = key;
	S_TT_SET_POS(*victim, p);
	victim->move = (uint16_t)move;
	victim->score = (int16_t)SF(score_to_tt)(score, ply);
	victim->depth = (uint8_t)(depth < 0 ? 0 : depth > 255 ? 255 : depth);
	victim->bound = (uint8_t)bound;
	victim->age = tt->age;
	victim->exact = (uint8_t)exact;
}

/* Move ordering: TT move, then tactical moves (captures by victim value), killers, then
 * quiet moves by history.  Picks the best remaining move each time (lists are short). */
static inline void SF(order)(struct search_ctx *ctx, const S_POS *p, const yomi_move *moves,
                             int n, int *keys, yomi_move tt_move, int ply)
{
	const int side = ply & 1;   /* the side to move, relative to the root */
	(void)p;
	for (int i = 0; i < n; i++) {
		const yomi_move m = moves[i];
		int k;
		if (m == tt_move)
			k = 1 << 30;
		else if ((k = S_TACTICAL(p, m)) > 0)
			k += 1 << 28;
		else if (m == ctx->killers[ply][0])
			k = (1 << 27) + 1;
		else if (m == ctx->killers[ply][1])
			k = 1 << 27;
		else
			k = ctx->history[side][S_MOVE_INDEX(m)];
		keys[i] = k;
	}
}

static inline yomi_move SF(pick)(yomi_move *moves, int *keys, int n, int i)
{
	int best = i;
	for (int j = i + 1; j < n; j++)
		if (keys[j] > keys[best])
			best = j;
	const yomi_move m = moves[best];
	const int k = keys[best];
	moves[best] = moves[i];
	keys[best] = keys[i];
	moves[i] = m;
	keys[i] = k;
	return m;
}

static inline void SF(count_node)(struct search_ctx *ctx, int ply)
{
	if ((++ctx->nodes & 4095) == 0 && ctx->depth_done > 0)
		search_check_limits(ctx);
	if (ply > ctx->seldepth)
		ctx->seldepth = ply;
}

/* Quiescence: stand pat on the evaluation, or play tactical moves only. */
static int SF(qsearch)(struct search_ctx *ctx, const S_POS *p, int alpha, int beta, int ply)
{
	SF(count_node)(ctx, ply);
	ctx->horizon++;
	if (ctx->stopped)
		return 0;
	yomi_move moves[S_MAX_MOVES];
	int keys[S_MAX_MOVES];
	int best = S_EVAL_OF(ctx, p);
	if (best >= beta || ply >= SEARCH_MAX_PLY - 1)
		return best;
	if (best > alpha)
		alpha = best;
	/* A side without any legal move is not told apart here: at the horizon the stand-pat
	 * score stands in for it (the node is heuristic anyway). */
	const int t = S_GEN_TACTICAL(p, moves);
	for (int i = 0; i < t; i++)
		keys[i] = S_TACTICAL(p, moves[i]);
	for (int i = 0; i < t; i++) {
		const yomi_move m = SF(pick)(moves, keys, t, i);
		S_POS next;
		int score = S_PLAY(p, m, &next) ? -S_TERMINAL(&next, ply + 1)
		                                : -SF(qsearch)(ctx, &next, -beta, -alpha, ply + 1);
		if (score > best) {
			best = score;
			if (score > alpha) {
				alpha = score;
				if (score >= beta)
					break;
			}
		}
	}
	return best;
}

static int SF(is_repetition)(const struct search_ctx *ctx, uint64_t key, int ply)
{
	for (int i = ply - 2; i >= 0; i -= 2)
		if (ctx->path[i] == key)
			return 1;
	/* The game before the root: the same side to move is encoded in the key. */
	for (int i = ctx->game_history_len - 1; i >= 0; i--)
		if (ctx->game_history[i] == key)
			return 1;
	return 0;
}

/* Principal-variation search.  pv receives the line below this node (not cut by the TT at
 * PV nodes, so PVs are as long as the search saw). */
static int SF(pvs)(struct search_ctx *ctx, const S_POS *p, int alpha, int beta, int depth,
                   int ply, struct search_line *pv)
{
	pv->len = 0;
	const uint64_t key = S_KEY(p);
	/* Before the horizon test, so a repetition one ply from the root is seen too. */
	if (S_REPETITION && ply > 0 && SF(is_repetition)(ctx, key, ply)) {
		ctx->horizon++;
		return 0;
	}
	if (depth <= 0)
		return SF(qsearch)(ctx, p, alpha, beta, ply);
	SF(count_node)(ctx, ply);
	if (ctx->stopped)
		return 0;
	/* Frontier nodes (depth 1) skip the table: their subtrees are tiny, and the probe's
	 * cache miss cost more than the cutoffs it finds (measured with yomi bench). */
	const int use_tt = depth >= 2;
	struct SF(tt_entry) *bucket = use_tt ? SF(tt_bucket)(ctx->tt, key) : NULL;
	if (use_tt)
		__builtin_prefetch(bucket);
	if (ply >= SEARCH_MAX_PLY - 1)
		return S_EVAL_OF(ctx, p);
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
	const struct SF(tt_entry) *e = NULL;
	for (int i = 0; use_tt && i < SF(ways); i++)
		if (S_TT_IS(bucket[i], key, p) && bucket[i].bound)
			e = &bucket[i];
	if (e) {
		tt_move = e->move;
		const int s = SF(score_from_tt)(e->score, ply);
		if (!is_pv && (e->depth >= depth || (score_is_mate(s) && e->exact)) &&
		    (e->bound == BOUND_EXACT || (e->bound == BOUND_LOWER && s >= beta) ||
		     (e->bound == BOUND_UPPER && s <= alpha))) {
			if (!e->exact)
				ctx->horizon++;
			return s;
		}
	}
	yomi_move moves[S_MAX_MOVES];
	int keys[S_MAX_MOVES];
	const int n = S_GEN(p, moves);
	if (n == 0)
		return S_NO_MOVES(p, ply);
	if (ctx->limits.prune && !is_pv && depth <= 3 && !score_is_mate(beta)) {
		/* Forward pruning (opt-in, inexact): a position far above beta is cut. */
		const int eval = S_EVAL_OF(ctx, p);
		if (eval - 150 * depth >= beta) {
			ctx->horizon++;
			return eval;
		}
	}
	const uint64_t horizon0 = ctx->horizon;
	ctx->path[ply] = key;
	SF(order)(ctx, p, moves, n, keys, tt_move, ply);
	struct search_line child;
	int best = -SCORE_INF;
	yomi_move best_move = 0;
	for (int i = 0; i < n; i++) {
		const yomi_move m = SF(pick)(moves, keys, n, i);
		S_POS next;
		int score;
		if (S_PLAY(p, m, &next)) {
			score = -S_TERMINAL(&next, ply + 1);
			child.len = 0;
		} else if (i == 0) {
			score = -SF(pvs)(ctx, &next, -beta, -alpha, depth - 1, ply + 1, &child);
		} else {
			score = -SF(pvs)(ctx, &next, -alpha - 1, -alpha, depth - 1, ply + 1, &child);
			if (score > alpha && score < beta)
				score = -SF(pvs)(ctx, &next, -beta, -alpha, depth - 1, ply + 1, &child);
		}
		if (ctx->stopped)
			return 0;
		if (score > best) {
			best = score;
			best_move = m;
			if (score > alpha) {
				alpha = score;
				pv->pv[0] = m;
				memcpy(pv->pv + 1, child.pv, sizeof(yomi_move) * (size_t)child.len);
				pv->len = child.len + 1;
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
	if (use_tt)
		SF(tt_store)(ctx->tt, p, key, best_move, best, depth, bound, ctx->horizon == horizon0, ply);
	return best;
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
		} else if (i == from) {
			score = -SF(pvs)(ctx, &next, -beta, -alpha, depth - 1, 1, &child);
		} else {
			score = -SF(pvs)(ctx, &next, -alpha - 1, -alpha, depth - 1, 1, &child);
			if (score > alpha && score < beta)
				score = -SF(pvs)(ctx, &next, -beta, -alpha, depth - 1, 1, &child);
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

static void SF(search)(struct search_ctx *ctx, const S_POS *root)
{
	yomi_move moves[S_MAX_MOVES];
	const int n = S_GEN(root, moves);
	const int lines = ctx->limits.multipv < n ? ctx->limits.multipv : n;
	ctx->start = search_clock();
	ctx->path[0] = S_KEY(root);
	tt_new_search(ctx->tt);
	struct search_line *found = ctx->lines;
	for (int depth = 1; depth <= ctx->limits.depth && n > 0; depth++) {
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
		if (ctx->stopped)
			break;
		/* The iteration is complete: it replaces the previous one. */
		const int exact = ctx->horizon == horizon0;
		for (int k = 0; k < lines; k++) {
			found[k] = cur[k];
			found[k].proven = exact || (score_is_mate(cur[k].score) &&
			                            score_distance(cur[k].score) <= depth);
		}
		ctx->nlines = lines;
		ctx->depth_done = depth;
		int all_proven = 1;
		for (int k = 0; k < lines; k++)
			all_proven &= found[k].proven;
		if (ctx->report) {
			struct search_report r = {depth, ctx->seldepth, ctx->nodes,
			                          search_clock() - ctx->start, lines, found, 0};
			ctx->report(&r, root, ctx->report_arg);
		}
		if (all_proven)
			break;
		/* Do not start an iteration that cannot finish in the time left. */
		if (ctx->limits.seconds > 0 &&
		    search_clock() - ctx->start > ctx->limits.seconds * 0.6)
			break;
		if (ctx->limits.nodes && ctx->nodes >= ctx->limits.nodes)
			break;
		search_check_limits(ctx);
		if (ctx->stopped)
			break;
	}
	if (ctx->report) {
		struct search_report r = {ctx->depth_done, ctx->seldepth, ctx->nodes,
		                          search_clock() - ctx->start, ctx->nlines, found, 1};
		ctx->report(&r, root, ctx->report_arg);
	}
}

#undef S_EVAL_OF
#undef S_TT_IS
#undef S_TT_SET_POS
#undef S_CAT2
#undef S_CAT
#undef SF
