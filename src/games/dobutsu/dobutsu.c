/*
 * dobutsu.c - Dobutsu shogi: attack tables, game status, packed key, and the binding of
 * these rules to the generic interface (struct game) and the generic perft loop.
 */
#include <string.h>

#include "games/dobutsu/dobutsu.h"
#include "games/dobutsu/dobutsu_eval.h"
#include "games/dobutsu/dobutsu_mate.h"
#include "games/dobutsu/dobutsu_policy.h"
#include "games/dobutsu/dobutsu_policy_weights.h"
#include "yomi/search.h"
#include "yomi/solve.h"

/* Generated from the step sets: lion all 8, giraffe orthogonal, elephant diagonal, chick
 * forward, hen orthogonal + diagonally forward; "forward" is towards rank 1 for the first
 * player.  tests/test_dobutsu.c recomputes it from those rules. */
const uint16_t dob_att[2][DOB_TYPES][DOB_SQUARES] = {
	{ /* first player */
		{0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000}, /* empty */
		{0x000, 0x000, 0x000, 0x001, 0x002, 0x004, 0x008, 0x010, 0x020, 0x040, 0x080, 0x100}, /* chick */
		{0x010, 0x028, 0x010, 0x082, 0x145, 0x082, 0x410, 0xa28, 0x410, 0x080, 0x140, 0x080}, /* elephant */
		{0x00a, 0x015, 0x022, 0x051, 0x0aa, 0x114, 0x288, 0x550, 0x8a0, 0x440, 0xa80, 0x500}, /* giraffe */
		{0x01a, 0x03d, 0x032, 0x0d3, 0x1ef, 0x196, 0x698, 0xf78, 0xcb0, 0x4c0, 0xbc0, 0x580}, /* lion */
		{0x00a, 0x015, 0x022, 0x053, 0x0af, 0x116, 0x298, 0x578, 0x8b0, 0x4c0, 0xbc0, 0x580}, /* hen */
	},
	{ /* second player */
		{0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000}, /* empty */
		{0x008, 0x010, 0x020, 0x040, 0x080, 0x100, 0x200, 0x400, 0x800, 0x000, 0x000, 0x000}, /* chick */
		{0x010, 0x028, 0x010, 0x082, 0x145, 0x082, 0x410, 0xa28, 0x410, 0x080, 0x140, 0x080}, /* elephant */
		{0x00a, 0x015, 0x022, 0x051, 0x0aa, 0x114, 0x288, 0x550, 0x8a0, 0x440, 0xa80, 0x500}, /* giraffe */
		{0x01a, 0x03d, 0x032, 0x0d3, 0x1ef, 0x196, 0x698, 0xf78, 0xcb0, 0x4c0, 0xbc0, 0x580}, /* lion */
		{0x01a, 0x03d, 0x032, 0x0d1, 0x1ea, 0x194, 0x688, 0xf50, 0xca0, 0x440, 0xa80, 0x500}, /* hen */
	},
};

void dobutsu_sync(struct dobutsu_pos *p)
{
	memset(p->bb, 0, sizeof p->bb);
	p->lion[0] = p->lion[1] = DOB_NO_SQUARE;
	for (int sq = 0; sq < DOB_SQUARES; sq++) {
		if (!p->board[sq])
			continue;
		const int colour = p->board[sq] >> 3, type = p->board[sq] & 7;
		p->bb[colour][0] |= (uint16_t)(1u << sq);
		p->bb[colour][type] |= (uint16_t)(1u << sq);
		if (type == DOB_LION)
			p->lion[colour] = (uint8_t)sq;
	}
}

void dobutsu_start(struct dobutsu_pos *p)
{
	static const char start[DOB_SQUARES + 1] = "gle" ".c." ".C." "ELG";
	memset(p, 0, sizeof *p);
	for (int sq = 0; sq < DOB_SQUARES; sq++) {
		const char *types = ".CEGLH", *t = strchr(types, start[sq] & ~0x20);
		if (start[sq] != '.')
			p->board[sq] = (uint8_t)((t - types) | (start[sq] >= 'a') << 3);
	}
	p->ply = 1;
	dobutsu_sync(p);
}

