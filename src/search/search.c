/* search.c - the game-independent, cold parts of search: limits, clock, score text, and
 * starting and stopping the helper threads (search.h says why lazy SMP). */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "yomi/search.h"

double search_clock(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

void search_init(struct search_ctx *ctx, struct tt *tt, const struct search_limits *limits)
{
	memset(ctx, 0, sizeof *ctx);
	ctx->tt = tt;
	ctx->near = tt->near;
	ctx->limits = *limits;
	if (ctx->limits.threads < 1)
		ctx->limits.threads = 1;
	if (ctx->limits.threads > SEARCH_MAX_THREADS)
		ctx->limits.threads = SEARCH_MAX_THREADS;
	if (ctx->limits.multipv < 1)
		ctx->limits.multipv = 1;
	if (ctx->limits.multipv > SEARCH_MAX_MULTIPV)
		ctx->limits.multipv = SEARCH_MAX_MULTIPV;
	if (ctx->limits.depth <= 0 || ctx->limits.depth > SEARCH_MAX_PLY - 8)
		ctx->limits.depth = SEARCH_MAX_PLY - 8;
	/* A search to a given depth stays that search (yomi bench measures it); the mate
	 * search joins searches that run until proven or for a time or node budget. */
	if (ctx->limits.mate_max == 0)
		ctx->limits.mate_max = limits->depth > 0 ? -1 : SEARCH_MAX_PLY - 8;
	if (ctx->limits.mate_max > SEARCH_MAX_PLY - 8)
		ctx->limits.mate_max = SEARCH_MAX_PLY - 8;
}

uint64_t search_nodes(const struct search_ctx *ctx)
{
	uint64_t nodes = ctx->nodes;
	if (ctx->smp)
		for (int i = 1; i <= ctx->smp->started; i++)
			nodes += __atomic_load_n(&ctx->smp->ctx[i]->nodes_seen, __ATOMIC_RELAXED);
	return nodes;
}

/* Whether a helper has finished what the main thread is searching for: a proven result, or
 * an iteration at the last depth. */
static int search_smp_done(const struct search_ctx *ctx)
{
	const int depth = __atomic_load_n(&ctx->smp->best_depth, __ATOMIC_RELAXED);
	return depth && (depth >= ctx->limits.depth ||
	                 __atomic_load_n(&ctx->smp->best_proven, __ATOMIC_RELAXED));
}

void search_check_limits(struct search_ctx *ctx)
{
	if (ctx->smp) {
		__atomic_store_n(&ctx->nodes_seen, ctx->nodes, __ATOMIC_RELAXED);
		if (ctx->thread) {   /* a helper: the main thread keeps the limits */
			if (__atomic_load_n(&ctx->smp->stop, __ATOMIC_RELAXED))
				ctx->stopped = SEARCH_STOP_LIMIT;
			else if (ctx->pass_nodes && ctx->nodes >= ctx->pass_nodes)
				ctx->stopped = SEARCH_STOP_PASS;
			return;
		}
	}
	if (ctx->progress && search_clock() >= ctx->progress_at)
		ctx->progress(ctx, ctx->progress_arg);
	/* atomic: the flag is set by a signal handler, or by another thread (yomi serve) */
	if (ctx->interrupt && __atomic_load_n(ctx->interrupt, __ATOMIC_RELAXED))
		ctx->stopped = SEARCH_STOP_LIMIT;
	if (!ctx->finishing) {
		if (ctx->limits.nodes && search_nodes(ctx) >= ctx->limits.nodes)
			ctx->stopped = SEARCH_STOP_LIMIT;
		if (ctx->limits.seconds > 0 && search_clock() - ctx->start >= ctx->limits.seconds)
			ctx->stopped = SEARCH_STOP_LIMIT;
		if (ctx->smp && !ctx->stopped && search_smp_done(ctx))
			ctx->stopped = SEARCH_STOP_HELPER;
	}
	if (!ctx->stopped && ctx->pass_nodes && ctx->nodes >= ctx->pass_nodes)
		ctx->stopped = SEARCH_STOP_PASS;
}

/* A helper's stack: deep lines of games with many moves take more than the default. */
enum { SEARCH_HELPER_STACK = 64 << 20 };

int search_smp_start(struct search_ctx *ctx, const void *root, void *(*helper)(void *ctx))
{
	struct search_smp *smp = calloc(1, sizeof *smp);
	if (!smp)
		return -1;
	smp->threads = ctx->limits.threads;
	smp->multipv = ctx->limits.multipv;
	smp->root = root;
	smp->helper = helper;
	smp->ctx[0] = ctx;
	pthread_mutex_init(&smp->lock, NULL);
	for (int i = 1; i < smp->threads; i++) {
		struct search_ctx *h = malloc(sizeof *h);
		void *near = aligned_alloc(TT_BUCKET_BYTES, TT_NEAR_BYTES);
		if (!h || !near) {
			free(h);
			free(near);
			smp->threads = i;
			break;
		}
		search_init(h, ctx->tt, &ctx->limits);
		memset(near, 0, TT_NEAR_BYTES);
		h->near = near;
		h->smp = smp;
		h->thread = i;
		h->limits.multipv = 1;   /* a helper's lines: the best one only */
		h->limits.nodes = 0;     /* and no limits but the main thread's word */
		h->limits.seconds = 0;
		memcpy(h->game_history, ctx->game_history, sizeof h->game_history);
		h->game_history_len = ctx->game_history_len;
		smp->ctx[i] = h;
	}
	/* The helpers take no signal (Ctrl-C is the main thread's), and get a large stack. */
	sigset_t all, old;
	sigfillset(&all);
	pthread_sigmask(SIG_BLOCK, &all, &old);
	pthread_attr_t attr;
	pthread_attr_init(&attr);
	pthread_attr_setstacksize(&attr, SEARCH_HELPER_STACK);
	ctx->smp = smp;
	for (int i = 1; i < smp->threads; i++) {
		if (pthread_create(&smp->thread[i], &attr, helper, smp->ctx[i]))
			break;
		smp->started = i;   /* no helper reads it */
	}
	pthread_attr_destroy(&attr);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	if (smp->started)
		return 0;
	search_smp_finish(ctx, NULL, NULL, NULL);
	return -1;
}

int search_smp_finish(struct search_ctx *ctx, struct search_line *best, int *proven,
                      int *seldepth)
{
	struct search_smp *smp = ctx->smp;
	__atomic_store_n(&smp->stop, 1, __ATOMIC_RELAXED);
	for (int i = 1; i <= smp->started; i++)
		pthread_join(smp->thread[i], NULL);
	ctx->smp = NULL;
	ctx->nodes_seen = 0;
	for (int i = 1; i < smp->threads; i++) {
		ctx->nodes += i <= smp->started ? smp->ctx[i]->nodes : 0;
		free(smp->ctx[i]->near);
		free(smp->ctx[i]);
	}
	const int depth = smp->best_depth;
	if (best && depth) {
		*best = smp->best;
		*proven = smp->best_proven;
		*seldepth = smp->best_seldepth;
	}
	pthread_mutex_destroy(&smp->lock);
	free(smp);
	return depth;
}

void search_smp_offer(struct search_ctx *ctx, int depth, const struct search_line *line)
{
	struct search_smp *smp = ctx->smp;
	pthread_mutex_lock(&smp->lock);
	if (!smp->best_proven && (line->proven || depth > smp->best_depth)) {
		smp->best = *line;
		smp->best_seldepth = ctx->seldepth;
		__atomic_store_n(&smp->best_proven, line->proven, __ATOMIC_RELAXED);
		__atomic_store_n(&smp->best_depth, depth, __ATOMIC_RELAXED);
	}
	pthread_mutex_unlock(&smp->lock);
}

void search_format_score(int score, int proven, char *buf, size_t len)
{
	if (score_is_win(score))
		snprintf(buf, len, "#%d", score_distance(score));
	else if (score_is_loss(score))
		snprintf(buf, len, "#-%d", score_distance(score));
	else if (proven)
		snprintf(buf, len, score ? "=%+d" : "=0", score);
	else
		snprintf(buf, len, score ? "%+d" : "0", score);
}
