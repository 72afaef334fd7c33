/*
 * parallel.c - chunked parallel loop on POSIX threads (see parallel.h).
 */
#include <pthread.h>
#include <stdio.h>
#include <string.h>
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

/* "label [#####.....]  45%, 12 s left" on one line of a terminal, in 79 columns: the bar
 * is as wide as the rest leaves room for (8 to 20).  p->after replaces the time left; left
 * < 0: none known; spent: the loop's time so far. */
static void draw_progress(const struct parallel_progress *p, double f, double left, double spent)
{
	const char *label = p->label;
	char bar[21], line[256], rest[128];
	int n = snprintf(rest, sizeof rest, " %3d%%", (int)(f * 100));
	if (p->after)
		snprintf(rest + n, sizeof rest - (size_t)n, "%s", p->after);
	else if (left >= 0 && f > 0.02 && f < 1 && p->step && p->whole > 0)
		snprintf(rest + n, sizeof rest - (size_t)n, ", ~%.0f s left in all",
		         left + p->later + p->later_ratio * (spent + left));
	else if (left >= 0 && f > 0.02 && f < 1)
		snprintf(rest + n, sizeof rest - (size_t)n, ", %.0f s left%s%s", left,
		         p->step ? " in this step" : "", p->step && p->whole < 0 ? "; total unknown"
		                                                                : "");
	int width = 79 - 3 - (int)strlen(label) - (int)strlen(rest);
	width = width < 8 ? 8 : width > 20 ? 20 : width;
	for (int k = 0; k < width; k++)
		bar[k] = k < (int)(f * width) ? '#' : '.';
	bar[width] = 0;
	const int len = snprintf(line, sizeof line, "%s [%s]%s", label, bar, rest);
	/* the line drawn over the last one: blanks clear what is left of a longer one */
	fprintf(stderr, "\r%.79s%*s", line, len < 79 ? 79 - len : 0, "");
	fflush(stderr);
}

static void show_progress(struct loop *l, const struct parallel_progress *p)
{
	uint64_t done = __atomic_load_n(&l->next, __ATOMIC_RELAXED);
	if (done > l->n)
		done = l->n;
	const double f = l->n ? (double)done / (double)l->n : 1, spent = now() - l->start;
	draw_progress(p, f, f > 0 ? spent / f - spent : -1, spent);
}

void parallel_progress_line(const struct parallel_progress *p, double done, double left)
{
	draw_progress(p, done, left, done > 0 && left >= 0 ? left * done / (1 - done + 1e-9) : 0);
}

void parallel_progress_end(void)
{
	fprintf(stderr, "\r%79s\r", "");
	fflush(stderr);
}

int parallel_for(int threads, uint64_t n, uint64_t chunk,
                 void (*body)(void *arg, uint64_t lo, uint64_t hi, int thread), void *arg,
                 const char *progress)
{
	const struct parallel_progress p = {progress, NULL, 0, 0, 0, 0};
	return parallel_for_progress(threads, n, chunk, body, arg, progress ? &p : NULL);
}

int parallel_for_progress(int threads, uint64_t n, uint64_t chunk,
                          void (*body)(void *arg, uint64_t lo, uint64_t hi, int thread),
                          void *arg, const struct parallel_progress *progress)
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
			double shown = 0;
			while ((lo = __atomic_fetch_add(&l.next, l.chunk, __ATOMIC_RELAXED)) < n) {
				uint64_t hi = lo + l.chunk < n ? lo + l.chunk : n;
				body(arg, lo, hi, 0);
				if (now() - shown > 0.2) {   /* not a write per chunk */
					show_progress(&l, progress);
					shown = now();
				}
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

void *parallel_sparse_alloc(uint64_t bytes)
{
	void *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS |
	               MAP_NORESERVE, -1, 0);
	if (p == MAP_FAILED)
		return NULL;
#ifdef MADV_NOHUGEPAGE
	madvise(p, bytes, MADV_NOHUGEPAGE);   /* a huge page would back 2 MB for one byte */
#endif
	return p;
}

void parallel_sparse_free(void *p, uint64_t bytes)
{
	if (p)
		munmap(p, bytes);
}