struct game_status dobutsu_status(const struct dobutsu_pos *p)
{
	const int us = p->stm, them = us ^ 1;
	if (p->lion[us] == DOB_NO_SQUARE)
		return (struct game_status){GAME_LOSS, "lion captured"};
	if (p->lion[them] == DOB_NO_SQUARE)   /* only reachable by parsing such a position */
		return (struct game_status){GAME_WIN, "lion captured"};
	if ((dob_far_rank(us) >> p->lion[us]) & 1)
		return (struct game_status){GAME_WIN, "try: the lion survived on the far rank"};
	if (((dob_far_rank(them) >> p->lion[them]) & 1) && !dob_attacked(p, p->lion[them], us))
		return (struct game_status){GAME_LOSS, "try: the enemy lion reached the far rank"};
	if (dob_count_moves(p) == 0)
		return (struct game_status){GAME_LOSS, "no legal move"};
	return (struct game_status){GAME_ONGOING, NULL};
}

struct game_key dobutsu_key(const struct dobutsu_pos *p)
{
	return (struct game_key){{dob_key64(p), 0}};
}

/* ---- binding to the generic interface ---- */

#define PERFT_NAME dobutsu_perft_loop
#define PERFT_POS struct dobutsu_pos
#define PERFT_MAX_MOVES DOB_MAX_MOVES
#define PERFT_GEN dobutsu_gen
#define PERFT_PLAY dobutsu_play
#include "search/perft_template.h"

/* Search: a finished game scores as a win or loss at its ply; so does having no move. */
static inline int dob_terminal_score(const struct dobutsu_pos *p, int ply)
{
	const enum game_outcome o = dobutsu_status(p).outcome;
	return o == GAME_WIN ? SCORE_WIN - ply : o == GAME_LOSS ? -(SCORE_WIN - ply) : 0;
}

#define S_PREFIX dobutsu
#define S_POS struct dobutsu_pos
#define S_MAX_MOVES DOB_MAX_MOVES
#define S_GEN dobutsu_gen
#define S_GEN_TACTICAL dobutsu_gen_tactical
#define S_GEN_QUIET dobutsu_gen_quiet
#define S_PLAY dobutsu_play
#define S_TERMINAL dob_terminal_score
#define S_NO_MOVES(p, ply) (-(SCORE_WIN - (ply)))
#define S_EVAL dobutsu_eval
#define S_EVAL_MATERIAL dobutsu_eval_material
#define S_KEY dob_key64
#define S_KEY_AFTER dob_key_after
#define S_TACTICAL dob_tactical
#define S_MOVE_INDEX(m) ((int)((m) & 511))
#define S_REPETITION 1
/* The mate search's tests rely on a Dobutsu result's parity: a win is always an odd number of
 * plies away, a loss an even number (the only move that ends the game against its mover,
 * leaving the enemy lion on our back rank, is never best: taking that lion wins).  The
 * table of every position says the same: `yomi solve --stats` lists no even win and no odd
 * loss. */
#define S_MATE_SEARCH 1
#define S_HAS_MOVES dob_has_moves
#define S_MATE1 dob_mate1
#define S_THREAT dob_threat
#define S_WIN_MOVE dob_lion_capture
#define S_QUIET3 dob_quiet3
#define S_STAGED 2   /* nodes 1-2 plies from the horizon: tactical moves first (dobutsu_gen_tactical) */
#define S_QUIET3_MOVE dob_quiet3_move
#define S_SAFE2 dob_safe2
#define S_MATE2 dob_mate2
/* From 7 plies above the horizon the table's move is keyed too, ranked by its score plus a
 * bonus of one unit of the score's log-odds (DOB_POLICY_TT_BONUS).  bench/forced-nodes.sh,
 * before the distance's iterative deepening (search_template.h): 229 M nodes in all with
 * SEARCH_MATE_SHARE_LEAN.  Without that share: 273 M; from 5 plies, 264 M with a bonus of
 * 256, 272 M with none (the table's move a move like the others), 283 M with 512, 335 M
 * with 1024; and 362 M with the table's move always first. */
#define S_MATE_ORDER_TT_DEPTH 7
#define DOB_POLICY_TT_BONUS 256
/* S_MATE_ORDER: the moves of the side the mate search asks for a win (attack 1), or of the
 * side it asks not to lose (attack 0), keyed by dobutsu_policy.h's score with that side's
 * weights, above the tactical moves; the table's move (keyed 1 << 30, from
 * S_MATE_ORDER_TT_DEPTH plies) by that score plus DOB_POLICY_TT_BONUS, and a move that ends
 * the game before the others.  Keyed above 1 << 28 like tactical moves, their
 * cutoffs feed no killers or history (so it was measured).  From 5 plies above the horizon:
 * nearer, the score costs more time than its nodes save.  The hardest forced result,
 * S/l--/-e-/-E-/-L-/ccGg, took 7.7 s from 5 plies, 11.2 s from 7, and 10.7 s from 3 in an
 * experimental build (13.1 s without), the winner's order alone. */
