/*
 * table_resum.c - a test tool: rewrites the XXH64 checksum at the end of a table file, so
 * that tests/cli_solve.sh can make a table whose blocks are corrupt but whose checksum holds
 * (what a probe meets only past the check at open: the failure paths of the probes).
 *
 *   table_resum FILE
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <xxhash.h>

int main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: table_resum FILE\n");
		return 2;
	}
	FILE *f = fopen(argv[1], "r+b");
	long size;
	if (!f || fseek(f, 0, SEEK_END) || (size = ftell(f)) < 8 || fseek(f, 0, SEEK_SET)) {
		perror(argv[1]);
		return 1;
	}
	unsigned char *buf = malloc((size_t)size);
	if (!buf || fread(buf, 1, (size_t)size, f) != (size_t)size) {
		perror(argv[1]);
		return 1;
	}
	const uint64_t sum = XXH64(buf, (size_t)size - 8, 0);
	if (fseek(f, size - 8, SEEK_SET) || fwrite(&sum, 8, 1, f) != 1 || fclose(f)) {
		perror(argv[1]);
		return 1;
	}
	free(buf);
	return 0;
}
