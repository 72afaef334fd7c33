/*
 * table_history.c - a solved table's answers under the game's history: the repetition rule
 * (a position that stands for the third time ends the game, a draw), which the table, a
 * value per position, knows nothing of.  analyze, probe --moves and the perfect player of
 * play and match rank moves through cli_table_rank; the search gets the positions that
 * stood twice (cli_search_history).
 *
 * Why the table still answers exactly, mostly: under the winner's shortest play every
 * position on the way has a shorter distance than the one before, so none repeats, and a
 * position that stood once before may stand a second time without ending anything.  Only
 * the positions that stood twice (D) matter, and only one won for the winner nearer than
 * the result can be met on the way.  When one can, a small search over the table (the
 * winner's moves within a ply budget, the loser's all, D a draw) finds the exact distance
 * or leaves the value unsure.
 */
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "yomi/search.h"

int cli_key_count(const struct game_key *keys, int n, struct game_key key)
{
	int count = 0;
	for (int i = 0; i < n; i++)
		count += memcmp(&keys[i], &key, sizeof key) == 0;
	return count;
}

/* A key and where it stood (its index in the game's list). */
struct key_at {
	struct game_key key;
	int at;
};

static int key_at_cmp(const void *a, const void *b)
{
	const struct key_at *x = a, *y = b;
	const int c = memcmp(&x->key, &y->key, sizeof x->key);
	return c ? c : (x->at > y->at) - (x->at < y->at);
}

/* The positions of keys[0..n-1] (oldest first, n <= CLI_PAST_MAX) that stood at least
 * twice, each once, at its latest index, into twice[]; returns how many.  Sorted (in
 * sorted[n]), not counted pairwise: a match's long games ask at every move.
 * Scratch arrays here are the caller's, allocated per call, never thread-local: every
 * thread of the process (a solve's, the server's) would hold and clear its own copy. */
static int stood_twice(const struct game_key *keys, int n, struct key_at *twice,
                       struct key_at *sorted)
{
	for (int i = 0; i < n; i++)
		sorted[i] = (struct key_at){keys[i], i};
	qsort(sorted, (size_t)n, sizeof *sorted, key_at_cmp);
	int count = 0;
	for (int i = 0; i < n; ) {
		int j = i + 1;
		while (j < n && !memcmp(&sorted[j].key, &sorted[i].key, sizeof sorted[i].key))
			j++;
		if (j - i >= 2)
			twice[count++] = sorted[j - 1];
		i = j;
	}
	return count;
}

void cli_search_history(struct search_ctx *ctx, const struct game_key *keys, int n)
{
	if (n > CLI_PAST_MAX) {   /* only the latest positions can come again */
		keys += n - CLI_PAST_MAX;
		n = CLI_PAST_MAX;
	}
	struct key_at *twice = malloc(2 * (size_t)(n > 0 ? n : 1) * sizeof *twice);
	if (!twice) {   /* searching without the history could call a repetition wrongly */
		cli_error("out of memory");
		exit(EXIT_RUNTIME);
	}
	const int count = stood_twice(keys, n, twice, twice + n);
	ctx->game_history_len = 0;
	for (int i = 0; i < count && i < SEARCH_GAME_HISTORY; i++)
		ctx->game_history[ctx->game_history_len++] = twice[i].key.w[0];
	free(twice);
}

/* ---- the search over the table with D a draw ---- */

enum {
	EXACT_NODES = 200000,   /* per cli_table_rank: a few tenths of a second at most */
	EXACT_SLACK = 40,       /* plies beyond the table's distance tried */
	EXACT_SLOTS = 1 << 16,
	EXACT_PATH = TABLE_LINE_KEYS,
	NO_WIN = 32767,
};

struct exact {
	struct table *t;
	const struct game *g;
	int winner;                     /* 0: the mover at the root, 1: the other */
	const struct key_at *d;         /* D, its values, its sides to move (0: as the root's) */
	const struct table_value *value;
	const int *side;
	int nd;
	long budget;
	int cut;                        /* a result rested on the path or the budget */
	int bounded;                    /* a "no win" rested on the plies allowed */
	int failed;                     /* the table failed: err is set */
	struct yomi_error *err;
	struct game_key path[EXACT_PATH];
	struct exact_slot {
		struct game_key key;
		short lo, hi;               /* no win within lo plies (NO_WIN: none at all); a win
		                               within hi (0: none known) */
	} *memo;                        /* EXACT_SLOTS entries, or NULL */
};