static inline void dob_mate_order(const struct dobutsu_pos *p, const yomi_move *moves, int n,
                                  int *keys, int attack)
{
	const int16_t *weights = dob_policy_weights[!attack];
	const int flight0 = dob_policy_flight(p, p->stm ^ 1, dob_attacks(p, p->stm));
	for (int i = 0; i < n; i++) {
		const int bonus = keys[i] >= 1 << 30 ? DOB_POLICY_TT_BONUS : 0;
		struct dobutsu_pos q;
		if (dobutsu_play(p, moves[i], &q)) {
			keys[i] = (1 << 29) + (1 << 25);
			continue;
		}
		int f[PF_MAX];
		const int nf = dob_policy_features(p, moves[i], &q, flight0, f);
		int score = bonus;
		for (int j = 0; j < nf; j++)
			score += weights[f[j]];
		keys[i] = (1 << 29) + (1 << 20) + score;
	}
#ifdef DOB_POLICY_DUMP
	dob_policy_dump(p, attack);
#endif
}
#define S_MATE_ORDER dob_mate_order
#define S_MATE_ORDER_DEPTH 5
#include "search/search_template.h"

static void g_search(struct search_ctx *ctx, const void *pos) { dobutsu_search(ctx, pos); }

static uint64_t g_perft(const void *pos, int depth, uint64_t *ends)
{
	if (dobutsu_status(pos).outcome != GAME_ONGOING)
		return depth == 0;
	return dobutsu_perft_loop(pos, depth, ends);
}

static int g_moves(const void *pos, yomi_move *moves)
{
	if (dobutsu_status(pos).outcome != GAME_ONGOING)
		return 0;
	return dobutsu_gen(pos, moves);
}

static int g_play(const void *pos, yomi_move m, void *out) { return dobutsu_play(pos, m, out); }
static void g_start(void *pos) { dobutsu_start(pos); }
static struct game_status g_status(const void *pos) { return dobutsu_status(pos); }
static struct game_key g_key(const void *pos) { return dobutsu_key(pos); }
static int g_parse(const char *text, void *pos, struct yomi_error *err)
{
	return dobutsu_parse(text, pos, err);
}
static void g_format(const void *pos, int notation, char *buf, size_t len)
{
	dobutsu_format(pos, notation, buf, len);
}
static void g_render(const void *pos, const struct game_status *status, enum board_lang lang,
                     FILE *out)
{
	dobutsu_render(pos, status, lang, out);
}
static int g_parse_move(const void *pos, const char *text, yomi_move *m, struct yomi_error *err)
{
	return dobutsu_parse_move(pos, text, m, err);
}
static void g_format_move(const void *pos, yomi_move m, char *buf, size_t len)
{
	dobutsu_format_move(pos, m, buf, len);
}

static void g_format_move_as(const void *pos, yomi_move m, int notation, char *buf, size_t len)
{
	if (notation == 1)
		dobutsu_format_move_usi(pos, m, buf, len);
	else
		dobutsu_format_move(pos, m, buf, len);
}

static const struct game_notation dobutsu_move_notations[] = {
	{"long", "yomi's: Cb3-b2, Cb3xb2, C*b2 (b3b2 is read too)"},
	{"usi", "USI as Fairy-Stockfish and pychess write it, files 1-3 from the right, ranks a-d "
	        "from the top: 2c2b, C*2b, 2b2a+"},
	{NULL, NULL},
};

static const struct game_notation dobutsu_notations[] = {
	{"sfen", "SFEN style, as shogi users write it: gle/1c1/1C1/ELG b - 1"},
	{"clausecker", "the dobutsu tablebase program's: S/gle/-c-/-C-/ELG/-"},
	{"fen", "Fairy-Stockfish's and pychess's FEN, w the first player: gle/1c1/1C1/ELG[] w - - 0 1"},
	{NULL, NULL},
};

const struct game game_dobutsu = {
	.name = "dobutsu",
	.title = "Dobutsu shogi (3x4 animal shogi)",
	.pos_size = sizeof(struct dobutsu_pos),
	.max_moves = DOB_MAX_MOVES,
	.notations = dobutsu_notations,
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
	.bench_depth = 13,
	.solver = &dobutsu_solver,
	.look = &dobutsu_look,
	.board = dobutsu_board,
	.move_notations = dobutsu_move_notations,
	.format_move_as = g_format_move_as,
};
