/*
 * fuzz_table.c - libFuzzer entry for the table reader (src/solve/table.c): a table file is
 * outside input, and a bad one must be refused with a one-line message, never crash.
 *
 * The first input byte says what the rest is:
 *   - bit 1 clear: a tic-tac-toe table file.  When bit 0 is set, the trailing XXH64 is
 *     recomputed first, so that the fuzzer gets past the checksum to the header, block
 *     index and blocks (a random file is refused by the checksum alone).
 *   - bit 1 set: a Dobutsu table in short, for the paths only Dobutsu's tables take (the
 *     late bits of a survival-rule table, the solver's hooks of a game with a late rule).
 *     A whole Dobutsu table is 68 MB and its block index alone 240 KB, too much to fuzz, so
 *     the input is the header (256 bytes), the code model (model_bytes of the header), then
 *     blocks as records: a byte (the plane: 0 values, 1 late bits), the block's number and
 *     its length (16 bits each, little-endian), its bytes.  The file built from it has every
 *     block of the header's count, empty but for the given ones, the block index that says
 *     so, and a right checksum.  tests/table_excerpt.c cuts such inputs from real tables.
 *     (A header whose block count is not Dobutsu's is written as the file as it is.)
 * Then:
 *   - table_open either fails with a non-empty one-line message or opens;
 *   - an open table answers probes (each either a value of the right shape or a one-line
 *     error): every position of tic-tac-toe's index, or the positions of Dobutsu's given
 *     blocks; ranks the start position's moves (and those positions'), loads its values
 *     (tic-tac-toe's) and late bits, and preloads; none of it may crash or read out of
 *     bounds.
 *
 * Built by `make build/fuzz_table` (clang, libFuzzer: `make fuzz-table`) and replayed on
 * tests/corpus-table/ under gcc with ASan and UBSan by tests/fuzz_replay.c in `make check`.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include <xxhash.h>

#include "solve/table_format.h"
#include "yomi/registry.h"
#include "yomi/solve.h"
#include "yomi/table.h"

enum { TABLE_INPUT_MAX = 1 << 16 };

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void fail(const char *what, const char *msg)
{
	fprintf(stderr, "fuzz_table: %s: %s\n", what, msg);
	abort();
}

static void check_message(const char *what, const struct yomi_error *err)
{
	if (err->msg[0] == '\0')
		fail(what, "failed with an empty message");
	if (strchr(err->msg, '\n'))
		fail(what, "error message has a newline");
}

static void check_value(const struct table_value *v, int distances)
{
	if (v->outcome != GAME_WIN && v->outcome != GAME_LOSS && v->outcome != GAME_DRAW)
		fail("probe", "an outcome that is not win, loss or draw");
	if (v->outcome != GAME_DRAW && distances && v->distance < 0)
		fail("probe", "a win or loss without a distance in a table with distances");
}

enum { PROBED_MAX = 64 };   /* Dobutsu: indexes probed, from the given blocks */

/* Builds the Dobutsu table file described by in[len] (see the top) into *file, and the
 * indexes to probe into probe[PROBED_MAX] (their count in *nprobe).  Returns its size. */
