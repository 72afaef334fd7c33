/*
 * test_shogi_rules.c - every rule of shogi on a position of its own, with counts worked out
 * by hand from the rules (not from another generator): the fourteen piece kinds' moves for
 * either side, promotion optional and forced, drops, nifu, uchifuzume (the issue's position
 * where Fairy-Stockfish 11.1 counts one move too many, played out to show why), moves that
 * would leave the king attacked, no legal move, the entering-king declaration's 28 and 27
 * points, sennichite and perpetual check.  test_shogi.c compares the generator with a naive
 * one on random games; tests/cli_shogi.sh the command line and the move limit.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "games/shogi/shogi.h"
#include "games/shogi/shogi_gen.h"
#include "yomi/registry.h"

static const struct game *G;

static struct shogi_pos parse_ok(const char *text)
{
	struct shogi_pos p;
	struct yomi_error err = {{0}};
	if (G->parse(text, &p, &err) != 0)
		fail_msg("parse '%s': %s", text, err.msg);
	return p;
}

static int has_move(const struct shogi_pos *p, const char *usi)
{
	yomi_move mv[SG_MAX_MOVES];
	char text[16];
	const int n = G->moves(p, mv);
	for (int i = 0; i < n; i++) {
		G->format_move(p, mv[i], text, sizeof text);
		if (strcmp(text, usi) == 0)
			return 1;
	}
	return 0;
}

static struct shogi_pos after(const char *sfen, const char *moves)
{
	struct shogi_pos p = parse_ok(sfen);
	char buf[512], *save = NULL;
	snprintf(buf, sizeof buf, "%s", moves);
	for (char *tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		yomi_move m;
		struct yomi_error err = {{0}};
		if (G->parse_move(&p, tok, &m, &err))
			fail_msg("%s after %s: %s", tok, moves, err.msg);
		G->play(&p, m, &p);
	}
	return p;
}

/* Legal moves of the piece on `from` (USI square, "5e"), promotion choices counted. */
static int moves_from(const struct shogi_pos *p, const char *from)
{
	yomi_move mv[SG_MAX_MOVES];
	char text[16];
	int k = 0;
	const int n = G->moves(p, mv);
	for (int i = 0; i < n; i++) {
		G->format_move(p, mv[i], text, sizeof text);
		k += strncmp(text, from, 2) == 0;
	}
	return k;
}

/* Each kind alone on 5e, both kings out of its lines (the first player's on 8i, the
 * second's on 2a): its moves counted from the rules by hand, for the first player and for
 * the second (the same board turned round, so the same counts). */
static void test_piece_kinds(void **state)
{
	(void)state;
	static const struct { const char *letter; int moves; } kinds[] = {
		{"P", 1},     /* 5d */
		{"L", 6},     /* 5d; 5c, 5b with and without promotion; 5a promoted only */
		{"N", 4},     /* 4c, 6c, each with and without promotion */
		{"S", 5},     /* 4d 5d 6d 4f 6f, none in the zone */
		{"G", 6},     /* 4d 5d 6d 4e 6e 5f */
		{"B", 22},    /* 16 squares on the diagonals; 3c 2b 1a 7c 8b 9a also promoted */
		{"R", 19},    /* 16 squares on file and rank; 5c 5b 5a also promoted */
		{"+P", 6}, {"+L", 6}, {"+N", 6}, {"+S", 6},   /* as a gold */
		{"+B", 20},   /* the bishop's 16 and 4e 6e 5d 5f */
		{"+R", 20},   /* the rook's 16 and 4d 6d 4f 6f */
	};
	char sfen[64], lower[4];
	for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++) {
		snprintf(sfen, sizeof sfen, "7k1/9/9/9/4%s4/9/9/9/1K7 b - 1", kinds[i].letter);
		struct shogi_pos p = parse_ok(sfen);
		if (moves_from(&p, "5e") != kinds[i].moves)
			fail_msg("%s: %d moves from 5e, expected %d", sfen, moves_from(&p, "5e"),
			         kinds[i].moves);
		assert_int_equal(moves_from(&p, "8i"), 5);   /* 7h 8h 9h 7i 9i */
		assert_int_equal(sg_count(&p), kinds[i].moves + 5);
		snprintf(lower, sizeof lower, "%s", kinds[i].letter);
		lower[strlen(lower) - 1] = (char)(lower[strlen(lower) - 1] - 'A' + 'a');
		snprintf(sfen, sizeof sfen, "7k1/9/9/9/4%s4/9/9/9/1K7 w - 1", lower);
		p = parse_ok(sfen);
		if (moves_from(&p, "5e") != kinds[i].moves)
			fail_msg("%s: %d moves from 5e, expected %d", sfen, moves_from(&p, "5e"),
			         kinds[i].moves);
		assert_int_equal(sg_count(&p), kinds[i].moves + 5);
	}
	/* The fourteenth kind, the king: 8 squares around 5e. */
	struct shogi_pos p = parse_ok("8k/9/9/9/4K4/9/9/9/9 b - 1");
	assert_int_equal(sg_count(&p), 8);
	p = parse_ok("9/9/9/9/4k4/9/9/9/K8 w - 1");
	assert_int_equal(sg_count(&p), 8);
	/* Sliders stop at the first piece, taking it if it is the enemy's. */
	p = parse_ok("7k1/9/4p4/9/4R1P2/9/9/9/1K7 b - 1");   /* 5c enemy, 3e own */
	assert_true(has_move(&p, "5e5c") && has_move(&p, "5e5c+") && !has_move(&p, "5e5b"));
	assert_true(has_move(&p, "5e4e") && !has_move(&p, "5e3e") && !has_move(&p, "5e2e"));
	p = parse_ok("7k1/9/9/9/9/9/9/4l4/1K2P4 w - 1");      /* a lance takes and must promote */
	assert_true(has_move(&p, "5h5i+") && !has_move(&p, "5h5i"));
}