/* Whether a position valued v, with side (relative to the root's mover) to move, is good
 * for winner at a distance shorter than d (or at all, without distances). */
static int winner_nearer(struct table_value v, int side, int winner, int d)
{
	const enum game_outcome good = side == winner ? GAME_WIN : GAME_LOSS;
	return v.outcome == good && (d < 0 || v.distance < d);
}

/* Whether a position of D can stand on the way from one the winner wins in e plies. */
static int d_near(const struct exact *x, int e)
{
	for (int i = 0; i < x->nd; i++)
		if (winner_nearer(x->value[i], x->side[i], x->winner, e))
			return 1;
	return 0;
}

static int in_d(const struct exact *x, struct game_key key)
{
	for (int i = 0; i < x->nd; i++)
		if (!memcmp(&x->d[i].key, &key, sizeof key))
			return 1;
	return 0;
}

static struct exact_slot *exact_slot(struct exact *x, struct game_key key)
{
	if (!x->memo)
		return NULL;
	size_t i = (size_t)(((key.w[0] ^ key.w[1] * 0x9e3779b97f4a7c15u) * 0xff51afd7ed558ccdu) >>
	                    48) & (EXACT_SLOTS - 1);
	for (int probes = 0; probes < 16; probes++, i = (i + 1) & (EXACT_SLOTS - 1))
		if (!memcmp(&x->memo[i].key, &key, sizeof key) ||
		    (x->memo[i].lo == 0 && x->memo[i].hi == 0))
			return &x->memo[i];
	return NULL;   /* full there: not kept */
}

/* Whether the winner wins within n plies from p (at ply of the searched line; side to move
 * relative to the root's mover; e: the table's distance of the winner's win there, p not
 * in D), a position of D ending the game as a draw.  The table's distance is a bound (the
 * rule only takes ways away from the winner), and exact where no position of D is near.
 * A repetition on the line counts as a draw: the winner's shortest way has none, and the
 * loser cannot force one against it.  Results that rested on one are not kept (x->cut); a
 * "no" that did not rest on n either (x->bounded) holds for any n: no win at all. */
static int win_within(struct exact *x, const void *p, int ply, int side, int e, int n)
{
	if (e < 0)
		return 0;
	if (e > n) {
		x->bounded = 1;
		return 0;
	}
	if (!d_near(x, e))
		return 1;
	const struct game_key key = x->g->key(p);
	for (int i = ply - 2; i >= 0; i -= 2)
		if (!memcmp(&x->path[i], &key, sizeof key)) {
			x->cut = 1;
			return 0;
		}
	if (x->failed || ply >= EXACT_PATH || --x->budget < 0) {
		x->cut = 1;
		return 0;
	}
	struct exact_slot *slot = exact_slot(x, key);
	if (slot && !memcmp(&slot->key, &key, sizeof key)) {
		if (slot->hi && slot->hi <= n)
			return 1;
		if (slot->lo >= n) {
			x->bounded |= slot->lo != NO_WIN;
			return 0;
		}
	}
	x->path[ply] = key;
	yomi_move moves[YOMI_MOVES_MAX];
	struct table_value values[YOMI_MOVES_MAX];
	const int count = table_rank_moves(x->t, p, moves, values, x->err);
	if (count < 0) {
		x->failed = 1;
		x->cut = 1;
		return 0;
	}
	const int winner_moves = side == x->winner, cut0 = x->cut, bounded0 = x->bounded;
	x->cut = 0;
	x->bounded = 0;
	int result = !winner_moves;   /* the winner needs one move that wins, the loser none */
	for (int k = 0; k < count && result != winner_moves; k++) {
		_Alignas(16) unsigned char next[YOMI_POS_MAX];
		const struct table_value v = values[k];
		/* the winner's moves in the table's order, shortest first: those that can win
		 * within n; the loser's all (each a loss: the table's distance is its bound) */
		if (winner_moves && (v.outcome != GAME_WIN || v.distance > n)) {
			x->bounded |= v.outcome == GAME_WIN;   /* wins beyond n left untried */
			break;
		}
		int ok;
		if (v.outcome != (winner_moves ? GAME_WIN : GAME_LOSS))
			ok = 0;   /* a loser's move the table does not see lost */
		else if (x->g->play(p, moves[k], next))
			ok = 1;   /* the game ends, won for the winner (the table) */
		else
			ok = !in_d(x, x->g->key(next)) &&
			     win_within(x, next, ply + 1, side ^ 1, v.distance - 1, n - 1);
		result = winner_moves ? ok : result && ok;
	}
	if (slot && !x->failed && (result || !x->cut)) {
		if (memcmp(&slot->key, &key, sizeof key)) {
			slot->key = key;
			slot->lo = 0;
			slot->hi = 0;
		}
		if (result && (!slot->hi || n < slot->hi))
			slot->hi = (short)n;
		if (!result && n > slot->lo)
			slot->lo = x->bounded ? (short)n : NO_WIN;
	}
	x->cut |= cut0;
	x->bounded |= bounded0;
	return result;
}

