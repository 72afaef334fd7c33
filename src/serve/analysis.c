/*
 * analysis.c - the search queue of `yomi serve`: a few worker threads, each with its own
 * transposition table and search state, take searches from a bounded FIFO queue.
 *
 * Why a queue and not a search on the HTTP thread: a search takes seconds and a core; the
 * HTTP threads must go on answering probes meanwhile.  The connection waits suspended
 * (server.c) and is resumed when its answer is ready.  Why bounded: past `queue` waiting
 * searches a client is told 503 at once rather than waiting minutes.
 *
 * A search whose client has gone (closed its connection, or its sending side) is dropped:
 * skipped when its turn comes, stopped while it runs.  Else clients that give up (a page
 * left, a timeout) kept the search threads and the queue busy, and every other client was
 * refused (503) for up to (queue + 1) x --max-time.
 */
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "serve/server.h"
#include "yomi/search.h"
#include "yomi/tt.h"

struct job {
	struct job *next;
	const struct game *game;
	_Alignas(16) unsigned char pos[YOMI_POS_MAX];
	double seconds;
	int client;         /* the client's socket, watched for its going away */
	int *status;
	char **body;
	size_t *len;
	void (*done)(void *arg);
	void *arg;
};

struct worker {
	struct analysis *a;
	pthread_t thread;
	int started;
	struct tt tt;
	struct search_ctx *ctx;
	volatile sig_atomic_t stop;   /* the search's interrupt: the server stops or the client
	                                 went (set under a->lock when the job is taken) */
	int client;                   /* the running job's client */
	/* the search's final report, copied */
	struct search_report report;
	struct search_line line;
};

struct analysis {
	struct server *s;
	pthread_mutex_t lock;
	pthread_cond_t wake;
	struct job *head, *tail;
	int waiting;        /* jobs queued, not taken by a worker yet */
	int busy;           /* workers running a job */
	int stopping;
	int nworkers;
	struct worker *workers;
};

/* Answers job with status and a JSON body, and tells its connection. */
static void finish(struct job *job, int status, struct json *body)
{
	*job->body = json_take(body, job->len);
	*job->status = *job->body ? status : 503;
	job->done(job->arg);
	free(job);
}

/* Whether the client at socket fd has closed its connection or its sending side (a client
 * sends nothing more while it waits for the answer; what a pipelining client sent ahead is
 * data, not an end). */
static int client_gone(int fd)
{
	struct pollfd p = {.fd = fd, .events = POLLIN | POLLRDHUP};
	return poll(&p, 1, 0) > 0 && (p.revents & (POLLRDHUP | POLLHUP | POLLERR));
}

/* The search's progress call (every few thousand nodes, at most every CLIENT_CHECK_MS
 * seconds): stops the search when its client has gone. */
enum { CLIENT_CHECK_MS = 50 };
static void watch_client(struct search_ctx *ctx, void *arg)
{
	struct worker *w = arg;
	if (client_gone(w->client))
		__atomic_store_n(&w->stop, 1, __ATOMIC_RELAXED);
	ctx->progress_at = search_clock() + CLIENT_CHECK_MS / 1000.0;
}

static void keep_final(const struct search_report *r, const void *root, void *arg)
{
	(void)root;
	struct worker *w = arg;
	if (!r->final)
		return;
	w->report = *r;
	if (r->nlines > 0) {
		w->line = r->lines[0];
		w->report.nlines = 1;
		w->report.lines = &w->line;
	}
}

static void run(struct worker *w, struct job *job)
{
	const struct search_limits limits = {.seconds = job->seconds, .multipv = 1};
	struct json out;
	json_init(&out);
	if (client_gone(job->client)) {   /* nobody waits for it any more */
		api_error(&out, "the client went away");
		finish(job, 503, &out);
		return;
	}
	tt_clear(&w->tt);   /* each answer depends on its request alone */
	search_init(w->ctx, &w->tt, &limits);
	w->ctx->interrupt = &w->stop;
	w->ctx->report = keep_final;
	w->ctx->report_arg = w;
	w->client = job->client;
	w->ctx->progress = watch_client;
	w->ctx->progress_arg = w;
	w->ctx->progress_at = search_clock() + CLIENT_CHECK_MS / 1000.0;
	w->report = (struct search_report){0};
	const struct game *g = job->game;
	const struct game_status st = g->status(job->pos);
	if (st.outcome != GAME_ONGOING) {
		/* a game scored by its final value (Othello's discs) says it, as analyze does */
		char score[32];
		int value;
		yomi_move none;
		if (g->solve_exact && g->solve_exact(job->pos, w->ctx, &value, &none) == 0)
			search_format_score(value, 1, score, sizeof score);
		else
			snprintf(score, sizeof score, "%s", st.outcome == GAME_WIN ? "#0"
			                                    : st.outcome == GAME_LOSS ? "#-0" : "=0");
		api_analysis(g, job->pos, NULL, 0, score, &out);
		finish(job, 200, &out);
		return;
	}
	const double t0 = search_clock();
	g->search(w->ctx, job->pos);
	api_analysis(g, job->pos, &w->report, search_clock() - t0, NULL, &out);
	finish(job, 200, &out);
}

