/*
 * table_format.h - the on-disk layout of a solved table (private to src/solve/).
 *
 *   header      256 bytes, little-endian fields below
 *   model       model_bytes: the code lengths of the blocks' Huffman codes, one zstd
 *               frame (table_codec.h), then zeros to a multiple of 8 bytes
 *   block index (planes x blocks + 1) x u64: file offset of each compressed block, then
 *               the end
 *   blocks      each `block_size` value codes (the last may be fewer), coded by
 *               table_codec.h in chunks that decode on their own
 *   late blocks only with TABLE_FLAG_LATE (a table under the game's late rule): each one
 *               zstd frame of the late bits of the same entries, a u64 word per 64
 *   checksum    u64 XXH64 (seed 0) of every byte before it
 *
 * Why blocks and chunks: a probe decodes one small chunk, never the file; the checksum is
 * still over the whole file, checked once at open (a 20-70 MB hash takes milliseconds), so
 * a flipped byte anywhere is refused before any probe.
 * Codes: with distances, the value byte of yomi/solve.h; WDL-only, 0 draw, 1 win, 2 loss.
 * A position the game can judge at once (won in 1) is stored as a copy of the code before
 * it, which compresses to nothing, and is answered without the table.
 */
#ifndef YOMI_SOLVE_TABLE_FORMAT_H
#define YOMI_SOLVE_TABLE_FORMAT_H

#include <stdint.h>

#include "solve/table_codec.h"

#define TABLE_MAGIC "YOMI"
enum {
	TABLE_VERSION = 2,        /* 1: zstd blocks (no chunks), read no more */
	TABLE_HEADER_SIZE = 256,
	TABLE_CODING_DISTANCE = 1,
	TABLE_CODING_WDL = 2,
	TABLE_BLOCK = 16384,
	TABLE_ZSTD_LEVEL = 12,    /* the late bits' zstd frames */
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
	uint32_t model_bytes;     /* the model's zstd frame, after the header */
	uint8_t pad[TABLE_HEADER_SIZE - 4 - 4 - 16 - 16 - 32 - 8 - 4 - 4 - 8 - 32 - 4 - 4 - 64 - 4];
};

_Static_assert(sizeof(struct table_header) == TABLE_HEADER_SIZE, "table header layout");
_Static_assert(TABLE_BLOCK == CODEC_MAX_CHUNKS * CODEC_CHUNK, "a block is whole chunks");

/* Where the block index starts: after the header and the model, on a multiple of 8. */
static inline uint64_t table_index_at(uint32_t model_bytes)
{
	return TABLE_HEADER_SIZE + ((uint64_t)model_bytes + 7) / 8 * 8;
}

/* The late bits of block b: words of the bitmap (whole words: TABLE_BLOCK % 64 == 0). */
static inline size_t late_block_bytes(uint64_t n, uint64_t b)
{
	const uint64_t first = b * TABLE_BLOCK;
	const uint64_t entries = first + TABLE_BLOCK <= n ? TABLE_BLOCK : n - first;
	return (size_t)(entries + 63) / 64 * 8;
}

#endif
