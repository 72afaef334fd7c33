/*
 * tt.h - the transposition table's memory: one aligned block of 64-byte buckets.
 *
 * Why the entry layout is not here: the entry stores the game's exact packed key (one or
 * two 64-bit words), so it is defined where the search is instantiated for that game
 * (search_template.h).  This module only owns the memory, its size and the age counter.
 * A probe hashes the exact key with XXH3_64bits to pick a bucket and compares the stored
 * key in full, so it never returns another position's entry.
 *
 * Why a second, small table: the nodes two plies above the horizon are about half of all
 * probes, and a probe into the large table is a cache miss (about a third of the search's
 * time on Dobutsu).  Those nodes use a table of TT_NEAR_BYTES that stays in the core's L2
 * cache instead: their entries are cheap to recompute, so losing some to its small size
 * costs less than the misses (measured with yomi bench).
 */
#ifndef YOMI_TT_H
#define YOMI_TT_H

#include <pthread.h>
#include <stddef.h>
#include <stdint.h>

enum {
	TT_BUCKET_BYTES = 64,
	TT_NEAR_BYTES = 256 << 10,   /* the small table, for nodes of depth <= TT_NEAR_DEPTH */
	TT_NEAR_DEPTH = 2,
};

struct tt {
	void *mem;            /* buckets, TT_BUCKET_BYTES each, 64-byte aligned */
	uint64_t mask;        /* buckets - 1 (a power of two) */
	void *near;           /* the small table: TT_NEAR_BYTES of buckets after mem */
	uint64_t near_mask;
	uint8_t age;          /* bumped per search, so old entries are replaced first */
	struct tt_filler *filler;   /* the thread making the pages present, or NULL (tt.c) */
	pthread_t filler_thread;
};

/* Allocates about `megabytes` MB (rounded down to a power of two of buckets, at least 1 MB)
 * and the small table, all zero (an empty table).  Returns 0, or -1 when the memory cannot
 * be had.  A thread makes the pages present meanwhile; tt_clear and tt_free stop it. */
int tt_init(struct tt *tt, size_t megabytes);
void tt_free(struct tt *tt);
void tt_clear(struct tt *tt);
/* Call before each new search of a game (the mate search also calls it before each distance
 * it tests): entries of older ages are replaced first. */
static inline void tt_new_search(struct tt *tt) { tt->age = (uint8_t)((tt->age + 1) & 63); }
/* Bytes of the large table (mem). */
static inline size_t tt_bytes(const struct tt *tt) { return (size_t)(tt->mask + 1) * TT_BUCKET_BYTES; }

#endif
