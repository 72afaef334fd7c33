/*
 * othello.c - Othello rules on bitboards (othello.h), notation, and the binding of the
 * three boards (8x8 "othello", 6x6 "othello6", 4x4 "othello4") to the generic interface:
 * perft and the midgame search are instantiated from the templates once (the board mask
 * travels in the position), the exact endgame solver is othello_endgame.c.
 *
 * Notation: the board string of the standard endgame test files: the cells row by row from
 * a1 (64, 36 or 16), X or * black, O white, - or . empty, slashes and spaces between rows
 * allowed, then the side to move (X or O).  A ';' ends the position (the rest of an .obf
 * line is ignored).  Moves a1..h8, a pass "pass" (also PA, ps, --).
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#ifndef XXH_INLINE_ALL
#define XXH_INLINE_ALL
#endif
#include <xxhash.h>

#include "games/othello/othello.h"
#include "games/othello/othello_endgame.h"
#include "games/othello/othello_eval.h"
#include "yomi/search.h"

static inline uint64_t oth_empties(const struct othello_pos *p) { return ~(p->p | p->o) & p->mask; }

static inline int oth_gen(const struct othello_pos *p, yomi_move *moves)
{
	const uint64_t e = oth_empties(p);
	uint64_t m = oth_moves_bb(p->p, p->o, e);
	int n = 0;
	if (!m) {
		if (oth_moves_bb(p->o, p->p, e)) {
			moves[0] = OTH_PASS;
			return 1;
		}
		return 0;
	}
	for (; m; m &= m - 1)
		moves[n++] = (yomi_move)__builtin_ctzll(m) + 1;
	return n;
}

/* Whether neither side can move at *p. */
static inline int oth_over(const struct othello_pos *p)
{
	const uint64_t e = oth_empties(p);
	return !e || (!oth_moves_bb(p->p, p->o, e) && !oth_moves_bb(p->o, p->p, e));
}

static inline int oth_play(const struct othello_pos *p, yomi_move m, struct othello_pos *out)
{
	uint64_t me = p->p, you = p->o;
	if (m != OTH_PASS) {
		const int sq = (int)m - 1;
		const uint64_t f = oth_flips(me, you, sq);
		me |= f | 1ULL << sq;
		you &= ~f;
	}
	out->mask = p->mask;
	out->p = you;
	out->o = me;
	out->white = (uint8_t)(p->white ^ 1);
	out->ply = p->ply + (m != OTH_PASS);
	memset(out->pad, 0, sizeof out->pad);
	return oth_over(out);
}

int othello_gen(const struct othello_pos *p, yomi_move *moves) { return oth_gen(p, moves); }
int othello_play(const struct othello_pos *p, yomi_move m, struct othello_pos *out)
{
	return oth_play(p, m, out);
}

static int oth_side(int n_squares) { return n_squares == 64 ? 8 : n_squares == 36 ? 6 : 4; }

static void oth_start(struct othello_pos *p, int n)
{
	const int c = n / 2 - 1;   /* the top-left square of the centre */
	memset(p, 0, sizeof *p);
	p->mask = n == 8 ? OTH_MASK8 : n == 6 ? OTH_MASK6 : OTH_MASK4;
	/* d4 and e5 white, e4 and d5 black (8x8); black moves first */
	p->o = 1ULL << (8 * c + c) | 1ULL << (8 * (c + 1) + c + 1);
	p->p = 1ULL << (8 * c + c + 1) | 1ULL << (8 * (c + 1) + c);
	p->ply = 1;
}

static struct game_status oth_status(const struct othello_pos *p)
{
	if (!oth_over(p))
		return (struct game_status){GAME_ONGOING, NULL};
	const int s = oth_final_score(p->p, p->o, othello_squares(p));
	const char *why = oth_empties(p) ? "neither side can move" : "the board is full";
	return (struct game_status){s > 0 ? GAME_WIN : s < 0 ? GAME_LOSS : GAME_DRAW, why};
}

/* Black's and white's discs. */
static inline uint64_t oth_black(const struct othello_pos *p) { return p->white ? p->o : p->p; }
static inline uint64_t oth_white(const struct othello_pos *p) { return p->white ? p->p : p->o; }

/* A board of `given` cells is another Othello's (64, 36 or 16 cells, not n x n): the game
 * to give, for a message, or "". */
