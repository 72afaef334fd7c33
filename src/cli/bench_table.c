/*
 * bench_table.c - `yomi bench --table FILE`: how fast a solved table answers.  Opening
 * (validation included), a probe of a random position whose block is not decompressed yet
 * (cold: the file itself is in the page cache after opening), and the same probes again
 * (warm).  Positions come from random indexes, so every kind of entry is met.
 */
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "yomi/search.h"
#include "yomi/solve.h"

enum { BENCH_PROBES = 20000 };

static uint64_t next_random(uint64_t *s)
{
	*s ^= *s << 13, *s ^= *s >> 7, *s ^= *s << 17;
	return *s;
}

int bench_table(const struct game *g, const char *path)
{
	if (!g->solver) {
		cli_error("%s has no solved tables", g->name);
		return EXIT_USAGE;
	}
	const double t0 = search_clock();
	struct table *t = cli_open_table(g, path);
	if (!t)
		return EXIT_USAGE;
	const double open_ms = (search_clock() - t0) * 1e3;
	unsigned char *positions = malloc((size_t)BENCH_PROBES * g->pos_size);
	if (!positions) {
		table_close(t);
		cli_error("out of memory");
		return EXIT_RUNTIME;
	}
	uint64_t seed = 88172645463325252ull;
	int n = 0;
	while (n < BENCH_PROBES) {
		const uint64_t i = next_random(&seed) % g->solver->index_size;
		if (g->solver->decode(i, positions + (size_t)n * g->pos_size) == 0)
			n++;
	}
	double secs[2];
	uint64_t check = 0;
	struct yomi_error err;
	/* cold: n random positions, nearly all in blocks not decompressed yet; warm: the first
	 * WARM of them again and again, their blocks kept by the table's block cache */
	enum { WARM = 32, WARM_ROUNDS = 500 };
	for (int round = 0; round < 2; round++) {
		const int count = round ? WARM * WARM_ROUNDS : n;
		const double t1 = search_clock();
		for (int k = 0; k < count; k++) {
			struct table_value v;
			const unsigned char *pos = positions + (size_t)(round ? k % WARM : k) * g->pos_size;
			if (table_probe(t, pos, &v, &err) != 0) {
				cli_error("%s", err.msg);
				free(positions);
				table_close(t);
				return EXIT_RUNTIME;
			}
			check += (uint64_t)v.outcome * 1000 + (uint64_t)(v.distance + 1);
		}
		secs[round] = (search_clock() - t1) / count;
	}
	struct table_info info;
	table_get_info(t, &info);
	char said[YOMI_ARG_SAID];
	printf("table %s: %llu bytes, opened and checked in %.2f ms\n",
	       path ? yomi_arg_said(path, said) : g->name,
	       (unsigned long long)info.file_size, open_ms);
	printf("probe: %.3f us cold (%d random positions, their blocks decompressed on "
	       "demand), %.3f us warm (%d positions probed %d times each)\n", secs[0] * 1e6, n,
	       secs[1] * 1e6, WARM, WARM_ROUNDS);
	printf("checksum of the values %llu\n", (unsigned long long)check);
	free(positions);
	table_close(t);
	return 0;
}
