/*
 * table_write.c - writing a solved table file (layout in table_format.h): the blocks are
 * compressed on every core, then the file is written to a new PATH.tmp.XXXXXX, fsynced and
 * renamed, so a crash never leaves a half-written table under the name, and two solves to
 * one name never write one file.
 *
 * A writer holds an exclusive flock on its temporary file while it exists: a writer killed
 * outright (kill -9, a crash, a power cut) leaves its file unlocked, which is how a later
 * solve tells the stale temporaries of dead writers from those of live ones
 * (table_remove_stale).
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>
#include <xxhash.h>
#include <zstd.h>

#include "solve/parallel.h"
#include "solve/table_codec.h"
#include "solve/table_format.h"
#include "yomi/search.h"
#include "yomi/solve.h"
#include "yomi/table.h"

#ifndef YOMI_VERSION
#define YOMI_VERSION "0.1.0"
#endif

struct pack_job {
	const uint8_t *values;
	const uint64_t *late;   /* late bits, or NULL */
	uint64_t n, blocks;
	int wdl;
	struct codec_stats *stats;      /* the runs counted, one set per thread */
	struct pack_counts {            /* the header's counts, one set per thread */
		uint64_t wins, draws, losses, none;
		uint32_t max_distance;
	} *counts;
	const struct codec_model *model;
	uint64_t first;      /* the batch being compressed: its first block */
	uint8_t *batch;      /* WRITE_BATCH slots of codec_bound(TABLE_BLOCK) bytes: its blocks */
	size_t *batch_len;
	uint8_t **late_out;  /* per block: its late bits compressed, kept to the end (small) */
	size_t *late_len;
	int failed;
};

/* Blocks compressed at a time, then written in order and their memory used again: the
 * compressed table is never held whole (Dobutsu: 68 MB, and 120 MB resident when each block
 * had an allocation of the worst case, 49 KB, of its own). */
enum { WRITE_BATCH = 256 };

static uint8_t wdl_code(uint8_t v)
{
	return v == 0 ? 0 : v == SOLVE_NONE ? 3 : solve_is_win(v) ? 1 : 2;
}

/* The codes of block b as stored (n of them): a position won in 1 is answered without the
 * table, so its entry copies the one before it, which lengthens a run and costs nothing. */
static size_t stored_codes(const struct pack_job *job, uint64_t b, uint8_t *codes)
{
	const uint64_t first = b * TABLE_BLOCK;
	const size_t n = first + TABLE_BLOCK <= job->n ? TABLE_BLOCK : (size_t)(job->n - first);
	const uint8_t *values = job->values + first;
	uint8_t prev = 0;
	if (job->wdl) {
		for (size_t k = 0; k < n; k++)
			codes[k] = prev = values[k] == 2 ? prev : wdl_code(values[k]);
	} else {
		for (size_t k = 0; k < n; k++)   /* no branch on the value: cmov */
			codes[k] = prev = values[k] == 2 ? prev : values[k];
	}
	return n;
}

/* The values' counts and longest win, and the runs of their codes (the model's counts).
 * The values go through a histogram (four, so that a run of equal values does not wait on
 * one counter) rather than a branch per entry on its class: the Dobutsu table's wins,
 * losses and draws alternate too irregularly for the branch predictor. */
