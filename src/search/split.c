/* split.c - split points and the threads that share them (see split.h). */
#include <signal.h>
#include <stdlib.h>
#include <time.h>

#include "search/split.h"

struct split_pool {
	pthread_mutex_t lock;
	pthread_cond_t changed;       /* a split point appeared, lost a worker, or quit */
	struct split_point *active;   /* the split points, newest first */
	split_search_fn search;
	void (*poll)(void *);
	void *poll_arg;
	int threads, started;
	int idle;                     /* atomic (written under lock): threads waiting for work */
	int stop;                     /* no split point may start (under lock) */
	int quit;                     /* the helpers return (under lock) */
	int ready;                    /* helpers under way (under lock) */
	struct split_thread *thread;
	pthread_t tid[];
};

/* Whether sp lies below `above` (above itself excluded). */
static int split_below(const struct split_point *sp, const struct split_point *above)
{
	for (sp = sp->parent; sp; sp = sp->parent)
		if (sp == above)
			return 1;
	return 0;
}

/* Cuts sp and every split point below it (under lock). */
static void split_cut(struct split_pool *pool, struct split_point *sp)
{
	__atomic_store_n(&sp->cut, 1, __ATOMIC_RELAXED);
	for (struct split_point *s = pool->active; s; s = s->next_sp)
		if (split_below(s, sp))
			__atomic_store_n(&s->cut, 1, __ATOMIC_RELAXED);
}

/* A split point with a move to take: any (under = NULL), or one below `under`. */
static struct split_point *split_find(struct split_pool *pool, const struct split_point *under)
{
	for (struct split_point *s = pool->active; s; s = s->next_sp)
		if (s->next < s->count && !s->cut && (!under || split_below(s, under)))
			return s;
	return NULL;
}

/* Thread t searches moves of sp until none is left or sp is cut (called and returns under
 * lock). */
static void split_work(struct split_thread *t, struct split_point *sp)
{
	struct split_pool *pool = t->pool;
	struct split_point *up = t->sp;
	t->sp = sp;
	sp->workers++;
	while (sp->next < sp->count && !sp->cut) {
		const int i = sp->next++, alpha = sp->alpha, beta = sp->beta;
		pthread_mutex_unlock(&pool->lock);
		const int v = pool->search(t->state, sp->node, i, alpha, beta);
		pthread_mutex_lock(&pool->lock);
		if (sp->cut)   /* v may be a stopped search's: worthless */
			break;
		if (v > sp->best) {
			sp->best = v;
			sp->best_move = i;
			if (v > sp->alpha) {
				sp->alpha = v;
				if (v >= sp->beta)
					split_cut(pool, sp);
			}
		}
	}
	sp->workers--;
	t->sp = up;
	pthread_cond_broadcast(&pool->changed);
}

/* Waits for a change (under lock); thread 0 wakes every few milliseconds for its poll. */
static void split_wait(struct split_thread *t)
{
	struct split_pool *pool = t->pool;
	__atomic_store_n(&pool->idle, pool->idle + 1, __ATOMIC_RELAXED);
	if (t->id == 0 && pool->poll) {
		struct timespec ts;
		clock_gettime(CLOCK_REALTIME, &ts);
		ts.tv_nsec += 5000000;
		if (ts.tv_nsec >= 1000000000) {
			ts.tv_sec++;
			ts.tv_nsec -= 1000000000;
		}
		pthread_cond_timedwait(&pool->changed, &pool->lock, &ts);
	} else {
		pthread_cond_wait(&pool->changed, &pool->lock);
	}
	__atomic_store_n(&pool->idle, pool->idle - 1, __ATOMIC_RELAXED);
	if (t->id == 0 && pool->poll) {
		pthread_mutex_unlock(&pool->lock);
		pool->poll(pool->poll_arg);
		pthread_mutex_lock(&pool->lock);
	}
}

static void *split_helper(void *arg)
{
	struct split_thread *t = arg;
	struct split_pool *pool = t->pool;
	pthread_mutex_lock(&pool->lock);
	pool->ready++;
	pthread_cond_broadcast(&pool->changed);
	while (!pool->quit) {
		struct split_point *sp = split_find(pool, NULL);
		if (sp)
			split_work(t, sp);
		else
			split_wait(t);
	}
	pthread_mutex_unlock(&pool->lock);
	return NULL;
}