/* Promotion starting in the zone (a bishop and a rook leaving it), and the second player's
 * zone and last ranks. */
static void test_promotion_zone(void **state)
{
	(void)state;
	struct shogi_pos p = parse_ok("4k4/7B1/9/9/9/9/9/9/4K4 b - 1");
	assert_true(has_move(&p, "2b6f+") && has_move(&p, "2b6f"));
	p = parse_ok("4k4/9/R8/9/9/9/9/9/4K4 b - 1");
	assert_true(has_move(&p, "9c9g+") && has_move(&p, "9c9g"));
	assert_true(has_move(&p, "9c8c+") && has_move(&p, "9c8c"));
	p = parse_ok("4k4/9/9/9/9/p8/9/9/4K4 w - 1");
	assert_true(has_move(&p, "9f9g+") && has_move(&p, "9f9g"));
	p = parse_ok("4k4/9/9/9/9/9/9/p8/4K4 w - 1");
	assert_true(has_move(&p, "9h9i+") && !has_move(&p, "9h9i"));
	p = parse_ok("4k4/9/9/9/9/4n4/9/9/K8 w - 1");
	assert_true(has_move(&p, "5f4h+") && !has_move(&p, "5f4h"));
	assert_true(has_move(&p, "5f6h+") && !has_move(&p, "5f6h"));
	p = parse_ok("4k4/9/9/9/4s4/9/9/9/K8 w - 1");          /* outside the zone: no choice */
	assert_true(has_move(&p, "5e5f") && !has_move(&p, "5e5f+"));
	p = parse_ok("4k4/9/9/9/9/9/9/9/K8 w pln 1");           /* the second player's dead squares */
	assert_false(has_move(&p, "P*1i") || has_move(&p, "L*1i") || has_move(&p, "N*1h"));
	assert_true(has_move(&p, "P*1h") && has_move(&p, "L*1h") && has_move(&p, "N*1g"));
}

/* The issue's position, where Fairy-Stockfish 11.1 counts 74 moves and shogiops 73: P*1b
 * checks the king on 1a, which cannot take the pawn (the knight on 2d guards 1b) nor step
 * away (2a holds its lance, 2b its pawn), and nothing else of its side reaches 1b (the lance
 * and the pawn move down file 2).  So the drop mates at once: uchifuzume, illegal; 73. */
