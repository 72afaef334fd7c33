/* tt.c - transposition table memory (see include/yomi/tt.h). */
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "yomi/tt.h"

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
	tt->near = (char *)mem + buckets * TT_BUCKET_BYTES;
	tt->near_mask = TT_NEAR_BYTES / TT_BUCKET_BYTES - 1;
	tt_clear(tt);   /* fault the pages in now, not at random during the search */
	return 0;
}

void tt_free(struct tt *tt)
{
	if (tt->mem)
		munmap(tt->mem, tt_bytes(tt) + TT_NEAR_BYTES);
	tt->mem = NULL;
}

void tt_clear(struct tt *tt)
{
	memset(tt->mem, 0, tt_bytes(tt) + TT_NEAR_BYTES);
	tt->age = 0;
}
