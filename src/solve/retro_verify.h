/*
 * retro_verify.h - the verify pass of the retrograde solver: part of retro_template.h,
 * included by it (inside the same instantiation, with the same R_* macros).  Kept apart
 * because it reads a finished table, every entry (or a part: --verify --part) recomputed
 * from its successors, and its late bits (a table under a late rule) with it.
 */
/* The value of *p from its successors (a full minimax step): what verify recomputes.  With
 * late (the late bits of a table under a game's late rule, R_END_LATE), *late_bit is also
 * set: *p's late bit recomputed for its stored value have, as R_FN(_late_of) tells it,
 * from the same successors (one pass over the table for both: a second pass of its own
 * decoded every position, generated its moves and encoded their successors again). */
static uint8_t R_FN(_recompute)(const uint8_t *values, const R_POS *p, const uint64_t *late,
                                uint8_t have, int *late_bit)
{
	yomi_move moves[R_MAX_MOVES];
	int n;
	const int settled = R_FN(_settled)(p, moves, &n);
#ifdef R_END_LATE
	/* _late_of's cases without a move to look at: nothing to count late */
	int want_late = late && have > 1 && have != SOLVE_NONE && settled < 0;
#ifdef R_WINS_ON_TIME
	want_late = want_late && !(have == 2 && R_WINS_ON_TIME(p));
#endif
	const int late_win = solve_is_win(have);
	int late_found = -1;   /* the first optimal move whose end is not late_win's, if any */
	if (late && settled >= 0)
		*late_bit = R_FN(_late_of)(values, late, p, have);
#else
	(void)late, (void)have, (void)late_bit;
#endif
	if (settled >= 0)
		return (uint8_t)settled;
	int best_win = 0, best_loss = -1, draw = 0;   /* shortest win, longest loss */
	for (int k = 0; k < n; k++) {
		/* the value the move leads to, from the mover's point of view (game-ending moves
		 * judged on the spot): the child's win is our loss one ply longer, and back */
		R_POS next;
		uint8_t v;
		if (R_PLAY(p, moves[k], &next)) {
			v = R_END_LOST(&next) ? 2 : 0;
#ifdef R_END_LATE
			/* optimal only as a win in 1 (have 2) */
			if (want_late && late_found < 0 && v == have) {
				const int l = R_END_LATE(&next);
				late_found = l != late_win ? l : -1;
			}
#endif
		} else {
			const int64_t c = R_ENCODE(&next);
			const uint8_t cv = c < 0 ? (uint8_t)(R_OUTSIDE(&next)) : R_FN(_get)(values, (uint64_t)c);
			v = cv == 0 || cv == SOLVE_NONE ? cv : (uint8_t)(cv + 1);
#ifdef R_END_LATE
			/* optimal: one ply nearer the end */
			if (want_late && late_found < 0 && cv == have - 1) {
				const int l = c < 0 ? 0 : R_FN(_late_get)(late, (uint64_t)c);
				late_found = l != late_win ? l : -1;
			}
#endif
		}
		if (v == SOLVE_NONE) {
#ifdef R_END_LATE
			if (late)
				*late_bit = R_FN(_late_of)(values, late, p, have);
#endif
			return SOLVE_NONE;
		}
		if (v == 0)
			draw = 1;
		else if (solve_is_win(v)) {
			if (!best_win || v < best_win)
				best_win = v;
		} else if (v > best_loss)
			best_loss = v;
	}
#ifdef R_END_LATE
	if (late)
		*late_bit = want_late ? (late_found >= 0 ? late_found : late_win) : 0;
#endif
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
	uint64_t bad_late[PARALLEL_MAX_THREADS];
	int printed;   /* atomic: mismatches printed so far */
};

static void R_FN(_verify_chunk)(void *arg, uint64_t lo, uint64_t hi, int thread)
{
	struct R_FN(_vjob) *job = arg;
	uint64_t bad = 0, bad_late = 0;
	R_CURSOR cur;
	memset(&cur, 0, sizeof cur);
	lo += job->lo, hi += job->lo;
	for (uint64_t i = lo; i < hi; i++) {
		const uint8_t have = job->values[i];
		uint8_t want = SOLVE_NONE;
		int late_bit = 0;   /* no position: no late bit */
		const R_POS *p = R_DECODE_AT(&cur, i);
		if (p) {   /* checked against encode below */
			want = R_FN(_recompute)(job->values, p, job->late, have, &late_bit);
			if (R_ENCODE(p) != (int64_t)i)
				want = SOLVE_NONE - 1;   /* the index is not a bijection here */
		}
#ifdef R_END_LATE
		if (job->late)
			bad_late += late_bit != R_FN(_late_get)(job->late, i);
#endif
		if (have != want && (!job->wdl || R_FN(_class)(have) != R_FN(_class)(want))) {
			if (__atomic_fetch_add(&job->printed, 1, __ATOMIC_RELAXED) < 5 && job->o->log)
				fprintf(job->o->log, "yomi: verify: index %" PRIu64 ": stored %u, "
				        "recomputed %u\n", i, have, want);
			bad++;
		}
	}
	job->bad[thread] += bad;
	job->bad_late[thread] += bad_late;
}

/* Recomputes every entry (those of [o->lo, o->hi)); returns the number of mismatches.
 * wdl: the table holds win (2), draw (0) and loss (3) without distances, and only those
 * classes are compared.  late: the table's late bits (a game with R_END_LATE), recomputed
 * in the same pass, their mismatches in *bad_late; else NULL (*bad_late is then 0). */
static uint64_t R_FN(_retro_verify)(const uint8_t *values, const uint64_t *late, int wdl,
                                    const struct solve_options *o, uint64_t *bad_late)
{
	struct R_FN(_vjob) job;
	memset(&job, 0, sizeof job);
	job.values = values;
	job.late = late;
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
	*bad_late = R_FN(_sum)(job.bad_late);
	return R_FN(_sum)(job.bad);
}
