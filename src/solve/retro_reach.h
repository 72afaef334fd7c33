/*
 * retro_reach.h - the walk over the positions reachable from the start, for the solver's
 * --stats --reachable: part of retro_template.h, included by it (inside the same
 * instantiation, with the same R_* macros).  Kept apart because it reads a finished table
 * and shares nothing with the build but the macros.
 */
struct R_FN(_rjob) {
	const uint8_t *values;
	uint64_t *seen, *frontier, *next;   /* bitmaps over the index */
	uint64_t count[PARALLEL_MAX_THREADS];
};

/* Folded index: the smaller of the position's and its mirror image's. */
static inline int64_t R_FN(_folded)(const R_POS *p)
{
	int64_t i = R_ENCODE(p), j = R_FOLD(p);
	return j >= 0 && j < i ? j : i;
}

static void R_FN(_reach_chunk)(void *arg, uint64_t lo, uint64_t hi, int thread)
{
	struct R_FN(_rjob) *job = arg;
	uint64_t added = 0;
	for (uint64_t w = lo; w < hi; w++) {
		for (uint64_t bits = job->frontier[w]; bits; bits &= bits - 1) {
			const uint64_t i = w * 64 + (uint64_t)__builtin_ctzll(bits);
			R_POS p;
			if (R_DECODE(i, &p) < 0 || R_OVER(&p) != GAME_ONGOING || R_TERMINAL(&p))
				continue;
			yomi_move moves[R_MAX_MOVES];
			const int n = R_GEN(&p, moves);
			for (int k = 0; k < n; k++) {
				R_POS next;
				R_PLAY(&p, moves[k], &next);   /* a finished game counts if indexed */
				const int64_t c = R_FN(_folded)(&next);
				if (c < 0)
					continue;
				const uint64_t bit = 1ull << (c & 63);
				if (__atomic_load_n(&job->seen[c >> 6], __ATOMIC_RELAXED) & bit)
					continue;
				if (!(__atomic_fetch_or(&job->seen[c >> 6], bit, __ATOMIC_RELAXED) & bit)) {
					__atomic_fetch_or(&job->next[c >> 6], bit, __ATOMIC_RELAXED);
					added++;
				}
			}
		}
	}
	job->count[thread] += added;
}

static int R_FN(_retro_reachable)(const uint8_t *values, struct solve_counts *ongoing,
                                  uint64_t *reached_total, const struct solve_options *o)
{
	const uint64_t words = (R_INDEX_SIZE + 63) / 64;
	struct R_FN(_rjob) job;
	memset(&job, 0, sizeof job);
	job.values = values;
	job.seen = calloc(words, 8);
	job.frontier = calloc(words, 8);
	job.next = calloc(words, 8);
	if (!job.seen || !job.frontier || !job.next) {
		free(job.seen), free(job.frontier), free(job.next);
		return -1;
	}
	R_POS start;
	R_START(&start);
	const int64_t s = R_FN(_folded)(&start);
	if (s >= 0) {
		job.seen[s >> 6] |= 1ull << (s & 63);
		job.frontier[s >> 6] |= 1ull << (s & 63);
	}
	/* progress: each ply's walk on the bar (how many plies there are is known at the end,
	 * and so is the whole walk's time) */
	uint64_t reached = 1;
	for (int depth = 0; s >= 0; depth++) {
		memset(job.count, 0, sizeof job.count);
		char label[80], after[80];
		snprintf(label, sizeof label, "yomi: solve: reachable: ply %d", depth + 1);
		snprintf(after, sizeof after, " | %" PRIu64 " seen, total unknown", reached);
		const struct parallel_progress progress = {label, after, 1, 0, 0, 0};
		parallel_for_progress(o->threads, words, 4096, R_FN(_reach_chunk), &job,
		                      o->progress ? &progress : NULL);
		const uint64_t added = R_FN(_sum)(job.count);
		reached += added;
		if (!added)
			break;
		uint64_t *t = job.frontier;
		job.frontier = job.next;
		job.next = t;
		memset(job.next, 0, words * 8);
	}
	if (o->progress)
		fputc('\n', stderr);
	memset(ongoing, 0, sizeof *ongoing);
	uint64_t total = 0;
	for (uint64_t w = 0; w < words; w++) {
		for (uint64_t bits = job.seen[w]; bits; bits &= bits - 1) {
			const uint64_t i = w * 64 + (uint64_t)__builtin_ctzll(bits);
			R_POS p;
			total++;
			if (R_DECODE(i, &p) < 0 || R_OVER(&p) != GAME_ONGOING || R_TERMINAL(&p))
				continue;
			const uint8_t v = values[i];
			ongoing->by_value[v]++;
			if (v == 0)
				ongoing->draws++;
			else if (solve_is_win(v))
				ongoing->wins++;
			else if (solve_is_loss(v))
				ongoing->losses++;
			else
				ongoing->none++;
		}
	}
	*reached_total = total;
	free(job.seen), free(job.frontier), free(job.next);
	return 0;
}