static const char *oth_other_board(int given, int n)
{
	return given == n * n ? "" : given == 64 ? "; an 8x8 board is --game othello"
	       : given == 36 ? "; a 6x6 board is --game othello6"
	       : given == 16 ? "; a 4x4 board is --game othello4" : "";
}

/* The cells of board text s (to a ';'), less its last character, the side to move. */
static int oth_cells_given(const char *s)
{
	int k = 0;
	for (; *s && *s != ';'; s++)
		k += strchr("XxOo*-.", *s) != NULL;
	return k - 1;
}

/* Parses a board of n x n cells (see the top comment). */
static int oth_parse(const char *s, struct othello_pos *p, int n, struct yomi_error *err)
{
	const int cells = n * n;
	const char *text = s;
	char cb[8];   /* a character shown in a message */
	uint64_t black = 0, white = 0;
	int got = 0;
	memset(p, 0, sizeof *p);
	p->mask = n == 8 ? OTH_MASK8 : n == 6 ? OTH_MASK6 : OTH_MASK4;
	int slashes = 0;   /* '/' since the last cell */
	/* Whether a blank came before the cell being read, and whether the last cell read was
	 * an X or an O after one: a board too short for n x n, then its side to move. */
	int blank = 0, side_like = 0;
	for (; *s && *s != ';' && got < cells; s++) {
		const int c = *s;
		if (isspace((unsigned char)c)) {
			blank = 1;
			continue;
		}
		if (c == '/') {   /* only between rows, one */
			if (got % n || got == 0 || slashes++)
				return yomi_fail(err, "position: '/' after %d cell%s (rows have %d)", got,
				                 got == 1 ? "" : "s", n);
			continue;
		}
		slashes = 0;
		const int sq = (got / n) * 8 + got % n;
		if (c == 'X' || c == 'x' || c == '*')
			black |= 1ULL << sq;
		else if (c == 'O' || c == 'o')
			white |= 1ULL << sq;
		else if (c != '-' && c != '.')
			return yomi_fail(err, "position: cell %d: %s is not X, O, - or . (empty)",
			                 got + 1, yomi_char(c, cb));
		side_like = blank && strchr("XxOo*", c);
		blank = 0;
		got++;
	}
	/* a smaller board and its side to move ("-...- X" of 36 cells for the 8x8 game) is not
	 * got + 1 cells: it was said so, and a 6x6 board read as 37 cells */
	if (got < cells && side_like && got > 1)
		return yomi_fail(err, "position: %d cells and the side to move (the %dx%d board has "
		                 "%d)%s", got - 1, n, n, cells, oth_other_board(got - 1, n));
	if (got < cells)
		return yomi_fail(err, "position: %d cell%s (the %dx%d board has %d)", got,
		                 got == 1 ? "" : "s", n, n, cells);
	for (slashes = 0; *s == '/' || isspace((unsigned char)*s); s++)
		if (*s == '/' && slashes++)
			return yomi_fail(err, "position: '/' after %d cells (rows have %d)", got, n);
	if (!*s || *s == ';')
		return yomi_fail(err, "position: the side to move (X or O) is missing after the "
		                 "%d cells", cells);
	const int c = *s;
	if (c == 'X' || c == 'x' || c == '*')
		p->white = 0;
	else if (c == 'O' || c == 'o')
		p->white = 1;
	else if (c == '-' || c == '.')
		return yomi_fail(err, "position: more than %d cells (the %dx%d board)%s", cells, n, n,
		                 oth_other_board(oth_cells_given(text), n));
	else
		return yomi_fail(err, "position: side to move: %s is not X or O",
		                 yomi_char(c, cb));
	/* a cell right after it: the "side to move" was one more cell */
	if (s[1] && strchr("XxOo*-./", s[1]))
		return yomi_fail(err, "position: more than %d cells (the %dx%d board)%s", cells, n, n,
		                 oth_other_board(oth_cells_given(text), n));
	for (s++; isspace((unsigned char)*s); s++)
		;
	if (*s && *s != ';')
		return yomi_fail(err, "position: unexpected %s after the side to move",
		                 yomi_word(s, (char[32]){0}));
	p->p = p->white ? white : black;
	p->o = p->white ? black : white;
	const int discs = oth_popcount(black | white);
	p->ply = (uint32_t)(discs > 4 ? discs - 3 : 1);
	return 0;
}

