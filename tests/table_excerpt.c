/*
 * table_excerpt.c - a test tool: cuts an input of tests/fuzz_table.c's Dobutsu form from a
 * table file: the flag byte (2), the header, the code model, and the given blocks as records
 * (with a late plane, each block's late bits too), so that the fuzzer starts from real
 * blocks of a real table without its 68 MB.
 *
 *   table_excerpt FILE BLOCK... >INPUT
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "solve/table_format.h"

int main(int argc, char **argv)
{
	if (argc < 3) {
		fprintf(stderr, "usage: table_excerpt FILE BLOCK...\n");
		return 2;
	}
	FILE *f = fopen(argv[1], "rb");
	long size;
	if (!f || fseek(f, 0, SEEK_END) || (size = ftell(f)) < TABLE_HEADER_SIZE ||
	    fseek(f, 0, SEEK_SET)) {
		perror(argv[1]);
		return 1;
	}
	uint8_t *t = malloc((size_t)size);
	if (!t || fread(t, 1, (size_t)size, f) != (size_t)size) {
		perror(argv[1]);
		return 1;
	}
	fclose(f);
	struct table_header h;
	memcpy(&h, t, sizeof h);
	const int planes = h.flags & TABLE_FLAG_LATE ? 2 : 1;
	const uint64_t at = table_index_at(h.model_bytes);
	putchar(2);
	fwrite(t, 1, TABLE_HEADER_SIZE + h.model_bytes, stdout);
	for (int a = 2; a < argc; a++) {
		const uint64_t b = strtoull(argv[a], NULL, 10);
		for (int plane = 0; plane < planes && b < h.blocks; plane++) {
			uint64_t lo, hi;
			memcpy(&lo, t + at + (plane * h.blocks + b) * 8, 8);
			memcpy(&hi, t + at + (plane * h.blocks + b + 1) * 8, 8);
			const uint8_t rec[5] = {(uint8_t)plane, (uint8_t)b, (uint8_t)(b >> 8),
			                        (uint8_t)(hi - lo), (uint8_t)((hi - lo) >> 8)};
			fwrite(rec, 1, 5, stdout);
			fwrite(t + lo, 1, hi - lo, stdout);
		}
	}
	free(t);
	return ferror(stdout) ? 1 : 0;
}
