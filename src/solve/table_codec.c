/*
 * table_codec.c - runs of value codes, Huffman-coded with contexts (see table_codec.h).
 */
#include <stdlib.h>
#include <string.h>
#include <zstd.h>

#include "solve/table_codec.h"

/* The class of a code: the first 13 codes (draw, and the shortest distances) each their
 * own, "not in the table" (255), then the longer distances by parity (win or loss). */
static inline int codec_class(uint8_t v)
{
	return v < 13 ? v : v == 255 ? 13 : 14 + (v & 1);
}

/* The kind of a class, for the second run back: chunk start (class CODEC_CLASSES), draw,
 * not in the table, then win or loss (the parity of the code) for short and for long
 * distances. */
static inline int codec_kind(int cls)
{
	return cls == CODEC_CLASSES ? 0 : cls == 0 ? 1 : cls == 13 ? 2 : 3 + (cls >= 14) * 2 + (cls & 1);
}

static inline int run_ctx(int last, int before)
{
	return last * CODEC_KINDS + codec_kind(before);
}

/* Run length L (1..CODEC_CHUNK) -> its class, and the extra bits that tell L within it:
 * 1..4 each a class; above, two classes per power of two. */
static inline int len_class(unsigned len, int *extra, unsigned *base)
{
	if (len <= 4) {
		*extra = 0;
		*base = len;
		return (int)len - 1;
	}
	const int b = 31 - __builtin_clz(len - 1);        /* 2..8 */
	const unsigned half = ((len - 1) >> (b - 1)) & 1;
	*extra = b - 1;
	*base = 1 + ((2 + half) << (b - 1));
	return 4 + (b - 2) * 2 + (int)half;
}

/* The first length and the extra bits of length class k (the inverse of len_class). */
static inline unsigned class_base(int k, int *extra)
{
	if (k < 4) {
		*extra = 0;
		return (unsigned)k + 1;
	}
	const int b = (k - 4) / 2 + 2, half = (k - 4) & 1;
	*extra = b - 1;
	return 1 + ((2u + (unsigned)half) << (b - 1));
}

/* One run of a chunk as the coder sees it: where it ends, its context and symbol, and its
 * class and length class (with a longer run's extra bits and their value). */
struct run {
	size_t end;
	int ctx, sym, cls, lc, extra;
	unsigned rest;
};

/* The run that starts at codes[k] (k < end, the chunk's end), after runs of classes last
 * and before. */
static inline struct run run_at(const uint8_t *codes, size_t k, size_t end, int last,
                                int before)
{
	struct run r;
	size_t j = k + 1;
	while (j < end && codes[j] == codes[k])
		j++;
	unsigned base;
	r.end = j;
	r.cls = codec_class(codes[k]);
	r.lc = len_class((unsigned)(j - k), &r.extra, &base);
	r.ctx = run_ctx(last, before);
	r.sym = codes[k] * CODEC_SHORT + (r.lc < 3 ? r.lc : 3);
	r.rest = (unsigned)(j - k - base);
	return r;
}

void codec_count(const uint8_t *codes, size_t n, struct codec_stats *s)
{
	for (size_t c0 = 0; c0 < n; c0 += CODEC_CHUNK) {
		const size_t end = c0 + CODEC_CHUNK < n ? c0 + CODEC_CHUNK : n;
		int last = CODEC_CLASSES, before = CODEC_CLASSES;
		for (size_t k = c0; k < end;) {
			const struct run r = run_at(codes, k, end, last, before);
			s->run[r.ctx][r.sym]++;
			if (r.lc >= 3)
				s->len[r.cls][r.lc - 3]++;
			before = last;
			last = r.cls;
			k = r.end;
		}
	}
}

struct weighted {
	uint64_t w;
	int node;
};

static int by_weight(const void *a, const void *b)
{
	const struct weighted *x = a, *y = b;
	return x->w < y->w ? -1 : x->w > y->w ? 1 : x->node - y->node;
}

/* Huffman code lengths of freq[0..n) (n <= CODEC_RUN_SYMS), none longer than
 * CODEC_MAX_BITS: the counts are halved until the tree is shallow enough (a symbol that
 * occurs keeps a count).  The symbols sorted by count, merged nodes come in order: two
 * queues.  Returns -1 when out of memory. */
