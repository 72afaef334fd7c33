/*
 * search_busy.h - the search template's busy marks for two threads on one mate test (the
 * mate helper and the main thread's pass), which would otherwise search the same subtrees
 * side by side.  Each marks the child it searches (depth SEARCH_BUSY_DEPTH and more) in the
 * shared busy slots (search_smp.busy), and a node defers a move (not its first) whose child
 * another thread is in, to after its other moves, when the table most often has that child's
 * result (the ABDADA scheme).  Order only: the test's answer is the same.  Part of
 * search_template.h, included by it (games with S_MATE_SEARCH) before SF(node); a file of its
 * own because sharing a node's moves between threads is one concept and searching it another.
 */
enum { SEARCH_BUSY_DEPTH = 4 };

/* The slot of node (key, depth) and its tag there (the low byte left for the thread). */
static inline uint64_t *SF(busy_slot)(struct search_ctx *ctx, uint64_t key, int depth,
                                      uint64_t *tag)
{
	const uint64_t t = key ^ ((uint64_t)depth * 0x9E3779B97F4A7C15ull);
	*tag = t & ~(uint64_t)0xFF;
	return &ctx->smp->busy[(t >> 40) & (SEARCH_BUSY_SLOTS - 1)];
}

/* Whether another thread has marked the node of this slot and tag. */
static inline int SF(busy_other)(const struct search_ctx *ctx, uint64_t *slot, uint64_t tag)
{
	const uint64_t v = __atomic_load_n(slot, __ATOMIC_RELAXED);
	return (v & ~(uint64_t)0xFF) == tag && (int)(v & 0xFF) != ctx->thread;
}

/* One node's deferred moves: whether it still defers (only in its first round over the
 * moves), and the indexes of those it deferred. */
struct SF(busy_defer) {
	int on, n;
	unsigned char idx[S_MAX_MOVES];
};

/* Before searching move i's child (ck, cd): 1 if the move is deferred (another thread is in
 * its child; the caller skips it for now), else 0 with the child marked as this thread's
 * (*slot and *tag for SF(busy_leave)). */
static inline int SF(busy_enter)(struct search_ctx *ctx, struct SF(busy_defer) *d, int i,
                                 uint64_t ck, int cd, uint64_t **slot, uint64_t *tag)
{
	uint64_t *s = SF(busy_slot)(ctx, ck, cd, tag);
	if (d->on && i > 0 && SF(busy_other)(ctx, s, *tag)) {
		d->idx[d->n++] = (unsigned char)i;
		return 1;
	}
	*tag |= (uint64_t)ctx->thread;
	__atomic_store_n(s, *tag, __ATOMIC_RELAXED);
	*slot = s;
	return 0;
}

/* After the child: its mark removed, unless another thread took the slot since. */
static inline void SF(busy_leave)(uint64_t *slot, uint64_t tag)
{
	__atomic_compare_exchange_n(slot, &tag, 0, 0, __ATOMIC_RELAXED, __ATOMIC_RELAXED);
}

/* At the end of the node's moves with moves deferred: those moves, in their order, become
 * the node's moves (*n of them) for a last round that defers nothing. */
static inline void SF(busy_resume)(struct SF(busy_defer) *d, yomi_move *moves, int *keys, int *n)
{
	for (int k = 0; k < d->n; k++) {
		moves[k] = moves[d->idx[k]];
		keys[k] = keys[d->idx[k]];
	}
	*n = d->n;
	d->n = d->on = 0;
}