static void *worker_main(void *arg)
{
	struct worker *w = arg;
	struct analysis *a = w->a;
	pthread_mutex_lock(&a->lock);
	for (;;) {
		while (!a->head && !a->stopping)
			pthread_cond_wait(&a->wake, &a->lock);
		if (a->stopping)
			break;
		struct job *job = a->head;
		a->head = job->next;
		if (!a->head)
			a->tail = NULL;
		a->waiting--;
		a->busy++;
		/* under the lock: analysis_stop sets it after a->stopping */
		__atomic_store_n(&w->stop, 0, __ATOMIC_RELAXED);
		pthread_mutex_unlock(&a->lock);
		run(w, job);
		pthread_mutex_lock(&a->lock);
		a->busy--;
	}
	pthread_mutex_unlock(&a->lock);
	return NULL;
}

struct analysis *analysis_start(struct server *s, struct yomi_error *err)
{
	struct analysis *a = calloc(1, sizeof *a);
	if (!a || !(a->workers = calloc((size_t)s->o.searches, sizeof *a->workers))) {
		free(a);
		yomi_fail(err, "out of memory");
		return NULL;
	}
	a->s = s;
	pthread_mutex_init(&a->lock, NULL);
	pthread_cond_init(&a->wake, NULL);
	for (int i = 0; i < s->o.searches; i++) {
		struct worker *w = &a->workers[i];
		w->a = a;
		w->ctx = malloc(sizeof *w->ctx);
		if (!w->ctx || tt_init(&w->tt, s->o.hash_mb)) {
			free(w->ctx);
			w->ctx = NULL;
			yomi_fail(err, "--hash %zu: cannot allocate the search's table "
			          "(%d searches)", s->o.hash_mb, s->o.searches);
			analysis_stop(a);
			return NULL;
		}
		a->nworkers = i + 1;
		if (pthread_create(&w->thread, NULL, worker_main, w) != 0) {
			yomi_fail(err, "cannot start a search thread");
			analysis_stop(a);
			return NULL;
		}
		w->started = 1;
	}
	return a;
}

int analysis_submit(struct analysis *a, const struct request *r, int client, int *status,
                    char **body, size_t *len, void (*done)(void *arg), void *arg)
{
	struct job *job = malloc(sizeof *job);
	if (!job)
		return -1;
	*job = (struct job){NULL, r->game, {0}, r->seconds, client, status, body, len, done, arg};
	memcpy(job->pos, r->pos, r->game->pos_size);
	pthread_mutex_lock(&a->lock);
	/* Queued jobs that a free worker is about to take do not wait: counted as waiting, they
	 * made --queue 0 refuse every search, and a second search refused while a worker was
	 * free (it had not taken the first yet). */
	const int free_workers = a->nworkers - a->busy;
	if (a->stopping || a->waiting >= a->s->o.queue + free_workers) {
		pthread_mutex_unlock(&a->lock);
		free(job);
		return -1;
	}
	if (a->tail)
		a->tail->next = job;
	else
		a->head = job;
	a->tail = job;
	a->waiting++;
	pthread_cond_signal(&a->wake);
	pthread_mutex_unlock(&a->lock);
	return 0;
}

void analysis_stop(struct analysis *a)
{
	if (!a)
		return;
	pthread_mutex_lock(&a->lock);
	a->stopping = 1;
	struct job *left = a->head;
	a->head = a->tail = NULL;
	a->waiting = 0;
	pthread_cond_broadcast(&a->wake);
	pthread_mutex_unlock(&a->lock);
	/* then the running searches stop (after the queue is emptied: a worker must not take a
	 * waiting search and answer it from one iteration) */
	for (int i = 0; i < a->nworkers; i++)
		__atomic_store_n(&a->workers[i].stop, 1, __ATOMIC_RELAXED);
	for (; left; ) {   /* the waiting searches: the server is going away */
		struct job *next = left->next;
		struct json out;
		json_init(&out);
		api_error(&out, "the server is shutting down");
		finish(left, 503, &out);
		left = next;
	}
	for (int i = 0; i < a->nworkers; i++) {
		struct worker *w = &a->workers[i];
		if (w->started)
			pthread_join(w->thread, NULL);
		if (w->ctx) {
			tt_free(&w->tt);
			free(w->ctx);
		}
	}
	pthread_mutex_destroy(&a->lock);
	pthread_cond_destroy(&a->wake);
	free(a->workers);
	free(a);
}
