/*
 * dobutsu.h - Dobutsu shogi rules: position layout and the hot per-node functions
 * (move generation, copy-make, attack test), inline so that generic loops instantiated for
 * this game (perft, search, retrograde analysis) compile to direct code with no indirect call.
 *
 * Layout: squares 0..11 are rank*3 + file, rank 0 = rank 1 (top, the second player's back
 * rank), file 0 = a.  Colour 0 is the first player (sente, uppercase, moves up the board
 * towards rank 1); colour 1 the second.  The board is kept twice, as a byte per square (what
 * stands where) and as 12-bit masks per colour and piece type (where a kind stands), because
 * move generation wants the masks and captures want the bytes.  Copy-make: a position is 54
 * bytes, cheaper to copy than to undo.
 */
#ifndef YOMI_GAMES_DOBUTSU_H
#define YOMI_GAMES_DOBUTSU_H

#include <stdint.h>

#include "yomi/game.h"

enum {
	DOB_SQUARES = 12,
	DOB_FILES = 3,
	DOB_RANKS = 4,
	DOB_ALL = 0xfff,
	DOB_MAX_MOVES = 64,     /* <= 7 pieces x 8 steps; with drops, fewer pieces: still < 64 */
	DOB_NO_SQUARE = 0xff,   /* lion square once captured */
};

/* Piece types; a board byte is type | colour << 3, 0 = empty.  Types 1..3 can be in hand. */
enum dob_type { DOB_EMPTY = 0, DOB_CHICK = 1, DOB_ELEPHANT, DOB_GIRAFFE, DOB_LION, DOB_HEN,
                DOB_TYPES };

struct dobutsu_pos {
	uint16_t bb[2][DOB_TYPES];   /* [colour][type] square masks; [c][0] = all of c's pieces */
	uint8_t board[DOB_SQUARES];  /* type | colour << 3 */
	uint8_t hand[2][DOB_TYPES];  /* [colour][type]: chicks, elephants, giraffes; [c][LION] = 1
	                                once c has captured the enemy lion (the game is over) */
	uint8_t lion[2];             /* each lion's square, DOB_NO_SQUARE once captured */
	uint8_t stm;                 /* colour to move */
	uint8_t pad;
	uint16_t ply;                /* move number (SFEN style, 1 at the start); not identity */
};

/* Move encoding: bits 0-3 destination, bits 4-7 origin (0..11 a square, 12 + type a drop),
 * bit 8 promotion.  Origin != destination, so 0 is never a move. */
#define DOB_MOVE(from, to, promo) ((yomi_move)((to) | (from) << 4 | (promo) << 8))
#define DOB_TO(m) ((int)((m) & 15))
#define DOB_FROM(m) ((int)((m) >> 4 & 15))
#define DOB_PROMO(m) ((int)((m) >> 8 & 1))
#define DOB_IS_DROP(m) (DOB_FROM(m) >= DOB_SQUARES)
#define DOB_DROP_TYPE(m) (DOB_FROM(m) - DOB_SQUARES)

/* att[colour][type][square]: squares a piece of that colour and type attacks from there. */
extern const uint16_t dob_att[2][DOB_TYPES][DOB_SQUARES];

/* Ranks as masks: the far rank of colour c (where its chicks promote and its lion tries). */
static inline uint16_t dob_far_rank(int colour) { return colour ? 0xe00 : 0x007; }

static inline int dob_type_at(const struct dobutsu_pos *p, int sq) { return p->board[sq] & 7; }

/* The squares of `by`'s pieces that attack square sq.  A piece of colour c attacks sq from
 * exactly the squares that the same piece of the other colour would attack from sq (point
 * symmetry). */
static inline uint16_t dob_attackers(const struct dobutsu_pos *p, int sq, int by)
{
	const int other = by ^ 1;
	return (uint16_t)((p->bb[by][DOB_CHICK] & dob_att[other][DOB_CHICK][sq])
	                | (p->bb[by][DOB_ELEPHANT] & dob_att[other][DOB_ELEPHANT][sq])
	                | (p->bb[by][DOB_GIRAFFE] & dob_att[other][DOB_GIRAFFE][sq])
	                | (p->bb[by][DOB_LION] & dob_att[other][DOB_LION][sq])
	                | (p->bb[by][DOB_HEN] & dob_att[other][DOB_HEN][sq]));
}