static void oth_format(const struct othello_pos *p, char *buf, size_t len)
{
	const int n = oth_side(othello_squares(p));
	char s[80];
	int at = 0;
	const uint64_t b = oth_black(p), w = oth_white(p);
	for (int r = 0; r < n; r++)
		for (int f = 0; f < n; f++) {
			const int sq = r * 8 + f;
			s[at++] = (b >> sq & 1) ? 'X' : (w >> sq & 1) ? 'O' : '-';
		}
	s[at] = '\0';
	snprintf(buf, len, "%s %c", s, p->white ? 'O' : 'X');
}

static void oth_render(const struct othello_pos *p, const struct game_status *status, FILE *out)
{
	const int n = oth_side(othello_squares(p));
	const uint64_t b = oth_black(p), w = oth_white(p);
	const struct game_status own = oth_status(p);
	/* The caller's status wins: a game ended by a rule off the board (a move limit) shows
	 * that end, with no legal moves marked and no disc count taken for its result. */
	const struct game_status st = status ? *status : own;
	const uint64_t legal = st.outcome == GAME_ONGOING ? oth_moves_bb(p->p, p->o, oth_empties(p))
	                                                  : 0;
	fputs("   ", out);
	for (int f = 0; f < n; f++)
		fprintf(out, " %c", 'a' + f);
	fputc('\n', out);
	for (int r = 0; r < n; r++) {
		fprintf(out, "  %d", r + 1);
		for (int f = 0; f < n; f++) {
			const int sq = r * 8 + f;
			fprintf(out, " %c", (b >> sq & 1) ? 'X' : (w >> sq & 1) ? 'O'
			                    : (legal >> sq & 1) ? '*' : '.');
		}
		fputc('\n', out);
	}
	fprintf(out, "discs: X %d, O %d\n", oth_popcount(b), oth_popcount(w));
	if (st.outcome == GAME_ONGOING) {
		fprintf(out, "%c to move%s\n", p->white ? 'O' : 'X', legal ? " (* = legal)" : ", must pass");
		return;
	}
	const char mover = p->white ? 'O' : 'X', other = p->white ? 'X' : 'O';
	const int s = oth_final_score(b, w, othello_squares(p));
	if (own.outcome == GAME_ONGOING) {   /* ended off the board: the caller's outcome */
		if (st.outcome == GAME_DRAW)
			fprintf(out, "game over: draw (%s)\n", st.reason);
		else
			fprintf(out, "game over: %c wins (%s)\n", st.outcome == GAME_WIN ? mover : other,
			        st.reason);
	} else if (s == 0) {
		fprintf(out, "game over: draw (%s)\n", st.reason);
	} else {
		fprintf(out, "game over: %c wins by %d (%s)\n", s > 0 ? 'X' : 'O', s > 0 ? s : -s,
		        st.reason);
	}
}

static int oth_parse_move(const struct othello_pos *p, const char *text, yomi_move *m,
                          struct yomi_error *err)
{
	const char *s = text;
	while (isspace((unsigned char)*s))
		s++;
	char said[32];   /* what was typed, to quote in messages */
	yomi_said(s, said, sizeof said);
	size_t len = strlen(s);
	while (len > 0 && isspace((unsigned char)s[len - 1]))
		len--;
	const int n = oth_side(othello_squares(p));
	yomi_move mv = 0;
	if ((len == 4 && strncasecmp(s, "pass", 4) == 0) || (len == 2 && strncasecmp(s, "pa", 2) == 0) ||
	    (len == 2 && strncasecmp(s, "ps", 2) == 0) || (len == 2 && strncmp(s, "--", 2) == 0)) {
		mv = OTH_PASS;
	} else {
		const int f = tolower((unsigned char)s[0]);
		if (len != 2 || f < 'a' || f >= 'a' + n || s[1] < '1' || s[1] >= '1' + n)
			return yomi_fail(err, "move: '%s' is not a square (a1 to %c%d) or pass", said,
			                 'a' + n - 1, n);
		mv = (yomi_move)((s[1] - '1') * 8 + (f - 'a')) + 1;
	}
	yomi_move moves[OTH_MAX_MOVES];
	const int count = oth_gen(p, moves);
	if (count == 0)
		return yomi_fail(err, "move: %s: the game is over (%s)", said, oth_status(p).reason);
	for (int i = 0; i < count; i++)
		if (moves[i] == mv) {
			*m = mv;
			return 0;
		}
	if (mv == OTH_PASS)
		return yomi_fail(err, "move: pass: %c has a legal move", p->white ? 'O' : 'X');
	if (moves[0] == OTH_PASS)
		return yomi_fail(err, "move: %s: %c has no legal move and must pass", said,
		                 p->white ? 'O' : 'X');
	if (((p->p | p->o) >> (mv - 1)) & 1)
		return yomi_fail(err, "move: %s: that square is occupied", said);
	return yomi_fail(err, "move: %s: it flips no disc", said);
}

