/* think.c - the engine's search on a thread, stopped asynchronously (think.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "proto/think.h"

int think_init(struct think *t, const struct game *g)
{
	memset(t, 0, sizeof *t);
	t->game = g;
	t->ctx = malloc(sizeof *t->ctx);
	if (!t->ctx)
		return -1;
	pthread_mutex_init(&t->lock, NULL);
	pthread_cond_init(&t->cond, NULL);
	return 0;
}

void think_free(struct think *t)
{
	think_abandon(t);
	think_join(t);
	if (t->tt_mb)
		tt_free(&t->tt);
	t->tt_mb = 0;
	free(t->ctx);
	t->ctx = NULL;
	pthread_mutex_destroy(&t->lock);
	pthread_cond_destroy(&t->cond);
}

int think_hash(struct think *t, size_t mb)
{
	if (t->tt_mb == mb)
		return 0;
	struct tt fresh;
	if (tt_init(&fresh, mb))
		return -1;
	if (t->tt_mb)
		tt_free(&t->tt);
	t->tt = fresh;
	t->tt_mb = mb;
	return 0;
}

int think_open(struct think *t, const struct game *g, size_t mb, const char *who)
{
	if (think_init(t, g)) {
		fprintf(stderr, "yomi: %s: out of memory\n", who);
		return -1;
	}
	if (think_hash(t, mb)) {
		think_free(t);
		fprintf(stderr, "yomi: %s: out of memory (hash %zu MB)\n", who, mb);
		return -1;
	}
	return 0;
}

void think_clear(struct think *t)
{
	if (t->tt_mb)
		tt_clear(&t->tt);
}

static void set_stop(struct think *t) { __atomic_store_n(&t->stop, 1, __ATOMIC_RELAXED); }
static int get_stop(struct think *t) { return __atomic_load_n(&t->stop, __ATOMIC_RELAXED); }

/* After each iteration: pass the report on, then ask the time manager whether another
 * iteration fits (not while pondering: the clock has not started). */
static void on_report(const struct search_report *r, const void *root, void *arg)
{
	struct think *t = arg;
	if (r->final)
		return;
	if (t->hooks.report)
		t->hooks.report(t->hooks.arg, r, root);
	pthread_mutex_lock(&t->lock);
	if (!t->pondering && t->job.budget.soft > 0 &&
	    !timeman_next_iteration(&t->tm, r, search_clock() - t->t0))
		set_stop(t);
	pthread_mutex_unlock(&t->lock);
}

static int seen_before(const struct think *t, const void *pos)
{
	const struct game_key k = t->game->key(pos);
	for (int i = 0; i < t->job.history_len; i++)
		if (memcmp(&t->job.history[i], &k, sizeof k) == 0)
			return 1;
	return 0;
}

static int table_score(struct table_value v)
{
	return v.outcome == GAME_WIN ? SCORE_WIN - v.distance
	       : v.outcome == GAME_LOSS ? -(SCORE_WIN - v.distance) : 0;
}

/* The table's answer at job.pos into t->table_line: its best move (among equals one that
 * leads to no position of the game so far, which could repeat) and a perfect line after it.
 * Returns 1, or 0 when the table cannot answer (it does not hold pos, has no distances). */
static int table_answer(struct think *t, struct think_result *res)
{
	const struct game *g = t->game;
	yomi_move moves[YOMI_MOVES_MAX];
	struct table_value values[YOMI_MOVES_MAX];
	struct yomi_error err;
	char note[YOMI_ERROR_MAX + 64];
	if (!table_has_distance(t->table)) {
		if (t->hooks.note)
			t->hooks.note(t->hooks.arg, "the table has no distances: searching instead");
		return 0;
	}
	int n = table_rank_moves(t->table, t->job.pos, moves, values, &err);
	if (n <= 0) {
		if (t->hooks.note && n < 0) {
			snprintf(note, sizeof note, "the table cannot answer (%s): searching instead",
			         err.msg);
			t->hooks.note(t->hooks.arg, note);
		}
		return 0;
	}
	_Alignas(16) unsigned char next[YOMI_POS_MAX];
	int pick = 0;
	for (int k = 0; k < n && table_value_cmp(values[k], values[0]) == 0; k++) {
		g->play(t->job.pos, moves[k], next);
		if (!seen_before(t, next)) {
			pick = k;
			break;
		}
	}
	const struct table_value v = values[pick];   /* values[] is reused for the line */
	struct search_line *l = &t->table_line;
	l->score = table_score(v);
	l->proven = 1;
	l->pv[0] = moves[pick];
	l->len = 1;
	/* The line on: best moves to the end of a win or loss, some plies of a draw. */
	const int plies = v.outcome == GAME_DRAW ? 12 : v.distance;
	_Alignas(16) unsigned char at[YOMI_POS_MAX];
	memcpy(at, t->job.pos, g->pos_size);
	int over = g->play(at, moves[pick], at);
	while (!over && l->len < plies && l->len < SEARCH_MAX_PLY) {
		n = table_rank_moves(t->table, at, moves, values, &err);
		if (n <= 0)
			break;
		l->pv[l->len++] = moves[0];
		over = g->play(at, moves[0], at);
	}
	res->nlines = 1;
	res->lines = l;
	res->depth = res->seldepth = v.outcome == GAME_DRAW ? l->len : v.distance;
	res->from_table = 1;
	return 1;
}

