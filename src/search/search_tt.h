/*
 * search_tt.h - the search template's entries in the shared transposition table (tt.h):
 * their layout, bucket choice, replacement, when an entry may decide a node, and the mate
 * search's enhanced transposition cutoffs (a child's entry deciding its parent).  Part of
 * search_template.h, included by it once the game's macros and SF() are defined; a file of
 * its own because the table's rules are one concept and the node search another.
 *
 * Why the full key in every entry: a probe never returns another position's entry, so a
 * proof may rest on what the table says (with S_KEY_POS, the full 128-bit position).
 */

#ifndef YOMI_SEARCH_TT_DATA
#define YOMI_SEARCH_TT_DATA
enum { BOUND_UPPER = 1, BOUND_LOWER = 2, BOUND_EXACT = 3 };
/* What an entry's score rests on: heuristic leaves; nothing but game results (a bound of the
 * true value, at any depth); or the mate search's horizon (see SF(node)). */
enum { TT_HEURISTIC = 0, TT_PROVEN = 1, TT_MATE_ONLY = 2 };

/* An entry's data word (tt.h: read and written whole, with its lock bit and version):
 *   bits  0-15  move (0: none)          bits 40-41  bound (0: an empty entry)
 *   bits 16-31  score (int16_t)         bits 42-43  exact (TT_HEURISTIC, ...)
 *   bits 32-39  depth                   bits 44-49  age
 *   bits 50-62  version                 bit  63     TT_BUSY
 * The game-independent part of the template's table: defined once per translation unit. */
enum { TT_DATA_VERSION_SHIFT = 50 };
static inline yomi_move tt_d_move(uint64_t d) { return (yomi_move)(d & 0xffff); }
static inline int tt_d_score(uint64_t d) { return (int16_t)(uint16_t)(d >> 16); }
static inline int tt_d_depth(uint64_t d) { return (int)(d >> 32 & 0xff); }
static inline int tt_d_bound(uint64_t d) { return (int)(d >> 40 & 3); }
static inline int tt_d_exact(uint64_t d) { return (int)(d >> 42 & 3); }
static inline int tt_d_age(uint64_t d) { return (int)(d >> 44 & 63); }
static inline uint64_t tt_d_make(yomi_move move, int score, int depth, int bound, int exact,
                                 int age)
{
	return (uint64_t)(uint16_t)move | (uint64_t)(uint16_t)(int16_t)score << 16 |
	       (uint64_t)(uint8_t)depth << 32 | (uint64_t)(bound & 3) << 40 |
	       (uint64_t)(exact & 3) << 42 | (uint64_t)(age & 63) << 44;
}
#endif

/* 16 bytes: the exact key and the data word; four to a 64-bit bucket (32 bytes and two with
 * S_KEY_POS, which adds the position's two words).  Every word through tt_word/tt_set_word
 * and the data word's lock (tt.h), as several threads may use the table at once. */
struct SF(tt_entry) {
	uint64_t key;
	uint64_t data;
#ifdef S_KEY_POS
	uint64_t pos[2];
#endif
};
enum { SF(ways) = TT_BUCKET_BYTES / sizeof(struct SF(tt_entry)) };
_Static_assert(sizeof(struct SF(tt_entry)) * SF(ways) == TT_BUCKET_BYTES, "bucket layout");

/* Whether entry e's words are position p's (key is S_KEY(p)); with S_KEY_POS, compared in
 * full. */
#ifdef S_KEY_POS
#define S_TT_IS(e, key, p) (tt_word(&(e).key) == (key) && \
                            tt_word(&(e).pos[0]) == S_KEY_POS(p, 0) && \
                            tt_word(&(e).pos[1]) == S_KEY_POS(p, 1))
#define S_TT_SET_POS(e, p) (tt_set_word(&(e).pos[0], S_KEY_POS(p, 0)), \
                            tt_set_word(&(e).pos[1], S_KEY_POS(p, 1)))
#else
#define S_TT_IS(e, key, p) ((void)(p), tt_word(&(e).key) == (key))
#define S_TT_SET_POS(e, p) ((void)(p))
#endif

/* The bucket of key: in the small table `near` (this thread's: tt.h, search.h) for nodes of
 * depth <= TT_NEAR_DEPTH. */
