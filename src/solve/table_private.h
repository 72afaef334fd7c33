/*
 * table_private.h - what the table reader's files share (src/solve/table.c opens and
 * probes, table_load.c reads whole tables): the open table itself, and its reads.
 */
#ifndef YOMI_SOLVE_TABLE_PRIVATE_H
#define YOMI_SOLVE_TABLE_PRIVATE_H

#include <zstd.h>

#include "solve/table_codec.h"
#include "solve/table_format.h"
#include "yomi/table.h"

/* Decoded chunks kept, direct-mapped by chunk number (half a megabyte); and the late bits
 * of blocks, least recently used out. */
enum { CACHE_CHUNKS = 1024, CACHE_BLOCKS = 64 };

struct table {
	const struct game *game;
	const struct game_solver *solver;
	char *path;                   /* for messages: quoted (yomi_arg_said) */
	struct table_header h;
	int fd;                       /* -1 when closed */
	size_t size;
	uint64_t *offsets;            /* planes x blocks + 1 entries: the block index */
	size_t block_max;             /* the longest block, of either plane */
	uint8_t *block[2];            /* block_max bytes: the block of each plane read last */
	uint64_t block_tag[2];        /* its number (late: blocks + b) + 1, 0 = none */
	int planes;                   /* 2 with late bits (TABLE_FLAG_LATE), else 1 */
	struct codec_model *model;
	ZSTD_DCtx *dctx;
	uint64_t chunk_tag[CACHE_CHUNKS];   /* chunk number + 1 in each slot, 0 = empty */
	uint16_t chunk_have[CACHE_CHUNKS];  /* its first entries decoded so far */
	uint8_t *chunks;                    /* CACHE_CHUNKS x CODEC_CHUNK codes */
	uint64_t cached[CACHE_BLOCKS];   /* late bits: block number + 1, 0 = empty */
	uint64_t used[CACHE_BLOCKS];     /* when last used (clock below) */
	uint64_t clock;
	int last;                        /* slot of the last hit: probes cluster */
	uint8_t *all;                    /* every stored code, after table_preload */
	uint64_t *all_late;              /* and every late bit, with a late plane */
	uint8_t *late_cache;             /* CACHE_BLOCKS x SLOT_LATE bytes */
	const struct table *shared;      /* table_share: the table whose mapping, model, path
	                                    and preloaded values this one borrows, or NULL */
};

enum { SLOT_LATE = TABLE_BLOCK / 8 };

/* Reads len bytes at offset at of t's file into buf.  Returns 0, or -1 with err filled:
 * a read that comes back short means the file was cut short since it was opened. */
int table_read_at(const struct table *t, uint64_t at, void *buf, size_t len,
                  struct yomi_error *err);

/* The number of entries of block b. */
uint64_t table_block_entries(const struct table *t, uint64_t b);

#endif