static void oth_format_move(yomi_move m, char *buf, size_t len)
{
	if (m == OTH_PASS)
		snprintf(buf, len, "pass");
	else
		snprintf(buf, len, "%c%c", 'a' + (int)(m - 1) % 8, '1' + (int)(m - 1) / 8);
}

/* ---- perft and the midgame search, instantiated from the templates ---- */

#define PERFT_NAME oth_perft_loop
#define PERFT_POS struct othello_pos
#define PERFT_MAX_MOVES OTH_MAX_MOVES
#define PERFT_GEN oth_gen
#define PERFT_PLAY oth_play
#define PERFT_OVER_LEAVES 1
#include "search/perft_template.h"

/* Exact values inside the midgame search are disc differences in hundredths, like the
 * evaluation; the report below prints proven ones in discs. */
enum { OTH_UNIT = 100 };

static inline int oth_terminal(const struct othello_pos *p, int ply)
{
	(void)ply;
	return OTH_UNIT * oth_final_score(p->p, p->o, othello_squares(p));
}

/* The midgame table's key: a 64-bit hash of both bitboards, which pick the bucket; the
 * entries store the two bitboards too (S_KEY_POS), so a hit is always this position (the
 * exact solver's own table stores both in full as well). */
static inline uint64_t oth_key64(const struct othello_pos *p)
{
	return XXH3_64bits(p, 2 * sizeof(uint64_t));
}

/* Corners first (ordering only: Othello has no captures). */
static inline int oth_tactical(const struct othello_pos *p, yomi_move m)
{
	return m != OTH_PASS && ((1ULL << (m - 1)) & oth_corners(p->mask)) ? 1 : 0;
}

/* Multi-ProbCut in the midgame search (Buro; Edax's form): at a null-window node of depth
 * OTH_MPC_MIN or more, a search of OTH_MPC_DEPTH(depth) plies (the same parity, so the
 * evaluation's side at the horizon is the same) predicts the depth-`depth` value, which
 * differs from it by a spread of oth_mpc_sigma hundredths of a disc (the slope of the
 * regression is 1 within its error, so none is applied); when the shallow search says the
 * value is beyond beta (alpha) by t spreads, the node is cut there.  The endgame fit stored
 * with the weights (struct oth_probcut) predicts exact values, a spread of 7 to 10 discs:
 * it does not fit here, where the deeper search is the target.  Measured: 300 positions of
 * 22 to 52 empties from self-play (othello-train games 7 0 300 0; sample 22 52), the
 * scores of the iterations of analyze --depth 11 compared pairwise.  Off in the last plies
 * (depth >= empties), so a search to the end of the game stays exact, and on the 6x6 and
 * 4x4 boards (no measured spread: their hand-weighted evaluation is another scale). */
#ifndef OTH_MPC_MIN
#define OTH_MPC_MIN 3
#endif
#ifndef OTH_MPC_DEPTH
#define OTH_MPC_DEPTH(d) (2 * ((d) / 4) + ((d) & 1))
#endif
#ifndef OTH_MPC_T
#define OTH_MPC_T 150   /* the margin, in hundredths of a spread (limits.probcut > 0: its) */
#endif

/* The spread (hundredths of a disc) of the depth-d value around the shallow search's of
 * depth sd, at e empties (see above). */
static inline int oth_mpc_sigma(int e, int d, int sd)
{
	/* Least squares over the pairs of depths 3 to 11 and shallower ones of the same parity,
	 * by empties (22-31, 32-41, 42-52): their spreads range from 1.3 to 7.9 discs, the
	 * line's error is 0.4.  Beyond (deeper, fewer or more empties) it extrapolates. */
	const int s = (6185 + 320 * d - 581 * sd - 78 * e) / 10;
	return s < 100 ? 100 : s;
}