static inline struct SF(tt_entry) *SF(tt_bucket)(const struct tt *tt, void *near, uint64_t key,
                                                 int depth)
{
	const uint64_t h = XXH3_64bits(&key, sizeof key);
	if (depth <= TT_NEAR_DEPTH)
		return (struct SF(tt_entry) *)near + (h & tt->near_mask) * SF(ways);
	return (struct SF(tt_entry) *)tt->mem + (h & tt_live_mask(tt)) * SF(ways);
}

/* Doubles the part of the table in use (tt.h): an entry of bucket i whose key now hashes to
 * bucket i + (the old part's buckets) moves there, to the same slot (the new half is empty,
 * unused since the table was cleared, unless another thread stored there meanwhile: that
 * entry is then replaced).  Entries busy or changed meanwhile stay where they are. */
static void SF(tt_grow)(struct tt *tt)
{
	const uint64_t old = tt_live_mask(tt) + 1;
	struct SF(tt_entry) *b = tt->mem;
	for (uint64_t i = 0; i < old * SF(ways); i++) {
		struct SF(tt_entry) *from = &b[i], *to = &b[i + old * SF(ways)];
		const uint64_t d = tt_read_begin(&from->data);
		const uint64_t key = tt_word(&from->key);
		if (!tt_d_bound(d) || !(XXH3_64bits(&key, sizeof key) & old) || !tt_lock(&from->data, d))
			continue;
		const uint64_t dt = tt_word(&to->data);
		if (tt_lock(&to->data, dt)) {
			tt_set_word(&to->key, key);
#ifdef S_KEY_POS
			tt_set_word(&to->pos[0], tt_word(&from->pos[0]));
			tt_set_word(&to->pos[1], tt_word(&from->pos[1]));
#endif
			tt_unlock(&to->data, (d & ~TT_BUSY & ((1ULL << TT_DATA_VERSION_SHIFT) - 1)) |
			                     tt_version_next(dt, TT_DATA_VERSION_SHIFT));
		}
		tt_set_word(&from->key, 0);
#ifdef S_KEY_POS
		tt_set_word(&from->pos[0], 0);
		tt_set_word(&from->pos[1], 0);
#endif
		tt_unlock(&from->data, tt_version_next(d, TT_DATA_VERSION_SHIFT));
	}
	tt_grown(tt);
}

/* Entry e's data word if it holds position p (key is S_KEY(p)), as one writer left it; else
 * 0 (a data word in use is never 0: its bound is not). */
static inline uint64_t SF(tt_read)(const struct SF(tt_entry) *e, uint64_t key, const S_POS *p)
{
	const uint64_t d = tt_read_begin(&e->data);
	const int same = S_TT_IS(*e, key, p);
	return tt_read_end(&e->data, d) && same && tt_d_bound(d) ? d : 0;
}

/* Position p's entry in bucket b (key is S_KEY(p)): its data word, or 0 when it has none. */
static inline uint64_t SF(tt_find)(const struct SF(tt_entry) *b, uint64_t key, const S_POS *p)
{
	uint64_t found = 0;
	for (int i = 0; i < SF(ways); i++) {
		if (tt_word(&b[i].key) != key)
			continue;
		const uint64_t d = SF(tt_read)(&b[i], key, p);
		if (d)
			found = d;
	}
	return found;
}

/* Mate scores are stored relative to the node, so they stay right at any ply. */
static inline int SF(score_to_tt)(int s, int ply)
{
	return score_is_win(s) ? s + ply : score_is_loss(s) ? s - ply : s;
}
static inline int SF(score_from_tt)(int s, int ply)
{
	return score_is_win(s) ? s - ply : score_is_loss(s) ? s + ply : s;
}

