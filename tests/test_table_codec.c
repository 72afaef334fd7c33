/*
 * test_table_codec.c - the table's entropy coder (src/solve/table_codec.h) on its own:
 * blocks of every shape decode to what was coded, whole and chunk by chunk; the code
 * lengths stay within CODEC_MAX_BITS and survive storing; a model that is not a prefix code
 * and blocks that are cut, padded or bit-flipped are refused (or at worst decode to some
 * codes), never read out of bounds (run under ASan).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <zstd.h>

#include "solve/table_codec.h"
#include "solve/table_format.h"

static uint64_t rng = 0x9e3779b97f4a7c15ull;

static uint64_t next_random(void)
{
	rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
	return rng;
}

/* A block of n codes shaped like a table's: runs of geometric lengths (some as long as a
 * chunk), codes skewed to the small ones, now and then any byte. */
static void fill_block(uint8_t *codes, size_t n, int alphabet)
{
	for (size_t k = 0; k < n;) {
		const uint64_t r = next_random();
		size_t run = 1 + (size_t)__builtin_ctzll(r | 1ull << 40) * (r >> 58);
		if ((r & 0xff) == 7)
			run = 300 + (size_t)(r >> 50) % 700;
		const uint8_t v = (r >> 20) % 8 == 0 ? (uint8_t)(r >> 24) % alphabet
		                                     : (uint8_t)((r >> 30) % 6 % alphabet);
		for (size_t j = 0; j < run && k < n; j++)
			codes[k++] = v;
	}
}

static struct codec_model *model_of(const uint8_t *codes, size_t n)
{
	struct codec_stats *s = calloc(1, sizeof *s);
	struct codec_model *m = malloc(sizeof *m);
	assert_non_null(s);
	assert_non_null(m);
	codec_count(codes, n, s);
	assert_int_equal(codec_build(s, m), 0);
	free(s);
	return m;
}

static void round_trip(size_t n, int alphabet)
{
	uint8_t *codes = malloc(TABLE_BLOCK), *back = malloc(TABLE_BLOCK);
	uint8_t *out = malloc(codec_bound(TABLE_BLOCK));
	fill_block(codes, n, alphabet);
	struct codec_model *m = model_of(codes, n);
	const size_t len = codec_encode(m, codes, n, out);
	assert_true(len <= codec_bound(n));
	memset(back, 0xaa, TABLE_BLOCK);
	assert_int_equal(codec_decode_block(m, out, len, n, back), 0);
	assert_memory_equal(back, codes, n);
	for (size_t c = 0; c * CODEC_CHUNK < n; c++) {
		uint8_t chunk[CODEC_CHUNK];
		const size_t all = n - c * CODEC_CHUNK < CODEC_CHUNK ? n - c * CODEC_CHUNK : CODEC_CHUNK;
		assert_int_equal(codec_decode_chunk(m, out, len, n, c, CODEC_CHUNK, chunk), (long)all);
		assert_memory_equal(chunk, codes + c * CODEC_CHUNK, all);
		/* a probe's partial decode: at least up to the entry asked for, whole runs */
		const size_t upto = 1 + (size_t)(next_random() % all);
		memset(chunk, 0xaa, sizeof chunk);
		const long have = codec_decode_chunk(m, out, len, n, c, upto, chunk);
		assert_true(have >= (long)upto && have <= (long)all);
		assert_memory_equal(chunk, codes + c * CODEC_CHUNK, (size_t)have);
	}
	/* one byte short, or one byte of padding more: refused */
	assert_int_equal(codec_decode_block(m, out, len - 1, n, back), -1);
	out[len] = 0;
	assert_int_equal(codec_decode_block(m, out, len + 1, n, back), -1);
	free(m);
	free(codes);
	free(back);
	free(out);
}

static void test_round_trip(void **state)
{
	(void)state;
	for (int k = 0; k < 40; k++)
		round_trip(TABLE_BLOCK, k % 4 == 0 ? 4 : 256);
	/* the short last block of a table: whole chunks, a partial chunk, a handful */
	const size_t short_sizes[] = {1, 2, 511, 512, 513, 1000, 4096, 16383};
	for (size_t k = 0; k < sizeof short_sizes / sizeof *short_sizes; k++)
		round_trip(short_sizes[k], 256);
}

/* Every entry the same code, and every entry different: the two extremes of runs. */
static void test_extremes(void **state)
{
	(void)state;
	uint8_t *codes = malloc(TABLE_BLOCK), *back = malloc(TABLE_BLOCK);
	uint8_t *out = malloc(codec_bound(TABLE_BLOCK));
	for (int shape = 0; shape < 2; shape++) {
		for (size_t k = 0; k < TABLE_BLOCK; k++)
			codes[k] = shape ? (uint8_t)(k * 7) : 255;
		struct codec_model *m = model_of(codes, TABLE_BLOCK);
		const size_t len = codec_encode(m, codes, TABLE_BLOCK, out);
		assert_true(len <= codec_bound(TABLE_BLOCK));
		assert_int_equal(codec_decode_block(m, out, len, TABLE_BLOCK, back), 0);
		assert_memory_equal(back, codes, TABLE_BLOCK);
		free(m);
	}
	free(codes);
	free(back);
	free(out);
}

