/*
 * search_mate.h - the search template's mate pass: which distance the mate search tests next
 * and with how many nodes, between two iterations of the heuristic search.  Part of
 * search_template.h, included by it (games with S_MATE_SEARCH) once SF(mate) and
 * SF(complete_pv) are defined; a file of its own because scheduling the proofs is one
 * concept and the node search another.
 */
enum { SEARCH_MATE_SHARE = 2, SEARCH_MATE_SHARE_LEAN = 4, SEARCH_MATE_OVERRUN = 12,
       SEARCH_MATE_LEAN = 200, SEARCH_MATE_LAG = 6 };
/* The mate search's progress within one search: the next distance of each kind to try
 * (n[0] even: does the side to move lose; n[1] odd: does it win), its nodes. */
struct SF(mate_state) {
	int n[2];
	uint64_t nodes;
};

/* Which kind of test runs next: the one at the shorter distance, unless the heuristic
 * score leans clearly (SEARCH_MATE_LEAN) to one side; then that side's kind, the other
 * only while it lags less than SEARCH_MATE_LAG plies behind.  A win and a loss exclude
 * each other, so the disfavoured kind's tests (those of a winning side losing) are wasted
 * whenever the lean is right; kept a few plies behind, they cost a small part of the
 * favoured ones (each two plies cost several times more) and still find a result the
 * score misjudged.  Each kind's chain of tests is complete by itself (see below).  A kind
 * past distance max is done and the other goes on alone; -1 when both are done. */
static inline int SF(mate_kind)(const struct SF(mate_state) *st, int lean, int max)
{
	int kind = st->n[1] < st->n[0];
	if (lean <= -SEARCH_MATE_LEAN || lean >= SEARCH_MATE_LEAN) {
		const int favoured = lean > 0;
		kind = st->n[!favoured] + SEARCH_MATE_LAG <= st->n[favoured] ? !favoured : favoured;
	}
	return st->n[kind] <= max ? kind : st->n[!kind] <= max ? !kind : -1;
}

/* One test: the next distance of the kind SF(mate_kind) chooses.  Returns 1 with *proven
 * the proven score, 0 when the distance was refuted (st moves past it), or -1 when there is
 * no test left or the search was stopped. */
static int SF(mate_test)(struct search_ctx *ctx, const S_POS *root, uint64_t key,
                         struct SF(mate_state) *st, int lean, int *proven)
{
	const int max = ctx->limits.mate_max < SEARCH_MAX_PLY - 9 ? ctx->limits.mate_max
	                                                          : SEARCH_MAX_PLY - 9;
	if (ctx->smp)   /* what another thread refuted need not be tested again */
		for (int k = 0; k < 2; k++) {
			const int shared = __atomic_load_n(&ctx->smp->mate_n[k], __ATOMIC_RELAXED);
			if (shared > st->n[k])
				st->n[k] = shared;
		}
	const int win = SF(mate_kind)(st, lean, max);
	if (win < 0)
		return -1;
	const int n = st->n[win], at = win ? SCORE_WIN - n : -(SCORE_WIN - n);
	struct search_line pv;
	/* A new age per distance: a test's "nothing within depth d" entries mean little to
	 * the next tests, which are deeper, so they are the first replaced when buckets
	 * fill up (bench/forced.sh's 34 positions run to their proofs: 19% fewer nodes in
	 * all, though not on each: one #21 took 54% fewer, one #-20 25% more). */
	tt_new_search(ctx->tt);
	ctx->repeat_ply = ctx->repeat_at = SEARCH_NO_REPEAT;
	const int r = win ? SF(mate)(ctx, root, key, at - 1, at, n, 0, &pv)
	                  : SF(mate)(ctx, root, key, at, at + 1, n, 0, &pv);
	if (ctx->stopped)
		return -1;
	if (win ? r >= at : r <= at) {
		*proven = at;
		return 1;
	}
	st->n[win] += 2;
	if (ctx->smp) {
		int shared = __atomic_load_n(&ctx->smp->mate_n[win], __ATOMIC_RELAXED);
		while (shared < st->n[win] &&
		       !__atomic_compare_exchange_n(&ctx->smp->mate_n[win], &shared, st->n[win], 1,
		                                    __ATOMIC_RELAXED, __ATOMIC_RELAXED))
			;
	}
	return 0;
}

/* Runs the mate search for distances st->n[.], st->n[.] + 2, ... until one is decided or its
 * share of nodes is spent (SEARCH_MATE_SHARE times what the heuristic search has used so
 * far: two thirds of the time; measured on bench/forced.sh, twice as fast to the proofs of
 * #15..#19 as an even share; SEARCH_MATE_SHARE_LEAN times, four fifths, when the heuristic
 * score leans clearly to one side (SEARCH_MATE_LEAN), where a result within reach is more
 * likely: bench/forced-nodes.sh 229 M nodes in all instead of 273 M, and balanced
 * positions keep their heuristic depth).  A test under way may run on to
 * SEARCH_MATE_OVERRUN times the share left (the next passes then wait until the heuristic
 * search has caught up): a test cut off starts again from scratch in the next pass, and on
 * bench/forced.sh's positions
 * from #15 on the proofs took 20-40% fewer nodes than with tests cut at the share (see the
 * commit); with the lean below, 12 rather than 6 (bench/forced-nodes.sh: 740 M nodes in
 * all instead of 819 M; without the lean, 894 M).  Distance N tests, with a null window at
 * the value at N, whether the side to move wins (N odd) or loses (N even) within N plies:
 * the only parities a result has (S_MATE_SEARCH: the game guarantees it), so each
 * distance costs one hard search (proving or refuting the side that may be winning)
 * instead of two.  So the tests of one kind, N, N + 2, ..., see every distance of their
 * result: every shorter one answered no, so the first yes is exact, whatever the other
 * kind's tests have reached (SF(mate_kind) chooses which runs; lean is the last heuristic
 * score).  The null window, rather than one around the value: a window's PV nodes asked
 * each of the winner's other moves whether it won sooner, which no test needs, and only
 * the line does (SF(complete_pv) finds it for a fraction of that: bench/forced-nodes.sh
 * 453 M nodes in all instead of 650 M, both before SF(node)'s rule for results resting on
 * a repetition).
 * Returns 1 with *line the proven result and its whole line, else 0. */
static int SF(mate_pass)(struct search_ctx *ctx, const S_POS *root, struct SF(mate_state) *st,
                         int lean, struct search_line *line)
{
	const int leans = lean <= -SEARCH_MATE_LEAN || lean >= SEARCH_MATE_LEAN;
	const uint64_t share = (uint64_t)(leans ? SEARCH_MATE_SHARE_LEAN : SEARCH_MATE_SHARE) *
	                       (ctx->nodes - st->nodes);
	if (st->nodes >= share || ctx->stopped)
		return 0;
	const uint64_t n0 = ctx->nodes;
	const uint64_t key = S_KEY(root);
	const uint64_t left = share - st->nodes;
	ctx->pass_nodes = ctx->nodes + SEARCH_MATE_OVERRUN * left;
	int result = 0, done = 0;
	while (ctx->nodes - n0 < left && !(done = SF(mate_test)(ctx, root, key, st, lean, &result)))
		;
	if (done < 0)
		result = 0;
	ctx->pass_nodes = 0;
	if (ctx->stopped == SEARCH_STOP_PASS)
		ctx->stopped = 0;
	st->nodes += ctx->nodes - n0;
	if (!result)
		return 0;
	line->score = result;
	line->len = 0;
	line->proven = 1;
	SF(complete_pv)(ctx, root, line);
	return line->len > 0;
}
