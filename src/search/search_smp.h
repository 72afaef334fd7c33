/*
 * search_smp.h - the search template's helper threads (lazy SMP, search.h): each runs the
 * same iterative deepening on a context of its own, sharing the table; with a mate search,
 * the first helper runs the mate tests only; when they stop, the main thread takes a
 * helper's result that is proven or deeper.  Part of search_template.h, included by it once
 * SF(iterate) is defined; a file of its own because how threads share a search is one
 * concept and how one thread searches another.
 */

#ifdef S_MATE_SEARCH
/* The first helper of a search with the mate search (one line): it runs the mate tests
 * only, one after the other, leaning as the main thread's last score does, while the main
 * thread goes on as alone (its own mate passes included); a proof goes to the main thread.
 * A proof then has the mate tests of nearly two cores, which share the table, and the
 * heuristic search what it had alone: bench/forced-nodes.sh, 8 of its positions on 2
 * threads, 33.6 M nodes to their proofs in all, against 44.0 M with this helper searching
 * as the others do (the main thread's iterations and passes) and 36.9 M on one thread (a
 * proof 2.2 times as fast where two threads search as fast as one each, against 1.7). */
static void SF(mate_helper)(struct search_ctx *ctx, const S_POS *root)
{
	struct SF(mate_state) st = {{2, 1}, 0};
	const uint64_t key = S_KEY(root);
	ctx->start = search_clock();
	SF(path_set)(ctx, 0, key);
	int proven = 0, done;
	while (!(done = SF(mate_test)(ctx, root, key, &st,
	                              __atomic_load_n(&ctx->smp->lean, __ATOMIC_RELAXED), &proven)))
		;
	if (done < 0)
		return;
	struct search_line line = {.score = proven, .proven = 1};
	SF(complete_pv)(ctx, root, &line);
	if (line.len > 0)
		search_smp_offer(ctx, score_distance(proven), &line);
}
#endif

/* A helper thread: the same iterative deepening on its own context (search.h). */
static void *SF(helper)(void *arg)
{
	struct search_ctx *ctx = arg;
#ifdef S_MATE_SEARCH
	if (ctx->thread == 1 && ctx->limits.mate_max >= 0 && ctx->smp->multipv == 1) {
		SF(mate_helper)(ctx, ctx->smp->root);
		return NULL;
	}
#endif
	SF(iterate)(ctx, ctx->smp->root);
	return NULL;
}

/* After the main thread's search with helpers: they stop, and a helper's result replaces
 * the main thread's when it is proven and the main one is not, or (unproven both) deeper.
 * One line only: the helpers search no other (--multipv). */
static void SF(smp_finish)(struct search_ctx *ctx, const S_POS *root)
{
	struct search_line best;
	int proven = 0, seldepth = 0;
	const int depth = search_smp_finish(ctx, &best, &proven, &seldepth);
	if (ctx->stopped == SEARCH_STOP_HELPER)   /* not a limit: the search is done */
		ctx->stopped = 0;
	const int have = ctx->nlines > 0, mine = have && ctx->lines[0].proven;
	if (!depth || ctx->limits.multipv > 1 || mine || (!proven && have && depth <= ctx->depth_done))
		return;
	ctx->lines[0] = best;
	ctx->nlines = 1;
	ctx->depth_done = depth;
	ctx->seldepth = seldepth;
	if (ctx->report) {
		struct search_report r = {depth, seldepth, ctx->nodes, search_clock() - ctx->start, 1,
		                          ctx->lines, 0, 0};
		ctx->report(&r, root, ctx->report_arg);
	}
}