static int huffman_lengths(const uint64_t *freq, int n, uint8_t *bits)
{
	struct weighted *leaf = malloc(sizeof *leaf * (size_t)n);
	uint64_t *f = malloc(sizeof *f * (size_t)n), *w = malloc(sizeof *w * 2 * (size_t)n);
	int *parent = malloc(sizeof *parent * 2 * (size_t)n), *merged = malloc(sizeof *merged * (size_t)n);
	int status = -1;
	if (!leaf || !f || !w || !parent || !merged)
		goto done;
	int used = 0;
	for (int k = 0; k < n; k++) {
		f[k] = freq[k];
		bits[k] = 0;
		used += freq[k] != 0;
	}
	status = 0;
	if (used <= 1) {
		for (int k = 0; k < n; k++)
			bits[k] = f[k] ? 1 : 0;
		goto done;
	}
	for (;;) {
		int m = 0;
		for (int k = 0; k < n; k++)
			if (f[k]) {
				leaf[m++] = (struct weighted){f[k], k};
				w[k] = f[k];
				parent[k] = -1;
			}
		qsort(leaf, (size_t)m, sizeof *leaf, by_weight);
		int nodes = n, h1 = 0, h2 = 0, t2 = 0;
		for (int left = m; left > 1; left--) {
			int pick[2];
			for (int p = 0; p < 2; p++)
				pick[p] = h1 < m && (h2 == t2 || leaf[h1].w <= w[merged[h2]]) ? leaf[h1++].node
				                                                               : merged[h2++];
			w[nodes] = w[pick[0]] + w[pick[1]];
			parent[nodes] = -1;
			parent[pick[0]] = parent[pick[1]] = nodes;
			merged[t2++] = nodes++;
		}
		int longest = 0;
		for (int k = 0; k < n; k++) {
			if (!f[k])
				continue;
			int d = 0;
			for (int x = k; parent[x] >= 0; x = parent[x])
				d++;
			bits[k] = (uint8_t)d;
			longest = d > longest ? d : longest;
		}
		if (longest <= CODEC_MAX_BITS)
			break;
		for (int k = 0; k < n; k++)
			if (f[k])
				f[k] = (f[k] >> 1) | 1;
	}
done:
	free(leaf);
	free(f);
	free(w);
	free(parent);
	free(merged);
	return status;
}

/* Canonical codes of the lengths bits[0..n) (bit-reversed), and their decode table;
 * returns -1 when the lengths are not a prefix code. */
static int canonical(const uint8_t *bits, int n, uint16_t *code, uint16_t *fast,
                     uint16_t *dec)
{
	unsigned count[CODEC_MAX_BITS + 1] = {0}, next[CODEC_MAX_BITS + 1];
	uint32_t kraft = 0;
	for (int k = 0; k < n; k++) {
		if (bits[k] > CODEC_MAX_BITS)
			return -1;
		if (bits[k]) {
			count[bits[k]]++;
			kraft += 1u << (CODEC_MAX_BITS - bits[k]);
		}
	}
	if (kraft > 1u << CODEC_MAX_BITS)
		return -1;
	next[1] = 0;
	for (int l = 1; l < CODEC_MAX_BITS; l++)
		next[l + 1] = (next[l] + count[l]) << 1;
	memset(dec, 0, sizeof(uint16_t) << CODEC_MAX_BITS);
	memset(fast, 0, sizeof(uint16_t) << CODEC_FAST_BITS);
	for (int k = 0; k < n; k++) {
		const int l = bits[k];
		if (!l)
			continue;
		const unsigned c = next[l]++;
		unsigned r = 0;
		for (int i = 0; i < l; i++)
			r |= ((c >> i) & 1) << (l - 1 - i);
		code[k] = (uint16_t)r;
		for (unsigned fill = r; fill < 1u << CODEC_MAX_BITS; fill += 1u << l)
			dec[fill] = (uint16_t)(k | l << 10);
		for (unsigned fill = r; l <= CODEC_FAST_BITS && fill < 1u << CODEC_FAST_BITS;
		     fill += 1u << l)
			fast[fill] = (uint16_t)(k | l << 10);
	}
	return 0;
}

