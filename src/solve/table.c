/*
 * table.c - reading solved table files: open (whole validation before use) and probe (one
 * block read and decoded, kept for the next probe).  Reading a whole table (preload, load)
 * is in table_load.c, writing in table_write.c.
 *
 * Why pread and not mmap: a mapped file that is cut short while in use (`: > t.yomi`, a
 * disk that fills under a copy) kills the reader with SIGBUS at its next access; a read
 * that comes back short is an error to report.  Blocks are read whole into a buffer (a few
 * KB; a probe that misses the chunk cache pays one pread), the block index and model at
 * open.  A file replaced by rename (as yomi writes tables) is read on as it was opened.
 * The cost, yomi bench --table on the Dobutsu table, 7 alternating runs on this project's
 * VM: a probe of a block not yet decoded 8.6 us against 4.9 mapped (median; the syscall),
 * a warm probe and the open unchanged.  Not chosen: the whole file read at open (probes as
 * fast as mapped, but every open about 100 ms slower, one-shot commands included), and a
 * SIGBUS handler with sigsetjmp around the reads of a mapping (process-wide signal state,
 * which the sanitizers also claim).
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <xxhash.h>
#include <zstd.h>

#include "solve/parallel.h"
#include "solve/table_codec.h"
#include "solve/table_format.h"
#include "yomi/solve.h"
#include "yomi/table.h"

#include "solve/table_private.h"

/* ---- opening ---- */

static int fail_close(struct table *t, struct yomi_error *err, const char *path,
                      const char *what)
{
	char said[YOMI_ARG_SAID];
	yomi_fail(err, "table: %s: %s", yomi_arg_said(path, said), what);
	table_close(t);
	return -1;
}

/* Replaces every byte of s[n] that is not printable ASCII (NUL aside) with '?'. */
static void printable(char *s, size_t n)
{
	for (size_t k = 0; k < n; k++)
		if (s[k] && (s[k] < 0x20 || s[k] > 0x7e))
			s[k] = '?';
}

int table_read_at(const struct table *t, uint64_t at, void *buf, size_t len,
                  struct yomi_error *err)
{
	size_t done = 0;
	while (done < len) {
		const ssize_t got = pread(t->fd, (uint8_t *)buf + done, len - done,
		                          (off_t)(at + done));
		if (got < 0 && errno == EINTR)
			continue;
		if (got <= 0)
			return yomi_fail(err, "table: %s: %s", t->path, got < 0 ? strerror(errno)
			                 : "cut short while in use (the file changed)");
		done += (size_t)got;
	}
	return 0;
}

/* The most bytes a table of game solver s can take: its block index and every block of
 * either plane at its worst, so that a file larger is refused before it is hashed. */
static uint64_t largest_table(const struct game_solver *s)
{
	const uint64_t blocks = (s->index_size + TABLE_BLOCK - 1) / TABLE_BLOCK;
	return table_index_at((uint32_t)codec_store_bound()) + (2 * blocks + 1) * 8 +
	       blocks * (codec_bound(TABLE_BLOCK) + ZSTD_compressBound(TABLE_BLOCK / 8)) + 8;
}

/* The checksum of the whole file: every byte but the last 8, which hold it. */
static int checksum_ok(const struct table *t, int *ok, struct yomi_error *err)
{
	enum { CHUNK = 1 << 20 };
	uint8_t *buf = malloc(CHUNK);
	XXH64_state_t *hash = XXH64_createState();
	int rc = 0;
	if (!buf || !hash) {
		rc = yomi_fail(err, "table: %s: out of memory", t->path);
	} else {
		XXH64_reset(hash, 0);
		const uint64_t end = t->size - 8;
		for (uint64_t at = 0; at < end && !rc; at += CHUNK) {
			const size_t n = end - at < CHUNK ? (size_t)(end - at) : CHUNK;
			if (!(rc = table_read_at(t, at, buf, n, err)))
				XXH64_update(hash, buf, n);
		}
		uint64_t sum;
		if (!rc && !(rc = table_read_at(t, end, &sum, 8, err)))
			*ok = XXH64_digest(hash) == sum;
	}
	free(buf);
	if (hash)
		XXH64_freeState(hash);
	return rc;
}

