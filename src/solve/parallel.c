/*
 * parallel.c - chunked parallel loop on POSIX threads (see parallel.h).
 */
#include <pthread.h>
#include <stdio.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include "solve/parallel.h"

struct loop {
	double start;
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

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* "label [#####.....]  45%  ETA 12 s" on one line of a terminal. */
static void show_progress(struct loop *l, const char *label)
{
	uint64_t done = __atomic_load_n(&l->next, __ATOMIC_RELAXED);
	if (done > l->n)
		done = l->n;
	const double f = l->n ? (double)done / (double)l->n : 1, spent = now() - l->start;
	char bar[21];
	for (int k = 0; k < 20; k++)
		bar[k] = k < (int)(f * 20) ? '#' : '.';
	bar[20] = 0;
	fprintf(stderr, "\r%s [%s] %3d%%", label, bar, (int)(f * 100));
	if (f > 0.02 && f < 1)
		fprintf(stderr, "  ETA %.0f s   ", spent / f - spent);
	else
		fputs("             ", stderr);
	fflush(stderr);
}

int parallel_for(int threads, uint64_t n, uint64_t chunk,
                 void (*body)(void *arg, uint64_t lo, uint64_t hi, int thread), void *arg,
                 const char *progress)
{
	struct loop l = {now(), n, chunk ? chunk : 1, 0, body, arg};
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
				for (int tick = 0; __atomic_load_n(&l.next, __ATOMIC_RELAXED) < n; tick++) {
					if (tick % 10 == 0)
						show_progress(&l, progress);
					nanosleep(&(struct timespec){0, 20000000}, NULL);
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

void *parallel_huge_alloc(uint64_t bytes)
{
	void *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED)
		return NULL;
#ifdef MADV_HUGEPAGE
	madvise(p, bytes, MADV_HUGEPAGE);   /* a hint: without it, the memory still works */
#endif
	return p;
}

void parallel_huge_free(void *p, uint64_t bytes)
{
	if (p)
		munmap(p, bytes);
}
