/*
 * othello_weights.c - the file of the trained Othello evaluation (othello_pattern.h): its
 * format, reading and checking, writing, and where the binary finds it.
 *
 * Format (little-endian), version 1:
 *   header    128 bytes: magic "YOMIEVAL", version, stages, weights per stage as stored
 *             (each self-symmetric pattern's configurations once), the payload's size
 *             compressed and raw, the game ("othello"), a line saying how the weights
 *             were made
 *   payload   one zstd frame: int16 weights, stage by stage, each kind's canonical
 *             configurations in increasing index order (oth_pattern_canonical), then the
 *             mobilities, parity and constant; then the ProbCut fit (15 floats)
 *   checksum  u64 XXH64 (seed 0) of every byte before it
 * A file that fails any check is refused whole, with a one-line reason, as the solved
 * tables are (src/solve/table.c).
 *
 * Where: othello/eval.bin in the first of $YOMI_DATA, $YOMI_TABLES, $XDG_DATA_HOME/yomi
 * (default ~/.local/share/yomi), PREFIX/share/yomi (the installed copy), ./data and DIR/data
 * (DIR the binary's directory: a source tree) that has one.  Without one (or with a bad one), a note on standard error and the
 * hand-weighted evaluation: every command still works, only weaker.
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <xxhash.h>
#include <zstd.h>

#include "games/othello/othello_eval.h"
#include "yomi/file_out.h"

#ifndef YOMI_DATADIR   /* the installed PREFIX/share/yomi (the Makefile compiles it in) */
#define YOMI_DATADIR "/usr/local/share/yomi"
#endif

#define EVAL_MAGIC "YOMIEVAL"
enum { EVAL_VERSION = 1, EVAL_HEADER = 128, EVAL_PROBCUT_FLOATS = 3 * OTH_PC_DEPTHS,
       EVAL_ZSTD_LEVEL = 19 };

struct eval_header {
	char magic[8];
	uint32_t version;
	uint32_t stages;
	uint32_t per_stage;       /* weights stored per stage */
	uint32_t payload_bytes;   /* the zstd frame */
	uint64_t raw_bytes;       /* the frame decompressed */
	char game[16];
	char about[80];
};
_Static_assert(sizeof(struct eval_header) == EVAL_HEADER, "eval header layout");

const struct oth_weights *oth_weights_in_use;

/* Set (release) once oth_weights_in_use is chosen, by othello_eval_use or the first
 * othello_eval_init: a search thread that reads it set (acquire) then reads the weights
 * without a lock, and the threads that find it clear meet in pthread_once. */
static atomic_bool weights_chosen;

void othello_eval_use(const struct oth_weights *w)
{
	oth_weights_in_use = w;
	atomic_store_explicit(&weights_chosen, true, memory_order_release);
}

/* The canonical form of configuration c of kind k: the smaller of c and its reading from
 * the other end, for a kind that maps onto itself; c itself for the others. */
uint32_t oth_pattern_canonical(int k, uint32_t c)
{
	const struct oth_pattern_kind_info *info = &oth_pattern_kinds[k];
	if (info->perm[0] == 0xff)
		return c;
	uint8_t digit[10];
	uint32_t x = c, m = 0, pow = 1;
	for (int i = 0; i < info->squares; i++, x /= 3)
		digit[i] = (uint8_t)(x % 3);
	for (int i = 0; i < info->squares; i++, pow *= 3)
		m += digit[info->perm[i]] * pow;
	return m < c ? m : c;
}

static uint32_t kind_size(int k)
{
	uint32_t n = 1;
	for (int i = 0; i < oth_pattern_kinds[k].squares; i++)
		n *= 3;
	return n;
}

/* For each weight of a stage's table, its place among the stored ones (the place of its
 * canonical configuration); returns how many are stored. */
static uint32_t stored_places(uint32_t *place)
{
	uint32_t n = 0;
	for (int k = 0; k < OTH_KINDS; k++) {
		const uint32_t off = oth_pattern_kinds[k].offset, size = kind_size(k);
		for (uint32_t c = 0; c < size; c++) {
			const uint32_t canon = oth_pattern_canonical(k, c);
			place[off + c] = canon == c ? n++ : place[off + canon];
		}
	}
	for (uint32_t i = OTH_OFF_MOB_P; i < OTH_STAGE_WEIGHTS; i++)
		place[i] = n++;
	return n;
}

/* "eval: PATH: what" into err, PATH quoted as messages quote it (yomi_arg_said); frees
 * free1 and free2; NULL. */
static struct oth_weights *load_fail(struct yomi_error *err, const char *path, const char *what,
                                     void *free1, void *free2)
{
	char said[YOMI_ARG_SAID];
	yomi_fail(err, "eval: %s: %s", yomi_arg_said(path, said), what);
	free(free1);
	free(free2);
	return NULL;
}

