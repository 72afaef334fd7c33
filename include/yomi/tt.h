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
 *
 * Why a lock bit and a version in every entry: several search threads share one table
 * (lazy SMP), and an entry is two to four 64-bit words, which no plain store writes at
 * once.  Two writers interleaving could leave one position's key with another's score for
 * good, and a reader could take a half-written entry.  So each entry has a data word whose
 * top bit (TT_BUSY) is a writer's lock and whose next bits count its writes: a writer sets
 * the bit with a compare-and-swap from the value it read (it gives up storing if the entry
 * is busy or changed meanwhile: a table may lose a store), writes the other words, then the
 * data word with the next version and the bit clear.  A reader reads the data word, the
 * other words, then the data word again, and takes the entry only if both reads are equal
 * and not busy (a sequence lock per entry).  So a probe never returns another position's
 * entry, under concurrent writes too, unless the reader were held up between two loads while
 * the very same entry was rewritten 2^13 times (the Othello solver: 2^31) and came back
 * bit for bit.  One thread pays one compare-and-swap per store (measured with yomi bench). */
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

/* The fields marked atomic are read and written by every search thread at once: through
 * the functions below only. */
struct tt {
	void *mem;            /* buckets, TT_BUCKET_BYTES each, 64-byte aligned */
	uint64_t mask;        /* buckets - 1 (a power of two) */
	uint64_t live_mask;   /* atomic: buckets in use - 1: the first part of mem, up to mask */
	uint64_t ticks;       /* atomic: tt_tick calls since the part last doubled */
	int growing;          /* atomic: a thread is moving the entries to a doubled part */
	void *near;           /* the small table: TT_NEAR_BYTES of buckets after mem */
	uint64_t near_mask;
	uint8_t age;          /* atomic: bumped per search, so old entries are replaced first */
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
static inline void tt_new_search(struct tt *tt)
{
	__atomic_store_n(&tt->age, (uint8_t)((__atomic_load_n(&tt->age, __ATOMIC_RELAXED) + 1) & 63),
	                 __ATOMIC_RELAXED);
}
static inline uint8_t tt_age(const struct tt *tt)
{
	return __atomic_load_n(&tt->age, __ATOMIC_RELAXED);
}
/* The part in use (a thread may double it meanwhile: an entry is then looked for or stored
 * in the bucket of the smaller part, which costs a lost entry at worst). */
static inline uint64_t tt_live_mask(const struct tt *tt)
{
	return __atomic_load_n(&tt->live_mask, __ATOMIC_RELAXED);
}
/* Called once per TT_TICK_NODES nodes of search, by each thread: whether the part in use
 * should double now (after as many nodes as it has 16-byte entries).  Then, and for one
 * thread only, the user's entry layout moves the entries (search_tt.h; the Othello solver's
 * own in othello_endgame.c) and calls tt_grown; the other threads go on meanwhile. */
static inline int tt_tick(struct tt *tt)
{
	const uint64_t live = tt_live_mask(tt);
	if (live >= tt->mask ||
	    __atomic_add_fetch(&tt->ticks, 1, __ATOMIC_RELAXED) * TT_TICK_NODES <
	    (live + 1) * (TT_BUCKET_BYTES / 16))
		return 0;
	int idle = 0;
	if (!__atomic_compare_exchange_n(&tt->growing, &idle, 1, 0, __ATOMIC_ACQUIRE,
	                                 __ATOMIC_RELAXED))
		return 0;
	if (tt_live_mask(tt) == live)
		return 1;
	__atomic_store_n(&tt->growing, 0, __ATOMIC_RELEASE);   /* another thread just grew it */
	return 0;
}
static inline void tt_grown(struct tt *tt)
{
	__atomic_store_n(&tt->ticks, 0, __ATOMIC_RELAXED);
	__atomic_store_n(&tt->live_mask, tt_live_mask(tt) * 2 + 1, __ATOMIC_RELAXED);
	__atomic_store_n(&tt->growing, 0, __ATOMIC_RELEASE);
}

/* ---- an entry's data word under concurrent use (see the top of this file) ---- */
#define TT_BUSY (1ULL << 63)
/* A word of an entry, read or written whole.  Loads acquire and stores release (plain moves
 * on x86), so that a reader's last load of the data word comes after its loads of the other
 * words, and a writer's stores of those come after it took the lock: the order a sequence
 * lock needs, without fences (which ThreadSanitizer does not follow). */
static inline uint64_t tt_word(const uint64_t *w)
{
	return __atomic_load_n(w, __ATOMIC_ACQUIRE);
}
static inline void tt_set_word(uint64_t *w, uint64_t v)
{
	__atomic_store_n(w, v, __ATOMIC_RELEASE);
}
/* A reader: the data word first, then the entry's other words (tt_word), then tt_read_end
 * says whether what was read is one entry as some writer left it. */
static inline uint64_t tt_read_begin(const uint64_t *data)
{
	return __atomic_load_n(data, __ATOMIC_ACQUIRE);
}
static inline int tt_read_end(const uint64_t *data, uint64_t begin)
{
	return !(begin & TT_BUSY) && __atomic_load_n(data, __ATOMIC_RELAXED) == begin;
}
/* A writer: takes the entry if its data word is still `seen` and not busy (else returns 0
 * and must not write), writes the other words with tt_set_word, then tt_unlock with the new
 * data word, which carries tt_version_next(seen, shift) (the version's bits are shift..62). */
static inline int tt_lock(uint64_t *data, uint64_t seen)
{
	return !(seen & TT_BUSY) &&
	       __atomic_compare_exchange_n(data, &seen, seen | TT_BUSY, 0, __ATOMIC_ACQUIRE,
	                                   __ATOMIC_RELAXED);
}
static inline uint64_t tt_version_next(uint64_t seen, int shift)
{
	return (((seen & ~TT_BUSY) >> shift) + 1) << shift & ~TT_BUSY;
}
static inline void tt_unlock(uint64_t *data, uint64_t value)
{
	__atomic_store_n(data, value, __ATOMIC_RELEASE);
}
/* Bytes of the large table (mem). */
static inline size_t tt_bytes(const struct tt *tt) { return (size_t)(tt->mask + 1) * TT_BUCKET_BYTES; }

#endif