static size_t dobutsu_file(const struct game *g, const uint8_t *in, size_t len, uint8_t **file,
                           uint64_t *probe, int *nprobe)
{
	struct table_header h;
	const uint64_t blocks = (g->solver->index_size + TABLE_BLOCK - 1) / TABLE_BLOCK;
	*nprobe = 0;
	if (len < sizeof h)
		goto raw;
	memcpy(&h, in, sizeof h);
	const int planes = h.flags & TABLE_FLAG_LATE ? 2 : 1;
	if (h.blocks != blocks || h.model_bytes > len - sizeof h)
		goto raw;
	const uint64_t index_at = table_index_at(h.model_bytes), n = planes * blocks;
	/* the given blocks: the last record of a block stands */
	const uint8_t **at = calloc(n, sizeof *at);
	size_t *blen = calloc(n, sizeof *blen), total = 0;
	if (!at || !blen)
		abort();
	for (size_t p = sizeof h + h.model_bytes; p + 5 <= len; ) {
		const uint64_t plane = in[p] % planes, b = (in[p + 1] | (uint64_t)in[p + 2] << 8) % blocks;
		size_t l = in[p + 3] | (size_t)in[p + 4] << 8;
		p += 5;
		if (l > len - p)
			l = len - p;
		at[plane * blocks + b] = in + p;
		blen[plane * blocks + b] = l;
		for (int k = 0; plane == 0 && k < 8 && *nprobe < PROBED_MAX; k++)
			probe[(*nprobe)++] = b * TABLE_BLOCK + (uint64_t)k * 2039 % TABLE_BLOCK;
		p += l;
	}
	for (uint64_t k = 0; k < n; k++)
		total += blen[k];
	const size_t size = index_at + (n + 1) * 8 + total + 8;
	*file = calloc(size, 1);
	if (!*file)
		abort();
	memcpy(*file, in, sizeof h + h.model_bytes);
	uint64_t off = index_at + (n + 1) * 8;
	for (uint64_t k = 0; k <= n; k++) {
		memcpy(*file + index_at + k * 8, &off, 8);
		if (k < n && blen[k])
			memcpy(*file + off, at[k], blen[k]);
		off += k < n ? blen[k] : 0;
	}
	const uint64_t sum = XXH64(*file, size - 8, 0);
	memcpy(*file + size - 8, &sum, 8);
	free(at);
	free(blen);
	return size;
raw:
	*file = malloc(len ? len : 1);
	if (!*file)
		abort();
	memcpy(*file, in, len);
	return len;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 1 || size > TABLE_INPUT_MAX)
		return 0;
	const int dobutsu = data[0] & 2;
	const struct game *g = game_find(dobutsu ? "dobutsu" : "tictactoe");
	const int fix_sum = data[0] & 1;
	data++, size--;
	uint8_t *file;
	uint64_t probe[PROBED_MAX];
	int nprobe = 0;
	if (dobutsu) {
		size = dobutsu_file(g, data, size, &file, probe, &nprobe);
	} else {
		file = malloc(size ? size : 1);
		if (!file)
			abort();
		memcpy(file, data, size);
		if (fix_sum && size >= 8) {
			const uint64_t sum = XXH64(file, size - 8, 0);
			memcpy(file + size - 8, &sum, 8);
		}
	}
	const int fd = memfd_create("fuzz_table", 0);
	if (fd < 0 || write(fd, file, size) != (ssize_t)size)
		abort();
	free(file);
	char path[64];
	snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
	struct yomi_error err = {{0}};
	struct table *t = table_open(path, g, &err);
	const int verbose = getenv("FUZZ_TABLE_VERBOSE") != NULL;   /* what an input reaches */
	if (verbose)
		fprintf(stderr, "fuzz_table: %s: %s\n", g->name, t ? "opened" : err.msg);
	if (!t) {
		check_message("table_open", &err);
		close(fd);
		return 0;
	}
	const int distances = table_has_distance(t);
	_Alignas(16) unsigned char pos[YOMI_POS_MAX];
	for (int pass = 0; pass < 2; pass++) {   /* block by block, then preloaded */
		const uint64_t count = dobutsu ? (uint64_t)nprobe : g->solver->index_size;
		for (uint64_t k = 0; k < count; k += pass && !dobutsu ? 7 : 1) {
			const uint64_t i = dobutsu ? probe[k] : k;
			if (g->solver->decode(i, pos) != 0)
				continue;
			struct table_value v;
			err.msg[0] = '\0';
			if (table_probe(t, pos, &v, &err) != 0)
				check_message("table_probe", &err);
			else
				check_value(&v, distances);
			if (verbose && dobutsu)
				fprintf(stderr, "fuzz_table: index %llu: %s\n", (unsigned long long)i,
				        err.msg[0] ? err.msg : v.outcome == GAME_WIN ? "win" :
				        v.outcome == GAME_LOSS ? "loss" : "draw");
			yomi_move moves[YOMI_MOVES_MAX];
			struct table_value values[YOMI_MOVES_MAX];
			err.msg[0] = '\0';
			const int n = dobutsu ? table_rank_moves(t, pos, moves, values, &err) : 0;
			if (n < 0)
				check_message("table_rank_moves", &err);
			for (int m = 0; m < n; m++)
				check_value(&values[m], distances);
		}
		g->start(pos);
		yomi_move moves[YOMI_MOVES_MAX];
		struct table_value values[YOMI_MOVES_MAX];
		err.msg[0] = '\0';
		const int n = table_rank_moves(t, pos, moves, values, &err);
		if (n < 0)
			check_message("table_rank_moves", &err);
		for (int k = 0; k < n; k++)
			check_value(&values[k], distances);
		err.msg[0] = '\0';
		if (pass == 0 && table_preload(t, 1, &err) != 0)
			check_message("table_preload", &err);
	}
	/* (not for Dobutsu: a 250 MB array per input, for a load that decodes as the preload
	 * above, and stops at the first made-up empty block) */
	err.msg[0] = '\0';
	uint8_t *values = dobutsu ? NULL : table_load_values(t, 1, NULL, &err);
	if (!dobutsu && !values)
		check_message("table_load_values", &err);
	free(values);
	err.msg[0] = '\0';
	uint64_t *late = table_has_late(t) ? table_load_late(t, 1, NULL, &err) : NULL;
	if (table_has_late(t) && !late)
		check_message("table_load_late", &err);
	free(late);
	struct table_info info;
	table_get_info(t, &info);
	table_close(t);
	close(fd);
	return 0;
}