/* S_PROBCUT (search_template.h) for *p at depth. */
static inline int oth_probcut(const struct search_ctx *ctx, const struct othello_pos *p,
                              int depth, int alpha, int beta, int *lo, int *hi)
{
	const int e = oth_popcount(oth_empties(p));
	if (depth < OTH_MPC_MIN || depth >= e || ctx->limits.probcut < 0 || p->mask != OTH_MASK8 ||
	    ctx->limits.eval_material || !oth_weights_in_use)
		return -1;
	const int sd = OTH_MPC_DEPTH(depth);
	const int t = ctx->limits.probcut ? ctx->limits.probcut : OTH_MPC_T;
	const int margin = t * oth_mpc_sigma(e, depth, sd) / 100;
	*hi = beta >= SCORE_HEURISTIC_MAX ? SCORE_INF : beta + margin;
	*lo = alpha <= -SCORE_HEURISTIC_MAX ? -SCORE_INF : alpha - margin;
	return sd;
}

#define S_PREFIX oth
#define S_POS struct othello_pos
#define S_MAX_MOVES OTH_MAX_MOVES
#define S_GEN oth_gen
#define S_GEN_TACTICAL(p, mv, keys) ((void)(p), (void)(mv), (void)(keys), 0)
#define S_PLAY oth_play
#define S_TERMINAL oth_terminal
#define S_NO_MOVES oth_terminal
#define S_EVAL oth_eval
#define S_EVAL_MATERIAL oth_eval_hand   /* eval=hand (or material): the hand-weighted one */
#define S_KEY oth_key64
#define S_KEY_POS(p, i) ((i) ? (p)->o : (p)->p)
#define S_TACTICAL oth_tactical
#define S_MOVE_INDEX(m) ((int)(m))
#define S_REPETITION 0
#define S_PROBCUT oth_probcut
#include "search/search_template.h"

/* ---- binding to the generic interface ---- */

/* Default --exact-at: the most empty squares at which analyze solves exactly at once
 * (measured: 20 empties take about a second on one core here). */
enum { OTH_EXACT_AT_DEFAULT = 20 };
/* Up to this many empty squares, a search without a depth limit below them converges to
 * the exact value: evaluation, then selective solves, then the exact one (oth_converge). */
enum { OTH_REACH = 30 };
/* The depth of the evaluation's iterations before the selective solves, at n empties. */
static int oth_converge_depth(int n) { return n - 10 < 4 ? 4 : n - 10; }

struct oth_report_wrap {
	search_report_fn report;
	void *arg;
	int pass_final;       /* 0: a phase of a longer search, whose final report is not its own */
};

/* Passes the midgame search's reports on, proven values turned from hundredths to discs. */
static void oth_report_discs(const struct search_report *r, const void *root, void *arg)
{
	const struct oth_report_wrap *w = arg;
	struct search_line lines[SEARCH_MAX_MULTIPV];
	struct search_report r2 = *r;
	if (r->final && !w->pass_final)
		return;
	for (int k = 0; k < r->nlines; k++) {
		lines[k] = r->lines[k];
		if (lines[k].proven && !score_is_mate(lines[k].score))
			lines[k].score /= OTH_UNIT;
	}
	r2.lines = lines;
	w->report(&r2, root, w->arg);
}

/* The midgame search; pass_final: its final report is the search's last. */
static void oth_midgame(struct search_ctx *ctx, const struct othello_pos *pos, int pass_final)
{
	struct oth_report_wrap w = {ctx->report, ctx->report_arg, pass_final};
	if (ctx->report) {
		ctx->report = oth_report_discs;
		ctx->report_arg = &w;
	}
	oth_search(ctx, pos);
	ctx->report = w.report;
	ctx->report_arg = w.arg;
	for (int k = 0; k < ctx->nlines; k++)
		if (ctx->lines[k].proven && !score_is_mate(ctx->lines[k].score))
			ctx->lines[k].score /= OTH_UNIT;
}

