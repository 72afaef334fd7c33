/* search.c - the game-independent, cold parts of search: limits, clock, score text. */
#include <stdio.h>
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
	ctx->limits = *limits;
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

void search_check_limits(struct search_ctx *ctx)
{
	if (ctx->progress && search_clock() >= ctx->progress_at)
		ctx->progress(ctx, ctx->progress_arg);
	/* atomic: the flag is set by a signal handler, or by another thread (yomi serve) */
	if (ctx->interrupt && __atomic_load_n(ctx->interrupt, __ATOMIC_RELAXED))
		ctx->stopped = SEARCH_STOP_LIMIT;
	if (!ctx->finishing) {
		if (ctx->limits.nodes && ctx->nodes >= ctx->limits.nodes)
			ctx->stopped = SEARCH_STOP_LIMIT;
		if (ctx->limits.seconds > 0 && search_clock() - ctx->start >= ctx->limits.seconds)
			ctx->stopped = SEARCH_STOP_LIMIT;
	}
	if (!ctx->stopped && ctx->pass_nodes && ctx->nodes >= ctx->pass_nodes)
		ctx->stopped = SEARCH_STOP_PASS;
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