static void *think_main(void *arg)
{
	struct think *t = arg;
	const struct game *g = t->game;
	struct think_result res;
	memset(&res, 0, sizeof res);
	const double start = search_clock();
	if (!(t->job.use_table && t->table && table_answer(t, &res))) {
		struct search_ctx *ctx = t->ctx;
		search_init(ctx, &t->tt, &t->job.limits);
		ctx->interrupt = &t->stop;
		ctx->report = on_report;
		ctx->report_arg = t;
		for (int i = 0; i < t->job.history_len; i++)
			ctx->game_history[ctx->game_history_len++] = t->job.history[i].w[0];
		g->search(ctx, t->job.pos);
		res.nlines = ctx->nlines;
		res.lines = ctx->lines;
		res.depth = ctx->depth_done;
		res.seldepth = ctx->seldepth;
		res.nodes = ctx->nodes;
		res.stopped = ctx->stopped == SEARCH_STOP_LIMIT;
	}
	res.seconds = search_clock() - start;
	pthread_mutex_lock(&t->lock);
	while (t->waiting && !t->quiet)
		pthread_cond_wait(&t->cond, &t->lock);
	const int quiet = t->quiet;
	/* Idle before the answer goes out: a GUI may send its next go as soon as it reads it
	 * (think_start then joins this thread, which only finishes the answer). */
	t->finished = 1;
	pthread_mutex_unlock(&t->lock);
	if (!quiet && t->hooks.done)
		t->hooks.done(t->hooks.arg, &res, t->job.pos);
	return NULL;
}

int think_start(struct think *t, const struct think_job *job, const struct think_hooks *h)
{
	think_join(t);
	pthread_mutex_lock(&t->lock);
	t->job = *job;
	/* The hard limit bounds the search itself too, for callers that do not watch the
	 * deadline (GTP waits for the answer); a ponder search's clock starts later. */
	if (!job->ponder && job->budget.hard > 0)
		t->job.limits.seconds = job->budget.hard;
	t->hooks = *h;
	t->pondering = job->ponder;
	t->waiting = job->wait;
	t->quiet = 0;
	t->finished = 0;
	t->t0 = search_clock();
	__atomic_store_n(&t->stop, 0, __ATOMIC_RELAXED);
	yomi_move moves[YOMI_MOVES_MAX];
	timeman_start(&t->tm, job->budget, t->game->moves(job->pos, moves));
	pthread_mutex_unlock(&t->lock);
	if (pthread_create(&t->thread, NULL, think_main, t) != 0)
		return -1;
	t->running = 1;
	return 0;
}

void think_stop(struct think *t)
{
	pthread_mutex_lock(&t->lock);
	set_stop(t);
	t->waiting = 0;
	t->pondering = 0;
	pthread_cond_broadcast(&t->cond);
	pthread_mutex_unlock(&t->lock);
}

void think_abandon(struct think *t)
{
	pthread_mutex_lock(&t->lock);
	set_stop(t);
	t->quiet = 1;
	pthread_cond_broadcast(&t->cond);
	pthread_mutex_unlock(&t->lock);
}

void think_ponderhit(struct think *t)
{
	pthread_mutex_lock(&t->lock);
	if (t->pondering) {
		t->pondering = 0;
		t->waiting = 0;
		t->t0 = search_clock();
		/* A search that ended while pondering answers now; one that goes on stops when
		 * the budget says so (after its next iteration, or at the deadline). */
		pthread_cond_broadcast(&t->cond);
	}
	pthread_mutex_unlock(&t->lock);
}

void think_join(struct think *t)
{
	if (!t->running)
		return;
	pthread_join(t->thread, NULL);
	t->running = 0;
}

int think_busy(struct think *t)
{
	if (!t->running)
		return 0;
	pthread_mutex_lock(&t->lock);
	const int busy = !t->finished;
	pthread_mutex_unlock(&t->lock);
	return busy;
}

double think_deadline(struct think *t)
{
	if (!t->running)
		return 0;
	pthread_mutex_lock(&t->lock);
	double d = 0;
	if (!t->finished && !t->pondering && t->job.budget.hard > 0 && !get_stop(t))
		d = t->t0 + t->job.budget.hard;
	pthread_mutex_unlock(&t->lock);
	return d;
}

int think_hashfull(const struct think *t)
{
	if (!t->tt_mb)
		return 0;
	/* 1000 slots of 16 bytes spread over the large table: an entry is never all zero. */
	const uint64_t slots = (uint64_t)tt_bytes(&t->tt) / 16;
	const uint64_t step = slots / 1000 ? slots / 1000 : 1;
	const unsigned char *mem = t->tt.mem;
	int used = 0;
	for (uint64_t i = 0; i < 1000 && i * step < slots; i++) {
		const unsigned char *e = mem + i * step * 16;
		static const unsigned char zero[16];
		used += memcmp(e, zero, 16) != 0;
	}
	return used;
}
