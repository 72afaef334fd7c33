/*
 * retro_verify.h - the verify pass of the retrograde solver: part of retro_template.h,
 * included by it (inside the same instantiation, with the same R_* macros).  Kept apart
 * because it reads a finished table, every entry (or a part: --verify --part) recomputed
 * from its successors.
 */
/* The value a move leads to, from the mover's point of view, as a value byte; values
 * holds the successors (game-ending moves are judged on the spot). */
static inline uint8_t R_FN(_move_value)(const uint8_t *values, const R_POS *p, yomi_move m)
{
	R_POS next;
	if (R_PLAY(p, m, &next))
		return R_END_LOST(&next) ? 2 : 0;
	const int64_t c = R_ENCODE(&next);
	const uint8_t v = c < 0 ? (uint8_t)(R_OUTSIDE(&next)) : R_FN(_get)(values, (uint64_t)c);
	if (v == 0 || v == SOLVE_NONE)
		return v;
	return (uint8_t)(v + 1);   /* the child's win is our loss one ply longer, and back */
}

/* The value of *p from its successors (a full minimax step): what verify recomputes. */
static uint8_t R_FN(_recompute)(const uint8_t *values, const R_POS *p)
{
	yomi_move moves[R_MAX_MOVES];
	int n;
	const int settled = R_FN(_settled)(p, moves, &n);
	if (settled >= 0)
		return (uint8_t)settled;
	int best_win = 0, best_loss = -1, draw = 0;   /* shortest win, longest loss */
	for (int k = 0; k < n; k++) {
		const uint8_t v = R_FN(_move_value)(values, p, moves[k]);
		if (v == SOLVE_NONE)
			return SOLVE_NONE;
		if (v == 0)
			draw = 1;
		else if (solve_is_win(v)) {
			if (!best_win || v < best_win)
				best_win = v;
		} else if (v > best_loss)
			best_loss = v;
	}
	if (best_win)
		return (uint8_t)best_win;
	if (draw)
		return 0;
	return (uint8_t)best_loss;
}

/* Win (2), draw (0), loss (1) or not a position (255): what a WDL-only table tells. */
static inline int R_FN(_class)(uint8_t v)
{
	return v == SOLVE_NONE ? SOLVE_NONE : v == 0 ? 0 : solve_is_win(v) ? 2 : 1;
}

struct R_FN(_vjob) {
	const uint8_t *values;
	uint64_t lo;                     /* the first index checked */
	const uint64_t *late;            /* the late bits to check, or NULL */
	const struct solve_options *o;
	int wdl;                         /* compare win/draw/loss only */
	uint64_t bad[PARALLEL_MAX_THREADS];
	int printed;   /* atomic: mismatches printed so far */
};

static void R_FN(_verify_chunk)(void *arg, uint64_t lo, uint64_t hi, int thread)
{
	struct R_FN(_vjob) *job = arg;
	uint64_t bad = 0;
	R_CURSOR cur;
	memset(&cur, 0, sizeof cur);
	lo += job->lo, hi += job->lo;
	for (uint64_t i = lo; i < hi; i++) {
		const uint8_t have = job->values[i];
		uint8_t want = SOLVE_NONE;
		const R_POS *p = R_DECODE_AT(&cur, i);
		if (p) {   /* checked against encode below */
			want = R_FN(_recompute)(job->values, p);
			if (R_ENCODE(p) != (int64_t)i)
				want = SOLVE_NONE - 1;   /* the index is not a bijection here */
		}
		if (have != want && (!job->wdl || R_FN(_class)(have) != R_FN(_class)(want))) {
			if (__atomic_fetch_add(&job->printed, 1, __ATOMIC_RELAXED) < 5 && job->o->log)
				fprintf(job->o->log, "yomi: verify: index %" PRIu64 ": stored %u, "
				        "recomputed %u\n", i, have, want);
			bad++;
		}
	}
	job->bad[thread] += bad;
}

/* Recomputes every entry; returns the number of mismatches.  wdl: the table holds win
 * (2), draw (0) and loss (3) without distances, and only those classes are compared. */
static uint64_t R_FN(_retro_verify)(const uint8_t *values, int wdl,
                                    const struct solve_options *o)
{
	struct R_FN(_vjob) job;
	memset(&job, 0, sizeof job);
	job.values = values;
	job.wdl = wdl;
	job.o = o;
	job.lo = o->lo;
	const uint64_t hi = o->hi && o->hi < R_INDEX_SIZE ? o->hi : R_INDEX_SIZE;
	const struct parallel_progress progress = {"yomi: solve: verify: entries", NULL, 1,
	                                           o->later < 0 ? -1 : 1, o->later,
	                                           o->later_ratio};
	parallel_for_progress(o->threads, hi > job.lo ? hi - job.lo : 0, R_CHUNK,
	                      R_FN(_verify_chunk), &job, o->progress ? &progress : NULL);
	if (o->progress)
		fputc('\n', stderr);
	return R_FN(_sum)(job.bad);
}
