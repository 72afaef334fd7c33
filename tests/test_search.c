/*
 * test_search.c - the generic search against independent answers:
 *   - every reachable tic-tac-toe position: proven score and distance equal a plain minimax
 *     (winner shortest, loser longest) written here without the search code;
 *   - Dobutsu positions from seeded random games: a plain minimax to 3 plies finds every
 *     win or loss within 3 plies, and the search must report exactly the same;
 *   - data/dobutsu/search-known.txt (values and best moves from an independent tablebase):
 *     exact value, distance and a best move of that value;
 *   - every line legal, and a proven win or loss line as long as its distance, ending the
 *     game (so quiescence and the table cannot cut it short);
 *   - determinism: the same search twice gives the same nodes and line;
 *   - the table's part in use grows during a search and keeps every entry findable.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>
#include <xxhash.h>

#include "testdata.h"
#include "testline.h"
#include "yomi/registry.h"
#include "yomi/search.h"

static struct tt table;

static void search(const struct game *g, const void *pos, int depth, struct search_ctx *ctx)
{
	const struct search_limits lim = {.depth = depth, .multipv = 1};
	tt_clear(&table);
	search_init(ctx, &table, &lim);
	g->search(ctx, pos);
}

/* Plain minimax with distances: +(100 - n) a win in n plies, -(100 - n) a loss, 0 a draw or
 * unknown within `depth` (returns 0 with *unknown set when the depth ran out). */
static int minimax(const struct game *g, const void *pos, int depth, int *unknown)
{
	yomi_move moves[YOMI_MOVES_MAX];
	_Alignas(16) unsigned char next[YOMI_POS_MAX];
	const int n = g->moves(pos, moves);
	if (n == 0) {
		struct game_status st = g->status(pos);
		return st.outcome == GAME_WIN ? 100 : st.outcome == GAME_LOSS ? -100 : 0;
	}
	if (depth == 0) {
		*unknown = 1;
		return 0;
	}
	int best = -1000;
	for (int i = 0; i < n; i++) {
		g->play(pos, moves[i], next);
		int v = -minimax(g, next, depth - 1, unknown);
		v += v > 0 ? -1 : v < 0 ? 1 : 0;   /* one ply further away */
		if (v > best)
			best = v;
	}
	return best;
}

static int to_search_score(int v) { return v > 0 ? SCORE_WIN - (100 - v) : v < 0 ? -(SCORE_WIN - (100 + v)) : 0; }

struct ttt_ctx {
	struct search_ctx *sctx;
	long checked;
};

static void check_ttt(const struct game *g, const void *pos, int over, void *vctx)
{
	struct ttt_ctx *c = vctx;
	if (over)
		return;
	int unknown = 0;
	const int want = minimax(g, pos, 9, &unknown);
	assert_int_equal(unknown, 0);
	search(g, pos, 0, c->sctx);
	const struct search_line *l = &c->sctx->lines[0];
	if (l->score != to_search_score(want) || !l->proven) {
		char text[64];
		g->format(pos, 0, text, sizeof text);
		fail_msg("%s: search %d (proven %d), minimax %d", text, l->score, l->proven, want);
	}
	/* The best move keeps the value. */
	_Alignas(16) unsigned char next[YOMI_POS_MAX];
	int u2 = 0, v;
	if (g->play(pos, l->pv[0], next)) {
		struct game_status st = g->status(next);
		v = st.outcome == GAME_LOSS ? 99 : st.outcome == GAME_WIN ? -99 : 0;
	} else {
		v = -minimax(g, next, 9, &u2);
		v += v > 0 ? -1 : v < 0 ? 1 : 0;
	}
	assert_int_equal(v, want);
	c->checked++;
}

/* All distinct ongoing tic-tac-toe positions (4520), each searched and compared. */
struct uniq {
	uint8_t *seen;
	struct ttt_ctx *c;
};

static void uniq_visit(const struct game *g, const void *pos, int over, void *vctx)
{
	struct uniq *u = vctx;
	const uint64_t k = g->key(pos).w[0];
	if (u->seen[k])
		return;
	u->seen[k] = 1;
	check_ttt(g, pos, over, u->c);
}

static void test_tictactoe_all_positions(void **state)
{
	(void)state;
	const struct game *g = game_find("tictactoe");
	struct search_ctx *sctx = malloc(sizeof *sctx);
	struct ttt_ctx c = {sctx, 0};
	struct uniq u = {calloc(1u << 19, 1), &c};
	_Alignas(16) unsigned char p[YOMI_POS_MAX];
	g->start(p);
	walk_tree(g, p, 0, 9, uniq_visit, &u);
	assert_int_equal(c.checked, 5478 - 958);   /* reachable minus terminal */
	free(u.seen);
	free(sctx);
}

/* ---- Dobutsu ---- */

static const struct game *D;

