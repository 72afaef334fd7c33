/*
 * tictactoe.c - tic-tac-toe: the smallest game, which keeps the game interface honest
 * (search, solver and command line must work for it without knowing it).
 *
 * Squares 0..8 are rank*3 + file, rank 0 = rank 1 (top), file 0 = a, as in the other games.
 * A position is two 9-bit masks; x moves first.  Positions: "x.o/.x./... o" (cells rank by
 * rank, x o and . or -, slashes optional, then the side to move, which may be left out since
 * the counts decide it).  Moves: the square, "b2".
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "yomi/game.h"
#include "yomi/search.h"
#include "yomi/solve.h"

struct ttt_pos {
	uint16_t mark[2];   /* [0] x, [1] o */
	uint8_t stm;
	uint8_t pad;
	uint16_t ply;
};

enum { TTT_ALL = 0x1ff, TTT_MAX_MOVES = 9 };

static const uint16_t ttt_lines[8] = {0007, 0070, 0700, 0111, 0222, 0444, 0421, 0124};

static inline int ttt_has_line(uint16_t m)
{
	for (int i = 0; i < 8; i++)
		if ((m & ttt_lines[i]) == ttt_lines[i])
			return 1;
	return 0;
}

/* Moves are square + 1, so that 0 is never a move. */
static inline int ttt_gen(const struct ttt_pos *p, yomi_move *moves)
{
	int n = 0;
	for (unsigned e = ~(p->mark[0] | p->mark[1]) & TTT_ALL; e; e &= e - 1)
		moves[n++] = (yomi_move)__builtin_ctz(e) + 1;
	return n;
}

static inline int ttt_play(const struct ttt_pos *p, yomi_move m, struct ttt_pos *out)
{
	if (out != p)
		*out = *p;
	const int us = p->stm;
	out->mark[us] |= (uint16_t)(1u << (m - 1));
	out->stm = (uint8_t)(us ^ 1);
	out->ply++;
	return ttt_has_line(out->mark[us]) || (out->mark[0] | out->mark[1]) == TTT_ALL;
}

static struct game_status ttt_status(const struct ttt_pos *p)
{
	if (ttt_has_line(p->mark[p->stm ^ 1]))
		return (struct game_status){GAME_LOSS, "three in a row"};
	if (ttt_has_line(p->mark[p->stm]))
		return (struct game_status){GAME_WIN, "three in a row"};
	if ((p->mark[0] | p->mark[1]) == TTT_ALL)
		return (struct game_status){GAME_DRAW, "the board is full"};
	return (struct game_status){GAME_ONGOING, NULL};
}

static void g_start(void *pos)
{
	memset(pos, 0, sizeof(struct ttt_pos));
	((struct ttt_pos *)pos)->ply = 1;
}

static int g_parse(const char *s, void *pos, struct yomi_error *err)
{
	struct ttt_pos *p = pos;
	char cb[8];   /* a character shown in a message */
	memset(p, 0, sizeof *p);
	while (isspace((unsigned char)*s))
		s++;
	int cells = 0;
	for (; *s && !isspace((unsigned char)*s); s++) {
		if (*s == '/') {
			if (cells % 3 || cells == 0 || cells == 9 || s[-1] == '/')   /* one per rank */
				return yomi_fail(err, "position: '/' after %d cell%s (ranks have 3)", cells,
				                 cells == 1 ? "" : "s");
			continue;
		}
		int c = tolower((unsigned char)*s);
		if (c != 'x' && c != 'o' && c != '.' && c != '-')
			return yomi_fail(err, "position: cell %d: %s is not x, o or . (empty)",
			                 cells + 1, yomi_char(*s, cb));
		if (cells == 9)
			return yomi_fail(err, "position: more than 9 cells");
		if (c == 'x' || c == 'o')
			p->mark[c == 'o'] |= (uint16_t)(1u << cells);
		cells++;
	}
	if (cells != 9)
		return yomi_fail(err, "position: %d cell%s (the board has 9)", cells,
		                 cells == 1 ? "" : "s");
	const int nx = __builtin_popcount(p->mark[0]), no = __builtin_popcount(p->mark[1]);
	if (nx != no && nx != no + 1)
		return yomi_fail(err, "position: x has %d marks and o %d (x moves first)", nx, no);
	p->stm = nx > no;
	while (isspace((unsigned char)*s))
		s++;
	if (*s) {
		int c = tolower((unsigned char)*s);
		if ((c != 'x' && c != 'o') || (s[1] && !isspace((unsigned char)s[1])))
			return yomi_fail(err, "position: side to move: %s is not x or o",
			                 yomi_char(*s, cb));
		if ((c == 'o') != p->stm)
			return yomi_fail(err, "position: side to move: %c, but with %d x and %d o it "
			                 "is %c's turn", c, nx, no, p->stm ? 'o' : 'x');
		for (s++; isspace((unsigned char)*s); s++)
			;
		if (*s)
			return yomi_fail(err, "position: unexpected %s after the position",
			                 yomi_word(s, (char[32]){0}));
	}
	const int xl = ttt_has_line(p->mark[0]), ol = ttt_has_line(p->mark[1]);
	if (xl && ol)
		return yomi_fail(err, "position: both x and o have three in a row");
	if ((xl && nx == no) || (ol && nx > no))
		return yomi_fail(err, "position: play went on after %c had three in a row",
		                 xl ? 'x' : 'o');
	p->ply = (uint16_t)(nx + no + 1);
	return 0;
}