/* One report of the solver's results in ctx->lines (final: the search's last). */
static void oth_report_lines(struct search_ctx *ctx, const struct othello_pos *pos, int depth,
                             int confidence, int final)
{
	if (!ctx->report)
		return;
	const struct search_report r = {depth, depth, ctx->nodes, search_clock() - ctx->start,
	                                ctx->nlines, ctx->lines, final, confidence};
	ctx->report(&r, pos, ctx->report_arg);
}

/* The exact values of the ctx->limits.multipv best moves of *pos (not over), each with a
 * perfect line, into ctx->lines, best first; keep_table as othello_solve_sel's.  Returns 0,
 * or -1 when stopped (ctx->lines untouched). */
static int oth_exact_lines(struct search_ctx *ctx, const struct othello_pos *pos, int keep_table)
{
	yomi_move moves[OTH_MAX_MOVES];
	int scores[OTH_MAX_MOVES];
	int n = 1;
	if (ctx->limits.multipv > 1)
		n = othello_solve_multipv(ctx, pos, ctx->limits.multipv, keep_table, moves, scores);
	else if (othello_solve_sel(ctx, pos, OTH_SEL_EXACT, keep_table, scores, moves))
		n = -1;
	if (n < 0)
		return -1;
	struct search_line found[SEARCH_MAX_MULTIPV];
	for (int k = 0; k < n; k++) {
		struct search_line *l = &found[k];
		struct othello_pos next;
		l->score = scores[k];
		l->proven = 1;
		l->pv[0] = moves[k];
		l->len = 1;
		if (!othello_play(pos, moves[k], &next)) {
			const int len = othello_solve_pv(ctx, &next, -scores[k], l->pv + 1,
			                                 SEARCH_MAX_PLY - 1);
			if (len < 0)
				return -1;
			l->len += len;
		}
	}
	memcpy(ctx->lines, found, (size_t)n * sizeof *found);
	ctx->nlines = n;
	ctx->stopped = 0;
	ctx->depth_done = oth_popcount(oth_empties(pos));
	return 0;
}

/* The solve of *pos within reach of the exact solver, as the time allows: the evaluation's
 * iterations to oth_converge_depth plies, then (if selective) solves with ProbCut at growing
 * confidence (73%, 95%, 99%, reported as depth E@C%, scores in hundredths: they are
 * estimates), then the exact solve (=V).  Three passes, not Edax's five (73, 87, 95, 98,
 * 99): FFO #41-#44 analyzed with no limit, 236 M nodes in all against 269 M (the direct
 * solves: 188 M).  Each pass keeps the table of the one before (its moves order the next
 * pass), so the passes together cost about what the exact solve alone would (Edax's
 * iterative selectivity).  Several lines (--multipv) go from the iterations to the exact
 * values of the lines, each move's own. */
static void oth_converge(struct search_ctx *ctx, const struct othello_pos *pos, int empties,
                         int selective)
{
	const struct search_limits keep = ctx->limits;
	if (ctx->limits.depth > oth_converge_depth(empties))
		ctx->limits.depth = oth_converge_depth(empties);
	oth_midgame(ctx, pos, 0);
	ctx->limits = keep;
	static const int confidence[] = {73, 95, 99};   /* measured below */
	int passes = 0, sure = 0;   /* sure: the last pass's confidence */
	for (size_t i = 0; i < sizeof confidence / sizeof *confidence && !ctx->stopped &&
	                   selective && ctx->limits.multipv == 1; i++) {
		if (ctx->limits.seconds > 0 && search_clock() - ctx->start > ctx->limits.seconds * 0.5)
			break;
		int score;
		yomi_move best;
		if (othello_solve_sel(ctx, pos, confidence[i], passes++ > 0, &score, &best))
			break;
		struct search_line *l = &ctx->lines[0];
		struct othello_pos next;
		l->score = OTH_UNIT * score;
		l->proven = 0;
		l->pv[0] = best;
		l->len = 1;
		if (best != OTH_PASS && !othello_play(pos, best, &next)) {
			const int len = othello_solve_pv_sel(ctx, &next, -score, confidence[i],
			                                     l->pv + 1, SEARCH_MAX_PLY - 1);
			if (len > 0)   /* (a stop during the line keeps the pass's move) */
				l->len += len;
		}
		ctx->nlines = 1;
		ctx->depth_done = empties;
		sure = confidence[i];
		oth_report_lines(ctx, pos, empties, sure, 0);
	}
	if (!ctx->stopped && oth_exact_lines(ctx, pos, passes > 0) == 0) {
		sure = 0;
		oth_report_lines(ctx, pos, empties, 0, 0);
	}
	ctx->stopped = 0;
	oth_report_lines(ctx, pos, ctx->depth_done, sure, 1);
}