static void count_blocks(void *arg, uint64_t lo, uint64_t hi, int thread)
{
	struct pack_job *job = arg;
	struct pack_counts *c = &job->counts[thread];
	uint8_t codes[TABLE_BLOCK];
	const uint64_t end = hi * TABLE_BLOCK < job->n ? hi * TABLE_BLOCK : job->n;
	uint64_t hist[4][256] = {{0}};
	for (uint64_t i = lo * TABLE_BLOCK; i < end; i++)
		hist[i & 3][job->values[i]]++;
	for (int v = 0; v < 256; v++) {
		const uint64_t n = hist[0][v] + hist[1][v] + hist[2][v] + hist[3][v];
		if (!n)
			continue;
		if (v == SOLVE_NONE)
			c->none += n;
		else if (v == 0)
			c->draws += n;
		else if (solve_is_win((uint8_t)v))
			c->wins += n;
		else
			c->losses += n;
		if (solve_is_win((uint8_t)v) && (uint32_t)(v - 1) > c->max_distance)
			c->max_distance = (uint32_t)(v - 1);
	}
	/* a late bit adds a ply to its entry's distance */
	for (uint64_t i = lo * TABLE_BLOCK; job->late && i < end; i++) {
		const uint8_t v = job->values[i];
		const uint32_t dist = (uint32_t)(v - 1) + ((job->late[i >> 6] >> (i & 63)) & 1);
		if (solve_is_win(v) && dist > c->max_distance)
			c->max_distance = dist;
	}
	for (uint64_t b = lo; b < hi; b++)
		codec_count(codes, stored_codes(job, b, codes), &job->stats[thread]);
}

/* Compresses blocks first + [lo, hi) of the batch into its slots, and their late bits. */
static void pack_blocks(void *arg, uint64_t lo, uint64_t hi, int thread)
{
	(void)thread;
	struct pack_job *job = arg;
	uint8_t codes[TABLE_BLOCK];
	const size_t cap = ZSTD_compressBound(TABLE_BLOCK / 8), slot = codec_bound(TABLE_BLOCK);
	ZSTD_CCtx *cctx = job->late ? ZSTD_createCCtx() : NULL;
	uint8_t *bits = job->late ? malloc(cap) : NULL;
	for (uint64_t i = lo; i < hi && (bits || !job->late); i++) {
		const uint64_t b = job->first + i;
		const size_t n = stored_codes(job, b, codes);
		job->batch_len[i] = codec_encode(job->model, codes, n, job->batch + i * slot);
		if (!job->late)
			continue;
		/* the late bits: zstd (a bitmap of rare ones; read only under the late rule) */
		size_t len = ZSTD_compressCCtx(cctx, bits, cap, job->late + b * TABLE_BLOCK / 64,
		                               late_block_bytes(job->n, b), TABLE_ZSTD_LEVEL);
		uint8_t *out = ZSTD_isError(len) ? NULL : malloc(len);
		if (!out) {
			__atomic_store_n(&job->failed, 1, __ATOMIC_RELAXED);
			break;
		}
		memcpy(out, bits, len);
		job->late_out[b] = out;
		job->late_len[b] = len;
	}
	if (job->late && (!cctx || !bits))
		__atomic_store_n(&job->failed, 1, __ATOMIC_RELAXED);
	free(bits);
	ZSTD_freeCCtx(cctx);
}

/* The checksum of the file's first `end` bytes, read back (the block index, before the
 * blocks, is known only once they are written). */
static int hash_back(int fd, uint64_t end, uint64_t *sum)
{
	enum { CHUNK = 1 << 20 };
	uint8_t *buf = malloc(CHUNK);
	XXH64_state_t *hash = XXH64_createState();
	int rc = buf && hash ? 0 : -1;
	if (!rc)
		XXH64_reset(hash, 0);
	for (uint64_t at = 0; at < end && !rc; ) {
		const ssize_t got = pread(fd, buf, end - at < CHUNK ? (size_t)(end - at) : CHUNK,
		                          (off_t)at);
		if (got < 0 && errno == EINTR)
			continue;
		if (got <= 0) {
			if (got == 0)
				errno = EIO;
			rc = -1;
			break;
		}
		XXH64_update(hash, buf, (size_t)got);
		at += (size_t)got;
	}
	if (!rc)
		*sum = XXH64_digest(hash);
	free(buf);
	if (hash)
		XXH64_freeState(hash);
	return rc;
}