/* Whether `by` attacks square sq. */
static inline int dob_attacked(const struct dobutsu_pos *p, int sq, int by)
{
	return dob_attackers(p, sq, by) != 0;
}

/* Every square attacked by `colour` (own pieces' squares included), from its type masks bb[]
 * by shifts: no loop over pieces, no branch.  North is towards rank 1 (square - 3), the first
 * player's forward.  tests/test_dobutsu.c checks it against the union of dob_att. */
static inline uint16_t dob_attacks_bb(const uint16_t bb[DOB_TYPES], int colour)
{
	enum { NOT_A = DOB_ALL & ~0x249, NOT_C = DOB_ALL & ~0x924 };
	const uint32_t orth = bb[DOB_GIRAFFE] | bb[DOB_LION] | bb[DOB_HEN];
	const uint32_t diag = bb[DOB_ELEPHANT] | bb[DOB_LION];
	const uint32_t chick = bb[DOB_CHICK], hen = bb[DOB_HEN];
	/* Forward steps: the chick straight on, the hen diagonally too. */
	const uint32_t north = orth | (colour ? 0 : chick), south = orth | (colour ? chick : 0);
	const uint32_t ndiag = diag | (colour ? 0 : hen), sdiag = diag | (colour ? hen : 0);
	const uint32_t a = north >> 3 | south << 3 | (orth & NOT_A) >> 1 | (orth & NOT_C) << 1 |
	                   (ndiag & NOT_A) >> 4 | (ndiag & NOT_C) >> 2 |
	                   (sdiag & NOT_A) << 2 | (sdiag & NOT_C) << 4;
	return (uint16_t)(a & DOB_ALL);
}

/* The same from a position: bb[] are its type masks of that colour. */
static inline uint16_t dob_attacks(const struct dobutsu_pos *p, int colour)
{
	return dob_attacks_bb(p->bb[colour], colour);
}

/* Appends to moves[0..n-1] the drops of colour us (chick, elephant, giraffe, each on every
 * empty square in ascending order); returns the new count. */
static inline int dob_gen_drops(const struct dobutsu_pos *p, int us, yomi_move *moves, int n)
{
	const uint16_t empty = ~(p->bb[0][0] | p->bb[1][0]) & DOB_ALL;
	for (int type = DOB_CHICK; type <= DOB_GIRAFFE; type++) {
		if (!p->hand[us][type])
			continue;
		for (uint16_t e = empty; e; e &= e - 1)
			moves[n++] = DOB_MOVE(DOB_SQUARES + type, __builtin_ctz(e), 0);
	}
	return n;
}

/* Legal moves of a position whose game is not over (callers check that first).
 * Board moves by origin then destination ascending, then drops (chick, elephant, giraffe). */
static inline int dobutsu_gen(const struct dobutsu_pos *p, yomi_move *moves)
{
	const int us = p->stm;
	const uint16_t own = p->bb[us][0];
	const uint16_t far = dob_far_rank(us);
	int n = 0;
	for (uint16_t pieces = own; pieces; pieces &= pieces - 1) {
		const int from = __builtin_ctz(pieces);
		const int type = dob_type_at(p, from);
		uint16_t targets = dob_att[us][type][from] & ~own;
		const uint16_t promo = type == DOB_CHICK ? far : 0;
		for (; targets; targets &= targets - 1) {
			const int to = __builtin_ctz(targets);
			moves[n++] = DOB_MOVE(from, to, (promo >> to) & 1);
		}
	}
	return dob_gen_drops(p, us, moves, n);
}

/* How many moves dobutsu_gen lists, without listing them (the mate search's move order
 * counts the opponent's replies to each move it scores; the no-move tests need only 0). */
static inline int dob_count_moves(const struct dobutsu_pos *p)
{
	const int us = p->stm;
	const uint16_t own = p->bb[us][0];
	int n = 0;
	for (uint16_t pieces = own; pieces; pieces &= pieces - 1) {
		const int from = __builtin_ctz(pieces);
		n += __builtin_popcount(dob_att[us][dob_type_at(p, from)][from] & ~own);
	}
	const int types = (p->hand[us][DOB_CHICK] > 0) + (p->hand[us][DOB_ELEPHANT] > 0) +
	                  (p->hand[us][DOB_GIRAFFE] > 0);
	return n + types * __builtin_popcount(~(p->bb[0][0] | p->bb[1][0]) & DOB_ALL);
}