struct oth_weights *othello_eval_load(const char *path, struct yomi_error *err)
{
	const int fd = open(path, O_RDONLY | O_NONBLOCK);
	if (fd < 0)
		return load_fail(err, path, strerror(errno), NULL, NULL);
	struct stat st;
	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
		close(fd);
		return load_fail(err, path, "not a regular file", NULL, NULL);
	}
	if (st.st_size < EVAL_HEADER + 8 || st.st_size > (64 << 20)) {
		close(fd);
		return load_fail(err, path, st.st_size < EVAL_HEADER + 8 ? "too short to be an "
		                 "evaluation file" : "too long to be an evaluation file", NULL, NULL);
	}
	const size_t size = (size_t)st.st_size;
	unsigned char *file = malloc(size);
	if (!file) {
		close(fd);
		return load_fail(err, path, "out of memory", NULL, NULL);
	}
	size_t got = 0;
	while (got < size) {
		const ssize_t r = read(fd, file + got, size - got);
		if (r <= 0)
			break;
		got += (size_t)r;
	}
	close(fd);
	if (got != size)
		return load_fail(err, path, "cannot be read whole", file, NULL);
	struct eval_header h;
	memcpy(&h, file, sizeof h);
	if (memcmp(h.magic, EVAL_MAGIC, 8) != 0)
		return load_fail(err, path, "not a yomi evaluation file (bad magic)", file, NULL);
	if (h.version != EVAL_VERSION) {
		char what[80];
		snprintf(what, sizeof what, "format version %u, this yomi reads version %d",
		         h.version, EVAL_VERSION);
		return load_fail(err, path, what, file, NULL);
	}
	uint64_t sum;
	memcpy(&sum, file + size - 8, 8);
	if (XXH64(file, size - 8, 0) != sum) {
		char what[120];
		if ((uint64_t)h.payload_bytes + EVAL_HEADER + 8 != size)
			snprintf(what, sizeof what, "%zu bytes where its header says %llu, and a "
			         "checksum mismatch: truncated or corrupt", size,
			         (unsigned long long)h.payload_bytes + EVAL_HEADER + 8);
		else
			snprintf(what, sizeof what, "checksum mismatch: the file is corrupt");
		return load_fail(err, path, what, file, NULL);
	}
	uint32_t *place = malloc(sizeof(uint32_t) * OTH_STAGE_WEIGHTS);
	if (!place)
		return load_fail(err, path, "out of memory", file, NULL);
	const uint32_t per_stage = stored_places(place);
	const uint64_t raw = (uint64_t)OTH_STAGES * per_stage * 2 + EVAL_PROBCUT_FLOATS * 4;
	if (strncmp(h.game, "othello", sizeof h.game) != 0 || h.stages != OTH_STAGES ||
	    h.per_stage != per_stage || h.raw_bytes != raw ||
	    (uint64_t)h.payload_bytes + EVAL_HEADER + 8 != size)
		return load_fail(err, path, "not the layout this yomi reads (game, stages or sizes)",
		                 file, place);
	unsigned char *data = malloc(raw);
	struct oth_weights *w = malloc(sizeof *w);
	if (!data || !w) {
		free(w);
		free(data);
		return load_fail(err, path, "out of memory", file, place);
	}
	const size_t out = ZSTD_decompress(data, raw, file + EVAL_HEADER, h.payload_bytes);
	free(file);
	if (ZSTD_isError(out) || out != raw) {
		free(w);
		return load_fail(err, path, "the weights do not decompress", data, place);
	}
	for (int s = 0; s < OTH_STAGES; s++)
		for (uint32_t i = 0; i < OTH_STAGE_WEIGHTS; i++) {
			const unsigned char *b = data + 2 * ((size_t)s * per_stage + place[i]);
			w->w[s][i] = (int16_t)(uint16_t)(b[0] | b[1] << 8);
		}
	float pc[EVAL_PROBCUT_FLOATS];
	memcpy(pc, data + (size_t)OTH_STAGES * per_stage * 2, sizeof pc);
	for (int d = 0; d < OTH_PC_DEPTHS; d++) {
		w->probcut.slope[d] = pc[d];
		w->probcut.sd0[d] = pc[OTH_PC_DEPTHS + d];
		w->probcut.sd1[d] = pc[2 * OTH_PC_DEPTHS + d];
		const float sd60 = w->probcut.sd0[d] + 60 * w->probcut.sd1[d];
		if (!(pc[d] > 0.05f && pc[d] < 20.0f) || !(sd60 > 0 && sd60 < 100)) {
			free(w);
			return load_fail(err, path, "bad ProbCut fit", data, place);
		}
	}
	free(data);
	free(place);
	return w;
}