/* The exact value of a move to next (not in D, the game going on) whose table value v is
 * a win or loss for the root's mover: the shortest win of its winner within the table's
 * distance plus EXACT_SLACK, D a draw, or a draw when its winner has no win at all.
 * Returns 1 with *v updated, or 0 when neither was found (a longer win, or the budget
 * spent: unsure). */
static int exact_value(struct exact *x, const void *root, const void *next,
                       struct table_value *v)
{
	x->winner = v->outcome == GAME_WIN ? 0 : 1;
	x->path[0] = x->g->key(root);
	for (int d = v->distance; d <= v->distance + EXACT_SLACK && x->budget > 0; d += 2) {
		/* next: the loser to move when the root's mover wins, else the winner, whose win
		 * is one ply shorter than the root's loss */
		x->cut = x->bounded = 0;
		if (win_within(x, next, 1, 1, v->distance - 1, d - 1)) {
			v->distance = d;
			return 1;
		}
		if (x->failed)
			return 0;
		if (!x->cut && !x->bounded) {   /* no win at any distance: a draw */
			*v = (struct table_value){GAME_DRAW, -1};
			return 1;
		}
	}
	return 0;
}

/* Sorts moves, values and sure best first by value, stable (insertion: a few dozen). */
static void sort_ranked(yomi_move *moves, struct table_value *values, int *sure, int n)
{
	for (int k = 1; k < n; k++) {
		const yomi_move m = moves[k];
		const struct table_value v = values[k];
		const int s = sure[k];
		int j = k;
		for (; j > 0 && table_value_cmp(v, values[j - 1]) > 0; j--) {
			moves[j] = moves[j - 1];
			values[j] = values[j - 1];
			sure[j] = sure[j - 1];
		}
		moves[j] = m;
		values[j] = v;
		sure[j] = s;
	}
}

int cli_table_rank(struct table *t, const struct game *g, const void *pos,
                   const struct game_key *keys, const unsigned char (*before)[YOMI_POS_MAX],
                   int hist, yomi_move *moves, struct table_value *values, int *sure,
                   struct yomi_error *err)
{
	const int n = table_rank_moves(t, pos, moves, values, err);
	for (int k = 0; k < n; k++)
		sure[k] = 1;
	if (n <= 0 || hist == 0)
		return n;
	if (hist > CLI_PAST_MAX - 1) {   /* only the latest positions can come again */
		keys += hist - (CLI_PAST_MAX - 1);
		before += hist - (CLI_PAST_MAX - 1);
		hist = CLI_PAST_MAX - 1;
	}
	/* D: the positions that stood twice, the history's and pos (at index hist) */
	const size_t m = (size_t)hist + 1;
	struct game_key *all = malloc(m * sizeof *all);
	struct key_at *d = malloc(2 * m * sizeof *d);   /* D, then stood_twice's scratch */
	struct table_value *value = malloc(m * sizeof *value);
	int *side = malloc(m * sizeof *side);
	struct exact *x = NULL;
	int got = n;
	if (!all || !d || !value || !side) {
		got = yomi_fail(err, "out of memory");
		goto done;
	}
	memcpy(all, keys, (size_t)hist * sizeof *all);
	all[hist] = g->key(pos);
	const int nd = stood_twice(all, hist + 1, d, d + m);
	if (nd == 0)
		goto done;
	for (int i = 0; i < nd; i++) {
		if (table_probe(t, d[i].at < hist ? before[d[i].at] : pos, &value[i], err)) {
			got = -1;
			goto done;
		}
		side[i] = (hist - d[i].at) & 1;
	}
	x = calloc(1, sizeof *x);
	if (!x) {
		got = yomi_fail(err, "out of memory");
		goto done;
	}
	*x = (struct exact){.t = t, .g = g, .d = d, .value = value, .side = side, .nd = nd,
	                    .budget = EXACT_NODES, .err = err};
	int memo_winner = -1;
	for (int k = 0; k < n && !x->failed; k++) {
		_Alignas(16) unsigned char next[YOMI_POS_MAX];
		if (g->play(pos, moves[k], next) || values[k].outcome == GAME_DRAW)
			continue;   /* the game ends; a draw stays a draw */
		if (in_d(x, g->key(next))) {
			values[k] = (struct table_value){GAME_DRAW, -1};   /* the third occurrence */
			continue;
		}
		x->winner = values[k].outcome == GAME_WIN ? 0 : 1;
		if (!d_near(x, values[k].distance))
			continue;
		sure[k] = 0;
		if (values[k].distance < 0)
			continue;   /* without distances no search ends */
		if (!x->memo)
			x->memo = calloc(EXACT_SLOTS, sizeof *x->memo);
		else if (x->winner != memo_winner)   /* its answers were for the other winner */
			memset(x->memo, 0, EXACT_SLOTS * sizeof *x->memo);
		memo_winner = x->winner;
		sure[k] = exact_value(x, pos, next, &values[k]);
	}
	free(x->memo);
	if (x->failed)
		got = -1;
	else
		sort_ranked(moves, values, sure, n);
done:
	free(x);
	free(side);
	free(value);
	free(d);
	free(all);
	return got;
}

