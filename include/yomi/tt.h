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
 *
 * Why the search starts on a small part of the table: on this project's VMs the first touch
 * of a huge page of fresh memory costs milliseconds, so a search touching random buckets of
 * a 256 MB table stalled for about 0.3 s at its start, while a thread made the pages present
 * in order.  The search uses the first TT_START_BYTES at first and doubles its part (moving
 * each entry to its bucket in the larger part) after as many nodes as the part has entries:
 * by then that thread has made the next part present.  Node counts, not time, decide when,
 * so a search is still the same twice.
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
	TT_START_BYTES = 4 << 20,    /* the part of the large table a search starts with */
	TT_TICK_NODES = 4096,        /* tt_tick is called once per this many nodes */
};

struct tt {
	void *mem;            /* buckets, TT_BUCKET_BYTES each, 64-byte aligned */
	uint64_t mask;        /* buckets - 1 (a power of two) */
	uint64_t live_mask;   /* buckets in use - 1: the first part of mem, up to mask */
	uint64_t ticks;       /* tt_tick calls since the part last doubled */
	void *near;           /* the small table: TT_NEAR_BYTES of buckets after mem */
	uint64_t near_mask;
	uint8_t age;          /* bumped per search, so old entries are replaced first */
	struct tt_filler *filler;   /* the thread making the pages present, or NULL (tt.c) */
	pthread_t filler_thread;
};

/* Allocates about `megabytes` MB (rounded down to a power of two of buckets, at least 1 MB)
 * and the small table, all zero (an empty table).  Returns 0, or -1 when the memory cannot
 * be had.  A thread makes the pages present meanwhile; tt_free stops it. */
int tt_init(struct tt *tt, size_t megabytes);
void tt_free(struct tt *tt);
/* Empties the table: zeroes the part in use (no user of the memory writes beyond it) and
 * the small table, and the search starts on TT_START_BYTES again.  A table used for short
 * searches costs a few MB per clear, not all of it. */
void tt_clear(struct tt *tt);
/* Call before each new search of a game (the mate search also calls it before each distance
 * it tests): entries of older ages are replaced first. */
static inline void tt_new_search(struct tt *tt) { tt->age = (uint8_t)((tt->age + 1) & 63); }
/* Called once per TT_TICK_NODES nodes of search: whether the part in use should double now
 * (after as many nodes as it has 16-byte entries); the user's entry layout then moves the
 * entries (search_tt.h; the Othello solver's own in othello_endgame.c) and calls tt_grown. */
static inline int tt_tick(struct tt *tt)
{
	return tt->live_mask < tt->mask &&
	       ++tt->ticks * TT_TICK_NODES >= (tt->live_mask + 1) * (TT_BUCKET_BYTES / 16);
}
static inline void tt_grown(struct tt *tt)
{
	tt->live_mask = tt->live_mask * 2 + 1;
	tt->ticks = 0;
}
/* Bytes of the large table (mem). */
static inline size_t tt_bytes(const struct tt *tt) { return (size_t)(tt->mask + 1) * TT_BUCKET_BYTES; }

#endif
