/*
 * table_load.c - reading a whole table: its values into an array (--verify, --stats,
 * --from), its late bits, or a preload for long runs of probes; on every core, a block
 * read and decoded at a time.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "solve/parallel.h"
#include "solve/table_private.h"
#include "yomi/solve.h"

/* ---- loading everything (verify, stats) ---- */

enum { LOAD_NO_MEMORY = -2, LOAD_NO_READ = -3 };   /* as block numbers: UINT64_MAX - 1, - 2 */

struct load_job {
	struct table *t;
	uint8_t *values;   /* the codes, or NULL */
	uint64_t failed;   /* 0, or the first failed block (late: blocks + b) + 1 */
	int raw;           /* the codes as stored, no entry restored */
	uint64_t *late;    /* the late bits, or NULL */
	struct yomi_error read_err;   /* why a read failed (LOAD_NO_READ), set once */
};

static int load_late_block(const struct table *t, ZSTD_DCtx *d, uint64_t b, const uint8_t *blk,
                           uint64_t *late)
{
	const uint64_t k = t->h.blocks + b;
	const size_t want = late_block_bytes(t->h.index_size, b);
	const size_t got = ZSTD_decompressDCtx(d, late + b * (TABLE_BLOCK / 64), want, blk,
	                                       t->offsets[k + 1] - t->offsets[k]);
	return ZSTD_isError(got) || got != want ? -1 : 0;
}

/* Records that block k (of every plane: a late block is blocks + b) failed, keeping the
 * lowest such k over the threads, so the message names the first bad block. */
static void load_failed(struct load_job *job, uint64_t k)
{
	uint64_t was = __atomic_load_n(&job->failed, __ATOMIC_RELAXED);
	while ((was == 0 || k + 1 < was) &&
	       !__atomic_compare_exchange_n(&job->failed, &was, k + 1, 1, __ATOMIC_RELAXED,
	                                    __ATOMIC_RELAXED))
		;
}

/* A read that failed (the file cut short): its message kept, the job failed. */
static void read_failed(struct load_job *job, const struct yomi_error *err)
{
	uint64_t none = 0;
	if (__atomic_compare_exchange_n(&job->failed, &none, (uint64_t)LOAD_NO_READ + 1, 0,
	                                __ATOMIC_ACQ_REL, __ATOMIC_RELAXED))
		job->read_err = *err;
}

/* The message of a failed load job (job->failed != 0). */
static int load_fail(const struct load_job *job, struct yomi_error *err)
{
	const struct table *t = job->t;
	const uint64_t k = job->failed - 1;
	if (k == (uint64_t)LOAD_NO_MEMORY)
		return yomi_fail(err, "table: %s: out of memory", t->path);
	if (k == (uint64_t)LOAD_NO_READ)
		return yomi_fail(err, "%s", job->read_err.msg);
	return yomi_fail(err, "table: %s: %sblock %llu does not decompress", t->path,
	                 k >= t->h.blocks ? "late " : "",
	                 (unsigned long long)(k >= t->h.blocks ? k - t->h.blocks : k));
}

static void load_blocks(void *arg, uint64_t lo, uint64_t hi, int thread)
{
	(void)thread;
	struct load_job *job = arg;
	const struct table *t = job->t;
	ZSTD_DCtx *d = ZSTD_createDCtx();
	uint8_t *blk = malloc(t->block_max + 1);
	_Alignas(16) unsigned char pos[YOMI_POS_MAX];
	struct yomi_error err;
	for (uint64_t b = lo; b < hi && d && blk; b++) {
		const uint64_t k = t->h.blocks + b;
		if (job->late && table_read_at(t, t->offsets[k], blk, t->offsets[k + 1] - t->offsets[k],
		                         &err) != 0) {
			read_failed(job, &err);
			break;
		}
		if (job->late && load_late_block(t, d, b, blk, job->late) != 0) {
			load_failed(job, t->h.blocks + b);
			break;
		}
		if (!job->values)
			continue;
		const uint64_t first = b * TABLE_BLOCK;
		const uint64_t n = table_block_entries(t, b);
		uint8_t *out = job->values + first;
		if (table_read_at(t, t->offsets[b], blk, t->offsets[b + 1] - t->offsets[b], &err) != 0) {
			read_failed(job, &err);
			break;
		}
		if (codec_decode_block(t->model, blk, t->offsets[b + 1] - t->offsets[b], n, out) != 0) {
			load_failed(job, b);
			break;
		}
		if (job->raw)
			continue;
		if (t->h.coding == TABLE_CODING_WDL)
			for (uint64_t k = 0; k < n; k++)
				out[k] = out[k] == 1 ? 2 : out[k] == 2 ? 3 : out[k] == 3 ? SOLVE_NONE : 0;
		/* the entries a table need not store (won in 1), from the positions themselves */
		if (t->solver->mark_quick)
			t->solver->mark_quick(first, n, out);
		else
			for (uint64_t k = 0; k < n; k++)
				if (t->solver->decode(first + k, pos) == 0 && t->solver->quick(pos) == 2)
					out[k] = 2;
	}
	if (!d || !blk)
		load_failed(job, (uint64_t)LOAD_NO_MEMORY);
	free(blk);
	ZSTD_freeDCtx(d);
}

/* A load, with progress line p (NULL: none). */
static void load_all(struct table *t, int threads, struct load_job *job,
                     const struct parallel_progress *p)
{
	parallel_for_progress(threads, t->h.blocks, 16, load_blocks, job, p);
	if (p)
		parallel_progress_end();
}

uint8_t *table_load_values(struct table *t, int threads,
                           const struct parallel_progress *progress, struct yomi_error *err)
{
	struct load_job job = {t, malloc(t->h.index_size), 0, 0, NULL, {""}};
	if (!job.values) {
		yomi_fail(err, "table: out of memory for %llu entries",
		          (unsigned long long)t->h.index_size);
		return NULL;
	}
	load_all(t, threads, &job, progress);
	if (job.failed) {
		free(job.values);
		load_fail(&job, err);
		return NULL;
	}
	return job.values;
}

int table_preload(struct table *t, int threads, struct yomi_error *err)
{
	if (t->all)
		return 0;
	const uint64_t words = (t->h.index_size + 63) / 64;
	struct load_job job = {t, parallel_huge_alloc(t->h.index_size), 0, 1,
	                       t->planes == 2 ? calloc(words, 8) : NULL, {""}};
	if (!job.values || (t->planes == 2 && !job.late)) {
		if (job.values)
			parallel_huge_free(job.values, t->h.index_size);
		free(job.late);
		return yomi_fail(err, "table: out of memory for %llu entries",
		                 (unsigned long long)t->h.index_size);
	}
	parallel_for(threads, t->h.blocks, 16, load_blocks, &job, NULL);
	if (job.failed) {
		parallel_huge_free(job.values, t->h.index_size);
		free(job.late);
		return load_fail(&job, err);
	}
	t->all = job.values;
	t->all_late = job.late;
	return 0;
}

uint64_t *table_load_late(struct table *t, int threads,
                          const struct parallel_progress *progress, struct yomi_error *err)
{
	if (t->planes != 2) {
		yomi_fail(err, "table: no late bits (rules %.15s)", t->h.rules);
		return NULL;
	}
	struct load_job job = {t, NULL, 0, 1, calloc((t->h.index_size + 63) / 64, 8), {""}};
	if (!job.late) {
		yomi_fail(err, "table: out of memory for the late bits");
		return NULL;
	}
	load_all(t, threads, &job, progress);
	if (job.failed) {
		free(job.late);
		load_fail(&job, err);
		return NULL;
	}
	return job.late;
}

