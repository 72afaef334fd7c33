/*
 * table_codec.h - the entropy coder of a table's value codes (private to src/solve/).
 *
 * A block's codes are cut into chunks of CODEC_CHUNK entries, each coded on its own as
 * runs of equal codes.  A run is one Huffman-coded symbol, its code together with its
 * length if that is 1, 2 or 3 ("longer" else), in the context of the classes of the two
 * runs before it; a longer run adds its length class, Huffman-coded in the context of its
 * code's class, and the raw extra bits of that class.  One set of code lengths (the model)
 * serves the whole file; it is built from the counts of every block, and stored zstd-
 * compressed (mostly zeros).
 *
 * Why not zstd, which the tables used before (format version 1): a probe must answer in
 * about a microsecond from a block nobody has decoded yet.  zstd decodes a frame whole, and
 * a frame costs several microseconds whatever its size (measured on the Dobutsu table's
 * codes, random frames: 16K entries 20 us, 2K entries 4.6 us with the file 12% larger, 1K
 * entries 3.1 us and 21% larger).  Here a probe decodes one chunk of 512 entries, found by
 * the block's list of chunk ends, up to the entry it wants; most codes are short and
 * decode from small tables that stay in the cache.  Measured on the Dobutsu table: a cold
 * probe 0.9-1.1 us (zstd: 12 us), and 68.2 MB against zstd level 12's 64.4 MB.  Coding a
 * run's code and short length as one symbol, and the second run back as context, took
 * this coding from 73.2 MB (code and length apart, one run of context) to 68.2 MB.
 * (The code of a won-at-once entry copies the entry before it, so runs are long; see
 * table_write.c.)
 */
#ifndef YOMI_SOLVE_TABLE_CODEC_H
#define YOMI_SOLVE_TABLE_CODEC_H

#include <stddef.h>
#include <stdint.h>

enum {
	CODEC_CHUNK = 512,               /* entries per independently decodable chunk */
	CODEC_MAX_CHUNKS = 32,           /* per block: TABLE_BLOCK / CODEC_CHUNK */
	CODEC_CLASSES = 16,              /* classes of a code (see table_codec.c) */
	CODEC_KINDS = 7,                 /* coarser classes, for the second run back */
	CODEC_RUN_CTX = (CODEC_CLASSES + 1) * CODEC_KINDS,   /* chunk start included */
	CODEC_SHORT = 4,                 /* lengths 1, 2, 3, longer: coded with the code */
	CODEC_RUN_SYMS = 256 * CODEC_SHORT,
	CODEC_LONG_SYMS = 15,            /* length classes of runs of 4 to 512 entries */
	CODEC_MAX_BITS = 12,             /* longest Huffman code */
	CODEC_FAST_BITS = 8,             /* codes decoded by the short look-up table */
	CODEC_LENGTHS = CODEC_RUN_CTX * CODEC_RUN_SYMS + CODEC_CLASSES * CODEC_LONG_SYMS,
	CODEC_BLOCK_HEAD = CODEC_MAX_CHUNKS * 2,   /* u16 end of each chunk, after this head */
};

/* How often each symbol occurs in each context: what the model is built from. */
struct codec_stats {
	uint64_t run[CODEC_RUN_CTX][CODEC_RUN_SYMS];
	uint64_t len[CODEC_CLASSES][CODEC_LONG_SYMS];
};

/* The code lengths of every context: what the file stores (CODEC_LENGTHS bytes). */
struct codec_lengths {
	uint8_t run[CODEC_RUN_CTX][CODEC_RUN_SYMS];
	uint8_t len[CODEC_CLASSES][CODEC_LONG_SYMS];
};

/* The code lengths and the tables made of them. */
struct codec_model {
	struct codec_lengths bits;
	/* encoding: the codes, bit-reversed (the bit stream is least significant bit first) */
	uint16_t run_code[CODEC_RUN_CTX][CODEC_RUN_SYMS];
	uint16_t len_code[CODEC_CLASSES][CODEC_LONG_SYMS];
	/* decoding: the next CODEC_FAST_BITS bits -> symbol | length << 10 for the short
	 * codes (length 0: a longer code, or none), else the next CODEC_MAX_BITS bits -> the
	 * same for every code.  The short tables (69 KB, against 1.1 MB) stay in the cache,
	 * and most runs decode there: a chunk decoded 20% faster with them */
	uint16_t run_fast[CODEC_RUN_CTX][1 << CODEC_FAST_BITS];
	uint16_t len_fast[CODEC_CLASSES][1 << CODEC_FAST_BITS];
	uint16_t run_dec[CODEC_RUN_CTX][1 << CODEC_MAX_BITS];
	uint16_t len_dec[CODEC_CLASSES][1 << CODEC_MAX_BITS];
};

/* Adds the runs of the codes of one block (n entries) to *s. */
void codec_count(const uint8_t *codes, size_t n, struct codec_stats *s);

/* Builds the model of the counts *s (length-limited Huffman codes per context); returns 0,
 * or -1 when out of memory. */
int codec_build(const struct codec_stats *s, struct codec_model *m);

/* Reads the model from its stored form (len bytes); returns 0, or -1 when it does not
 * decompress to CODEC_LENGTHS code lengths that make prefix codes (a corrupt file). */
int codec_load(const uint8_t *stored, size_t len, struct codec_model *m);

/* The most bytes codec_store writes. */
size_t codec_store_bound(void);

/* Writes the model's code lengths, compressed, to out (codec_store_bound() bytes); returns
 * their length, or 0 when zstd fails. */
size_t codec_store(const struct codec_model *m, uint8_t *out);

/* The most bytes codec_encode writes for a block (n <= TABLE_BLOCK entries). */
size_t codec_bound(size_t n);

/* Codes a block of n codes into out (codec_bound(n) bytes); returns its length. */
size_t codec_encode(const struct codec_model *m, const uint8_t *codes, size_t n, uint8_t *out);

/* Decodes chunk c of a block of n entries (len bytes at blk) into out, from its first
 * entry until at least `upto` entries (at most the chunk's: CODEC_CHUNK, fewer for the last
 * chunk of a short block), whole runs, so maybe more; returns how many, or -1 when the data
 * does not decode (a whole chunk must decode to exactly its entries and bytes). */
long codec_decode_chunk(const struct codec_model *m, const uint8_t *blk, size_t len, size_t n,
                        size_t c, size_t upto, uint8_t *out);

/* Decodes a whole block of n entries into out; returns 0 or -1 as above. */
int codec_decode_block(const struct codec_model *m, const uint8_t *blk, size_t len, size_t n,
                       uint8_t *out);

#endif
