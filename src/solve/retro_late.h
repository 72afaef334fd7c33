/*
 * retro_late.h - the late-end rule of the retrograde solver: part of retro_template.h,
 * included by it (inside the same instantiation, with the same R_* macros) when the game
 * defines R_END_LATE.  Kept apart because it is a pass of its own over a finished table.
 */
/* ---- the late-end rule ----
 * Some games have a second way of counting: Dobutsu's try may count on the ply the lion
 * arrives (the index's own rule) or one ply later, when it has survived a reply.  Values
 * are the same under both; a distance under the late rule is the on-time one or one more,
 * so one "late" bit per position completes a finished table.  The bit follows from the
 * optimal successors (one ply nearer the end, final before it): a win is late when every
 * one of its shortest wins is (the winner picks an on-time one when it can), a loss when
 * any of its longest losses is (the loser picks a late one).  Rounds go by distance. */

static inline int R_FN(_late_get)(const uint64_t *late, uint64_t i)
{
	return (int)((__atomic_load_n(&late[i >> 6], __ATOMIC_RELAXED) >> (i & 63)) & 1);
}

/* The late bit of *p, of value v, from values and the late bits of positions nearer the
 * end. */
static int R_FN(_late_of)(const uint8_t *values, const uint64_t *late, const R_POS *p,
                          uint8_t v)
{
	if (v <= 1 || v == SOLVE_NONE)
		return 0;   /* a draw, or lost in 0: nothing to count late */
#ifdef R_WINS_ON_TIME
	if (v == 2 && R_WINS_ON_TIME(p))
		return 0;
#endif
	yomi_move moves[R_MAX_MOVES];
	const int n = R_GEN(p, moves), win = solve_is_win(v);
	for (int k = 0; k < n; k++) {
		R_POS next;
		int l;
		if (R_PLAY(p, moves[k], &next)) {
			if (v != 2 || !R_END_LOST(&next))
				continue;   /* only a win in 1 ends the game on an optimal move */
			l = R_END_LATE(&next);
		} else {
			const int64_t c = R_ENCODE(&next);
			const uint8_t cv = c < 0 ? (uint8_t)(R_OUTSIDE(&next))
			                         : R_FN(_get)(values, (uint64_t)c);
			if (cv != v - 1)
				continue;   /* not one ply nearer the end: not optimal */
			l = c < 0 ? 0 : R_FN(_late_get)(late, (uint64_t)c);
		}
		if (win != l)
			return l;   /* an on-time win, or a late loss */
	}
	return win;
}

struct R_FN(_ljob) {
	const uint8_t *values;
	uint64_t *late;
	uint8_t value;                   /* the round's value byte */
	uint64_t *present;               /* value summaries (see R_FN(_mark)) */
	uint64_t count[PARALLEL_MAX_THREADS];
};

/* A round of the late pass: the positions of value job->value get their bit. */
static void R_FN(_late_chunk)(void *arg, uint64_t lo, uint64_t hi, int thread)
{
	struct R_FN(_ljob) *job = arg;
	const uint8_t target = job->value;
	uint64_t found = 0;
	for (uint64_t i = lo; (i = R_FN(_find)(job->values, job->present, i, hi, target)) < hi;
	     i++) {
		R_POS p;
		if (R_DECODE(i, &p) < 0)
			continue;
		if (R_FN(_late_of)(job->values, job->late, &p, target)) {
			__atomic_fetch_or(&job->late[i >> 6], 1ull << (i & 63), __ATOMIC_RELAXED);
			found++;
		}
	}
	job->count[thread] += found;
}

/* Fills late[(R_INDEX_SIZE + 63) / 64] (zeroed by the caller) from a finished table.
 * Returns 0, or -1 out of memory. */
static int R_FN(_retro_late)(const uint8_t *values, uint64_t *late,
                              const struct solve_options *o)
{
	struct R_FN(_ljob) job;
	memset(&job, 0, sizeof job);
	job.values = values;
	job.late = late;
	job.present = calloc((size_t)R_GROUPS * 4, sizeof *job.present);
	if (!job.present)
		return -1;
	uint64_t by_value[256] = {0};
	for (uint64_t i = 0; i < R_INDEX_SIZE; i++) {
		by_value[values[i]]++;
		job.present[(i >> R_GROUP_SHIFT) * 4 + (values[i] >> 6)] |= 1ull << (values[i] & 63);
	}
	const double t0 = R_FN(_clock)();
	/* progress: the share of the pass done, and the time left from it.  A distance's time
	 * grows about as its positions to the power 0.7 (Dobutsu, two threads: 20 s for the
	 * 133 M won in 1, 8.8 s for 13 M, 1.8 s for 0.56 M, 0.3 s for 45 thousand; the power
	 * that estimated best, within 20% from distance 7 to 29), not in proportion: weighed
	 * by their count, the first distances' share (80% at distance 9) said 21 s left where
	 * 118 s were. */
	double total = 0, done = 0;
	for (int v = 2; v < SOLVE_NONE; v++)
		total += pow((double)by_value[v], 0.7);
	for (int v = 2; v < SOLVE_NONE; v++) {
		if (!by_value[v])
			continue;
		job.value = (uint8_t)v;
		memset(job.count, 0, sizeof job.count);
		char label[80], after[80];
		const double spent = R_FN(_clock)() - t0;
		snprintf(label, sizeof label, "yomi: solve: late ends at %d", v - 1);
		const int n = snprintf(after, sizeof after, " | pass %.0f%% done",
		                       100.0 * done / total);
		if (done > 0 && spent > 1 && o->later >= 0)   /* and the job's steps after it */
			snprintf(after + n, sizeof after - (size_t)n, ", ~%.0f s left in all",
			         spent * (total - done) / done + o->later);
		else if (done > 0 && spent > 1)
			snprintf(after + n, sizeof after - (size_t)n, ", ~%.0f s of it left",
			         spent * (total - done) / done);
		const struct parallel_progress progress = {label, after, 0, 0, 0, 0};
		parallel_for_progress(o->threads, R_INDEX_SIZE, R_CHUNK, R_FN(_late_chunk), &job,
		                      o->progress ? &progress : NULL);
		done += pow((double)by_value[v], 0.7);
		const uint64_t found = R_FN(_sum)(job.count);
		if (o->verbose)
			fprintf(o->log, "%slate ends: %" PRIu64 " of %" PRIu64 " %s in %d one ply later "
			        "(%.1f s)\n", o->progress ? "\n" : "", found, by_value[v],
			        solve_is_win((uint8_t)v) ? "wins" : "losses", v - 1,
			        R_FN(_clock)() - t0);
	}
	if (o->progress)
		fputc('\n', stderr);
	free(job.present);
	return 0;
}
