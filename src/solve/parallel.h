/*
 * parallel.h - the one threading primitive the solver needs: a parallel loop over an index
 * range, handed out in chunks from an atomic counter so that both cores stay busy even when
 * the work per position is uneven (positions resolved in a round cluster in the index).
 *
 * The body is called once per chunk, not per position, so its indirect call costs nothing.
 */
#ifndef YOMI_SOLVE_PARALLEL_H
#define YOMI_SOLVE_PARALLEL_H

#include <stdint.h>

enum { PARALLEL_MAX_THREADS = 64 };

/* Calls body(arg, lo, hi, thread) for consecutive chunks [lo, hi) of [0, n), chunk
 * positions each, on `threads` threads (thread = 0..threads-1); returns when all are done.
 * With a progress label (not NULL), prints "label [####......]  40%, 12 s left" on stderr
 * while it runs, the time left being the loop's own.  Returns 0, or -1 when a thread
 * cannot be started (then the loop ran on fewer threads). */
int parallel_for(int threads, uint64_t n, uint64_t chunk,
                 void (*body)(void *arg, uint64_t lo, uint64_t hi, int thread), void *arg,
                 const char *progress);

/* A progress line that says what its time covers: a loop that is one step of a longer job
 * says the time left in the whole job where it can be estimated, "left in this step" and
 * that the total is unknown where it cannot, or gives way to the caller's own text. */
struct parallel_progress {
	const char *label;   /* first on the line: "yomi: verify, step 2 of 3: entries" */
	const char *after;   /* after the bar and percentage instead of the loop's time left
	                        (" | 83% resolved, ~10 s left in all"), or NULL */
	int step;            /* the loop's time left is "left in this step" */
	int whole;           /* with step, 1: the line says the whole job's time left instead
	                        ("~50 s left in all"): the loop's, then `later` seconds and
	                        later_ratio times the loop's own time for the steps after it;
	                        -1: it says that the whole job's is not known yet */
	double later, later_ratio;
};

/* parallel_for with a progress line described by p (NULL: none). */
int parallel_for_progress(int threads, uint64_t n, uint64_t chunk,
                          void (*body)(void *arg, uint64_t lo, uint64_t hi, int thread),
                          void *arg, const struct parallel_progress *p);

/* The progress line p of a job that reports its own share done (0 to 1) and time left in
 * seconds (< 0: not known), as parallel_for_progress draws it. */
void parallel_progress_line(const struct parallel_progress *p, double done, double left);

/* Clears the progress line on stderr (a terminal): what follows starts on a clean line. */
void parallel_progress_end(void);

/* The number of online CPUs (at least 1). */
int parallel_cpus(void);

/* `bytes` of zeroed anonymous memory, in huge pages where the kernel gives them, or NULL
 * (errno set).  For the solver's big arrays (values, bitmaps, preloaded codes), which the
 * passes and probes read at random: with 4 KB pages nearly every access would be a TLB
 * miss.  Freed by parallel_huge_free with the same size. */
void *parallel_huge_alloc(uint64_t bytes);
void parallel_huge_free(void *p, uint64_t bytes);

/* `bytes` of zeroed anonymous memory in small pages, of which only those written are ever
 * backed (a byte per position for the rare positions that need one), or NULL.  Freed by
 * parallel_sparse_free (NULL is fine). */
void *parallel_sparse_alloc(uint64_t bytes);
void parallel_sparse_free(void *p, uint64_t bytes);

#endif
