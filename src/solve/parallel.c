/*
 * parallel.c - chunked parallel loop on POSIX threads (see parallel.h).
 */
#include <pthread.h>
#include <stdio.h>
#include <time.h>
#include <unistd.h>

#include "solve/parallel.h"

struct loop {
	uint64_t n, chunk;
	uint64_t next;   /* atomic: first index not yet handed out */
	void (*body)(void *, uint64_t, uint64_t, int);
	void *arg;
};

struct worker {
	struct loop *loop;
	int thread;
};

static void *worker_run(void *p)
{
	struct worker *w = p;
	struct loop *l = w->loop;
	for (;;) {
		uint64_t lo = __atomic_fetch_add(&l->next, l->chunk, __ATOMIC_RELAXED);
		if (lo >= l->n)
			return NULL;
		uint64_t hi = lo + l->chunk < l->n ? lo + l->chunk : l->n;
		l->body(l->arg, lo, hi, w->thread);
	}
}

static void show_progress(struct loop *l, const char *label)
{
	uint64_t done = __atomic_load_n(&l->next, __ATOMIC_RELAXED);
	if (done > l->n)
		done = l->n;
	fprintf(stderr, "\r%s %3d%%", label, (int)(l->n ? 100 * done / l->n : 100));
	fflush(stderr);
}

int parallel_for(int threads, uint64_t n, uint64_t chunk,
                 void (*body)(void *arg, uint64_t lo, uint64_t hi, int thread), void *arg,
                 const char *progress)
{
	struct loop l = {n, chunk ? chunk : 1, 0, body, arg};
	if (threads < 1)
		threads = 1;
	if (threads > PARALLEL_MAX_THREADS)
		threads = PARALLEL_MAX_THREADS;
	pthread_t tid[PARALLEL_MAX_THREADS];
	struct worker w[PARALLEL_MAX_THREADS];
	int started = 0, status = 0;
	for (int t = 1; t < threads; t++) {
		w[t] = (struct worker){&l, t};
		if (pthread_create(&tid[t], NULL, worker_run, &w[t]) != 0) {
			status = -1;
			break;
		}
		started = t;
	}
	if (progress) {
		/* The calling thread reports; with one thread it also works, in between. */
		w[0] = (struct worker){&l, 0};
		if (started == 0) {
			uint64_t lo;
			while ((lo = __atomic_fetch_add(&l.next, l.chunk, __ATOMIC_RELAXED)) < n) {
				uint64_t hi = lo + l.chunk < n ? lo + l.chunk : n;
				body(arg, lo, hi, 0);
				show_progress(&l, progress);
			}
		} else {
			pthread_t me;
			w[0].thread = 0;
			if (pthread_create(&me, NULL, worker_run, &w[0]) != 0) {
				worker_run(&w[0]);
			} else {
				while (__atomic_load_n(&l.next, __ATOMIC_RELAXED) < n) {
					show_progress(&l, progress);
					nanosleep(&(struct timespec){0, 200000000}, NULL);
				}
				pthread_join(me, NULL);
			}
		}
		show_progress(&l, progress);
	} else {
		w[0] = (struct worker){&l, 0};
		worker_run(&w[0]);
	}
	for (int t = 1; t <= started; t++)
		pthread_join(tid[t], NULL);
	return status;
}

int parallel_cpus(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);
	return n < 1 ? 1 : n > PARALLEL_MAX_THREADS ? PARALLEL_MAX_THREADS : (int)n;
}