static void g_format(const void *pos, int notation, char *buf, size_t len)
{
	const struct ttt_pos *p = pos;
	char s[16];
	int at = 0;
	(void)notation;
	for (int sq = 0; sq < 9; sq++) {
		s[at++] = (p->mark[0] >> sq & 1) ? 'x' : (p->mark[1] >> sq & 1) ? 'o' : '.';
		if (sq % 3 == 2 && sq < 8)
			s[at++] = '/';
	}
	s[at] = '\0';
	snprintf(buf, len, "%s %c", s, p->stm ? 'o' : 'x');
}

static void g_render(const void *pos, const struct game_status *status, enum board_lang lang,
                     FILE *out)
{
	const struct ttt_pos *p = pos;
	const struct game_status st = status ? *status : ttt_status(p);
	(void)lang;
	fputs("    a b c\n", out);
	for (int rank = 0; rank < 3; rank++) {
		fprintf(out, "  %d", rank + 1);
		for (int file = 0; file < 3; file++) {
			int sq = rank * 3 + file;
			fprintf(out, " %c", (p->mark[0] >> sq & 1) ? 'x' : (p->mark[1] >> sq & 1) ? 'o' : '.');
		}
		fputc('\n', out);
	}
	if (st.outcome == GAME_ONGOING)
		fprintf(out, "%c to move\n", p->stm ? 'o' : 'x');
	else if (st.outcome == GAME_DRAW)
		fprintf(out, "game over: draw (%s)\n", st.reason);
	else
		fprintf(out, "game over: %c wins (%s)\n",
		        (st.outcome == GAME_WIN) == (p->stm == 0) ? 'x' : 'o', st.reason);
}

static int g_moves(const void *pos, yomi_move *moves)
{
	if (ttt_status(pos).outcome != GAME_ONGOING)
		return 0;
	return ttt_gen(pos, moves);
}

static int g_play(const void *pos, yomi_move m, void *out) { return ttt_play(pos, m, out); }
static struct game_status g_status(const void *pos) { return ttt_status(pos); }

static int g_parse_move(const void *pos, const char *text, yomi_move *m, struct yomi_error *err)
{
	const struct ttt_pos *p = pos;
	const char *s = text;
	while (isspace((unsigned char)*s))
		s++;
	char said[32];   /* what was typed, to quote in messages */
	yomi_said(s, said, sizeof said);
	int f = tolower((unsigned char)s[0]);
	if (f < 'a' || f > 'c' || !s[0] || s[1] < '1' || s[1] > '3')
		return yomi_fail(err, "move: '%s' is not a square (a1 to c3)", said);
	for (const char *t = s + 2; *t; t++)
		if (!isspace((unsigned char)*t))
			return yomi_fail(err, "move: '%s': unexpected text after the square", said);
	struct game_status st = ttt_status(p);
	if (st.outcome != GAME_ONGOING)
		return yomi_fail(err, "move: %c%c: the game is over (%s)", f, s[1], st.reason);
	const int sq = (s[1] - '1') * 3 + (f - 'a');
	if (((p->mark[0] | p->mark[1]) >> sq) & 1)
		return yomi_fail(err, "move: %c%c: that square is occupied", f, s[1]);
	*m = (yomi_move)sq + 1;
	return 0;
}

