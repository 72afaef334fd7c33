/* tt.c - transposition table memory (see include/yomi/tt.h). */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "yomi/tt.h"

/* Pages are made present this many bytes at a time, so that tt_free can stop the filler
 * between two steps instead of waiting for the whole table. */
enum { TT_FILL_STEP = 16 << 20 };

struct tt_filler {
	char *mem;
	size_t bytes;
	int stop;   /* atomic: set by tt_join_filler */
};

/* The filler thread: makes the table's pages present (written, not yet touched) without
 * changing their content, so the search may already use them.  A page the search touches
 * first is faulted in by the search itself, as it would be without the filler. */
static void *tt_fill(void *arg)
{
	struct tt_filler *f = arg;
#ifdef MADV_POPULATE_WRITE
	for (size_t at = 0; at < f->bytes && !__atomic_load_n(&f->stop, __ATOMIC_RELAXED);
	     at += TT_FILL_STEP) {
		const size_t len = f->bytes - at < TT_FILL_STEP ? f->bytes - at : TT_FILL_STEP;
		if (madvise(f->mem + at, len, MADV_POPULATE_WRITE))
			break;   /* an older kernel: the pages fault in as the search touches them */
	}
#endif
	return NULL;
}

/* Stops the filler, if one runs, and waits for it. */
static void tt_join_filler(struct tt *tt)
{
	if (!tt->filler)
		return;
	__atomic_store_n(&tt->filler->stop, 1, __ATOMIC_RELAXED);
	pthread_join(tt->filler_thread, NULL);
	free(tt->filler);
	tt->filler = NULL;
}

/* The part of the table a search starts with (tt.h): TT_START_BYTES, or all of a smaller one. */
static uint64_t tt_start_mask(const struct tt *tt)
{
	const uint64_t start = TT_START_BYTES / TT_BUCKET_BYTES - 1;
	return tt->mask < start ? tt->mask : start;
}

int tt_init(struct tt *tt, size_t megabytes)
{
	size_t bytes = (megabytes ? megabytes : 1) << 20, buckets = 1;
	while (buckets * 2 * TT_BUCKET_BYTES <= bytes)
		buckets *= 2;
	memset(tt, 0, sizeof *tt);
	/* Without MAP_NORESERVE the kernel refuses a table larger than the machine can back,
	 * so an oversized --hash is an error message, not an out-of-memory kill later. */
	void *mem = mmap(NULL, buckets * TT_BUCKET_BYTES + TT_NEAR_BYTES, PROT_READ | PROT_WRITE,
	                 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (mem == MAP_FAILED)
		return -1;
#ifdef MADV_HUGEPAGE
	madvise(mem, buckets * TT_BUCKET_BYTES, MADV_HUGEPAGE);   /* fewer TLB misses */
#endif
	tt->mem = mem;
	tt->mask = buckets - 1;
	tt->live_mask = tt_start_mask(tt);
	tt->near = (char *)mem + buckets * TT_BUCKET_BYTES;
	tt->near_mask = TT_NEAR_BYTES / TT_BUCKET_BYTES - 1;
	/* A new mapping reads as zeros: no clearing.  Its pages are made present by a thread of
	 * their own while the search starts: on this project's VMs a first touch costs about
	 * 2 ms per MB (0.5 s for the default 256 MB), once spent before every analysis began,
	 * and the time of a short proof was mostly that. */
	struct tt_filler *f = malloc(sizeof *f);
	if (f) {
		*f = (struct tt_filler){.mem = mem, .bytes = tt_bytes(tt) + TT_NEAR_BYTES};
		if (pthread_create(&tt->filler_thread, NULL, tt_fill, f) == 0)
			tt->filler = f;
		else
			free(f);
	}
	return 0;
}

void tt_free(struct tt *tt)
{
	tt_join_filler(tt);
	if (tt->mem)
		munmap(tt->mem, tt_bytes(tt) + TT_NEAR_BYTES);
	tt->mem = NULL;
}

/* The filler may go on meanwhile: making a page present does not change what it holds. */
void tt_clear(struct tt *tt)
{
	memset(tt->mem, 0, (size_t)(tt->live_mask + 1) * TT_BUCKET_BYTES);
	memset(tt->near, 0, TT_NEAR_BYTES);
	tt->age = 0;
	tt->live_mask = tt_start_mask(tt);
	tt->ticks = 0;
}