static inline void SF(tt_store)(struct SF(tt_entry) *b, uint8_t age, const S_POS *p,
                                uint64_t key, yomi_move move, int score, int depth, int bound,
                                int exact, int ply)
{
	struct SF(tt_entry) *victim = &b[0];
	uint64_t seen = tt_read_begin(&b[0].data);
	int worst = 1 << 30;
	for (int i = 0; i < SF(ways); i++) {
		const uint64_t d = i ? tt_read_begin(&b[i].data) : seen;
		const int same = S_TT_IS(b[i], key, p);
		if (same || !tt_d_bound(d)) {
			victim = &b[i];
			seen = d;
			if (same && !move)
				move = tt_d_move(d);   /* keep the old best move */
			break;
		}
		/* Replace the shallowest entry, counting older entries (earlier searches, earlier
		 * mate tests) as shallower. */
		const int worth = tt_d_depth(d) - 8 * ((age - tt_d_age(d)) & 63);
		if (worth < worst) {
			worst = worth;
			victim = &b[i];
			seen = d;
		}
	}
	/* Another thread's store under way, or done since the entry was read: this one is
	 * dropped (the key read above, and so the old move, may not go with `seen` then). */
	if (!tt_lock(&victim->data, seen))
		return;
	tt_set_word(&victim->key, key);
	S_TT_SET_POS(*victim, p);
	tt_unlock(&victim->data,
	          tt_d_make(move, SF(score_to_tt)(score, ply), depth < 0 ? 0 : depth > 255 ? 255 : depth,
	                    bound, exact, age) | tt_version_next(seen, TT_DATA_VERSION_SHIFT));
}

/* Whether a table entry (data word e, score s, already relative to this node) may decide
 * the node.  A mate score from a proof (TT_PROVEN) or from the mate search (TT_MATE_ONLY:
 * there a mate score is a bound of the true value too) holds at any depth.  Otherwise the
 * entry must be as deep, and of the same kind: the mate search's other scores (0 = nothing
 * found within its depth) mean nothing to the heuristic search, and heuristic scores nothing
 * to it. */
static inline int SF(tt_usable)(uint64_t e, int s, int depth, int mate)
{
	if (score_is_mate(s) && tt_d_exact(e) != TT_HEURISTIC)
		return 1;
	if (tt_d_depth(e) < depth)
		return 0;
	return mate ? tt_d_exact(e) == TT_MATE_ONLY : tt_d_exact(e) != TT_MATE_ONLY;
}

#if defined(S_KEY_AFTER) && !defined(S_KEY_POS)
/* The mate search's enhanced transposition cutoff at node p (key, the n moves generated,
 * depth plies left): 1 with *score (>= beta) when a quiet move's position is one the table
 * already knows to be bad enough for the opponent (an upper bound at most -beta there, at
 * least as deep), which cuts the node before any move is played (ctx->horizon counts it
 * where that bound rests on the horizon); else 0.  Quiet moves only: S_KEY_AFTER wants the
 * game to go on, and captures are tried first anyway. */
static inline __attribute__((always_inline)) int
SF(tt_etc)(struct search_ctx *ctx, const S_POS *p, uint64_t key, const yomi_move *moves, int n,
           int beta, int depth, int ply, int *score)
{
	uint64_t cks[S_MAX_MOVES];
	const struct SF(tt_entry) *cbs[S_MAX_MOVES];
	int nq = 0;
	for (int i = 0; i < n; i++) {   /* every bucket prefetched first: the misses overlap */
		if (S_TACTICAL(p, moves[i]))
			continue;
		cks[nq] = S_KEY_AFTER(p, moves[i], key);
		cbs[nq] = SF(tt_bucket)(ctx->tt, ctx->near, cks[nq], depth - 1);
		__builtin_prefetch(cbs[nq]);
		nq++;
	}
	for (int i = 0; i < nq; i++) {
		const uint64_t ck = cks[i];
		const struct SF(tt_entry) *cb = cbs[i];
		for (int j = 0; j < SF(ways); j++) {
			if (tt_word(&cb[j].key) != ck)
				continue;
			const uint64_t ce = SF(tt_read)(&cb[j], ck, (const S_POS *)NULL);
			if (!(tt_d_bound(ce) & BOUND_UPPER))
				continue;
			const int cs = SF(score_from_tt)(tt_d_score(ce), ply + 1);
			if (-cs >= beta && SF(tt_usable)(ce, cs, depth - 1, 1)) {
				if (score_is_mate(cs) ? tt_d_exact(ce) == TT_HEURISTIC
				                      : tt_d_exact(ce) != TT_PROVEN)
					ctx->horizon++;
				*score = -cs;
				return 1;
			}
		}
	}
	return 0;
}
#endif