static void g_format_move(const void *pos, yomi_move m, char *buf, size_t len)
{
	(void)pos;
	snprintf(buf, len, "%c%c", 'a' + (int)(m - 1) % 3, '1' + (int)(m - 1) / 3);
}


#define PERFT_NAME ttt_perft_loop
#define PERFT_POS struct ttt_pos
#define PERFT_MAX_MOVES TTT_MAX_MOVES
#define PERFT_GEN ttt_gen
#define PERFT_PLAY ttt_play
#include "search/perft_template.h"

static inline int ttt_terminal_score(const struct ttt_pos *p, int ply)
{
	const enum game_outcome o = ttt_status(p).outcome;
	return o == GAME_WIN ? SCORE_WIN - ply : o == GAME_LOSS ? -(SCORE_WIN - ply) : 0;
}

static inline uint64_t ttt_key64(const struct ttt_pos *p)
{
	return p->mark[0] | (uint64_t)p->mark[1] << 9 | (uint64_t)p->stm << 18;
}

/* Tic-tac-toe has no heuristic: every non-final position evaluates to 0. */
#define S_PREFIX ttt
#define S_POS struct ttt_pos
#define S_MAX_MOVES TTT_MAX_MOVES
#define S_GEN ttt_gen
#define S_GEN_TACTICAL(p, mv, keys) ((void)(p), (void)(mv), (void)(keys), 0)
#define S_PLAY ttt_play
#define S_TERMINAL ttt_terminal_score
#define S_NO_MOVES(p, ply) 0
#define S_EVAL(p) 0
#define S_KEY ttt_key64
#define S_TACTICAL(p, m) 0
#define S_MOVE_INDEX(m) ((int)(m))
#define S_REPETITION 0
#include "search/search_template.h"

static void g_search(struct search_ctx *ctx, const void *pos) { ttt_search(ctx, pos); }
static struct game_key g_key(const void *pos) { return (struct game_key){{ttt_key64(pos), 0}}; }

static uint64_t g_perft(const void *pos, int depth, uint64_t *ends)
{
	if (ttt_status(pos).outcome != GAME_ONGOING)
		return depth == 0;
	return ttt_perft_loop(pos, depth, ends);
}


/* ---- retrograde solver: the index is the board in base 3 (0 empty, 1 x, 2 o), 19683
 * entries; the counts decide the side to move, and an index is not a position when they
 * cannot, or when the side to move already has three in a row (the game ended before). */

enum { TTT_INDEX = 19683 };

static inline int64_t ttt_encode(const struct ttt_pos *p)
{
	int64_t i = 0;
	for (int sq = 8; sq >= 0; sq--)
		i = i * 3 + ((p->mark[0] >> sq) & 1) + 2 * ((p->mark[1] >> sq) & 1);
	return i;
}

static inline int ttt_decode(uint64_t idx, struct ttt_pos *p)
{
	if (idx >= TTT_INDEX)
		return -1;
	memset(p, 0, sizeof *p);
	for (int sq = 0; sq < 9; sq++, idx /= 3)
		if (idx % 3)
			p->mark[idx % 3 - 1] |= (uint16_t)(1u << sq);
	const int nx = __builtin_popcount(p->mark[0]), no = __builtin_popcount(p->mark[1]);
	if (nx != no && nx != no + 1)
		return -1;
	p->stm = (uint8_t)(nx != no);
	p->ply = (uint16_t)(nx + no + 1);
	return ttt_has_line(p->mark[p->stm]) ? -1 : 0;
}

/* Remove one mark of the player who moved last, unless the game was already over then. */
static inline int ttt_unmoves(const struct ttt_pos *p, struct ttt_pos *preds)
{
	const int last = p->stm ^ 1;
	if (ttt_has_line(p->mark[p->stm]))
		return 0;
	int n = 0;
	for (unsigned m = p->mark[last]; m; m &= m - 1) {
		struct ttt_pos *q = &preds[n];
		*q = *p;
		q->mark[last] &= (uint16_t)~(1u << __builtin_ctz(m));
		q->stm = (uint8_t)last;
		q->ply--;
		n += !ttt_has_line(q->mark[last]);
	}
	return n;
}

static inline enum game_outcome ttt_over(const struct ttt_pos *p) { return ttt_status(p).outcome; }

