/*
 * table_format.h - the on-disk layout of a solved table (private to src/solve/).
 *
 *   header      256 bytes, little-endian fields below
 *   block index (planes x blocks + 1) x u64: file offset of each compressed block, then
 *               the end
 *   blocks      each one zstd frame of `block_size` value codes (the last may be shorter)
 *   late blocks only with TABLE_FLAG_LATE (a table under the game's late rule): each one
 *               zstd frame of the late bits of the same entries, a u64 word per 64
 *   checksum    u64 XXH64 (seed 0) of every byte before it
 *
 * Why blocks: a probe decompresses one small block, never the file; the checksum is still
 * over the whole file, checked once at open (a 20-70 MB hash takes milliseconds), so a
 * flipped byte anywhere is refused before any probe.
 * Codes: with distances, the value byte of yomi/solve.h; WDL-only, 0 draw, 1 win, 2 loss.
 * A position the game can judge at once (won in 1) is stored as a copy of the code before
 * it, which compresses to nothing, and is answered without the table.
 */
#ifndef YOMI_SOLVE_TABLE_FORMAT_H
#define YOMI_SOLVE_TABLE_FORMAT_H

#include <stdint.h>

#define TABLE_MAGIC "YOMI"
enum {
	TABLE_VERSION = 1,
	TABLE_HEADER_SIZE = 256,
	TABLE_CODING_DISTANCE = 1,
	TABLE_CODING_WDL = 2,
	TABLE_BLOCK = 16384,
	TABLE_ZSTD_LEVEL = 12,    /* measured: level 19 is 2% smaller and 5 times slower */
	TABLE_FLAG_LATE = 1,      /* a second plane: late bits (yomi/solve.h) */
};

struct table_header {
	char magic[4];
	uint32_t version;
	char game[16];
	char rules[16];           /* the solver's rules or late_rules: "arrival", "survival" */
	char encoding[32];        /* the game's index name (game_solver.encoding) */
	uint64_t index_size;
	uint32_t coding;
	uint32_t block_size;
	uint64_t blocks;
	uint64_t wins, draws, losses, none;
	uint32_t max_distance;    /* the longest win, in plies */
	uint32_t flags;           /* TABLE_FLAG_* */
	char build[64];           /* "yomi 0.1.0" */
	uint8_t pad[TABLE_HEADER_SIZE - 4 - 4 - 16 - 16 - 32 - 8 - 4 - 4 - 8 - 32 - 4 - 4 - 64];
};

_Static_assert(sizeof(struct table_header) == TABLE_HEADER_SIZE, "table header layout");

/* The late bits of block b: words of the bitmap (whole words: TABLE_BLOCK % 64 == 0). */
static inline size_t late_block_bytes(uint64_t n, uint64_t b)
{
	const uint64_t first = b * TABLE_BLOCK;
	const uint64_t entries = first + TABLE_BLOCK <= n ? TABLE_BLOCK : n - first;
	return (size_t)(entries + 63) / 64 * 8;
}

#endif
