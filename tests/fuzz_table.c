/*
 * fuzz_table.c - libFuzzer entry for the table reader (src/solve/table.c): a table file is
 * outside input, and a bad one must be refused with a one-line message, never crash.
 *
 * The input is a tic-tac-toe table file.  When its first byte is odd, the trailing XXH64 is
 * recomputed first, so that the fuzzer gets past the checksum to the header, block index
 * and blocks (a random file is refused by the checksum alone).  Then:
 *   - table_open either fails with a non-empty one-line message or opens;
 *   - an open table answers probes of every position of the index (each either a value of
 *     the right shape or a one-line error), ranks the start position's moves, loads its
 *     values, and preloads; none of it may crash or read out of bounds.
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

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 1 || size > TABLE_INPUT_MAX)
		return 0;
	const struct game *g = game_find("tictactoe");
	const int fix_sum = data[0] & 1;
	data++, size--;
	uint8_t *file = malloc(size ? size : 1);
	if (!file)
		abort();
	memcpy(file, data, size);
	if (fix_sum && size >= 8) {
		const uint64_t sum = XXH64(file, size - 8, 0);
		memcpy(file + size - 8, &sum, 8);
	}
	const int fd = memfd_create("fuzz_table", 0);
	if (fd < 0 || write(fd, file, size) != (ssize_t)size)
		abort();
	free(file);
	char path[64];
	snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
	struct yomi_error err = {{0}};
	struct table *t = table_open(path, g, &err);
	if (!t) {
		check_message("table_open", &err);
		close(fd);
		return 0;
	}
	const int distances = table_has_distance(t);
	_Alignas(16) unsigned char pos[YOMI_POS_MAX];
	for (int pass = 0; pass < 2; pass++) {   /* block by block, then preloaded */
		for (uint64_t i = 0; i < g->solver->index_size; i += pass ? 7 : 1) {
			if (g->solver->decode(i, pos) != 0)
				continue;
			struct table_value v;
			err.msg[0] = '\0';
			if (table_probe(t, pos, &v, &err) != 0)
				check_message("table_probe", &err);
			else
				check_value(&v, distances);
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
	err.msg[0] = '\0';
	uint8_t *values = table_load_values(t, 1, NULL, &err);
	if (!values)
		check_message("table_load_values", &err);
	free(values);
	struct table_info info;
	table_get_info(t, &info);
	table_close(t);
	close(fd);
	return 0;
}