static void test_uchifuzume_reasoning(void **state)
{
	(void)state;
	struct shogi_pos p = parse_ok("7lk/7p1/9/7N1/9/9/9/9/K8 b P 1");
	assert_int_equal(sg_count(&p), 73);
	assert_int_equal(G->perft(&p, 1, NULL), 73);
	assert_false(has_move(&p, "P*1b"));
	/* The 73 by hand: the pawn dropped on every empty square of ranks b-i but 1b (68; the
	 * pawn on 2b is the other side's, so file 2 is no nifu), the knight to 1b and 3b, where
	 * it must promote (2), the king to 8h, 9h, 8i (3). */
	assert_true(has_move(&p, "P*1c") && has_move(&p, "P*9b") && has_move(&p, "P*2c"));
	assert_false(has_move(&p, "P*1a") || has_move(&p, "2d1b"));
	assert_true(has_move(&p, "2d1b+") && has_move(&p, "2d3b+"));
	/* The pawn on 1b, had it been dropped: the second player has no legal move. */
	const struct shogi_pos mated = parse_ok("7lk/7pP/9/7N1/9/9/9/9/K8 w - 2");
	assert_int_equal(G->status(&mated).outcome, GAME_LOSS);
	assert_string_equal(G->status(&mated).reason, "checkmate");
	/* The same pawn pushed from 1c mates, legally. */
	p = parse_ok("7lk/7p1/8P/7N1/9/9/9/9/K8 b - 1");
	assert_true(has_move(&p, "1c1b"));
	p = after("7lk/7p1/8P/7N1/9/9/9/9/K8 b - 1", "1c1b");
	assert_string_equal(G->status(&p).reason, "checkmate");
	/* A pawn drop that checks but can be answered by another piece's capture is legal, and
	 * one whose only taker is pinned is mate (the pinned gold may not take). */
	p = parse_ok("7gk/7p1/9/7N1/9/9/9/9/K8 b P 1");
	assert_true(has_move(&p, "P*1b"));                      /* the gold on 2a takes */
	p = parse_ok("6Rgk/7p1/9/7N1/9/9/9/9/K8 b P 1");
	assert_false(has_move(&p, "P*1b"));                     /* the gold is pinned by 3a */
}