static int open_checked(struct table *t, const char *file, struct yomi_error *err)
{
	const char *path = t->path;   /* file as messages quote it */
	/* O_NONBLOCK: a FIFO would block the open until a writer came; it is refused below */
	t->fd = open(file, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	if (t->fd < 0) {
		yomi_fail(err, "table: %s: %s", path, strerror(errno));
		return -1;
	}
	struct stat st;
	if (fstat(t->fd, &st) != 0 || !S_ISREG(st.st_mode)) {
		yomi_fail(err, "table: %s: not a regular file", path);
		return -1;
	}
	t->size = (size_t)st.st_size;
	if (t->size < TABLE_HEADER_SIZE + 16) {
		yomi_fail(err, "table: %s: too short to be a table (%zu bytes)", path, t->size);
		return -1;
	}
	if (table_read_at(t, 0, &t->h, sizeof t->h, err))
		return -1;
	/* the header's texts go into messages and --stats: printable, and terminated */
	printable(t->h.game, sizeof t->h.game);
	printable(t->h.rules, sizeof t->h.rules);
	printable(t->h.encoding, sizeof t->h.encoding);
	printable(t->h.build, sizeof t->h.build);
	t->h.build[sizeof t->h.build - 1] = 0;
	const struct table_header *h = &t->h;
	if (memcmp(h->magic, TABLE_MAGIC, 4) != 0) {
		yomi_fail(err, "table: %s: not a yomi table (bad magic)", path);
		return -1;
	}
	if (h->version != TABLE_VERSION) {
		if (h->version < TABLE_VERSION)
			yomi_fail(err, "table: %s: format version %u, this yomi reads version %d (build "
			          "it again: yomi --game %s solve -o %s)", path, h->version,
			          TABLE_VERSION, t->game->name, path);
		else
			yomi_fail(err, "table: %s: format version %u, this yomi reads version %d", path,
			          h->version, TABLE_VERSION);
		return -1;
	}
	/* Before the checksum, which reads the whole file: its size against what the header
	 * and block index claim (a file cut short, or grown), and against the largest table
	 * of the game (a huge file with a header that looks right). */
	if (t->size > largest_table(t->solver)) {
		/* Too big to be one of this game's: the header's game, when it names another, is
		 * what to say (a Dobutsu table probed for tic-tac-toe), unchecked as it is; a
		 * flipped byte would not have changed the file's size. */
		if (h->game[0] && !h->game[15] && strncmp(h->game, t->game->name, 16) != 0 &&
		    !strchr(h->game, '?')) {
			yomi_fail(err, "table: %s: a table of game '%s' (by its header), not %s", path,
			          h->game, t->game->name);
			return -1;
		}
		yomi_fail(err, "table: %s: %zu bytes, more than a table of %s takes (%llu): corrupt "
		          "or not a table of %s", path, t->size, t->game->name,
		          (unsigned long long)largest_table(t->solver), t->game->name);
		return -1;
	}
	uint64_t claimed = 0;   /* the size the header and block index claim */
	int at_least = 0;
	if (h->model_bytes < t->size && h->blocks < t->size) {
		const uint64_t at = table_index_at(h->model_bytes);
		const uint64_t n = (h->flags & TABLE_FLAG_LATE ? 2 : 1) * h->blocks;
		const uint64_t end = at + (n + 1) * 8;
		uint64_t last;
		if (end + 8 > t->size)
			claimed = end + 8, at_least = 1;
		else if (table_read_at(t, at + n * 8, &last, 8, err))
			return -1;
		else if (last + 8 != t->size)
			claimed = last + 8;
	} else {
		yomi_fail(err, "table: %s: corrupt header (its sizes exceed the file's %zu bytes)",
		          path, t->size);
		return -1;
	}
	if (claimed) {
		yomi_fail(err, "table: %s: %zu bytes where its header says %s%llu: truncated or "
		          "corrupt", path, t->size, at_least ? "at least " : "",
		          (unsigned long long)claimed);
		return -1;
	}
	/* The checksum first: a flipped byte anywhere, the header's included, is reported as
	 * what it is, not as the other game, layout or size the header then claims. */
	int sum_ok = 0;
	if (checksum_ok(t, &sum_ok, err))
		return -1;
	if (!sum_ok) {
		yomi_fail(err, "table: %s: checksum mismatch: the file is corrupt", path);
		return -1;
	}
	if (strncmp(h->game, t->game->name, sizeof h->game) != 0 || h->game[15]) {
		yomi_fail(err, "table: %s: a table of game '%.15s', not %s", path, h->game,
		          t->game->name);
		return -1;
	}
	if (strncmp(h->encoding, t->solver->encoding, sizeof h->encoding) != 0 ||
	    h->index_size != t->solver->index_size) {
		if (h->index_size == t->solver->index_size)   /* the sizes only when they differ */
			yomi_fail(err, "table: %s: index '%.31s', expected '%s' (build it again: yomi "
			          "--game %s solve -o %s)", path, h->encoding, t->solver->encoding,
			          t->game->name, path);
		else
			yomi_fail(err, "table: %s: index '%.31s' of %llu entries, expected '%s' of %llu "
			          "(build it again: yomi --game %s solve -o %s)",
			          path, h->encoding, (unsigned long long)h->index_size,
			          t->solver->encoding, (unsigned long long)t->solver->index_size,
			          t->game->name, path);
		return -1;
	}
	const struct game_solver *s = t->solver;
	const int late_rules = s->late_rules && strncmp(h->rules, s->late_rules, 16) == 0;
	if ((strncmp(h->rules, s->rules, 16) != 0 && !late_rules) || h->rules[15]) {
		yomi_fail(err, "table: %s: rules '%.15s', this yomi knows %s%s%s", path, h->rules,
		          s->rules, s->late_rules ? " and " : "", s->late_rules ? s->late_rules : "");
		return -1;
	}
	if ((h->coding != TABLE_CODING_DISTANCE && h->coding != TABLE_CODING_WDL) ||
	    h->block_size != TABLE_BLOCK ||
	    h->blocks != (h->index_size + TABLE_BLOCK - 1) / TABLE_BLOCK ||
	    (h->flags & ~(uint32_t)TABLE_FLAG_LATE) ||
	    !!(h->flags & TABLE_FLAG_LATE) != (late_rules && h->coding == TABLE_CODING_DISTANCE)) {
		yomi_fail(err, "table: %s: unknown value coding or block layout", path);
		return -1;
	}
	t->planes = h->flags & TABLE_FLAG_LATE ? 2 : 1;
	const uint64_t nblocks = t->planes * h->blocks;
	const uint64_t index_at = table_index_at(h->model_bytes);
	const uint64_t index_end = index_at + (nblocks + 1) * 8;
	/* a file whose checksum holds has these right, unless its writer was wrong */
	t->offsets = malloc((nblocks + 1) * 8);
	if (!t->offsets) {
		yomi_fail(err, "table: %s: out of memory", path);
		return -1;
	}
	if (table_read_at(t, index_at, t->offsets, (nblocks + 1) * 8, err))
		return -1;
	if (index_end + 8 > t->size || t->offsets[nblocks] + 8 != t->size) {
		yomi_fail(err, "table: %s: bad block index", path);
		return -1;
	}
	for (uint64_t b = 0; b < nblocks; b++) {
		if (t->offsets[b] < index_end || t->offsets[b] > t->offsets[b + 1]) {
			yomi_fail(err, "table: %s: bad block index", path);
			return -1;
		}
		if (t->offsets[b + 1] - t->offsets[b] > t->block_max)
			t->block_max = (size_t)(t->offsets[b + 1] - t->offsets[b]);
	}
	t->model = malloc(sizeof *t->model);
	uint8_t *stored = malloc(h->model_bytes + 1);
	if (!t->model || !stored) {
		free(stored);
		yomi_fail(err, "table: %s: out of memory", path);
		return -1;
	}
	const int model_bad = table_read_at(t, TABLE_HEADER_SIZE, stored, h->model_bytes, err) ? -1
	                      : codec_load(stored, h->model_bytes, t->model) != 0;
	free(stored);
	if (model_bad < 0)
		return -1;
	if (model_bad) {
		yomi_fail(err, "table: %s: bad code model", path);
		return -1;
	}
	return 0;
}

struct table *table_open(const char *path, const struct game *g, struct yomi_error *err)
{
	if (!g->solver) {
		yomi_fail(err, "table: %s has no solved tables", g->name);
		return NULL;
	}
	if (!*path) {   /* as solve -o "" says it, not "table: : No such file or directory" */
		yomi_fail(err, "table: the file name is empty");
		return NULL;
	}
	struct table *t = calloc(1, sizeof *t);
	if (!t) {
		yomi_fail(err, "table: out of memory");
		return NULL;
	}
	t->game = g;
	t->solver = g->solver;
	t->fd = -1;
	char said[YOMI_ARG_SAID];
	t->path = strdup(yomi_arg_said(path, said));   /* for messages only */
	if (!t->path) {
		fail_close(t, err, path, "out of memory");
		return NULL;
	}
	if (open_checked(t, path, err) != 0) {
		table_close(t);
		return NULL;
	}
	t->dctx = ZSTD_createDCtx();
	t->chunks = malloc((size_t)CACHE_CHUNKS * CODEC_CHUNK);
	t->late_cache = malloc((size_t)CACHE_BLOCKS * SLOT_LATE);
	t->block[0] = malloc(t->block_max + 1);
	t->block[1] = malloc(t->block_max + 1);
	if (!t->dctx || !t->chunks || !t->late_cache || !t->block[0] || !t->block[1]) {
		fail_close(t, err, path, "out of memory");
		return NULL;
	}
	return t;
}

struct table *table_share(const struct table *t, struct yomi_error *err)
{
	struct table *s = calloc(1, sizeof *s);
	if (!s) {
		yomi_fail(err, "table: out of memory");
		return NULL;
	}
	s->game = t->game;
	s->solver = t->solver;
	s->path = t->path;
	s->h = t->h;
	s->fd = t->fd;   /* pread at offsets: one descriptor serves every thread */
	s->size = t->size;
	s->offsets = t->offsets;
	s->block_max = t->block_max;
	s->planes = t->planes;
	s->model = t->model;
	s->all = t->all;
	s->all_late = t->all_late;
	s->shared = t;
	s->dctx = ZSTD_createDCtx();
	s->chunks = malloc((size_t)CACHE_CHUNKS * CODEC_CHUNK);
	s->late_cache = malloc((size_t)CACHE_BLOCKS * SLOT_LATE);
	s->block[0] = malloc(s->block_max + 1);
	s->block[1] = malloc(s->block_max + 1);
	if (!s->dctx || !s->chunks || !s->late_cache || !s->block[0] || !s->block[1]) {
		table_close(s);
		yomi_fail(err, "table: out of memory");
		return NULL;
	}
	return s;
}

void table_close(struct table *t)
{
	if (!t)
		return;
	ZSTD_freeDCtx(t->dctx);
	free(t->chunks);
	free(t->late_cache);
	free(t->block[0]);
	free(t->block[1]);
	if (t->shared) {   /* the rest is borrowed */
		free(t);
		return;
	}
	if (t->fd >= 0)
		close(t->fd);
	free(t->offsets);
	free(t->model);
	if (t->all)
		parallel_huge_free(t->all, t->h.index_size);
	free(t->all_late);
	free(t->path);
	free(t);
}

int table_has_distance(const struct table *t) { return t->h.coding == TABLE_CODING_DISTANCE; }

int table_has_late(const struct table *t) { return t->planes == 2; }

void table_get_info(const struct table *t, struct table_info *info)
{
	info->game = t->h.game;
	info->rules = t->h.rules;
	info->encoding = t->h.encoding;
	info->build = t->h.build;
	info->index_size = t->h.index_size;
	info->blocks = t->h.blocks;
	info->file_size = t->size;
	info->wdl_only = t->h.coding == TABLE_CODING_WDL;
	info->wins = t->h.wins;
	info->draws = t->h.draws;
	info->losses = t->h.losses;
	info->none = t->h.none;
	info->max_distance = (int)t->h.max_distance;
}

/* ---- probing ---- */

uint64_t table_block_entries(const struct table *t, uint64_t b)
{
	return b + 1 < t->h.blocks ? TABLE_BLOCK : t->h.index_size - b * TABLE_BLOCK;
}

/* The bytes of block k (of either plane: a late block is blocks + b) into t->block, read
 * unless they are there already; their length in *len.  Returns them, or NULL with err. */
static const uint8_t *block_bytes(struct table *t, uint64_t k, size_t *len,
                                  struct yomi_error *err)
{
	const int plane = k >= t->h.blocks;
	*len = (size_t)(t->offsets[k + 1] - t->offsets[k]);
	if (t->block_tag[plane] != k + 1) {
		t->block_tag[plane] = 0;
		if (table_read_at(t, t->offsets[k], t->block[plane], *len, err))
			return NULL;
		t->block_tag[plane] = k + 1;
	}
	return t->block[plane];
}

/* The codes of chunk c (of CODEC_CHUNK entries), decoded into the chunk cache at least
 * up to its entry k: a probe decodes half a chunk on average, and a later probe of an
 * entry further on decodes the chunk again from its start (nothing to resume from). */
static const uint8_t *chunk_codes(struct table *t, uint64_t c, size_t k, struct yomi_error *err)
{
	const size_t slot = (size_t)(c % CACHE_CHUNKS);
	uint8_t *codes = t->chunks + slot * CODEC_CHUNK;
	if (t->chunk_tag[slot] == c + 1 && k < t->chunk_have[slot])
		return codes;
	const uint64_t b = c / CODEC_MAX_CHUNKS;
	size_t len;
	const uint8_t *blk = block_bytes(t, b, &len, err);
	if (!blk) {
		t->chunk_tag[slot] = 0;
		return NULL;
	}
	const long have = codec_decode_chunk(t->model, blk, len, table_block_entries(t, b),
	                                     c % CODEC_MAX_CHUNKS, k + 1, codes);
	if (have <= (long)k) {
		t->chunk_tag[slot] = 0;
		yomi_fail(err, "table: %s: block %llu does not decode", t->path,
		          (unsigned long long)b);
		return NULL;
	}
	t->chunk_tag[slot] = c + 1;
	t->chunk_have[slot] = (uint16_t)have;
	return codes;
}

/* The late bits of block b (SLOT_LATE bytes), decompressed into the late cache. */
static const uint8_t *late_bits(struct table *t, uint64_t b, struct yomi_error *err)
{
	if (t->cached[t->last] == b + 1)
		return t->late_cache + (size_t)t->last * SLOT_LATE;
	int slot = 0;
	for (int k = 0; k < CACHE_BLOCKS; k++) {
		if (t->cached[k] == b + 1) {
			t->used[k] = ++t->clock;
			t->last = k;
			return t->late_cache + (size_t)k * SLOT_LATE;
		}
		if (t->used[k] < t->used[slot])
			slot = k;
	}
	uint8_t *bits = t->late_cache + (size_t)slot * SLOT_LATE;
	size_t len;
	const uint8_t *blk = block_bytes(t, t->h.blocks + b, &len, err);
	const size_t got = blk ? ZSTD_decompressDCtx(t->dctx, bits, SLOT_LATE, blk, len) : 0;
	if (!blk || ZSTD_isError(got) || got != late_block_bytes(t->h.index_size, b)) {
		t->cached[slot] = 0;
		t->used[slot] = 0;
		if (!blk)
			return NULL;
		yomi_fail(err, "table: %s: late block %llu does not decompress", t->path,
		          (unsigned long long)b);
		return NULL;
	}
	t->cached[slot] = b + 1;
	t->used[slot] = ++t->clock;
	t->last = slot;
	return bits;
}

/* The code of index i as stored (won-in-1 entries hold a filler), and its late bit (0
 * without a late plane). */
static int stored_code(struct table *t, uint64_t i, uint8_t *code, int *late,
                       struct yomi_error *err)
{
	if (t->all) {
		*code = t->all[i];
		*late = t->all_late ? (int)(t->all_late[i >> 6] >> (i & 63)) & 1 : 0;
		return 0;
	}
	const uint8_t *codes = chunk_codes(t, i / CODEC_CHUNK, i % CODEC_CHUNK, err);
	if (!codes)
		return -1;
	*code = codes[i % CODEC_CHUNK];
	*late = 0;
	if (t->planes == 2) {
		const uint8_t *bits = late_bits(t, i / TABLE_BLOCK, err);
		if (!bits)
			return -1;
		const uint64_t k = i % TABLE_BLOCK;
		*late = (bits[k / 8] >> (k % 8)) & 1;
	}
	return 0;
}

static struct table_value value_of_code(const struct table *t, uint8_t code, int late)
{
	if (t->h.coding == TABLE_CODING_WDL)
		return (struct table_value){code == 1 ? GAME_WIN : code == 2 ? GAME_LOSS : GAME_DRAW, -1};
	if (code == 0)
		return (struct table_value){GAME_DRAW, -1};
	return (struct table_value){solve_is_win(code) ? GAME_WIN : GAME_LOSS, code - 1 + late};
}

/* One ply further: a won move is a loss one ply longer for the mover, and so on. */
static struct table_value flip(struct table_value v)
{
	struct table_value r = v;
	r.outcome = v.outcome == GAME_WIN ? GAME_LOSS : v.outcome == GAME_LOSS ? GAME_WIN : GAME_DRAW;
	if (v.outcome != GAME_DRAW && v.distance >= 0)
		r.distance = v.distance + 1;
	return r;
}

static struct table_value outcome_value(enum game_outcome o)
{
	return (struct table_value){o, o == GAME_DRAW ? -1 : 0};
}

/* The value of a finished game: lost in 0 for its mover, or in 1 when the table's rule
 * counts that end one ply late (the loser still has its ply: Dobutsu's survival try); won
 * in 0 (a try that has survived already). */
static struct table_value ended_value(const struct table *t, const void *over)
{
	struct table_value v = outcome_value(t->game->status(over).outcome);
	if (t->planes == 2 && v.outcome == GAME_LOSS && t->solver->ends_late(over))
		v.distance = 1;
	return v;
}

static int probe_depth(struct table *t, const void *pos, struct table_value *v, int depth,
                       struct yomi_error *err);

/* The value of pos, of index i (the table answers for it, whether its game is over or
 * not); quick is the solver's quick test of pos, which the caller has made. */
static int probe_indexed(struct table *t, const void *pos, uint64_t i, uint8_t quick,
                         struct table_value *v, struct yomi_error *err)
{
	uint8_t code;
	int late = 0;
	if (quick == 2) {
		if (t->planes == 2 && !t->solver->wins_on_time(pos) &&
		    stored_code(t, i, &code, &late, err) != 0)
			return -1;
		*v = (struct table_value){GAME_WIN, table_has_distance(t) ? 1 + late : -1};
		return 0;
	}
	if (stored_code(t, i, &code, &late, err) != 0)
		return -1;
	if (code == (t->h.coding == TABLE_CODING_WDL ? 3 : SOLVE_NONE))
		return yomi_fail(err, "table: the position is not in the table");
	*v = value_of_code(t, code, late);
	return 0;
}

static int rank_depth(struct table *t, const void *pos, yomi_move *moves,
                      struct table_value *values, int depth, struct yomi_error *err)
{
	const struct game *g = t->game;
	if (g->status(pos).outcome != GAME_ONGOING)
		return 0;
	const int n = g->moves(pos, moves);
	/* every successor first, its entry prefetched, then the reads: the misses overlap */
	_Alignas(16) unsigned char next[YOMI_MOVES_MAX][YOMI_POS_MAX];
	int64_t index[YOMI_MOVES_MAX];
	uint8_t quick[YOMI_MOVES_MAX];
	for (int k = 0; k < n; k++) {
		if (g->play(pos, moves[k], next[k])) {
			index[k] = -2;   /* the game is over */
			continue;
		}
		/* A successor whose mover wins at once, counted on time, is won in 1 without
		 * encoding it (what its entry's probe would say, and the same test) */
		quick[k] = t->solver->quick(next[k]);
		if (quick[k] == 2 && (t->planes != 2 || t->solver->wins_on_time(next[k])))
			index[k] = -3;
		else if ((index[k] = t->solver->encode(next[k])) >= 0 && t->all)
			__builtin_prefetch(t->all + index[k]);
	}
	for (int k = 0; k < n; k++) {
		struct table_value cv;
		if (index[k] == -2)
			cv = ended_value(t, next[k]);
		else if (index[k] == -3)
			cv = (struct table_value){GAME_WIN, table_has_distance(t) ? 1 : -1};
		else if ((index[k] >= 0
		              ? probe_indexed(t, next[k], (uint64_t)index[k], quick[k], &cv, err)
		              : probe_depth(t, next[k], &cv, depth + 1, err)) != 0)
			return -1;
		values[k] = flip(cv);
	}
	table_sort_moves(moves, values, n);
	return n;
}

void table_sort_moves(yomi_move *moves, struct table_value *values, int n)
{
	for (int k = 1; k < n; k++) {   /* insertion sort: a few dozen moves at most */
		const yomi_move m = moves[k];
		const struct table_value v = values[k];
		int j = k;
		for (; j > 0 && table_value_cmp(v, values[j - 1]) > 0; j--) {
			moves[j] = moves[j - 1];
			values[j] = values[j - 1];
		}
		moves[j] = m;
		values[j] = v;
	}
}

/* The value of pos: from its index when it has one (encode gives -1 for every position
 * whose game is over by a capture, a try or a line; the index answers for the rest), else
 * from the game's status or one ply of successors. */
static int probe_depth(struct table *t, const void *pos, struct table_value *v, int depth,
                       struct yomi_error *err)
{
	const struct game *g = t->game;
	const int64_t i = t->solver->encode(pos);
	if (i >= 0)
		return probe_indexed(t, pos, (uint64_t)i, t->solver->quick(pos), v, err);
	if (g->status(pos).outcome != GAME_ONGOING) {
		*v = ended_value(t, pos);   /* under the late rule a try has a ply to go */
		return 0;
	}
	/* Outside the index: the mover wins at once (a move ends the game in its favour; the
	 * soonest counted such end), or one ply more settles it. */
	yomi_move list[YOMI_MOVES_MAX];
	_Alignas(16) unsigned char next[YOMI_POS_MAX];
	const int nl = g->moves(pos, list);
	int won = 0;
	for (int k = 0; k < nl; k++) {
		if (g->play(pos, list[k], next) && g->status(next).outcome == GAME_LOSS) {
			const struct table_value ev = flip(ended_value(t, next));
			if (!won || ev.distance < v->distance)
				*v = ev;
			won = 1;
		}
	}
	if (won) {
		if (!table_has_distance(t))
			v->distance = -1;
		return 0;
	}
	if (depth >= 2)
		return yomi_fail(err, "table: the position is not in the table");
	yomi_move moves[YOMI_MOVES_MAX];
	struct table_value values[YOMI_MOVES_MAX];
	const int n = rank_depth(t, pos, moves, values, depth, err);
	if (n < 0)
		return -1;
	if (n == 0) {
		*v = outcome_value(GAME_LOSS);
		return 0;
	}
	*v = values[0];
	return 0;
}

int table_probe(struct table *t, const void *pos, struct table_value *v, struct yomi_error *err)
{
	return probe_depth(t, pos, v, 0, err);
}

int table_rank_moves(struct table *t, const void *pos, yomi_move *moves,
                     struct table_value *values, struct yomi_error *err)
{
	return rank_depth(t, pos, moves, values, 0, err);
}

int table_value_cmp(struct table_value a, struct table_value b)
{
	/* rank: wins (shorter better), then draws, then losses (longer better) */
	const int ra = a.outcome == GAME_WIN ? 2 : a.outcome == GAME_DRAW ? 1 : 0;
	const int rb = b.outcome == GAME_WIN ? 2 : b.outcome == GAME_DRAW ? 1 : 0;
	if (ra != rb)
		return ra - rb;
	/* An unknown distance (-1: a table without distances) is longer than any known one
	 * (those are the game's ends, one ply away at most), so a win at once ranks first. */
	const long da = a.distance < 0 ? INT_MAX : a.distance, db = b.distance < 0 ? INT_MAX : b.distance;
	if (a.outcome == GAME_WIN)
		return (db > da) - (db < da);
	if (a.outcome == GAME_LOSS)
		return (da > db) - (da < db);
	return 0;
}

int table_file_is_table(const char *path)
{
	char magic[4];
	struct stat st;
	if (stat(path, &st) != 0 || !S_ISREG(st.st_mode))   /* a FIFO's open would block */
		return 0;
	FILE *f = fopen(path, "rb");
	if (!f)
		return 0;
	const int is_table = fread(magic, 1, 4, f) == 4 && memcmp(magic, TABLE_MAGIC, 4) == 0;
	fclose(f);
	return is_table;
}