int cli_table_line_exact(struct table *t, const struct game *g, const void *pos,
                         const struct game_key *keys,
                         const unsigned char (*before)[YOMI_POS_MAX], int hist,
                         yomi_move *line, int max, struct yomi_error *err)
{
	/* the game so far, then the line's positions: each ply ranks with all of them */
	if (hist > CLI_PAST_MAX / 2) {   /* only the latest positions can come again */
		keys += hist - CLI_PAST_MAX / 2;
		before += hist - CLI_PAST_MAX / 2;
		hist = CLI_PAST_MAX / 2;
	}
	if (max > CLI_PAST_MAX / 2 - 1)
		max = CLI_PAST_MAX / 2 - 1;
	const size_t room = (size_t)hist + (size_t)(max > 0 ? max : 0) + 1;
	struct game_key *k2 = malloc(room * sizeof *k2);
	unsigned char (*p2)[YOMI_POS_MAX] = malloc(room * sizeof *p2);
	if (!k2 || !p2) {
		free(k2);
		free(p2);
		return yomi_fail(err, "out of memory");
	}
	memcpy(k2, keys, (size_t)hist * sizeof *k2);
	memcpy(p2, before, (size_t)hist * sizeof *p2);
	_Alignas(16) unsigned char cur[YOMI_POS_MAX];
	memcpy(cur, pos, g->pos_size);
	yomi_move moves[YOMI_MOVES_MAX];
	struct table_value values[YOMI_MOVES_MAX];
	int sure[YOMI_MOVES_MAX], len = 0;
	while (len < max) {
		const int n = cli_table_rank(t, g, cur, k2, (const unsigned char (*)[YOMI_POS_MAX])p2,
		                             hist + len, moves, values, sure, err);
		if (n < 0) {
			len = -1;
			break;
		}
		if (n == 0 || !cli_table_known(values, sure, n))
			break;   /* the end, or a best move not known: the line stops */
		k2[hist + len] = g->key(cur);
		memcpy(p2[hist + len], cur, g->pos_size);
		line[len++] = moves[0];
		if (g->play(cur, moves[0], cur))
			break;
		if (cli_key_count(k2, hist + len, g->key(cur)) >= 2)
			break;   /* the third occurrence */
	}
	free(p2);
	free(k2);
	return len;
}

int cli_table_known(const struct table_value *values, const int *sure, int n)
{
	struct table_value best_unsure = {GAME_LOSS, 0};
	int unsure = 0;
	for (int k = 0; k < n; k++) {
		if (sure[k])
			continue;
		/* the best it can turn out to be: a win stays at most as short, a loss a draw */
		const struct table_value up = values[k].outcome == GAME_WIN
		                                  ? values[k] : (struct table_value){GAME_DRAW, -1};
		if (!unsure++ || table_value_cmp(up, best_unsure) > 0)
			best_unsure = up;
	}
	int known = 0;
	while (known < n && sure[known]
	       && (!unsure || table_value_cmp(values[known], best_unsure) >= 0))
		known++;
	return known;
}
