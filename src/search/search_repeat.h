/*
 * search_repeat.h - the search template's repetition detection: each line's keys by ply
 * (ctx->path) with a two-bit filter per ply (ctx->path_seen) that lets a scan run only when
 * a key may repeat, and a repeated position's score (S_REPEAT_SCORE).  Part of
 * search_template.h, included by it; a file of its own because finding repetitions is one
 * concept and searching a node another.
 */

/* The key's two bits in the filters ctx->path_seen[] (a multiplicative hash: packed keys
 * differ in few bits). */
static inline uint64_t SF(path_bit)(uint64_t key)
{
	const uint64_t h = key * 0x9e3779b97f4a7c15ULL;
	return 1ULL << (h >> 58) | 1ULL << ((h >> 52) & 63);
}

/* The filter a node at ply asks: its side's keys above it (ply - 2, ply - 4, ...; the other
 * side's cannot be equal) and the game's history. */
static inline uint64_t SF(path_filter)(const struct search_ctx *ctx, int ply)
{
	return ply >= 2 ? ctx->path_seen[ply - 2] : ctx->history_seen;
}

/* path[ply] = key, and its filter (ply 0: the root or the mate pass's root) for games where
 * a repetition counts. */
static inline void SF(path_set)(struct search_ctx *ctx, int ply, uint64_t key)
{
	ctx->path[ply] = key;
	if (S_REPETITION)
		ctx->path_seen[ply] = SF(path_filter)(ctx, ply) | SF(path_bit)(key);
}

/* SF(repetition_at) once the filter has let key through.  The nearest match is the only
 * one: the search stops at a line's first repetition. */
static int SF(repetition_scan)(const struct search_ctx *ctx, uint64_t key, int ply)
{
	for (int i = ply - 2; i >= 0; i -= 2)
		if (ctx->path[i] == key)
			return i;
	/* The game before the root: the same side to move is encoded in the key. */
	for (int i = ctx->game_history_len - 1; i >= 0; i--)
		if (ctx->game_history[i] == key)
			return -1;
	return SEARCH_NO_REPEAT;
}

/* The ply of the position of the line above ply (ply >= 1) that key repeats; -1 when it
 * repeats one of the game before the root; SEARCH_NO_REPEAT when neither. */
static inline int SF(repetition_at)(const struct search_ctx *ctx, uint64_t key, int ply)
{
	const uint64_t bits = SF(path_bit)(key);
	return (SF(path_filter)(ctx, ply) & bits) == bits ? SF(repetition_scan)(ctx, key, ply)
	                                                  : SEARCH_NO_REPEAT;
}

/* Whether key repeats a position of the line above ply (ply >= 1) or of the game before it. */
static inline int SF(is_repetition)(const struct search_ctx *ctx, uint64_t key, int ply)
{
	return SF(repetition_at)(ctx, key, ply) != SEARCH_NO_REPEAT;
}

/* A repeated position's score: a draw, or what the game's S_REPEAT_SCORE makes of it given
 * the plies since the position stood last (found again by a scan: repetitions are rare). */
static inline int SF(repeat_score)(const struct search_ctx *ctx, const S_POS *p, uint64_t key,
                                   int ply)
{
#ifdef S_REPEAT_SCORE
	int cycle = 0;
	for (int i = ply - 2; i >= 0 && !cycle; i -= 2)
		if (ctx->path[i] == key)
			cycle = ply - i;
	for (int i = ctx->game_history_len - 1; i >= 0 && !cycle; i--)
		if (ctx->game_history[i] == key)
			cycle = ply + ctx->game_history_len - i;
	return S_REPEAT_SCORE(p, ply, cycle);
#else
	(void)ctx, (void)p, (void)key, (void)ply;
	return 0;
#endif
}