static void play_random(const struct game *g, void *pos, int plies, uint64_t *seed)
{
	yomi_move moves[YOMI_MOVES_MAX];
	for (int i = 0; i < plies; i++) {
		const int n = g->moves(pos, moves);
		if (n == 0)
			return;
		*seed = *seed * 6364136223846793005ull + 1442695040888963407ull;
		_Alignas(16) unsigned char next[YOMI_POS_MAX];
		const yomi_move m = moves[(*seed >> 33) % (uint64_t)n];
		if (g->play(pos, m, next))
			return;   /* keep the last ongoing position */
		memcpy(pos, next, g->pos_size);
	}
}

static void test_dobutsu_short_results(void **state)
{
	(void)state;
	struct search_ctx *sctx = malloc(sizeof *sctx);
	uint64_t seed = 12345;
	int decided = 0;
	for (int game = 0; game < 300; game++) {
		_Alignas(16) unsigned char p[YOMI_POS_MAX];
		D->start(p);
		play_random(D, p, 4 + game % 40, &seed);
		if (D->status(p).outcome != GAME_ONGOING)
			continue;
		int unknown = 0;
		const int want = minimax(D, p, 3, &unknown);
		/* To depth 2 (results found in quiescence: only the line is checked), to depth 5,
		 * and with a node budget and no depth (the mate search joins in). */
		for (int run = -1; run < 2; run++) {
			const struct search_limits lim = {.depth = run < 0 ? 2 : run ? 0 : 5,
			                                  .nodes = 20000, .multipv = 1};
			tt_clear(&table);
			search_init(sctx, &table, &lim);
			D->search(sctx, p);
			const int got = sctx->lines[0].score;
			check_line(D, p, &sctx->lines[0]);
			if (run < 0)
				continue;
			if (want != 0) {   /* a result within 3 plies: the search must give it exactly */
				decided += run == 0;
				if (got != to_search_score(want) || !sctx->lines[0].proven) {
					char text[128];
					D->format(p, 0, text, sizeof text);
					fail_msg("%s: search %d, minimax %d (run %d)", text, got, want, run);
				}
			} else if (score_is_mate(got) && score_distance(got) <= 3) {
				char text[128];
				D->format(p, 0, text, sizeof text);
				fail_msg("%s: search claims %d, minimax finds no result within 3", text, got);
			}
		}
	}
	assert_true(decided >= 20);
	free(sctx);
}

static void test_dobutsu_deterministic(void **state)
{
	(void)state;
	struct search_ctx *a = malloc(sizeof *a), *b = malloc(sizeof *b);
	_Alignas(16) unsigned char p[YOMI_POS_MAX];
	D->start(p);
	search(D, p, 9, a);
	search(D, p, 9, b);
	assert_true(a->nodes == b->nodes);
	assert_int_equal(a->lines[0].score, b->lines[0].score);
	assert_int_equal(a->lines[0].len, b->lines[0].len);
	assert_memory_equal(a->lines[0].pv, b->lines[0].pv, sizeof(yomi_move) * (size_t)a->lines[0].len);
	free(a);
	free(b);
}

/* The search starts on TT_START_BYTES of the table and doubles its part as nodes go by
 * (tt.h).  After a search long enough to reach the whole 16 MB, every entry in use sits in
 * the bucket its key hashes to under the final mask: the smaller parts' entries were moved
 * at each doubling, and the nodes under way then stored into the new buckets, not the old
 * ones.  Reads the entries as search_tt.h lays them out for Dobutsu: 16 bytes, the key in
 * the first 8, then the data word, whose byte 13 holds the bound, the exact flag and part of
 * the age (0: an empty entry, whose bound is 0). */
static void test_dobutsu_table_growth(void **state)
{
	(void)state;
	struct search_ctx *sctx = malloc(sizeof *sctx);
	_Alignas(16) unsigned char p[YOMI_POS_MAX];
	D->start(p);
	search(D, p, 15, sctx);
	assert_true(sctx->nodes > 786432);   /* 4 MB -> 8 MB after 262144 nodes, 16 MB after 524288 more */
	assert_true(table.mask == (16 << 20) / TT_BUCKET_BYTES - 1);
	assert_true(table.live_mask == table.mask);
	const unsigned char *mem = table.mem;
	uint64_t used = 0, beyond = 0;
	for (uint64_t b = 0; b <= table.mask; b++) {
		for (int slot = 0; slot < TT_BUCKET_BYTES / 16; slot++) {
			const unsigned char *e = mem + b * TT_BUCKET_BYTES + slot * 16;
			if (!e[13])
				continue;
			uint64_t key;
			memcpy(&key, e, sizeof key);
			if ((XXH3_64bits(&key, sizeof key) & table.live_mask) != b)
				fail_msg("entry of key %016llx in bucket %llu, not its own",
				         (unsigned long long)key, (unsigned long long)b);
			used++;
			beyond += b >= TT_START_BYTES / TT_BUCKET_BYTES;
		}
	}
	/* Entries on both sides of the first part's end: moved ones, or stored after. */
	assert_true(used > 10000 && beyond > 1000 && used - beyond > 1000);
	/* tt_clear empties every part the search used, and starts over on the first. */
	tt_clear(&table);
	for (size_t i = 0; i < tt_bytes(&table) + TT_NEAR_BYTES; i++)
		if (mem[i])
			fail_msg("byte %zu of the table is %d after tt_clear", i, mem[i]);
	assert_true(table.live_mask == TT_START_BYTES / TT_BUCKET_BYTES - 1);
	free(sctx);
}

