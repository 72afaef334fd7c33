/*
 * search_tt.h - the search template's entries in the shared transposition table (tt.h):
 * their layout, bucket choice, replacement, and when an entry may decide a node.  Part of
 * search_template.h, included by it once the game's macros and SF() are defined; a file of
 * its own because the table's rules are one concept and the node search another.
 *
 * Why the full key in every entry: a probe never returns another position's entry, so a
 * proof may rest on what the table says (with S_KEY_POS, the full 128-bit position).
 */

enum { BOUND_UPPER = 1, BOUND_LOWER = 2, BOUND_EXACT = 3 };
/* What an entry's score rests on: heuristic leaves; nothing but game results (a bound of the
 * true value, at any depth); or the mate search's horizon (see SF(node)). */
enum { TT_HEURISTIC = 0, TT_PROVEN = 1, TT_MATE_ONLY = 2 };

/* 16 bytes; four to a 64-byte bucket (32 and two with S_KEY_POS).  `exact` is one of
 * TT_HEURISTIC, TT_PROVEN (a value computed without any heuristic leaf below it, so a proof
 * may rest on it), TT_MATE_ONLY. */
struct SF(tt_entry) {
	uint64_t key;
	uint16_t move;
	int16_t score;
	uint8_t depth;
	uint8_t bound;
	uint8_t age;
	uint8_t exact;
#ifdef S_KEY_POS
	uint64_t pos[2];
#endif
};
enum { SF(ways) = TT_BUCKET_BYTES / sizeof(struct SF(tt_entry)) };
_Static_assert(sizeof(struct SF(tt_entry)) * SF(ways) == TT_BUCKET_BYTES, "bucket layout");

/* Whether entry e is position p's (key is S_KEY(p)); with S_KEY_POS, compared in full. */
#ifdef S_KEY_POS
#define S_TT_IS(e, key, p) ((e).key == (key) && (e).pos[0] == S_KEY_POS(p, 0) && \
                            (e).pos[1] == S_KEY_POS(p, 1))
#define S_TT_SET_POS(e, p) ((e).pos[0] = S_KEY_POS(p, 0), (e).pos[1] = S_KEY_POS(p, 1))
#else
#define S_TT_IS(e, key, p) ((void)(p), (e).key == (key))
#define S_TT_SET_POS(e, p) ((void)(p))
#endif

/* The bucket of key: in the small table for nodes of depth <= TT_NEAR_DEPTH (tt.h). */
static inline struct SF(tt_entry) *SF(tt_bucket)(const struct tt *tt, uint64_t key, int depth)
{
	const uint64_t h = XXH3_64bits(&key, sizeof key);
	if (depth <= TT_NEAR_DEPTH)
		return (struct SF(tt_entry) *)tt->near + (h & tt->near_mask) * SF(ways);
	return (struct SF(tt_entry) *)tt->mem + (h & tt->live_mask) * SF(ways);
}

/* Doubles the part of the table in use (tt.h): an entry of bucket i whose key now hashes to
 * bucket i + (the old part's buckets) moves there, to the same slot (the new half is empty:
 * unused since the table was cleared). */
static void SF(tt_grow)(struct tt *tt)
{
	const uint64_t old = tt->live_mask + 1;
	struct SF(tt_entry) *b = tt->mem;
	for (uint64_t i = 0; i < old * SF(ways); i++) {
		if (!b[i].bound)
			continue;
		if (XXH3_64bits(&b[i].key, sizeof b[i].key) & old) {
			b[i + old * SF(ways)] = b[i];
			memset(&b[i], 0, sizeof b[i]);
		}
	}
	tt_grown(tt);
}

/* Position p's entry in bucket b (key is S_KEY(p)), or NULL when it has none. */
static inline const struct SF(tt_entry) *SF(tt_find)(const struct SF(tt_entry) *b, uint64_t key,
                                                     const S_POS *p)
{
	const struct SF(tt_entry) *e = NULL;
	for (int i = 0; i < SF(ways); i++)
		if (S_TT_IS(b[i], key, p) && b[i].bound)
			e = &b[i];
	return e;
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
	int worst = 1 << 30;
	for (int i = 0; i < SF(ways); i++) {
		if (S_TT_IS(b[i], key, p) || !b[i].bound) {
			victim = &b[i];
			if (S_TT_IS(b[i], key, p) && !move)
				move = b[i].move;   /* keep the old best move */
			break;
		}
		/* Replace the shallowest entry, counting older entries (earlier searches, earlier
		 * mate tests) as shallower. */
		const int worth = b[i].depth - 8 * ((age - b[i].age) & 63);
		if (worth < worst) {
			worst = worth;
			victim = &b[i];
		}
	}
	victim->key = key;
	S_TT_SET_POS(*victim, p);
	victim->move = (uint16_t)move;
	victim->score = (int16_t)SF(score_to_tt)(score, ply);
	victim->depth = (uint8_t)(depth < 0 ? 0 : depth > 255 ? 255 : depth);
	victim->bound = (uint8_t)bound;
	victim->age = age;
	victim->exact = (uint8_t)exact;
}

/* Whether a table entry (score s, already relative to this node) may decide the node.
 * A mate score from a proof (TT_PROVEN) or from the mate search (TT_MATE_ONLY: there a mate
 * score is a bound of the true value too) holds at any depth.  Otherwise the entry must be
 * as deep, and of the same kind: the mate search's other scores (0 = nothing found within
 * its depth) mean nothing to the heuristic search, and heuristic scores nothing to it. */
static inline int SF(tt_usable)(const struct SF(tt_entry) *e, int s, int depth, int mate)
{
	if (score_is_mate(s) && e->exact != TT_HEURISTIC)
		return 1;
	if (e->depth < depth)
		return 0;
	return mate ? e->exact == TT_MATE_ONLY : e->exact != TT_MATE_ONLY;
}