static int write_all(int fd, const void *buf, size_t len)
{
	const uint8_t *p = buf;
	while (len) {
		const ssize_t w = write(fd, p, len);
		if (w < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		p += w, len -= (size_t)w;
	}
	return 0;
}

/* "table: PATH: what" into err, PATH quoted as messages quote it (yomi_arg_said); -1. */
static int fail_at(struct yomi_error *err, const char *path, const char *what)
{
	char said[YOMI_ARG_SAID];
	return yomi_fail(err, "table: %s: %s", yomi_arg_said(path, said), what);
}

/* The file a table for path goes to, into out (len bytes): path itself, or, through any
 * symbolic links at path, the file they lead to (which need not exist yet), so that the
 * rename replaces the link's target, not the link.  Returns 0, or -1 with err filled. */
static int resolve_output(const char *path, char *out, size_t len, struct yomi_error *err)
{
	char target[PATH_MAX];
	if (snprintf(out, len, "%s", path) >= (int)len)
		goto too_long;
	for (int hops = 0;; hops++) {
		struct stat st;
		if (lstat(out, &st) != 0 || !S_ISLNK(st.st_mode))
			return 0;
		const ssize_t n = hops < 40 ? readlink(out, target, sizeof target - 1) : -1;
		if (n < 0) {
			fail_at(err, path, hops < 40 ? strerror(errno) : strerror(ELOOP));
			return -1;
		}
		target[n] = '\0';
		char *slash = strrchr(out, '/');
		if (target[0] == '/' || !slash) {   /* absolute, or relative to the current folder */
			if (snprintf(out, len, "%s", target) >= (int)len)
				goto too_long;
		} else {   /* relative to the link's folder */
			const size_t keep = (size_t)(slash - out) + 1;
			if (keep + (size_t)n >= len)
				goto too_long;
			memcpy(out + keep, target, (size_t)n + 1);
		}
	}
too_long:
	fail_at(err, path, "path too long");
	return -1;
}

/* The folder of path into dir (len bytes): what precedes the last '/', or ".". */
static void folder_of(const char *path, char *dir, size_t len)
{
	snprintf(dir, len, "%s", path);
	char *slash = strrchr(dir, '/');
	if (slash)
		*(slash == dir ? slash + 1 : slash) = '\0';
	else
		snprintf(dir, len, ".");
}

int table_check_output(const char *path, struct yomi_error *err)
{
	struct stat st;
	char real[4096], dir[4096];
	if (!*path) {   /* "" would be a file named ".tmp.XXXXXX" in the current folder */
		yomi_fail(err, "table: the file name is empty");
		return -1;
	}
	if (resolve_output(path, real, sizeof real, err))
		return -1;
	if (stat(real, &st) == 0 && !S_ISREG(st.st_mode)) {
		fail_at(err, path, "not a regular file");
		return -1;
	}
	/* The folder must exist and take a new file (the temporary one, then the rename). */
	const char *why;
	folder_of(real, dir, sizeof dir);
	if (stat(dir, &st) != 0 || (S_ISDIR(st.st_mode) && access(dir, W_OK | X_OK) != 0))
		why = strerror(errno);
	else if (!S_ISDIR(st.st_mode))
		why = "not a folder";
	else
		return 0;
	fail_at(err, dir, why);
	return -1;
}

/* Whether fd is still the file called name (a stale-file sweep may have removed the name
 * between its creation and its lock). */
static int still_named(int fd, const char *name)
{
	struct stat a, b;
	return fstat(fd, &a) == 0 && stat(name, &b) == 0 && a.st_dev == b.st_dev &&
	       a.st_ino == b.st_ino;
}

/* Creates the temporary file for real: a new name beside it, REAL.tmp.XXXXXX (mkstemp's
 * O_EXCL: never an existing file, link or FIFO, and never another solve's temporary file
 * when two write to one name), locked (see the top), with the permissions of a new file.
 * Returns the open descriptor with its name in tmp, or -1 with err filled and tmp empty. */
static int tmp_create(const char *real, char *tmp, size_t len, struct yomi_error *err)
{
	int fd = -1;
	for (int tries = 0; fd < 0; tries++) {
		if (snprintf(tmp, len, "%s.tmp.XXXXXX", real) >= (int)len) {
			fail_at(err, real, "path too long");
			tmp[0] = '\0';
			return -1;
		}
		fd = mkstemp(tmp);
		if (fd < 0) {
			fail_at(err, tmp, strerror(errno));
			tmp[0] = '\0';
			return -1;
		}
		/* unlocked for a moment: a sweep that took it for a dead writer's and removed it
		 * leaves this descriptor nameless, and the next name is tried */
		if (flock(fd, LOCK_EX) != 0 || (!still_named(fd, tmp) && tries < 10)) {
			close(fd);
			fd = -1;
		}
	}
	const mode_t mask = umask(0);   /* mkstemp makes 0600; a table is read by everyone */
	umask(mask);
	if (fchmod(fd, 0666 & ~mask) != 0) {
		fail_at(err, tmp, strerror(errno));
		close(fd);
		unlink(tmp);
		tmp[0] = '\0';
		return -1;
	}
	return fd;
}

/* Whether name is base followed by ".tmp." and 6 characters: a temporary file of base. */
static int is_temporary_of(const char *name, const char *base)
{
	const size_t n = strlen(base);
	return strncmp(name, base, n) == 0 && strncmp(name + n, ".tmp.", 5) == 0 &&
	       strlen(name + n + 5) == 6 && !strchr(name + n + 5, '/');
}

int table_remove_stale(const char *path, FILE *log)
{
	char real[4096], dir[4096], name[4096 + 256];
	struct yomi_error err;
	if (resolve_output(path, real, sizeof real, &err))
		return 0;
	folder_of(real, dir, sizeof dir);
	const char *slash = strrchr(real, '/');
	const char *base = slash ? slash + 1 : real;
	DIR *d = opendir(dir);
	if (!d)
		return 0;
	int removed = 0;
	for (struct dirent *e; (e = readdir(d)); ) {
		if (!is_temporary_of(e->d_name, base))
			continue;
		if (slash)
			snprintf(name, sizeof name, "%s/%s", dir, e->d_name);
		else
			snprintf(name, sizeof name, "%s", e->d_name);
		/* a regular file (never a link followed), that no live writer holds locked */
		const int fd = open(name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
		struct stat st;
		if (fd < 0)
			continue;
		if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && flock(fd, LOCK_EX | LOCK_NB) == 0 &&
		    still_named(fd, name) && unlink(name) == 0) {
			removed++;
			char said[YOMI_ARG_SAID];
			if (log)
				fprintf(log, "yomi: note: removed %s, left by a table writer that died "
				        "(%lld bytes)\n", yomi_arg_said(name, said), (long long)st.st_size);
		}
		close(fd);
	}
	closedir(d);
	return removed;
}

/* The signals that end the process by default (an interrupt, a kill, a hang-up). */
static const int stop_sigs[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT};
enum { STOP_SIGS = sizeof stop_sigs / sizeof *stop_sigs };

/* Those of stop_sigs not ignored, into set: they are held back while a temporary file
 * exists, so that it is removed before one ends the process (no handler is needed). */
static void stop_signals(sigset_t *set)
{
	sigemptyset(set);
	for (int k = 0; k < STOP_SIGS; k++) {
		struct sigaction sa;
		if (sigaction(stop_sigs[k], NULL, &sa) == 0 && sa.sa_handler != SIG_IGN)
			sigaddset(set, stop_sigs[k]);
	}
}

/* 1 if a signal of set arrived (held back) since it was blocked. */
static int stop_pending(const sigset_t *set)
{
	sigset_t pending;
	if (sigpending(&pending) != 0)
		return 0;
	for (int k = 0; k < STOP_SIGS; k++)
		if (sigismember(set, stop_sigs[k]) == 1 && sigismember(&pending, stop_sigs[k]) == 1)
			return 1;
	return 0;
}

int table_write(const char *path, const struct game *g, const uint8_t *values,
                const uint64_t *late, int wdl_only, int threads, int progress,
                struct yomi_error *err)
{
	/* the lines say the writing's time left: compressing takes about 1.4 times as long as
	 * counting (Dobutsu, two threads: 2.2 s and 3.1 s) */
	const struct parallel_progress counting = {"yomi: solve: writing: counting", NULL, 1, 1, 0,
	                                           1.4},
	                               packing = {"yomi: solve: writing: compressing", NULL, 1, 1,
	                                          0, 0};
	const struct game_solver *s = g->solver;
	struct table_header h;
	memset(&h, 0, sizeof h);
	memcpy(h.magic, TABLE_MAGIC, 4);
	h.version = TABLE_VERSION;
	snprintf(h.game, sizeof h.game, "%s", g->name);
	snprintf(h.rules, sizeof h.rules, "%s", late ? s->late_rules : s->rules);
	if (wdl_only)
		late = NULL;   /* the same values under either rule */
	h.flags = late ? TABLE_FLAG_LATE : 0;
	const int planes = late ? 2 : 1;
	snprintf(h.encoding, sizeof h.encoding, "%s", s->encoding);
	snprintf(h.build, sizeof h.build, "yomi " YOMI_VERSION);
	h.index_size = s->index_size;
	h.coding = wdl_only ? TABLE_CODING_WDL : TABLE_CODING_DISTANCE;
	h.block_size = TABLE_BLOCK;
	h.blocks = (s->index_size + TABLE_BLOCK - 1) / TABLE_BLOCK;
	const uint64_t nblocks = planes * h.blocks;
	const int nthreads = threads < 1 ? 1 : threads > PARALLEL_MAX_THREADS ? PARALLEL_MAX_THREADS
	                                                                      : threads;
	struct codec_model *model = malloc(sizeof *model);
	struct pack_job job = {values, late, s->index_size, h.blocks, wdl_only,
	                       calloc((size_t)nthreads, sizeof(struct codec_stats)),
	                       calloc((size_t)nthreads, sizeof(struct pack_counts)),
	                       model, 0, malloc(WRITE_BATCH * codec_bound(TABLE_BLOCK)),
	                       calloc(WRITE_BATCH, sizeof(size_t)),
	                       calloc(h.blocks, sizeof(uint8_t *)),
	                       calloc(h.blocks, sizeof(size_t)), 0};
	uint8_t *stored_model = malloc(codec_store_bound() + 8);
	int status = -1;
	char tmp[4096] = "", real[4096];
	int fd = -1, masked = 0;
	sigset_t stop, old_mask;
	uint64_t *offsets = calloc(nblocks + 1, 8);
	if (table_check_output(path, err))
		goto done;
	if (!job.batch || !job.batch_len || !job.late_out || !job.late_len || !offsets ||
	    !model || !job.stats || !job.counts || !stored_model) {
		yomi_fail(err, "table: out of memory");
		goto done;
	}
	/* the model from every block's runs, then the blocks coded with it */
	parallel_for_progress(nthreads, h.blocks, 16, count_blocks, &job,
	                      progress ? &counting : NULL);
	for (int k = 0; k < nthreads; k++) {
		const struct pack_counts *c = &job.counts[k];
		h.wins += c->wins, h.draws += c->draws, h.losses += c->losses, h.none += c->none;
		if (c->max_distance > h.max_distance)
			h.max_distance = c->max_distance;
	}
	for (int k = 1; k < nthreads; k++) {
		for (int c = 0; c < CODEC_RUN_CTX; c++)
			for (int v = 0; v < CODEC_RUN_SYMS; v++)
				job.stats[0].run[c][v] += job.stats[k].run[c][v];
		for (int c = 0; c < CODEC_CLASSES; c++)
			for (int l = 0; l < CODEC_LONG_SYMS; l++)
				job.stats[0].len[c][l] += job.stats[k].len[c][l];
	}
	h.model_bytes = (uint32_t)(codec_build(&job.stats[0], model) == 0
	                           ? codec_store(model, stored_model) : 0);
	if (!h.model_bytes) {
		yomi_fail(err, "table: out of memory");
		goto done;
	}
	const uint64_t index_at = table_index_at(h.model_bytes);
	memset(stored_model + h.model_bytes, 0, index_at - TABLE_HEADER_SIZE - h.model_bytes);
	if (resolve_output(path, real, sizeof real, err))
		goto done;
	stop_signals(&stop);
	pthread_sigmask(SIG_BLOCK, &stop, &old_mask);
	masked = 1;
	fd = tmp_create(real, tmp, sizeof tmp, err);
	if (fd < 0)
		goto done;
	/* header and model; the block index (a hole for now) once the blocks are written */
	int bad = write_all(fd, &h, sizeof h) ||
	          write_all(fd, stored_model, index_at - TABLE_HEADER_SIZE);
	uint64_t at = index_at + (nblocks + 1) * 8;
	if (!bad && lseek(fd, (off_t)at, SEEK_SET) < 0)
		bad = 1;
	const double t0 = search_clock();
	for (job.first = 0; job.first < h.blocks && !bad; job.first += WRITE_BATCH) {
		if (stop_pending(&stop))
			goto stopped;
		const uint64_t count = h.blocks - job.first < WRITE_BATCH ? h.blocks - job.first
		                                                          : WRITE_BATCH;
		parallel_for(nthreads, count, 4, pack_blocks, &job, NULL);
		if (job.failed) {
			yomi_fail(err, "table: compression failed (out of memory?)");
			goto done;
		}
		for (uint64_t i = 0; i < count && !bad; i++) {
			offsets[job.first + i] = at;
			at += job.batch_len[i];
			bad = write_all(fd, job.batch + i * codec_bound(TABLE_BLOCK), job.batch_len[i]);
		}
		if (progress) {
			const double f = (double)(job.first + count) / (double)h.blocks;
			parallel_progress_line(&packing, f, (search_clock() - t0) * (1 - f) / f);
		}
	}
	if (progress)
		parallel_progress_end();
	for (uint64_t b = 0; late && b < h.blocks && !bad; b++) {   /* the late plane */
		offsets[h.blocks + b] = at;
		at += job.late_len[b];
		bad = write_all(fd, job.late_out[b], job.late_len[b]);
	}
	offsets[nblocks] = at;
	uint64_t sum = 0;
	const size_t index_bytes = (size_t)(nblocks + 1) * 8;
	if (!bad)
		bad = pwrite(fd, offsets, index_bytes, (off_t)index_at) != (ssize_t)index_bytes ||
		      hash_back(fd, at, &sum) || pwrite(fd, &sum, 8, (off_t)at) != 8;
	if (bad || fsync(fd) != 0) {
		fail_at(err, tmp, strerror(errno));
		goto done;
	}
	if (stop_pending(&stop))
		goto stopped;
	/* renamed while still open and locked: closed first, the file would be unlocked under
	 * its temporary name, and another solve's sweep (table_remove_stale) could take it for
	 * a dead writer's and remove it before the rename */
	if (rename(tmp, real) != 0) {
		fail_at(err, real, strerror(errno));
		goto done;
	}
	tmp[0] = '\0';
	const int closed = close(fd);
	fd = -1;
	if (closed != 0) {   /* after fsync nothing is lost; still, say so */
		fail_at(err, real, strerror(errno));
		goto done;
	}
	/* make the rename itself durable */
	char dir[4096];
	folder_of(real, dir, sizeof dir);
	const int dfd = open(dir, O_RDONLY | O_DIRECTORY);
	if (dfd >= 0) {
		fsync(dfd);
		close(dfd);
	}
	status = 0;
	goto done;
stopped:
	fail_at(err, path, "interrupted; not written");
done:
	if (fd >= 0)
		close(fd);
	if (tmp[0])
		unlink(tmp);
	if (masked)   /* a signal held back now acts, with the temporary file gone */
		pthread_sigmask(SIG_SETMASK, &old_mask, NULL);
	if (job.late_out)
		for (uint64_t b = 0; b < h.blocks; b++)
			free(job.late_out[b]);
	free(job.late_out);
	free(job.late_len);
	free(job.batch);
	free(job.batch_len);
	free(job.stats);
	free(job.counts);
	free(model);
	free(stored_model);
	free(offsets);
	return status;
}