/* Iterative deepening with the evaluation; within ctx->limits.exact_at empty squares (0: the
 * default, -1: never), the exact solver at once; between that and OTH_REACH, without a
 * depth limit below the empty squares, oth_converge. */
static void g_search(struct search_ctx *ctx, const void *vpos)
{
	const struct othello_pos *pos = vpos;
	const int empties = oth_popcount(oth_empties(pos));
	othello_eval_init();
	const int exact_at = ctx->limits.exact_at ? ctx->limits.exact_at : OTH_EXACT_AT_DEFAULT;
	if (exact_at < 0 || ctx->limits.depth < empties || empties > OTH_REACH) {
		oth_midgame(ctx, pos, 1);
		return;
	}
	ctx->start = search_clock();
	if (empties > exact_at) {
		oth_converge(ctx, pos, empties, 1);
		return;
	}
	if (ctx->limits.seconds > 0 || ctx->limits.nodes) {
		/* A limit may stop the solve: the evaluation's iterations first, so that a stopped
		 * solve still has their answer (a game at a few seconds a move used to play the
		 * one-ply move of every position whose solve did not fit). */
		oth_converge(ctx, pos, empties, 0);
		return;
	}
	/* A one-ply answer first, kept in case Ctrl-C stops the solve. */
	const struct search_limits keep = ctx->limits;
	const search_report_fn report = ctx->report;
	ctx->limits.depth = 1;
	ctx->limits.threads = 1;
	ctx->report = NULL;
	oth_midgame(ctx, pos, 1);
	ctx->limits = keep;
	ctx->report = report;
	ctx->start = search_clock();
	if (oth_exact_lines(ctx, pos, 0) == 0)
		oth_report_lines(ctx, pos, empties, 0, 0);
	ctx->stopped = 0;
	oth_report_lines(ctx, pos, ctx->depth_done, 0, 1);
}

static int g_solve_exact(const void *pos, struct search_ctx *ctx, int *score, yomi_move *best)
{
	othello_eval_init();   /* the solver's move order evaluates */
	ctx->start = search_clock();
	return othello_solve(ctx, pos, score, best);
}

/* The exact solver's reach, by empty squares: FFO #79, the hardest problem in data/othello,
 * has 36.  Measured (bench/othello-ffo.sh): 28 M nodes a second on one core, and each empty
 * square more costs 2 to 3 times the nodes (#40, 20 empties: 0.017 G nodes, under a second;
 * #54, 28 empties: 17 G nodes, 9 minutes), so 36 empties are days, and the 8x8 start (60)
 * past any machine's lifetime. */
enum { OTH_SOLVE_REACH = 36 };

static int g_solve_reach(const void *pos, struct yomi_error *err)
{
	const int empties = oth_popcount(oth_empties(pos));
	if (empties <= OTH_SOLVE_REACH)
		return 0;
	return yomi_fail(err, "position: %d empty squares: an exact solve is out of reach above "
	                 "%d (each one more takes 2 to 3 times as long); analyze searches it",
	                 empties, OTH_SOLVE_REACH);
}

/* Perft as published for Othello (data/othello/perft.txt): passes are plies, and a finished
 * game counts as one leaf at every depth beyond its end. */
static uint64_t g_perft(const void *pos, int depth, uint64_t *ends)
{
	if (oth_over(pos))
		return 1;
	return oth_perft_loop(pos, depth, ends);
}

static int g_moves(const void *pos, yomi_move *moves) { return oth_gen(pos, moves); }
static int g_play(const void *pos, yomi_move m, void *out) { return oth_play(pos, m, out); }
static struct game_status g_status(const void *pos) { return oth_status(pos); }

/* Black's and white's discs, and the side to move folded in: when white is to move the
 * empty squares are added to the second word, so equal keys mean equal positions (a full
 * board, where the side to move does not matter, aside). */
static struct game_key g_key(const void *pos)
{
	const struct othello_pos *p = pos;
	const uint64_t b = oth_black(p), w = oth_white(p);
	return (struct game_key){{b, p->white ? w | ~b : w}};
}