int othello_eval_save(const struct oth_weights *w, const char *about, const char *path,
                      struct yomi_error *err)
{
	uint32_t *place = malloc(sizeof(uint32_t) * OTH_STAGE_WEIGHTS);
	if (!place)
		return yomi_fail(err, "eval: out of memory");
	const uint32_t per_stage = stored_places(place);
	const size_t raw = (size_t)OTH_STAGES * per_stage * 2 + EVAL_PROBCUT_FLOATS * 4;
	unsigned char *data = calloc(1, raw);
	const size_t bound = ZSTD_compressBound(raw);
	unsigned char *file = malloc(EVAL_HEADER + bound + 8);
	if (!data || !file) {
		free(place);
		free(data);
		free(file);
		return yomi_fail(err, "eval: out of memory");
	}
	for (int s = 0; s < OTH_STAGES; s++)
		for (uint32_t i = 0; i < OTH_STAGE_WEIGHTS; i++) {
			unsigned char *b = data + 2 * ((size_t)s * per_stage + place[i]);
			const uint16_t v = (uint16_t)w->w[s][i];
			b[0] = (unsigned char)(v & 0xff);
			b[1] = (unsigned char)(v >> 8);
		}
	float pc[EVAL_PROBCUT_FLOATS];
	for (int d = 0; d < OTH_PC_DEPTHS; d++) {
		pc[d] = w->probcut.slope[d];
		pc[OTH_PC_DEPTHS + d] = w->probcut.sd0[d];
		pc[2 * OTH_PC_DEPTHS + d] = w->probcut.sd1[d];
	}
	memcpy(data + (size_t)OTH_STAGES * per_stage * 2, pc, sizeof pc);
	const size_t z = ZSTD_compress(file + EVAL_HEADER, bound, data, raw, EVAL_ZSTD_LEVEL);
	free(data);
	free(place);
	if (ZSTD_isError(z)) {
		free(file);
		return yomi_fail(err, "eval: the weights do not compress");
	}
	struct eval_header h;
	memset(&h, 0, sizeof h);
	memcpy(h.magic, EVAL_MAGIC, 8);
	h.version = EVAL_VERSION;
	h.stages = OTH_STAGES;
	h.per_stage = per_stage;
	h.payload_bytes = (uint32_t)z;
	h.raw_bytes = raw;
	snprintf(h.game, sizeof h.game, "othello");
	snprintf(h.about, sizeof h.about, "%s", about);
	memcpy(file, &h, sizeof h);
	const uint64_t sum = XXH64(file, EVAL_HEADER + z, 0);
	memcpy(file + EVAL_HEADER + z, &sum, 8);
	const size_t size = EVAL_HEADER + z + 8;
	struct file_out out;
	if (file_out_open(&out, "eval", path, 0644, err)) {
		free(file);
		return -1;
	}
	const int failed = fwrite(file, 1, size, out.f) != size;
	free(file);
	return file_out_commit(&out, failed, err);
}

/* ---- finding the file ---- */

static pthread_once_t init_once = PTHREAD_ONCE_INIT;

static void find_weights(void)
{
	const char *data = getenv("YOMI_DATA"), *tables = getenv("YOMI_TABLES");
	const char *xdg = getenv("XDG_DATA_HOME"), *home = getenv("HOME");
	char dirs[14][2048];
	int n = 0;
	if (data && *data)
		snprintf(dirs[n++], sizeof dirs[0], "%s", data);
	for (const char *t = tables ? tables : ""; *t && n < 8; ) {   /* folders split by ':' */
		const int len = (int)strcspn(t, ":");
		if (len > 0)
			snprintf(dirs[n++], sizeof dirs[0], "%.*s", len, t);
		t += len + (t[len] == ':');
	}
	if (xdg && xdg[0] == '/')   /* a relative value is ignored (XDG base directories) */
		snprintf(dirs[n++], sizeof dirs[0], "%s/yomi", xdg);
	else if (home && home[0] == '/')
		snprintf(dirs[n++], sizeof dirs[0], "%s/.local/share/yomi", home);
	snprintf(dirs[n++], sizeof dirs[0], "%s", YOMI_DATADIR);
	snprintf(dirs[n++], sizeof dirs[0], "data");
	/* the source tree of the binary run (DIR/data, DIR the binary's directory) */
	const ssize_t len = readlink("/proc/self/exe", dirs[n], sizeof dirs[0] - 8);
	if (len > 0) {
		dirs[n][len] = '\0';
		char *slash = strrchr(dirs[n], '/');
		if (slash) {
			strcpy(slash, "/data");
			n++;
		}
	}
	for (int i = 0; i < n; i++) {
		char path[2100];
		snprintf(path, sizeof path, "%.2000s/othello/eval.bin", dirs[i]);
		if (access(path, F_OK) != 0)
			continue;
		struct yomi_error err;
		const struct oth_weights *w = othello_eval_load(path, &err);
		if (!w) {
			fprintf(stderr, "yomi: note: %s; Othello uses the hand-weighted evaluation\n",
			        err.msg);
			return;
		}
		oth_weights_in_use = w;
		return;
	}
	fprintf(stderr, "yomi: note: no othello/eval.bin in $YOMI_DATA, $YOMI_TABLES, "
	        "$XDG_DATA_HOME/yomi, %s, ./data or the binary's data/: Othello uses the "
	        "hand-weighted evaluation\n", YOMI_DATADIR);
}

static void init_from_path(void)
{
	find_weights();
	atomic_store_explicit(&weights_chosen, true, memory_order_release);
}

void othello_eval_init(void)
{
	if (!atomic_load_explicit(&weights_chosen, memory_order_acquire))
		pthread_once(&init_once, init_from_path);
}