/* Bits set in a 12-bit mask (one instruction where the target has popcount). */
static inline int dob_popcount(uint32_t x) { return __builtin_popcount(x); }

/* How many pieces colour c holds in hand. */
static inline int dob_hand_size(const struct dobutsu_pos *p, int c)
{
	return p->hand[c][DOB_CHICK] + p->hand[c][DOB_ELEPHANT] + p->hand[c][DOB_GIRAFFE];
}

static inline void dob_put(struct dobutsu_pos *p, int sq, int colour, int type)
{
	const uint16_t bit = (uint16_t)(1u << sq);
	p->board[sq] = (uint8_t)(type | colour << 3);
	p->bb[colour][0] |= bit;
	p->bb[colour][type] |= bit;
}

static inline void dob_remove(struct dobutsu_pos *p, int sq)
{
	const int colour = p->board[sq] >> 3, type = p->board[sq] & 7;
	const uint16_t bit = (uint16_t)~(1u << sq);
	p->board[sq] = 0;
	p->bb[colour][0] &= bit;
	p->bb[colour][type] &= bit;
}

/* dobutsu_play (below) for a position whose side to move is us.  Every changed field is
 * computed from *p and stored once (no read-modify-write of the copy just made: the loads
 * would wait on the copy's stores). */
static inline __attribute__((always_inline)) int
dob_play_as(const struct dobutsu_pos *p, yomi_move m, struct dobutsu_pos *out, const int us)
{
	const int them = us ^ 1;
	const int to = DOB_TO(m), from = DOB_FROM(m);
	const uint16_t to_bit = (uint16_t)(1u << to);
	const int enemy_lion = p->lion[them];
	int type, captured = 0;
	if (from >= DOB_SQUARES) {
		type = from - DOB_SQUARES;
		const uint8_t hand = p->hand[us][type];
		const uint16_t own = p->bb[us][0], kind = p->bb[us][type];
		if (out != p)
			*out = *p;
		out->hand[us][type] = (uint8_t)(hand - 1);
		out->bb[us][0] = own | to_bit;
		out->bb[us][type] = kind | to_bit;
	} else {
		const uint16_t from_bit = (uint16_t)(1u << from);
		type = dob_type_at(p, from);
		const int victim = dob_type_at(p, to);
		const int now = DOB_PROMO(m) ? DOB_HEN : type;
		const uint16_t own = p->bb[us][0], kind = p->bb[us][type], hen = p->bb[us][DOB_HEN];
		const uint16_t their = p->bb[them][0], their_kind = p->bb[them][victim];
		const int gained = victim == DOB_HEN ? DOB_CHICK : victim;
		const uint8_t hand = p->hand[us][gained];
		if (out != p)
			*out = *p;
		out->board[from] = 0;
		out->bb[us][0] = (uint16_t)((own & ~from_bit) | to_bit);
		if (now == type) {
			out->bb[us][type] = (uint16_t)((kind & ~from_bit) | to_bit);
		} else {
			out->bb[us][type] = (uint16_t)(kind & ~from_bit);
			out->bb[us][DOB_HEN] = (uint16_t)(hen | to_bit);
		}
		if (victim) {
			captured = victim;
			out->bb[them][0] = (uint16_t)(their & ~to_bit);
			out->bb[them][victim] = (uint16_t)(their_kind & ~to_bit);
			out->hand[us][gained] = (uint8_t)(hand + 1);
			if (victim == DOB_LION)
				out->lion[them] = DOB_NO_SQUARE;
		}
		if (type == DOB_LION)
			out->lion[us] = (uint8_t)to;
		type = now;
	}
	out->board[to] = (uint8_t)(type | us << 3);
	out->stm = (uint8_t)them;
	out->ply = (uint16_t)(out->ply + (out->ply < 65535));   /* saturates: never 0 */
	if (captured == DOB_LION)
		return 1;
	if (enemy_lion < DOB_SQUARES && ((dob_far_rank(them) >> enemy_lion) & 1))
		return 1;
	return type == DOB_LION && ((dob_far_rank(us) >> to) & 1) && !dob_attacked(out, to, them);
}