static void g_format(const void *pos, int notation, char *buf, size_t len)
{
	(void)notation;
	oth_format(pos, buf, len);
}

static void g_render(const void *pos, const struct game_status *status, enum board_lang lang,
                     FILE *out)
{
	(void)lang;
	oth_render(pos, status, out);
}

static int g_parse_move(const void *pos, const char *text, yomi_move *m, struct yomi_error *err)
{
	return oth_parse_move(pos, text, m, err);
}

static void g_format_move(const void *pos, yomi_move m, char *buf, size_t len)
{
	(void)pos;
	oth_format_move(m, buf, len);
}

static void g_start8(void *pos) { oth_start(pos, 8); }
static void g_start6(void *pos) { oth_start(pos, 6); }
static void g_start4(void *pos) { oth_start(pos, 4); }
static int g_parse8(const char *t, void *pos, struct yomi_error *e) { return oth_parse(t, pos, 8, e); }
static int g_parse6(const char *t, void *pos, struct yomi_error *e) { return oth_parse(t, pos, 6, e); }
static int g_parse4(const char *t, void *pos, struct yomi_error *e) { return oth_parse(t, pos, 4, e); }

static const struct game_notation oth_notations[] = {
	{"obf", "the endgame test files' board: cells row by row from a1 (X, O, -), then the "
	        "side to move: ---------------------------OX------XO--------------------------- X"},
	{NULL, NULL},
};

/* How the boards look (the web page draws them): discs, black (X) for the first player. */
static const struct game_piece_kind oth_kinds[] = {{"X", {"disc", "石"}, {NULL, NULL}, 0, NULL}};
#define OTH_LOOK(N, FILES, RANKS)                                                          \
	static const struct game_look oth_look##N = {                                      \
		.style = "disc", .width = N, .height = N,                                  \
		.files = {FILES, FILES}, .ranks = {RANKS, RANKS},                          \
		.sides = {{"black (X)", "黒"}, {"white (O)", "白"}},                        \
		.nkinds = 1, .kinds = oth_kinds};
OTH_LOOK(8, "a b c d e f g h", "1 2 3 4 5 6 7 8")
OTH_LOOK(6, "a b c d e f", "1 2 3 4 5 6")
OTH_LOOK(4, "a b c d", "1 2 3 4")

static void g_board(const void *pos, struct game_board *b)
{
	const struct othello_pos *p = pos;
	const int n = oth_side(othello_squares(p));
	const uint64_t black = oth_black(p), white = oth_white(p);
	*b = (struct game_board){.turn = p->white};
	for (int r = 0; r < n; r++)
		for (int f = 0; f < n; f++)
			b->square[r * n + f] = (int8_t)((black >> (r * 8 + f) & 1) ? 1
			                                : (white >> (r * 8 + f) & 1) ? -1 : 0);
}

#define OTH_GAME(NAME, TITLE, N, DEPTH)                                                    \
	const struct game game_##NAME = {                                                  \
		.name = #NAME,                                                             \
		.title = TITLE,                                                            \
		.pos_size = sizeof(struct othello_pos),                                    \
		.max_moves = OTH_MAX_MOVES,                                                \
		.notations = oth_notations,                                                \
		.start = g_start##N,                                                       \
		.parse = g_parse##N,                                                       \
		.format = g_format,                                                        \
		.render = g_render,                                                        \
		.status = g_status,                                                        \
		.moves = g_moves,                                                          \
		.play = g_play,                                                            \
		.parse_move = g_parse_move,                                                \
		.format_move = g_format_move,                                              \
		.key = g_key,                                                              \
		.perft = g_perft,                                                          \
		.search = g_search,                                                        \
		.bench_depth = DEPTH,                                                      \
		.solve_exact = g_solve_exact,                                              \
		.solve_reach = g_solve_reach,                                              \
		.look = &oth_look##N,                                                      \
		.board = g_board,                                                          \
		.family = "Othello",                                                       \
		.board_side = N,                                                           \
	};

OTH_GAME(othello, "Othello (8x8)", 8, 9)
OTH_GAME(othello6, "Othello on the 6x6 board", 6, 11)
OTH_GAME(othello4, "Othello on the 4x4 board", 4, 12)
