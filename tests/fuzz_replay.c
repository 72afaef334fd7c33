/*
 * fuzz_replay.c - runs the parser fuzz entry (tests/fuzz_parse.c) once on each file named
 * on the command line, so that the seed and regression corpus (tests/corpus/) replays under
 * gcc with ASan and UBSan in `make check`, with no need for clang or libFuzzer.  An invariant
 * violation aborts inside LLVMFuzzerTestOneInput; a file that cannot be read is an error too.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The whole file in a malloc'd buffer (not NUL-terminated: the entry takes bytes), or NULL. */
static uint8_t *read_all(const char *path, size_t *size)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	size_t cap = 4096, n = 0;
	uint8_t *buf = malloc(cap);
	for (size_t got; buf && (got = fread(buf + n, 1, cap - n, f)) > 0;) {
		n += got;
		if (n == cap) {
			uint8_t *bigger = realloc(buf, cap *= 2);
			if (!bigger)
				free(buf);
			buf = bigger;
		}
	}
	if (buf && ferror(f)) {
		free(buf);
		buf = NULL;
	}
	fclose(f);
	*size = n;
	return buf;
}

int main(int argc, char **argv)
{
	int inputs = 0;
	for (int i = 1; i < argc; i++) {
		size_t size;
		uint8_t *data = read_all(argv[i], &size);
		if (!data) {
			perror(argv[i]);
			return 1;
		}
		LLVMFuzzerTestOneInput(data, size);
		free(data);
		inputs++;
	}
	printf("fuzz-replay: %d inputs, ok\n", inputs);
	return 0;
}