/* The rest, each on a position of its own. */
static void test_rules(void **state)
{
	(void)state;
	/* Promotion: optional into the zone, forced where the piece could never move again. */
	struct shogi_pos p = parse_ok("4k4/9/9/P1L1N1S2/9/9/9/9/4K4 b - 1");
	assert_true(has_move(&p, "9d9c") && has_move(&p, "9d9c+"));     /* pawn into the zone */
	assert_true(has_move(&p, "7d7a+") && !has_move(&p, "7d7a"));    /* lance, last rank */
	assert_true(has_move(&p, "7d7b+") && has_move(&p, "7d7b"));     /* lance, second rank */
	assert_true(has_move(&p, "5d4b+") && !has_move(&p, "5d4b"));    /* knight, last two */
	assert_true(has_move(&p, "3d3c+") && has_move(&p, "3d3c"));     /* silver into the zone */
	p = parse_ok("4k4/9/2S6/9/9/9/9/9/4K4 b - 1");
	assert_true(has_move(&p, "7c6d+") && has_move(&p, "7c6d"));     /* silver out of it */
	p = parse_ok("4k4/9/9/2G6/9/9/9/9/4K4 b - 1");
	assert_true(has_move(&p, "7d7c") && !has_move(&p, "7d7c+"));    /* gold never */
	p = parse_ok("4k4/9/9/9/9/9/9/9/4K4 b - 1");
	assert_int_equal(sg_count(&p), 5);                               /* the king alone */

	/* Drops: nowhere a piece could never move; nifu. */
	p = parse_ok("4k4/9/9/9/9/9/9/9/4K4 b PLN 1");
	assert_false(has_move(&p, "P*1a") || has_move(&p, "L*1a") || has_move(&p, "N*1b"));
	assert_true(has_move(&p, "P*1b") && has_move(&p, "L*1b") && has_move(&p, "N*1c"));
	p = parse_ok("4k4/9/9/9/9/9/4P4/9/4K4 b P 1");
	assert_false(has_move(&p, "P*5e"));
	assert_true(has_move(&p, "P*4e"));
	p = parse_ok("4k4/9/9/9/4+P4/9/9/9/4K4 b P 1");   /* a tokin is not a pawn */
	assert_true(has_move(&p, "P*5c"));

	/* Uchifuzume: the pawn drop that mates is illegal, the pawn move that mates is not. */
	p = parse_ok("7lk/7p1/9/7N1/9/9/9/9/K8 b P 1");   /* the issue's: 73 moves, not 74 */
	assert_int_equal(sg_count(&p), 73);
	assert_false(has_move(&p, "P*1b"));
	p = parse_ok("8k/9/5B1G1/9/9/9/9/9/4K4 b P 1");
	assert_false(has_move(&p, "P*1b"));
	assert_true(has_move(&p, "P*1d"));
	p = parse_ok("8k/9/5B1GP/9/9/9/9/9/4K4 b - 1");
	assert_true(has_move(&p, "1c1b"));
	p = after("8k/9/5B1GP/9/9/9/9/9/4K4 b - 1", "1c1b");
	assert_int_equal(G->status(&p).outcome, GAME_LOSS);
	assert_string_equal(G->status(&p).reason, "checkmate");
	/* A drop that gives check but can be answered is legal: here the king takes it. */
	p = parse_ok("8k/9/5B3/9/9/9/9/9/4K4 b P 1");
	assert_true(has_move(&p, "P*1b"));
	/* No move may leave the own king attacked: a pinned silver stays on its line. */
	p = parse_ok("4r4/9/9/9/9/9/4S4/9/4K4 b - 1");
	assert_false(has_move(&p, "5g4f") || has_move(&p, "5g6f"));
	assert_true(has_move(&p, "5g5f"));

	/* No legal move is a loss, in check (checkmate) or not. */
	p = parse_ok("8k/9/6NG1/9/9/9/9/9/4K4 w - 1");
	assert_int_equal(G->status(&p).outcome, GAME_LOSS);
	assert_string_equal(G->status(&p).reason, "no legal move");

	/* Entering-king declaration: 28 points for the first player (here 20 + 6 on the board
	 * in the camp, 2 pawns in hand), 10 pieces besides the king in the camp, no check. */
	p = parse_ok("RBGG1SS2/R3K3B/4G1S2/9/9/9/9/9/8k b 2P 1");
	assert_true(has_move(&p, "win"));
	struct shogi_pos q;
	assert_int_equal(G->play(&p, SG_MOVE_WIN, &q), 1);
	assert_int_equal(G->status(&q).outcome, GAME_LOSS);
	assert_string_equal(G->status(&q).reason, "entering-king declaration");
	p = parse_ok("RBGG1SS2/R3K3B/4G1S2/9/9/9/9/9/8k b P 1");            /* 27 points */
	assert_false(has_move(&p, "win"));
	p = parse_ok("RBGG1SS2/R3K3B/4G4/9/9/9/9/9/8k b 3P 1");             /* 9 pieces */
	assert_false(has_move(&p, "win"));
	p = parse_ok("RBGGgSS2/R3K3B/4G1S2/9/9/9/9/9/8k b 2P 1");           /* in check */
	assert_false(has_move(&p, "win"));
	/* The second player needs 27: the same camp mirrored, one pawn in hand. */
	p = parse_ok("K8/9/9/9/9/9/2s1g4/b3k3r/2ss1ggbr w p 1");
	assert_true(has_move(&p, "win"));

	/* Sennichite (game.repetition): the fourth time draws; perpetual check loses. */
	assert_int_equal(game_repetition(G, &p, 3, 8).outcome, GAME_ONGOING);
	p = after("startpos", "5i5h,5a5b,5h5i,5b5a,5i5h,5a5b,5h5i,5b5a,5i5h,5a5b,5h5i,5b5a");
	assert_int_equal(game_repetition(G, &p, 4, 12).outcome, GAME_DRAW);
	p = after("8k/9/7R1/9/9/9/9/9/4K4 b - 1",
	          "2c1c,1a2a,1c2c,2a1a,2c1c,1a2a,1c2c,2a1a,2c1c,1a2a,1c2c,2a1a");
	assert_int_equal(p.checks[0], 6);
	assert_int_equal(game_repetition(G, &p, 4, 12).outcome, GAME_LOSS);   /* the checker */
	assert_string_equal(game_repetition(G, &p, 4, 12).reason, "perpetual check");
	p = after("8k/9/7R1/9/9/9/9/9/4K4 b - 1",
	          "2c1c,1a2a,1c2c,2a1a,2c1c,1a2a,1c2c,2a1a,2c1c,1a2a,1c2c,2a1a,2c1c");
	assert_int_equal(game_repetition(G, &p, 4, 12).outcome, GAME_WIN);    /* the checked */
}

static int setup(void **state)
{
	(void)state;
	G = game_find("shogi");
	return G ? 0 : -1;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_piece_kinds),
		cmocka_unit_test(test_promotion_zone),
		cmocka_unit_test(test_uchifuzume_reasoning),
		cmocka_unit_test(test_rules),
	};
	return cmocka_run_group_tests(tests, setup, NULL);
}
