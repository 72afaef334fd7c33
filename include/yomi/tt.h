/*
 * tt.h - the transposition table's memory: one aligned block of 64-byte buckets.
 *
 * Why the entry layout is not here: the entry stores the game's exact packed key (one or
 * two 64-bit words), so it is defined where the search is instantiated for that game
 * (search_template.h).  This module only owns the memory, its size and the age counter.
 * A probe hashes the exact key with XXH3_64bits to pick a bucket and compares the stored
 * key in full, so it never returns another position's entry.
 */
#ifndef YOMI_TT_H
#define YOMI_TT_H

#include <stddef.h>
#include <stdint.h>

enum { TT_BUCKET_BYTES = 64 };

struct tt {
	void *mem;            /* buckets, TT_BUCKET_BYTES each, 64-byte aligned */
	uint64_t mask;        /* buckets - 1 (a power of two) */
	uint8_t age;          /* bumped per search, so old entries are replaced first */
};

/* Allocates about `megabytes` MB (rounded down to a power of two of buckets, at least 1 MB).
 * Returns 0, or -1 when the memory cannot be had. */
int tt_init(struct tt *tt, size_t megabytes);
void tt_free(struct tt *tt);
void tt_clear(struct tt *tt);
/* Call before each new search of a game. */
static inline void tt_new_search(struct tt *tt) { tt->age = (uint8_t)((tt->age + 1) & 63); }
static inline size_t tt_bytes(const struct tt *tt) { return (size_t)(tt->mask + 1) * TT_BUCKET_BYTES; }

#endif