/* A helper's stack: the search's frames down to the last empty square, and then some. */
enum { SPLIT_HELPER_STACK = 16 << 20 };

struct split_pool *split_pool_start(int threads, struct split_thread *thread,
                                    split_search_fn search, void (*poll)(void *),
                                    void *poll_arg)
{
	struct split_pool *pool = calloc(1, sizeof *pool + sizeof(pthread_t) * (size_t)threads);
	if (!pool)
		return NULL;
	pthread_mutex_init(&pool->lock, NULL);
	pthread_cond_init(&pool->changed, NULL);
	pool->search = search;
	pool->poll = poll;
	pool->poll_arg = poll_arg;
	pool->threads = threads;
	pool->thread = thread;
	for (int i = 0; i < threads; i++) {
		thread[i].pool = pool;
		thread[i].id = i;
		thread[i].sp = NULL;
	}
	/* The helpers take no signal (Ctrl-C is the main thread's). */
	sigset_t all, old;
	sigfillset(&all);
	pthread_sigmask(SIG_BLOCK, &all, &old);
	pthread_attr_t attr;
	pthread_attr_init(&attr);
	pthread_attr_setstacksize(&attr, SPLIT_HELPER_STACK);
	for (int i = 1; i < threads; i++) {
		if (pthread_create(&pool->tid[i], &attr, split_helper, &thread[i]))
			break;
		pool->started = i;
	}
	pthread_attr_destroy(&attr);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	if (!pool->started) {
		split_pool_finish(pool);
		return NULL;
	}
	/* Every helper waiting for work before the search starts: on a busy machine a helper
	 * could otherwise miss a short search altogether. */
	pthread_mutex_lock(&pool->lock);
	while (pool->ready < pool->started)
		pthread_cond_wait(&pool->changed, &pool->lock);
	pthread_mutex_unlock(&pool->lock);
	return pool;
}

void split_pool_finish(struct split_pool *pool)
{
	pthread_mutex_lock(&pool->lock);
	pool->quit = 1;
	pthread_cond_broadcast(&pool->changed);
	pthread_mutex_unlock(&pool->lock);
	for (int i = 1; i <= pool->started; i++)
		pthread_join(pool->tid[i], NULL);
	pthread_cond_destroy(&pool->changed);
	pthread_mutex_destroy(&pool->lock);
	free(pool);
}

int split_idle(const struct split_pool *pool)
{
	return __atomic_load_n(&pool->idle, __ATOMIC_RELAXED);
}

int split_run(struct split_thread *t, struct split_point *sp)
{
	struct split_pool *pool = t->pool;
	pthread_mutex_lock(&pool->lock);
	if (pool->stop || (t->sp && t->sp->cut)) {
		pthread_mutex_unlock(&pool->lock);
		return -1;
	}
	sp->parent = t->sp;
	sp->workers = 0;
	sp->cut = 0;
	sp->prev = NULL;
	sp->next_sp = pool->active;
	if (pool->active)
		pool->active->prev = sp;
	pool->active = sp;
	pthread_cond_broadcast(&pool->changed);
	split_work(t, sp);
	while (sp->workers > 0) {   /* the helpers' last moves: help below, or wait */
		struct split_point *below = split_find(pool, sp);
		if (below)
			split_work(t, below);
		else
			split_wait(t);
	}
	if (sp->prev)
		sp->prev->next_sp = sp->next_sp;
	else
		pool->active = sp->next_sp;
	if (sp->next_sp)
		sp->next_sp->prev = sp->prev;
	pthread_mutex_unlock(&pool->lock);
	return 0;
}

void split_stop_all(struct split_pool *pool)
{
	pthread_mutex_lock(&pool->lock);
	pool->stop = 1;
	for (struct split_point *s = pool->active; s; s = s->next_sp)
		__atomic_store_n(&s->cut, 1, __ATOMIC_RELAXED);
	pthread_cond_broadcast(&pool->changed);
	pthread_mutex_unlock(&pool->lock);
}