static int derive(struct codec_model *m)
{
	for (int c = 0; c < CODEC_RUN_CTX; c++)
		if (canonical(m->bits.run[c], CODEC_RUN_SYMS, m->run_code[c], m->run_fast[c],
		              m->run_dec[c]) != 0)
			return -1;
	for (int c = 0; c < CODEC_CLASSES; c++)
		if (canonical(m->bits.len[c], CODEC_LONG_SYMS, m->len_code[c], m->len_fast[c],
		              m->len_dec[c]) != 0)
			return -1;
	return 0;
}

int codec_build(const struct codec_stats *s, struct codec_model *m)
{
	for (int c = 0; c < CODEC_RUN_CTX; c++)
		if (huffman_lengths(s->run[c], CODEC_RUN_SYMS, m->bits.run[c]) != 0)
			return -1;
	for (int c = 0; c < CODEC_CLASSES; c++)
		if (huffman_lengths(s->len[c], CODEC_LONG_SYMS, m->bits.len[c]) != 0)
			return -1;
	return derive(m);   /* lengths from huffman_lengths are always prefix codes */
}

_Static_assert(sizeof(struct codec_lengths) == CODEC_LENGTHS, "the model is its lengths");

int codec_load(const uint8_t *stored, size_t len, struct codec_model *m)
{
	const size_t got = ZSTD_decompress(&m->bits, sizeof m->bits, stored, len);
	return ZSTD_isError(got) || got != sizeof m->bits ? -1 : derive(m);
}

size_t codec_store_bound(void)
{
	return ZSTD_compressBound(CODEC_LENGTHS);
}

size_t codec_store(const struct codec_model *m, uint8_t *out)
{
	const size_t len = ZSTD_compress(out, codec_store_bound(), &m->bits, sizeof m->bits, 19);
	return ZSTD_isError(len) ? 0 : len;
}

/* ---- encoding: bits least significant first ---- */

struct bit_writer {
	uint8_t *p;
	uint64_t buf;
	int n;
};

static inline void put_bits(struct bit_writer *w, uint32_t v, int n)
{
	w->buf |= (uint64_t)v << w->n;
	w->n += n;
	while (w->n >= 8) {
		*w->p++ = (uint8_t)w->buf;
		w->buf >>= 8;
		w->n -= 8;
	}
}

size_t codec_bound(size_t n)
{
	/* a run of one entry: at most 12 bits; a longer run 12 + 12 bits and extra bits fewer
	 * than its entries; a byte of padding per chunk */
	return CODEC_BLOCK_HEAD + n * 3 + CODEC_MAX_CHUNKS;
}

size_t codec_encode(const struct codec_model *m, const uint8_t *codes, size_t n, uint8_t *out)
{
	struct bit_writer w = {out + CODEC_BLOCK_HEAD, 0, 0};
	for (size_t c = 0; c < CODEC_MAX_CHUNKS; c++) {
		const size_t c0 = c * CODEC_CHUNK < n ? c * CODEC_CHUNK : n;
		const size_t end = c0 + CODEC_CHUNK < n ? c0 + CODEC_CHUNK : n;
		int last = CODEC_CLASSES, before = CODEC_CLASSES;
		for (size_t k = c0; k < end;) {
			const struct run r = run_at(codes, k, end, last, before);
			put_bits(&w, m->run_code[r.ctx][r.sym], m->bits.run[r.ctx][r.sym]);
			if (r.lc >= 3) {
				put_bits(&w, m->len_code[r.cls][r.lc - 3], m->bits.len[r.cls][r.lc - 3]);
				put_bits(&w, r.rest, r.extra);
			}
			before = last;
			last = r.cls;
			k = r.end;
		}
		if (w.n)
			put_bits(&w, 0, 8 - w.n);   /* the next chunk starts on a byte */
		const size_t at = (size_t)(w.p - out) - CODEC_BLOCK_HEAD;
		out[2 * c] = (uint8_t)at;
		out[2 * c + 1] = (uint8_t)(at >> 8);
	}
	return (size_t)(w.p - out);
}

/* ---- decoding ---- */

struct bit_reader {
	const uint8_t *p, *end;
	uint64_t buf;
	int n;          /* bits in buf */
	int over;       /* bits read past the end (zeros) */
};

