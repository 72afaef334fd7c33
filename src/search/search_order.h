/*
 * search_order.h - the search template's move ordering: the keys (table move, tactical
 * weight, killers, history) and the pick of the next move.  Part of search_template.h,
 * included by it once the game's macros and SF() are defined; a file of its own because
 * ordering is one concept and the node search another.
 *
 * Why pick rather than sort: most nodes cut after their first move or two, so ordering the
 * rest would be wasted; the pick of the first largest key keeps the order deterministic.
 */
#ifdef __AVX2__
#include <immintrin.h>
#endif

/* Move ordering: TT move, then tactical moves (captures by victim value), killers, then
 * quiet moves by history.  Picks the best remaining move each time (lists are short).
 * `quiet` (a constant): the moves are known to be quiet and none is the table's move. */
static inline __attribute__((always_inline)) void
SF(order)(struct search_ctx *ctx, const S_POS *p, const yomi_move *moves, int n, int *keys,
          yomi_move tt_move, int ply, int mate, const int quiet)
{
	const int side = ply & 1;   /* the side to move, relative to the root */
	(void)p;
	(void)mate;
	for (int i = 0; i < n; i++) {
		const yomi_move m = moves[i];
		int k;
		if (!quiet && m == tt_move)
			k = 1 << 30;
		else if (!quiet && (k = S_TACTICAL(p, m)) > 0)
			k += 1 << 28;
#ifdef S_THREAT
		else if (mate && S_THREAT(p, m))   /* proofs go through threats */
			k = (1 << 27) + 2;
#endif
		else if (m == ctx->killers[ply][0])
			k = (1 << 27) + 1;
		else if (m == ctx->killers[ply][1])
			k = 1 << 27;
		else
			k = ctx->history[side][S_MOVE_INDEX(m)];
		keys[i] = k;
	}
}

/* The index of the first largest of keys[i..n-1] (n > i). */
static inline int SF(best_key)(const int *keys, int n, int i)
{
#ifdef __AVX2__
	if (n - i > 8) {   /* long lists (quiet moves): eight keys at a time */
		__m256i top = _mm256_loadu_si256((const __m256i *)(keys + n - 8));
		for (int j = i; j < n - 8; j += 8)
			top = _mm256_max_epi32(top, _mm256_loadu_si256((const __m256i *)(keys + j)));
		top = _mm256_max_epi32(top, _mm256_permute2x128_si256(top, top, 1));
		top = _mm256_max_epi32(top, _mm256_shuffle_epi32(top, 0x4e));
		top = _mm256_max_epi32(top, _mm256_shuffle_epi32(top, 0xb1));
		for (int j = i;; j += 8) {   /* the last block may overlap the one before */
			const int at = j < n - 8 ? j : n - 8;
			const __m256i v = _mm256_loadu_si256((const __m256i *)(keys + at));
			const unsigned hit = (unsigned)_mm256_movemask_ps(
				_mm256_castsi256_ps(_mm256_cmpeq_epi32(v, top)));
			if (hit)
				return at + __builtin_ctz(hit);
		}
	}
#endif
	int best = i, k = keys[i];
	for (int j = i + 1; j < n; j++) {
		const int kj = keys[j];
		best = kj > k ? j : best;
		k = kj > k ? kj : k;
	}
	return best;
}

static inline yomi_move SF(pick)(yomi_move *moves, int *keys, int n, int i)
{
	const int best = SF(best_key)(keys, n, i);
	const int k = keys[best];
	const yomi_move m = moves[best];
	moves[best] = moves[i];
	keys[best] = keys[i];
	moves[i] = m;
	keys[i] = k;
	return m;
}
