/*
 * shogi.c - shogi's position set-up, game status and keys, and the binding of its rules to
 * the generic interface (struct game) and the generic perft and search loops.
 */
#include <string.h>

#include "games/shogi/shogi.h"
#include "games/shogi/shogi_eval.h"
#include "games/shogi/shogi_gen.h"
#include "games/shogi/shogi_notation.h"
#include "games/shogi/shogi_record.h"
#include "yomi/search.h"

void sg_sync(struct shogi_pos *p)
{
	uint8_t board[SG_SQUARES];
	memcpy(board, p->board, sizeof board);
	p->occ[0] = p->occ[1] = 0;
	memset(p->group, 0, sizeof p->group);
	p->key = 0;
	p->king[0] = p->king[1] = SG_NO_SQUARE;
	for (int sq = 0; sq < SG_SQUARES; sq++) {
		p->board[sq] = 0;
		if (!board[sq])
			continue;
		sg_put(p, sq, board[sq]);
		if (sg_type(board[sq]) == SG_KING)
			p->king[sg_colour(board[sq])] = (uint8_t)sq;
	}
	for (int c = 0; c < 2; c++)
		for (int t = SG_PAWN; t <= SG_GOLD; t++)
			p->key ^= sg_t.zob_hand[c][t][p->hand[c][t]];
	if (p->stm)
		p->key ^= sg_t.zob_side;
	const int us = p->stm, them = us ^ 1;
	p->checkers = p->king[us] < SG_SQUARES
	                  ? sg_attackers(p, them, p->king[us], sg_occupied(p)) : 0;
	p->material = (int16_t)sg_eval_incremental(p);
}

void sg_start(struct shogi_pos *p)
{
	struct yomi_error err;
	shogi_parse(SG_START_SFEN, p, &err);
}

uint64_t sg_key2(const struct shogi_pos *p)
{
	uint64_t k = p->stm ? sg_t.zob2_side : 0;
	for (int sq = 0; sq < SG_SQUARES; sq++)
		if (p->board[sq])
			k ^= sg_t.zob2_board[p->board[sq]][sq];
	for (int c = 0; c < 2; c++)
		for (int t = SG_PAWN; t <= SG_GOLD; t++)
			k ^= sg_t.zob2_hand[c][t][p->hand[c][t]];
	return k;
}

struct game_status shogi_status(const struct shogi_pos *p)
{
	if (p->declared)
		return (struct game_status){GAME_LOSS, "entering-king declaration"};
	if (sg_count(p) == 0)
		return (struct game_status){GAME_LOSS, p->checkers ? "checkmate" : "no legal move"};
	return (struct game_status){GAME_ONGOING, NULL};
}

/* Sennichite: the fourth time a position stands is a draw, unless one side gave check with
 * every one of its moves since the first time (the `plies` before this one): that side
 * loses.  pos->checks counts each side's checking moves in a row up to pos. */
static struct game_status shogi_repetition(const void *pos, int count, int plies)
{
	const struct shogi_pos *p = pos;
	if (count < 4)
		return (struct game_status){GAME_ONGOING, NULL};
	const int us = p->stm, them = us ^ 1, half = plies / 2;
	const int they_checked = p->checks[them] >= half, we_checked = p->checks[us] >= half;
	if (they_checked && !we_checked)
		return (struct game_status){GAME_WIN, "perpetual check"};
	if (we_checked && !they_checked)
		return (struct game_status){GAME_LOSS, "perpetual check"};
	return (struct game_status){GAME_DRAW, "sennichite: fourfold repetition"};
}

/* ---- binding to the generic interface ---- */

/* perft without `ends`: the last ply counted, not listed (sg_count). */
#define PERFT_NAME shogi_perft_count
#define PERFT_POS struct shogi_pos
#define PERFT_MAX_MOVES SG_MAX_MOVES
#define PERFT_GEN sg_gen
#define PERFT_PLAY sg_play
#define PERFT_COUNT sg_count
#include "search/perft_template.h"

/* perft with `ends`: a move that mates ends the game (counted as it does). */
static inline int sg_play_ends(const struct shogi_pos *p, yomi_move m, struct shogi_pos *q)
{
	return sg_play(p, m, q) || sg_count(q) == 0;
}
#define PERFT_NAME shogi_perft_ends
#define PERFT_POS struct shogi_pos
#define PERFT_MAX_MOVES SG_MAX_MOVES
#define PERFT_GEN sg_gen
#define PERFT_PLAY sg_play_ends
#include "search/perft_template.h"