static inline void refill(struct bit_reader *r)
{
	if (r->end - r->p >= 8) {
		uint64_t v;
		memcpy(&v, r->p, 8);
		r->buf |= v << r->n;
		r->p += (63 - r->n) >> 3;
		r->n |= 56;
		return;
	}
	while (r->n <= 56) {
		if (r->p < r->end)
			r->buf |= (uint64_t)*r->p++ << r->n;
		else
			r->over += 8;
		r->n += 8;
	}
}

static inline unsigned take(struct bit_reader *r, int n)
{
	const unsigned v = (unsigned)(r->buf & ((1u << n) - 1));
	r->buf >>= n;
	r->n -= n;
	return v;
}

long codec_decode_chunk(const struct codec_model *m, const uint8_t *blk, size_t len, size_t n,
                        size_t c, size_t upto, uint8_t *out)
{
	if (len < CODEC_BLOCK_HEAD || c >= CODEC_MAX_CHUNKS)
		return -1;
	const size_t lo = c ? (size_t)(blk[2 * c - 2] | blk[2 * c - 1] << 8) : 0;
	const size_t hi = (size_t)(blk[2 * c] | blk[2 * c + 1] << 8);
	if (lo > hi || CODEC_BLOCK_HEAD + hi > len)
		return -1;
	const size_t c0 = c * CODEC_CHUNK;
	const size_t want = c0 >= n ? 0 : n - c0 < CODEC_CHUNK ? n - c0 : CODEC_CHUNK;
	struct bit_reader r = {blk + CODEC_BLOCK_HEAD + lo, blk + CODEC_BLOCK_HEAD + hi, 0, 0, 0};
	if (upto > want)
		upto = want;
	int last = CODEC_CLASSES, before = CODEC_CLASSES;
	size_t k = 0;
	while (k < upto) {
		refill(&r);   /* 56 bits: enough for a run symbol, a length class and extra bits */
		const int ctx = run_ctx(last, before);
		unsigned e = m->run_fast[ctx][r.buf & ((1u << CODEC_FAST_BITS) - 1)];
		if (!(e >> 10) && !((e = m->run_dec[ctx][r.buf & ((1u << CODEC_MAX_BITS) - 1)]) >> 10))
			return -1;
		take(&r, (int)(e >> 10));
		const uint8_t code = (uint8_t)((e & 0x3ff) / CODEC_SHORT);
		const int cls = codec_class(code);
		size_t run = (e & (CODEC_SHORT - 1)) + 1;
		if (run == CODEC_SHORT) {
			unsigned l = m->len_fast[cls][r.buf & ((1u << CODEC_FAST_BITS) - 1)];
			if (!(l >> 10) && !((l = m->len_dec[cls][r.buf & ((1u << CODEC_MAX_BITS) - 1)]) >> 10))
				return -1;
			take(&r, (int)(l >> 10));
			int extra;
			run = class_base((int)(l & 0x3ff) + 3, &extra);
			run += take(&r, extra);
		}
		if (run > want - k)
			return -1;
		if (run <= 8 && want - k >= 8) {
			/* most runs are short: one 8-byte store (within the chunk), no memset call */
			const uint64_t fill = code * 0x0101010101010101ull;
			memcpy(out + k, &fill, 8);
		} else {
			memset(out + k, code, run);
		}
		k += run;
		before = last;
		last = cls;
	}
	if (r.n < r.over)
		return -1;   /* read past the chunk */
	/* a whole chunk: its bytes are used up, but for the padding of the last one */
	const size_t left = (size_t)(r.end - r.p) * 8 + (size_t)(r.n - r.over);
	return k == want && left >= 8 ? -1 : (long)k;
}

int codec_decode_block(const struct codec_model *m, const uint8_t *blk, size_t len, size_t n,
                       uint8_t *out)
{
	for (size_t c = 0; c < CODEC_MAX_CHUNKS; c++)
		if (codec_decode_chunk(m, blk, len, n, c, CODEC_CHUNK,
		                       out + (c * CODEC_CHUNK < n ? c * CODEC_CHUNK : n)) < 0)
			return -1;
	/* the last chunk ends the block */
	const size_t end = (size_t)(blk[2 * CODEC_MAX_CHUNKS - 2] | blk[2 * CODEC_MAX_CHUNKS - 1] << 8);
	return CODEC_BLOCK_HEAD + end == len ? 0 : -1;
}