/* A position of the game before the root is a draw when the search reaches it again: the
 * move leading to it scores exactly 0, which it did not without that history (in positions
 * of random games, every move tried in turn). */
static void test_dobutsu_history_repetition(void **state)
{
	(void)state;
	struct search_ctx *sctx = malloc(sizeof *sctx);
	uint64_t seed = 777;
	int checked = 0;
	for (int game = 0; game < 40; game++) {
		_Alignas(16) unsigned char p[YOMI_POS_MAX], next[YOMI_POS_MAX];
		D->start(p);
		play_random(D, p, 2 + game % 20, &seed);
		if (D->status(p).outcome != GAME_ONGOING)
			continue;
		yomi_move moves[YOMI_MOVES_MAX];
		const int n = D->moves(p, moves);
		const int lines = n < SEARCH_MAX_MULTIPV ? n : SEARCH_MAX_MULTIPV;
		const struct search_limits lim = {.depth = 4, .multipv = lines};
		for (int i = 0; i < n; i++) {
			if (D->play(p, moves[i], next))
				continue;   /* the game ends: nothing to repeat */
			for (int with = 0; with < 2; with++) {
				tt_clear(&table);
				search_init(sctx, &table, &lim);
				if (with)
					sctx->game_history[sctx->game_history_len++] = D->key(next).w[0];
				D->search(sctx, p);
				for (int k = 0; k < sctx->nlines; k++) {
					if (sctx->lines[k].pv[0] != moves[i])
						continue;
					const int score = sctx->lines[k].score;
					if (with && score != 0)
						fail_msg("game %d, move %d: %d, not a draw by repetition", game, i, score);
					checked += with && sctx->game_history_len && score == 0;
					if (!with && score == 0)
						with = 2;   /* a 0 already: it would prove nothing */
				}
			}
		}
	}
	assert_true(checked >= 50);
	free(sctx);
}

/* Values from an independent tablebase: "POSITION<TAB>VALUE<TAB>BEST,MOVES". */
static void test_dobutsu_known(void **state)
{
	(void)state;
	FILE *f = open_data("dobutsu/search-known.txt");
	struct search_ctx *sctx = malloc(sizeof *sctx);
	char line[512];
	int checked = 0;
	while (fgets(line, sizeof line, f)) {
		if (line[0] == '#' || line[0] == '\n')
			continue;
		char *pos_text = strtok(line, "\t\n"), *value = strtok(NULL, "\t\n"),
		     *best = strtok(NULL, "\t\n");
		if (!pos_text || !value || !best || value[0] != '#')
			continue;   /* draws cannot be proven by search; wins and losses can */
		const int n = atoi(value[1] == '-' ? value + 2 : value + 1);
		if (n > 15)
			continue;   /* deeper proofs belong to the benchmark, not the unit tests */
		_Alignas(16) unsigned char p[YOMI_POS_MAX];
		struct yomi_error err;
		if (D->parse(pos_text, p, &err))
			fail_msg("%s: %s", pos_text, err.msg);
		search(D, p, 0, sctx);   /* until proven */
		const struct search_line *l = &sctx->lines[0];
		char got[32], move[32];
		search_format_score(l->score, l->proven, got, sizeof got);
		D->format_move(p, l->pv[0], move, sizeof move);
		if (strcmp(got, value) != 0 || !l->proven)
			fail_msg("%s: search %s, table %s", pos_text, got, value);
		check_line(D, p, l);
		char list[256];
		snprintf(list, sizeof list, ",%s,", best);
		char needle[40];
		snprintf(needle, sizeof needle, ",%s,", move);
		if (!strstr(list, needle))
			fail_msg("%s: best move %s is not among %s", pos_text, move, best);
		checked++;
	}
	fclose(f);
	free(sctx);
	assert_true(checked >= 10);
}

int main(void)
{
	D = game_find("dobutsu");
	if (tt_init(&table, 16))
		return 1;
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_tictactoe_all_positions),
		cmocka_unit_test(test_dobutsu_short_results),
		cmocka_unit_test(test_dobutsu_deterministic),
		cmocka_unit_test(test_dobutsu_table_growth),
		cmocka_unit_test(test_dobutsu_history_repetition),
		cmocka_unit_test(test_dobutsu_known),
	};
	int rc = cmocka_run_group_tests_name("search", tests, NULL, NULL);
	tt_free(&table);
	return rc;
}