/* Plays legal move m from *p into *out (may alias).  Returns 1 when the game is over after
 * m: it captured the lion; or it left alive the enemy lion standing on the mover's back rank
 * (that lion survived a move there); or the mover's lion reached its far rank unattacked.
 * One copy of the move per colour, each inlined where it is called: the colour's masks and
 * offsets fold, and no call saves and restores six registers (together 7% fewer
 * instructions on yomi bench --depth 11, callgrind). */
static inline __attribute__((always_inline)) int
dobutsu_play(const struct dobutsu_pos *p, yomi_move m, struct dobutsu_pos *out)
{
	return p->stm ? dob_play_as(p, m, out, 1) : dob_play_as(p, m, out, 0);
}

/* The exact packed key: 4 bits per square (48), 2 bits per hand count of chick, elephant
 * and giraffe per side (12), the side to move (1): 61 bits.  A captured lion shows as its
 * absence from the board. */
static inline uint64_t dob_key64(const struct dobutsu_pos *p)
{
	uint64_t k = 0;
	for (int sq = 0; sq < DOB_SQUARES; sq++)
		k |= (uint64_t)p->board[sq] << (4 * sq);
	for (int c = 0; c < 2; c++)
		for (int t = DOB_CHICK; t <= DOB_GIRAFFE; t++)
			k |= (uint64_t)p->hand[c][t] << (48 + 6 * c + 2 * (t - 1));
	return k | (uint64_t)p->stm << 60;
}

/* dob_key64 of the position after legal move m from *p, whose key is k, when m does not
 * capture the lion (the game goes on; the search asks for no key after a lion capture). */
static inline uint64_t dob_key_after(const struct dobutsu_pos *p, yomi_move m, uint64_t k)
{
	const int us = p->stm, to = DOB_TO(m), from = DOB_FROM(m);
	int piece;
	k ^= 1ULL << 60;
	if (from >= DOB_SQUARES) {
		const int type = from - DOB_SQUARES;
		k -= 1ULL << (48 + 6 * us + 2 * (type - 1));
		piece = type | us << 3;
	} else {
		piece = DOB_PROMO(m) ? DOB_HEN | us << 3 : p->board[from];
		k &= ~(0xfULL << 4 * from);
		const int victim = p->board[to] & 7;
		if (victim) {
			const int t = victim == DOB_HEN ? DOB_CHICK : victim;
			if (t <= DOB_GIRAFFE)
				k += 1ULL << (48 + 6 * us + 2 * (t - 1));
			k &= ~(0xfULL << 4 * to);
		}
	}
	return k | (uint64_t)piece << 4 * to;
}

/* Cold functions (dobutsu.c, dobutsu_notation.c); contracts as in struct game. */
void dobutsu_start(struct dobutsu_pos *p);
struct game_status dobutsu_status(const struct dobutsu_pos *p);
struct game_key dobutsu_key(const struct dobutsu_pos *p);
/* Rebuilds masks and lion squares from board[] (after a parser filled board and hands). */
void dobutsu_sync(struct dobutsu_pos *p);
int dobutsu_parse(const char *text, struct dobutsu_pos *p, struct yomi_error *err);
void dobutsu_format(const struct dobutsu_pos *p, int notation, char *buf, size_t len);
void dobutsu_render(const struct dobutsu_pos *p, const struct game_status *status,
                    enum board_lang lang, FILE *out);
int dobutsu_parse_move(const struct dobutsu_pos *p, const char *text, yomi_move *m,
                       struct yomi_error *err);
void dobutsu_format_move(const struct dobutsu_pos *p, yomi_move m, char *buf, size_t len);
/* How the board looks, and a position in that form (dobutsu_look.c; see struct game). */
extern const struct game_look dobutsu_look;
void dobutsu_board(const void *pos, struct game_board *b);
/* The move in USI (Fairy-Stockfish's and pychess's Dobutsu): 2c2b, C*2b, 2b2a+. */
void dobutsu_format_move_usi(const struct dobutsu_pos *p, yomi_move m, char *buf, size_t len);

extern const struct game game_dobutsu;
extern const struct game_solver dobutsu_solver;

#endif