/* Skewed counts (Fibonacci) would make codes of 40 bits: they are cut to the limit, and
 * the stored lengths load back to the same model. */
static void test_length_limit(void **state)
{
	(void)state;
	struct codec_stats *s = calloc(1, sizeof *s);
	struct codec_model *m = malloc(sizeof *m), *back = malloc(sizeof *back);
	uint64_t a = 1, b = 1;
	for (int v = 0; v < 60; v++) {
		s->run[0][v] = a;
		const uint64_t c = a + b;
		a = b, b = c;
	}
	s->len[0][3] = 5;
	assert_int_equal(codec_build(s, m), 0);
	int longest = 0;
	for (int v = 0; v < CODEC_RUN_SYMS; v++) {
		assert_true(m->bits.run[0][v] <= CODEC_MAX_BITS);
		assert_true((m->bits.run[0][v] != 0) == (v < 60));
		longest = m->bits.run[0][v] > longest ? m->bits.run[0][v] : longest;
	}
	assert_int_equal(longest, CODEC_MAX_BITS);
	assert_int_equal(m->bits.len[0][3], 1);   /* a context of one symbol: one bit */
	uint8_t *stored = malloc(codec_store_bound());
	const size_t len = codec_store(m, stored);
	assert_true(len > 0);
	assert_int_equal(codec_load(stored, len, back), 0);
	assert_memory_equal(back->run_dec, m->run_dec, sizeof m->run_dec);
	assert_memory_equal(back->run_fast, m->run_fast, sizeof m->run_fast);
	assert_memory_equal(back->len_dec, m->len_dec, sizeof m->len_dec);
	/* cut short: refused */
	assert_int_equal(codec_load(stored, len - 1, back), -1);
	/* over-subscribed (three codes of one bit), too long, and short of a length: none of
	 * them a model */
	uint8_t *lengths = calloc(1, CODEC_LENGTHS);
	lengths[0] = lengths[1] = lengths[2] = 1;
	size_t l = ZSTD_compress(stored, codec_store_bound(), lengths, CODEC_LENGTHS, 1);
	assert_int_equal(codec_load(stored, l, back), -1);
	memset(lengths, 0, CODEC_LENGTHS);
	lengths[CODEC_LENGTHS - 1] = CODEC_MAX_BITS + 1;
	l = ZSTD_compress(stored, codec_store_bound(), lengths, CODEC_LENGTHS, 1);
	assert_int_equal(codec_load(stored, l, back), -1);
	l = ZSTD_compress(stored, codec_store_bound(), lengths, CODEC_LENGTHS - 1, 1);
	assert_int_equal(codec_load(stored, l, back), -1);
	free(lengths);
	free(stored);
	free(s);
	free(m);
	free(back);
}

/* Damaged blocks: every single flipped bit of a block and every cut length either decodes
 * to some codes or is refused; none reads outside the block (ASan would stop the test). */
static void test_damage(void **state)
{
	(void)state;
	const size_t n = 3000;
	uint8_t *codes = malloc(n), *back = malloc(TABLE_BLOCK);
	fill_block(codes, n, 256);
	struct codec_model *m = model_of(codes, n);
	const size_t cap = codec_bound(n);
	uint8_t *out = malloc(cap);
	const size_t len = codec_encode(m, codes, n, out);
	int refused = 0;
	for (size_t bit = 0; bit < len * 8; bit++) {
		uint8_t *copy = malloc(len);   /* exactly len: ASan sees any read past it */
		memcpy(copy, out, len);
		copy[bit / 8] ^= (uint8_t)(1u << (bit % 8));
		refused += codec_decode_block(m, copy, len, n, back) != 0;
		free(copy);
	}
	for (size_t cut = 0; cut < len; cut++) {
		uint8_t *copy = malloc(cut ? cut : 1);
		memcpy(copy, out, cut);
		assert_int_equal(codec_decode_block(m, copy, cut, n, back), -1);
		free(copy);
	}
	/* most flips break the code or the lengths; a flip may also give other codes */
	assert_true(refused > (int)(len * 8) / 2);
	free(m);
	free(codes);
	free(back);
	free(out);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_round_trip),
		cmocka_unit_test(test_extremes),
		cmocka_unit_test(test_length_limit),
		cmocka_unit_test(test_damage),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