#define R_PREFIX ttt
#define R_POS struct ttt_pos
#define R_MAX_MOVES TTT_MAX_MOVES
#define R_INDEX_SIZE TTT_INDEX
#define R_DECODE(i, p) ttt_decode(i, p)
#define R_ENCODE(p) ttt_encode(p)
#define R_OVER(p) ttt_over(p)
#define R_GEN ttt_gen
#define R_PLAY ttt_play
#define R_END_LOST(p) (ttt_over(p) == GAME_LOSS)
#define R_OUTSIDE(p) SOLVE_NONE
#define R_UNMOVES ttt_unmoves
#define R_START(p) g_start(p)
#define R_FOLD(p) ((void)(p), (int64_t)-1)
#define R_TERMINAL(p) 0
#include "solve/retro_template.h"

static int64_t ts_encode(const void *pos)
{
	return ttt_over(pos) == GAME_ONGOING ? ttt_encode(pos) : -1;
}
static int ts_decode(uint64_t idx, void *pos) { return ttt_decode(idx, pos); }
static int ts_unmoves(const void *pos, void *preds) { return ttt_unmoves(pos, preds); }
/* Won at once: a move completes a line (probes ask this of every position they read). */
static uint8_t ts_quick(const void *pos)
{
	const struct ttt_pos *p = pos;
	if (ttt_over(p) != GAME_ONGOING)
		return 0;
	for (unsigned e = ~(p->mark[0] | p->mark[1]) & TTT_ALL; e; e &= e - 1)
		if (ttt_has_line(p->mark[p->stm] | (uint16_t)(1u << __builtin_ctz(e))))
			return 2;
	return 0;
}
static int ts_build(uint8_t *values, const struct solve_options *o)
{
	return ttt_retro_build(values, o);
}
static uint64_t ts_verify(const uint8_t *values, const uint64_t *late, int wdl,
                          const struct solve_options *o, uint64_t *bad_late)
{
	return ttt_retro_verify(values, late, wdl, o, bad_late);
}
static int ts_reachable(const uint8_t *values, struct solve_counts *ongoing, uint64_t *total,
                        const struct solve_options *o)
{
	return ttt_retro_reachable(values, ongoing, total, o);
}

static const struct game_solver ttt_solver = {
	.index_size = TTT_INDEX,
	.encoding = "tictactoe-3^9-v1",
	.encode = ts_encode,
	.decode = ts_decode,
	.unmoves = ts_unmoves,
	.quick = ts_quick,
	.build = ts_build,
	.verify = ts_verify,
	.rules = "standard",
	.reachable = ts_reachable,
};

static const struct game_notation ttt_notations[] = {
	{"cells", "the 9 cells rank by rank, then the side to move: x.o/.x./... o"},
	{NULL, NULL},
};

/* How the board looks (the web page draws it): one kind, x or o by its owner. */
static const struct game_piece_kind ttt_kinds[] = {{NULL, {"mark", "印"}, {NULL, NULL}, 0, NULL}};
static const struct game_look ttt_look = {
	.style = "mark", .width = 3, .height = 3,
	.files = {"a b c", "a b c"}, .ranks = {"1 2 3", "1 2 3"},
	.sides = {{"x", "x"}, {"o", "o"}},
	.nkinds = 1, .kinds = ttt_kinds,
};

static void g_board(const void *pos, struct game_board *b)
{
	const struct ttt_pos *p = pos;
	*b = (struct game_board){.turn = p->stm};
	for (int sq = 0; sq < 9; sq++)
		b->square[sq] = (int8_t)((p->mark[0] >> sq & 1) ? 1 : (p->mark[1] >> sq & 1) ? -1 : 0);
}

const struct game game_tictactoe = {
	.name = "tictactoe",
	.title = "Tic-tac-toe (3x3)",
	.pos_size = sizeof(struct ttt_pos),
	.max_moves = TTT_MAX_MOVES,
	.notations = ttt_notations,
	.start = g_start,
	.parse = g_parse,
	.format = g_format,
	.render = g_render,
	.status = g_status,
	.moves = g_moves,
	.play = g_play,
	.parse_move = g_parse_move,
	.format_move = g_format_move,
	.key = g_key,
	.perft = g_perft,
	.search = g_search,
	.bench_depth = 9,
	.solver = &ttt_solver,
	.look = &ttt_look,
	.board = g_board,
	.family = "Tic-tac-toe",
	.board_side = 3,
};