#include "games/shogi/shogi_search.h"
#define S_PREFIX shogi
#define S_POS struct shogi_pos
#define S_MAX_MOVES SG_MAX_MOVES
#define S_GEN sg_gen
#define S_GEN_TACTICAL sg_gen_tactical
#define S_PLAY sg_play
#define S_TERMINAL sg_terminal
#define S_NO_MOVES(p, ply) (-(SCORE_WIN - (ply)))
#define S_EVAL shogi_eval
#define S_EVAL_MATERIAL shogi_eval_material
#define S_KEY(p) ((p)->key)
#define S_KEY_AFTER sg_key_after
#define S_TACTICAL sg_tactical
#define S_MOVE_INDEX sg_move_index
#define S_REPETITION 1
#define S_REPEAT_SCORE sg_repeat_score
#define S_HAS_MOVES(p) (sg_count(p) > 0)
#define S_EXTEND sg_extend
#include "search/search_template.h"

static void g_search(struct search_ctx *ctx, const void *pos) { shogi_search(ctx, pos); }

static uint64_t g_perft(const void *pos, int depth, uint64_t *ends)
{
	if (shogi_status(pos).outcome != GAME_ONGOING)
		return depth == 0;
	return ends ? shogi_perft_ends(pos, depth, ends) : shogi_perft_count(pos, depth, NULL);
}

static int g_moves(const void *pos, yomi_move *moves)
{
	if (((const struct shogi_pos *)pos)->declared)
		return 0;
	return sg_gen(pos, moves);
}

static int g_play(const void *pos, yomi_move m, void *out)
{
	struct shogi_pos q;
	sg_play(pos, m, &q);
	memcpy(out, &q, sizeof q);
	return shogi_status(&q).outcome != GAME_ONGOING;
}

static void g_start(void *pos) { sg_start(pos); }
static struct game_status g_status(const void *pos) { return shogi_status(pos); }
static struct game_key g_key(const void *pos)
{
	return (struct game_key){{((const struct shogi_pos *)pos)->key, sg_key2(pos)}};
}
static int g_parse(const char *text, void *pos, struct yomi_error *err)
{
	return shogi_parse(text, pos, err);
}
static void g_format(const void *pos, int notation, char *buf, size_t len)
{
	(void)notation;
	shogi_format(pos, buf, len);
}
static void g_render(const void *pos, const struct game_status *status, enum board_lang lang,
                     FILE *out)
{
	shogi_render(pos, status, lang, out);
}
static int g_parse_move(const void *pos, const char *text, yomi_move *m, struct yomi_error *err)
{
	return shogi_parse_move(pos, text, m, err);
}
static void g_format_move(const void *pos, yomi_move m, char *buf, size_t len)
{
	shogi_format_move(pos, m, buf, len);
}

/* Move notation 1, "ja": the Japanese long form of KIF records, for people (play --lang ja);
 * 0 is USI's, format_move's. */
static void g_format_move_as(const void *pos, yomi_move m, int notation, char *buf, size_t len)
{
	if (notation == 1)
		shogi_format_move_ja(pos, m, -1, buf, len);
	else
		shogi_format_move(pos, m, buf, len);
}

extern const struct game_look shogi_look;
void shogi_board(const void *pos, struct game_board *b);

/* The move notations: USI's, which the protocols find by name (a move's canonical form),
 * and the Japanese long form (play --lang ja). */
static const struct game_notation shogi_move_notations[] = {
	{"usi", "USI: 7g7f, 8h2b+, P*5e, and win for the entering-king declaration"},
	{"ja", "the Japanese long form, as KIF records write it: ７六歩(77), ２二角成(88), ５五角打"},
	{NULL, NULL},
};

static const struct game_notation shogi_notations[] = {
	{"sfen", "SFEN, as USI engines and GUIs write it: lnsgkgsnl/1r5b1/ppppppppp/9/9/9/"
	         "PPPPPPPPP/1B5R1/LNSGKGSNL b - 1, or startpos"},
	{NULL, NULL},
};

const struct game game_shogi = {
	.name = "shogi",
	.title = "Shogi (9x9 hon-shogi)",
	.pos_size = sizeof(struct shogi_pos),
	.max_moves = SG_MAX_MOVES,
	.notations = shogi_notations,
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
	.bench_depth = 5,
	.record_formats = shogi_record_formats,
	.look = &shogi_look,
	.board = shogi_board,
	.repetition = shogi_repetition,
	.move_notations = shogi_move_notations,
	.format_move_as = g_format_move_as,
};
