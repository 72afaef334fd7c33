/*
 * test_shogi.c - shogi's rules and notation against independent references: the bitboard
 * tables against square-by-square walks; the move generator against a naive one written
 * from the rules here (every piece's steps walked, promotion choices, drops with nifu and
 * dead squares, moves that leave the king attacked dropped, pawn-drop mate found by trying
 * every reply) on positions of random games, with the counter, the tactical/quiet split,
 * the incremental key, material and key_after checked on the way; perft against
 * data/shogi/perft.txt (every count but the start's depth 6 and beyond, which are
 * bench/shogi-perft.sh's); the pawn drops that Fairy-Stockfish 11.1 wrongly allows;
 * SFEN/USI round trips and every class of bad input; the search's mate scores, its check
 * extension and sennichite (test_shogi_rules.c has each rule on a position of its own).  tests/shogi_oracle.mjs compares with shogiops and
 * Fairy-Stockfish; test_shogi_record.c has the KIF and CSA records.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "games/shogi/shogi.h"
#include "games/shogi/shogi_eval.h"
#include "games/shogi/shogi_gen.h"
#include "games/shogi/shogi_notation.h"
#include "games/shogi/shogi_search.h"
#include "testdata.h"
#include "yomi/registry.h"
#include "yomi/search.h"

static const struct game *G;

static uint64_t rng_state = 0x2545f4914f6cdd1dULL;
static uint64_t rng(void)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return rng_state;
}

static struct shogi_pos parse_ok(const char *text)
{
	struct shogi_pos p;
	struct yomi_error err = {{0}};
	if (G->parse(text, &p, &err) != 0)
		fail_msg("parse '%s': %s", text, err.msg);
	return p;
}

static int on_board(int f, int r) { return f >= 0 && f < 9 && r >= 0 && r < 9; }

/* ---- a naive reference: walk the board square by square ---- */

/* Steps (file, rank) of each type for the first player; rank -1 is forward.  Sliding
 * directions are marked with slide = 1. */
struct step { int df, dr, slide; };
static int naive_steps(int type, struct step *out)
{
	static const struct step king[8] = {{-1, -1, 0}, {0, -1, 0}, {1, -1, 0}, {-1, 0, 0},
	                                    {1, 0, 0}, {-1, 1, 0}, {0, 1, 0}, {1, 1, 0}};
	static const struct step gold[6] = {{-1, -1, 0}, {0, -1, 0}, {1, -1, 0}, {-1, 0, 0},
	                                    {1, 0, 0}, {0, 1, 0}};
	static const struct step silver[5] = {{-1, -1, 0}, {0, -1, 0}, {1, -1, 0}, {-1, 1, 0},
	                                      {1, 1, 0}};
	static const struct step diag[4] = {{-1, -1, 1}, {1, -1, 1}, {-1, 1, 1}, {1, 1, 1}};
	static const struct step orth[4] = {{0, -1, 1}, {0, 1, 1}, {-1, 0, 1}, {1, 0, 1}};
	int n = 0;
	switch (type) {
	case SG_PAWN: out[n++] = (struct step){0, -1, 0}; break;
	case SG_LANCE: out[n++] = (struct step){0, -1, 1}; break;
	case SG_KNIGHT:
		out[n++] = (struct step){-1, -2, 0};
		out[n++] = (struct step){1, -2, 0};
		break;
	case SG_SILVER: memcpy(out, silver, sizeof silver); n = 5; break;
	case SG_GOLD: case SG_PRO_PAWN: case SG_PRO_LANCE: case SG_PRO_KNIGHT: case SG_PRO_SILVER:
		memcpy(out, gold, sizeof gold);
		n = 6;
		break;
	case SG_KING: memcpy(out, king, sizeof king); n = 8; break;
	case SG_BISHOP: memcpy(out, diag, sizeof diag); n = 4; break;
	case SG_ROOK: memcpy(out, orth, sizeof orth); n = 4; break;
	case SG_HORSE:
		memcpy(out, diag, sizeof diag);
		memcpy(out + 4, orth, sizeof orth);
		for (int i = 4; i < 8; i++)
			out[i].slide = 0;
		n = 8;
		break;
	case SG_DRAGON:
		memcpy(out, orth, sizeof orth);
		memcpy(out + 4, diag, sizeof diag);
		for (int i = 4; i < 8; i++)
			out[i].slide = 0;
		n = 8;
		break;
	}
	return n;
}

/* Squares a piece on sq attacks, walking the board[] (occupied = nonzero). */
static sbb naive_attacks(const uint8_t *board, int pc, int sq)
{
	struct step st[8];
	const int n = naive_steps(sg_type(pc), st), c = sg_colour(pc);
	sbb b = 0;
	for (int i = 0; i < n; i++) {
		int f = sg_file(sq) + st[i].df, r = sg_rank(sq) + (c ? -st[i].dr : st[i].dr);
		while (on_board(f, r)) {
			b |= sbb_bit(sg_square(f, r));
			if (!st[i].slide || board[sg_square(f, r)])
				break;
			f += st[i].df;
			r += c ? -st[i].dr : st[i].dr;
		}
	}
	return b;
}

static int naive_attacked(const uint8_t *board, int by, int sq)
{
	for (int s = 0; s < SG_SQUARES; s++)
		if (board[s] && sg_colour(board[s]) == by && sbb_test(naive_attacks(board, board[s], s), sq))
			return 1;
	return 0;
}

static int find_king(const uint8_t *board, int c)
{
	for (int s = 0; s < SG_SQUARES; s++)
		if (board[s] == (SG_KING | c << 4))
			return s;
	return -1;
}

/* The mover's king is safe after m. */
static int naive_safe(const struct shogi_pos *p, yomi_move m)
{
	struct shogi_pos q;
	sg_play(p, m, &q);
	const int k = find_king(q.board, p->stm);
	return k < 0 || !naive_attacked(q.board, p->stm ^ 1, k);
}

static int naive_moves(const struct shogi_pos *p, yomi_move *out, int with_drops);

/* Whether the side to move at q has a legal move that is not a drop (enough after a pawn
 * drop's check: the pawn stands next to the king, so no drop can block it). */
static int naive_has_reply(const struct shogi_pos *q)
{
	yomi_move mv[SG_MAX_MOVES];
	return naive_moves(q, mv, 0) > 0;
}

static int naive_moves(const struct shogi_pos *p, yomi_move *out, int with_drops)
{
	const int us = p->stm;
	int n = 0;
	for (int from = 0; from < SG_SQUARES; from++) {
		const int pc = p->board[from];
		if (!pc || sg_colour(pc) != us)
			continue;
		const int type = sg_type(pc);
		sbb a = naive_attacks(p->board, pc, from);
		int to;
		SBB_FOR_EACH(to, a) {
			if (p->board[to] && sg_colour(p->board[to]) == us)
				continue;
			const int rr = us ? 8 - sg_rank(to) : sg_rank(to);
			const int fr = us ? 8 - sg_rank(from) : sg_rank(from);
			const int can = sg_can_promote(type) && (rr <= 2 || fr <= 2);
			const int must = ((type == SG_PAWN || type == SG_LANCE) && rr == 0) ||
			                 (type == SG_KNIGHT && rr <= 1);
			for (int promo = 0; promo < 2; promo++) {
				if ((promo && !can) || (!promo && must))
					continue;
				const yomi_move m = SG_MOVE(from, to, promo);
				if (naive_safe(p, m))
					out[n++] = m;
			}
		}
	}
	if (!with_drops)
		return n;
	for (int t = SG_PAWN; t <= SG_GOLD; t++) {
		if (!p->hand[us][t])
			continue;
		for (int to = 0; to < SG_SQUARES; to++) {
			if (p->board[to])
				continue;
			const int rr = us ? 8 - sg_rank(to) : sg_rank(to);
			if (((t == SG_PAWN || t == SG_LANCE) && rr == 0) || (t == SG_KNIGHT && rr <= 1))
				continue;
			if (t == SG_PAWN) {
				int nifu = 0;
				for (int r = 0; r < 9; r++)
					nifu |= p->board[sg_square(sg_file(to), r)] == (SG_PAWN | us << 4);
				if (nifu)
					continue;
			}
			const yomi_move m = SG_DROP(t, to);
			if (!naive_safe(p, m))
				continue;
			if (t == SG_PAWN) {   /* uchifuzume: a check the opponent cannot answer */
				struct shogi_pos q;
				sg_play(p, m, &q);
				const int ek = find_king(q.board, us ^ 1);
				if (ek >= 0 && naive_attacked(q.board, us, ek) && !naive_has_reply(&q))
					continue;
			}
			out[n++] = m;
		}
	}
	if (sg_can_declare(p))
		out[n++] = SG_MOVE_WIN;
	return n;
}

static int cmp_moves(const void *a, const void *b)
{
	const yomi_move x = *(const yomi_move *)a, y = *(const yomi_move *)b;
	return (x > y) - (x < y);
}

/* ---- tables ---- */

static void test_tables(void **state)
{
	(void)state;
	uint8_t board[SG_SQUARES];
	for (int trial = 0; trial < 400; trial++) {
		const int density = 1 + (int)(rng() % 7);   /* about density/8 of the squares */
		sbb occ = 0;
		for (int sq = 0; sq < SG_SQUARES; sq++) {
			board[sq] = (uint8_t)((int)(rng() % 8) < density ? SG_GOLD : 0);
			if (board[sq])
				occ |= sbb_bit(sq);
		}
		for (int sq = 0; sq < SG_SQUARES; sq++)
			for (int c = 0; c < 2; c++) {
				for (int t = SG_PAWN; t <= SG_DRAGON; t++)
					if (sg_attacks(t, c, sq, occ) != naive_attacks(board, t | c << 4, sq))
						fail_msg("attacks of type %d colour %d on %d differ", t, c, sq);
			}
	}
	for (int a = 0; a < SG_SQUARES; a++)
		for (int b = 0; b < SG_SQUARES; b++) {
			const int df = sg_file(b) - sg_file(a), dr = sg_rank(b) - sg_rank(a);
			const int line = a != b && (df == 0 || dr == 0 || df == dr || df == -dr);
			assert_int_equal(sg_t.dir[a][b] != 0, line);
			sbb between = 0;
			if (line) {
				const int sf = (df > 0) - (df < 0), sr = (dr > 0) - (dr < 0);
				for (int f = sg_file(a) + sf, r = sg_rank(a) + sr; sg_square(f, r) != b;
				     f += sf, r += sr)
					between |= sbb_bit(sg_square(f, r));
			}
			assert_true(sg_t.between[a][b] == between);
		}
}

/* ---- generation against the naive reference, on random games ---- */

static void check_position(const struct shogi_pos *p)
{
	yomi_move mine[SG_MAX_MOVES], ref[SG_MAX_MOVES], tac[SG_MAX_MOVES], quiet[SG_MAX_MOVES];
	const int n = sg_gen(p, mine), nref = naive_moves(p, ref, 1);
	char sfen[YOMI_TEXT_MAX];
	shogi_format(p, sfen, sizeof sfen);
	if (n != nref)
		fail_msg("%s: %d moves, the naive generator %d", sfen, n, nref);
	qsort(mine, (size_t)n, sizeof *mine, cmp_moves);
	qsort(ref, (size_t)n, sizeof *ref, cmp_moves);
	for (int i = 0; i < n; i++)
		if (mine[i] != ref[i])
			fail_msg("%s: move lists differ", sfen);
	assert_int_equal(sg_count(p), n);
	const int nt = sg_walk(p, tac, SG_GEN_TACTICAL), nq = sg_walk(p, quiet, SG_GEN_QUIET);
	assert_int_equal(nt + nq, n);
	for (int i = 0; i < nt; i++)
		quiet[nq + i] = tac[i];
	qsort(quiet, (size_t)n, sizeof *quiet, cmp_moves);
	assert_memory_equal(quiet, mine, sizeof *mine * (size_t)n);
	/* the incremental parts after every move */
	for (int i = 0; i < n; i++) {
		struct shogi_pos q, r;
		sg_play(p, mine[i], &q);
		r = q;
		sg_sync(&r);
		assert_true(q.key == r.key);
		assert_int_equal(q.material, r.material);
		assert_true(q.checkers == r.checkers);
		assert_true(sg_key_after(p, mine[i], p->key) == q.key);
		assert_int_equal(sg_tactical(p, mine[i]) > 0, (p->board[SG_TO(mine[i])] ||
		                 SG_PROMO(mine[i]) || mine[i] == SG_MOVE_WIN) && !SG_IS_DROP(mine[i]));
	}
}

static void test_generation_random_games(void **state)
{
	(void)state;
	int positions = 0;
	for (int game = 0; game < 24; game++) {
		struct shogi_pos p = parse_ok("startpos");
		for (int ply = 0; ply < 200; ply++) {
			check_position(&p);
			positions++;
			yomi_move mv[SG_MAX_MOVES];
			const int n = sg_gen(&p, mv);
			if (n == 0)
				break;
			/* captures and drops a little more often than at random: hands fill */
			yomi_move m = mv[rng() % (uint64_t)n];
			for (int t = 0; t < 3; t++) {
				const yomi_move c = mv[rng() % (uint64_t)n];
				if (SG_IS_DROP(c) || (c != SG_MOVE_WIN && p.board[SG_TO(c)])) {
					m = c;
					break;
				}
			}
			struct shogi_pos q;
			if (sg_play(&p, m, &q))
				break;
			p = q;
		}
	}
	assert_true(positions > 3000);
}

/* ---- perft ---- */

static void test_perft_file(void **state)
{
	(void)state;
	FILE *f = open_data("shogi/perft.txt");
	char line[512];
	int checked = 0;
	while (fgets(line, sizeof line, f)) {
		char sfen[256];
		int depth;
		unsigned long long leaves;
		if (line[0] == '#' || sscanf(line, "%255[^\t]\t%d\t%llu", sfen, &depth, &leaves) != 3)
			continue;
		/* all but the start's depth 6 and beyond (bench/shogi-perft.sh): "matsuri" to
		 * depth 4, 516,925,165 leaves, takes a few seconds under the sanitizers */
		if (strcmp(sfen, SG_START_SFEN) == 0 && depth >= 6)
			continue;
		const struct shogi_pos p = parse_ok(sfen);
		if (G->perft(&p, depth, NULL) != leaves)
			fail_msg("perft %d of %s: %llu, expected %llu", depth, sfen,
			         (unsigned long long)G->perft(&p, depth, NULL), leaves);
		checked++;
	}
	fclose(f);
	assert_int_equal(checked, 18);
	/* the listing path (perft with ends) agrees with the counting one */
	const struct shogi_pos start = parse_ok("startpos");
	uint64_t ends = 0;
	assert_int_equal(G->perft(&start, 4, &ends), 719731);
	assert_int_equal(ends, 0);
	const struct shogi_pos m = parse_ok("l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/"
	                                    "LN4bKL w GR5pnsg 1");
	ends = 0;
	assert_int_equal(G->perft(&m, 2, &ends), 28684);
}

/* ---- each rule on a position of its own ---- */

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

/* Where Fairy-Stockfish and the rules part (test_shogi_rules.c has the other rules). */
static void test_fsf_deviations(void **state)
{
	(void)state;
	struct shogi_pos p;
	/* Fairy-Stockfish 11.1 allows these pawn drops (tests/shogi_oracle.mjs found the last two
	 * in random games); shogiops does not, nor the naive generator above, which tries every
	 * reply: the pawn checks a king that can neither take it nor step away, and no other
	 * piece can take it (pins included).  The rules decide: uchifuzume, illegal. */
	static const char *const fsf_wrong[][2] = {
		/* The issue's: Fairy-Stockfish's perft 1 is 74, the rules' 73 (test_shogi_rules.c
		 * plays the drop out to show that it mates). */
		{"7lk/7p1/9/7N1/9/9/9/9/K8 b P 1", "P*1b"},
		{"ln3ls2/2k1gpg1g/p2p2p+Pn/2p1p4/1p3r3/l1S4PK/P+nP1P1G2/LP4S1+b/BN1sr4 w 5p 126",
		 "P*1e"},
		{"2+SR2g1G/3+N3kP/2pLgrn1L/Pp2+bspGp/7p1/1nl6/pB1+l1PP2/1P3SN2/2PKP2+s1 w 4Pp 162",
		 "P*6h"},
	};
	for (size_t i = 0; i < sizeof fsf_wrong / sizeof fsf_wrong[0]; i++) {
		p = parse_ok(fsf_wrong[i][0]);
		assert_false(has_move(&p, fsf_wrong[i][1]));
		yomi_move ref[SG_MAX_MOVES];
		assert_int_equal(naive_moves(&p, ref, 1), sg_count(&p));
		struct yomi_error err = {{0}};
		yomi_move m;
		assert_int_equal(G->parse_move(&p, fsf_wrong[i][1], &m, &err), -1);
		assert_non_null(strstr(err.msg, "pawn-drop mate (uchifuzume)"));
	}
}

/* ---- notation ---- */

static void test_notation(void **state)
{
	(void)state;
	char text[YOMI_TEXT_MAX];
	struct shogi_pos p = parse_ok("startpos");
	G->format(&p, 0, text, sizeof text);
	assert_string_equal(text, SG_START_SFEN);
	p = parse_ok("sfen " SG_START_SFEN);
	G->format(&p, 0, text, sizeof text);
	assert_string_equal(text, SG_START_SFEN);
	static const char *const round[] = {
		"l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
		"R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1",
		"4k4/9/9/9/9/9/9/9/9 b 16P 1",
		"+R+B+S+N+Lk3/9/9/9/9/9/9/9/4K4 w 2G 65535",
	};
	for (size_t i = 0; i < sizeof round / sizeof round[0]; i++) {
		p = parse_ok(round[i]);
		G->format(&p, 0, text, sizeof text);
		assert_string_equal(text, round[i]);
	}
	/* a position without side, hands or number: the first player, none, 1 */
	p = parse_ok("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL");
	G->format(&p, 0, text, sizeof text);
	assert_string_equal(text, SG_START_SFEN);

	/* moves: USI both ways, and the Japanese long form */
	p = parse_ok("l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1");
	static const char *const usi[] = {"P*5e", "6f7g+", "6f7g", "1b1c", "S*8e", "9a9b"};
	for (size_t i = 0; i < sizeof usi / sizeof usi[0]; i++) {
		yomi_move m;
		struct yomi_error err = {{0}};
		if (G->parse_move(&p, usi[i], &m, &err))
			fail_msg("%s: %s", usi[i], err.msg);
		G->format_move(&p, m, text, sizeof text);
		assert_string_equal(text, usi[i]);
	}
	const struct shogi_pos s = parse_ok("startpos");
	shogi_format_move_ja(&s, SG_MOVE(sg_square(6, 6), sg_square(6, 5), 0), -1, text,
	                     sizeof text);
	assert_string_equal(text, "７六歩(77)");
	p = after("startpos", "7g7f,3c3d");
	shogi_format_move_ja(&p, SG_MOVE(sg_square(7, 7), sg_square(1, 1), 1), -1, text,
	                     sizeof text);
	assert_string_equal(text, "２二角成(88)");
	p = after("startpos", "7g7f,3c3d,8h2b+");
	shogi_format_move_ja(&p, SG_MOVE(sg_square(2, 0), sg_square(1, 1), 0), sg_square(1, 1),
	                     text, sizeof text);
	assert_string_equal(text, "同　銀(31)");
	p = after("startpos", "7g7f,3c3d,8h2b+,3a2b");
	shogi_format_move_ja(&p, SG_DROP(SG_BISHOP, sg_square(4, 4)), -1, text, sizeof text);
	assert_string_equal(text, "５五角打");
	p = parse_ok("4k4/9/2S6/9/9/9/9/9/4K4 b - 1");
	shogi_format_move_ja(&p, SG_MOVE(sg_square(6, 2), sg_square(5, 3), 0), -1, text,
	                     sizeof text);
	assert_string_equal(text, "６四銀不成(73)");
	/* The long form reads back (every legal move of random games, each as written), and a
	 * piece named wrongly, an unreachable square or a text in neither form is refused. */
	for (int game = 0; game < 6; game++) {
		p = parse_ok("startpos");
		for (int ply = 0; ply < 150; ply++) {
			yomi_move mv[SG_MAX_MOVES], back;
			const int n = sg_gen(&p, mv);
			for (int i = 0; i < n; i++) {
				struct yomi_error err = {{0}};
				shogi_format_move_ja(&p, mv[i], -1, text, sizeof text);
				if (G->parse_move(&p, text, &back, &err) || back != mv[i])
					fail_msg("%s at ply %d: %s", text, ply, err.msg);
			}
			if (n == 0 || G->play(&p, mv[rng() % (uint64_t)n], &p))
				break;
		}
	}
	static const struct { const char *move, *error; } ja_bad[] = {
		{"７六銀(77)", "move: ７六銀(77): 7g7f: the piece on 7g is a pawn"},
		{"７五歩(77)", "move: ７五歩(77): 7g7e: a pawn on 7g cannot reach 7e"},
		{"５五角打", "move: ５五角打: B*5e: no bishop in hand"},
		{"７六歩(7)", "expected a USI move like 7g7f, 8h2b+, P*5e or win, or the Japanese"},
		{"７六(77)", "expected a USI move"},
	};
	p = parse_ok("startpos");
	for (size_t i = 0; i < sizeof ja_bad / sizeof ja_bad[0]; i++) {
		struct yomi_error err = {{0}};
		yomi_move m;
		assert_int_equal(G->parse_move(&p, ja_bad[i].move, &m, &err), -1);
		if (!strstr(err.msg, ja_bad[i].error))
			fail_msg("%s: '%s', expected '%s'", ja_bad[i].move, err.msg, ja_bad[i].error);
	}
}

static void test_bad_positions(void **state)
{
	(void)state;
	static const struct { const char *text, *error; } cases[] = {
		{"", "position: empty"},
		{"lnsgkgsnl/1r5b1/pppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
		 "position: rank 3 has 10 squares"},
		{"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1 b - 1",
		 "position: 8 ranks, the board has 9"},
		{"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL/9 b - 1",
		 "more than 9 ranks"},
		{"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNX b - 1",
		 "rank 9: 'X' is not a piece"},
		{"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNS+GKGSNL b - 1",
		 "rank 9: a gold does not promote ('+G')"},
		{"lnsgkgsnl/1r5b1/ppppppppp/0/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
		 "rank 4: '0' is not a count"},
		{SG_START_SFEN "x", "unexpected 'x' after the position"},
		{SG_START_SFEN "0000000", "move number must be 1 to 65535"},
		{"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL x - 1",
		 "side to move: 'x' is not b"},
		{"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b K 1",
		 "hand: 'K' is not a piece that can be in hand"},
		{"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b 19P 1",
		 "hand: count 19"},
		{"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b 99999P 1",
		 "hand: count 99999 (1 to 18)"},
		/* a count or a '+' with nothing after it: the blank was quoted as the piece, "' '
		 * is not a piece that can be in hand", "rank 9: ' ' is not a piece" */
		{"4k4/9/9/9/9/9/9/9/4K4 b P2 1",
		 "position: hand: a count, 2, with no piece after it (2P: two pawns)"},
		{"4k4/9/9/9/9/9/9/9/4K4 b 12", "position: hand: a count, 12, with no piece after it"},
		{"4k4/9/9/9/9/9/9/9/4K4+ b - 1", "position: rank 9: a '+' with no piece after it"},
		{"4k4+/9/9/9/9/9/9/9/4K4 b - 1", "position: rank 1: a '+' with no piece after it"},
		{"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b P 1",
		 "position: 19 pawns (the game has 18)"},
		{"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b B 1",
		 "position: 3 bishops (the game has 2)"},
		{"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 0", "move number"},
		{SG_START_SFEN " junk", "unexpected 'junk' after the position"},
		{"startpos moves 7g7f", "unexpected 'moves' after startpos"},
		{"4k4/9/9/9/9/9/9/9/3KK4 b - 1", "position: two first-player kings"},
		{"P3k4/9/9/9/9/9/9/9/4K4 b - 1", "position: the pawn on 9a could never move"},
		{"4k4/9/9/9/9/9/9/9/4K3n w - 1", "position: the knight on 1i could never move"},
		{"4k4/9/9/9/4P4/9/4P4/9/4K4 b - 1", "two first-player pawns on file 5 (nifu)"},
		{"4k4/4R4/9/9/9/9/9/9/4K4 b - 1",
		 "position: the side not to move is in check (its king could be taken)"},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct shogi_pos p;
		struct yomi_error err = {{0}};
		if (G->parse(cases[i].text, &p, &err) == 0)
			fail_msg("'%s' parsed; expected error '%s'", cases[i].text, cases[i].error);
		if (!strstr(err.msg, cases[i].error))
			fail_msg("'%s': error '%s'; expected it to contain '%s'", cases[i].text,
			         err.msg, cases[i].error);
		assert_null(strchr(err.msg, '\n'));
		assert_true(strncmp(err.msg, "position: ", 10) == 0);
	}
}

static void test_bad_moves(void **state)
{
	(void)state;
	static const struct { const char *pos, *move, *error; } cases[] = {
		{"startpos", "7g7", "move: '7g7': expected a USI move like 7g7f"},
		{"startpos", "7g7f x", "unexpected text after the move"},
		{"startpos", "7e7d", "move: 7e7d: 7e is empty"},
		{"startpos", "3c3d", "move: 3c3d: the pawn on 3c is not yours"},
		{"startpos", "8h2b+", "move: 8h2b+: a bishop on 8h cannot reach 2b"},
		{"startpos", "7g7e", "a pawn on 7g cannot reach 7e"},
		{"startpos", "6i7i", "move: 6i7i: 7i holds your own silver"},
		{"startpos", "7g7f+", "promotes only when it moves into, within or out of the "
		 "promotion zone"},
		{"4k4/9/9/2G6/9/9/9/9/4K4 b - 1", "7d7c+", "move: 7d7c+: a gold does not promote"},
		{"4k4/9/9/9/9/9/9/9/4K4 b - 1", "P*5e", "move: P*5e: no pawn in hand"},
		{"4k4/9/9/9/9/9/9/9/4K4 b P 1", "P*5a", "move: P*5a: 5a is occupied"},
		{"4k4/9/9/9/9/9/9/9/4K4 b N 1", "N*1b", "move: N*1b: a knight on 1b could never move"},
		{"4k4/9/9/9/9/9/4P4/9/4K4 b P 1", "P*5e", "move: P*5e: a second pawn on file 5 (nifu)"},
		{"8k/9/5B1G1/9/9/9/9/9/4K4 b P 1", "P*1b", "move: P*1b: pawn-drop mate (uchifuzume)"},
		{"4k4/9/9/9/9/9/9/9/4K4 b - 1", "K*5e", "move: K*5e: a king is never in hand"},
		{"4k4/9/9/L8/9/9/9/9/4K4 b - 1", "9d9a", "move: 9d9a: a lance on 9a must promote"},
		{"4r4/9/9/9/9/9/4S4/9/4K4 b - 1", "5g4f", "move: 5g4f: leaves your king in check"},
		{"4r4/9/9/9/9/9/9/9/4K4 b G 1", "G*4e", "move: G*4e: leaves your king in check"},
		{"9/7b1/9/9/9/9/9/9/4K3k b - 1", "2b1a",
		 "move: 2b1a: the bishop on 2b is not yours"},
		{"9/7B1/9/9/9/9/9/9/K7k b - 1", "2b2a",
		 "move: 2b2a: a bishop on 2b cannot reach 2a"},
		{"startpos", "win", "move: win: no entering-king declaration: the king is not in the "
		 "enemy camp"},
		{"8k/9/6NG1/9/9/9/9/9/4K4 w - 1", "1a1b",
		 "move: 1a1b: the game is over (no legal move)"},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		const struct shogi_pos p = parse_ok(cases[i].pos);
		struct yomi_error err = {{0}};
		yomi_move m;
		if (G->parse_move(&p, cases[i].move, &m, &err) == 0)
			fail_msg("%s at %s parsed; expected error '%s'", cases[i].move, cases[i].pos,
			         cases[i].error);
		if (!strstr(err.msg, cases[i].error))
			fail_msg("%s at %s: error '%s'; expected it to contain '%s'", cases[i].move,
			         cases[i].pos, err.msg, cases[i].error);
	}
}

/* ---- search ---- */

static struct tt table;

static void search(const void *pos, int depth, struct search_ctx *ctx)
{
	const struct search_limits lim = {.depth = depth, .multipv = 1};
	tt_clear(&table);
	search_init(ctx, &table, &lim);
	G->search(ctx, pos);
}

/* Whether the side to move at p is mated within `plies` (odd) whatever it does: the mover
 * has a move after which every reply still allows it (plain recursion, for checking the
 * search's mate scores). */
static int mates_within(const struct shogi_pos *p, int plies)
{
	yomi_move mv[SG_MAX_MOVES], rep[SG_MAX_MOVES];
	const int n = sg_gen(p, mv);
	for (int i = 0; i < n; i++) {
		struct shogi_pos q;
		if (sg_play(p, mv[i], &q))
			return 1;   /* a declaration */
		const int nr = sg_gen(&q, rep);
		if (nr == 0)
			return 1;
		if (plies < 3)
			continue;
		int all = 1;
		for (int j = 0; j < nr && all; j++) {
			struct shogi_pos r;
			sg_play(&q, rep[j], &r);
			all = mates_within(&r, plies - 2);
		}
		if (all)
			return 1;
	}
	return 0;
}

static void test_search_mates(void **state)
{
	(void)state;
	struct search_ctx *ctx = calloc(1, sizeof *ctx);
	char score[16];
	static const struct { const char *sfen; int distance; } cases[] = {
		{"8k/9/5B1GP/9/9/9/9/9/4K4 b - 1", 1},       /* the pawn push, not a drop */
		{"7nk/9/8P/9/9/9/9/9/4K4 b G 1", 1},
		{"RBGG1SS2/R3K3B/4G1S2/9/9/9/9/9/8k b 2P 1", 1},   /* the declaration */
		{"7nk/7s1/9/8N/9/9/9/9/4K4 b GS 1", 3},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		const struct shogi_pos p = parse_ok(cases[i].sfen);
		search(&p, 5, ctx);
		search_format_score(ctx->lines[0].score, ctx->lines[0].proven, score, sizeof score);
		char want[16];
		snprintf(want, sizeof want, "#%d", cases[i].distance);
		if (strcmp(score, want) != 0)
			fail_msg("%s: score %s, expected %s", cases[i].sfen, score, want);
		/* the distance is the shortest: no mate two plies sooner, and a mate this soon */
		assert_true(mates_within(&p, cases[i].distance));
		if (cases[i].distance > 1)
			assert_false(mates_within(&p, cases[i].distance - 2));
		/* the line ends the game */
		struct shogi_pos q = p;
		int over = 0;
		for (int k = 0; k < ctx->lines[0].len; k++)
			over = G->play(&q, ctx->lines[0].pv[k], &q);
		assert_true(over);
	}
	/* The side that checks on every move of a repetition loses it (the other wins at
	 * once); a repetition without perpetual check is a draw, 0. */
	const struct shogi_pos p = parse_ok("8k/9/7R1/9/9/9/9/9/4K4 b - 1");
	struct shogi_pos q = after("8k/9/7R1/9/9/9/9/9/4K4 b - 1", "2c1c,1a2a,1c2c,2a1a");
	assert_int_equal(sg_repeat_score(&q, 4, 4), -(SCORE_WIN - 4));
	q = after("8k/9/7R1/9/9/9/9/9/4K4 b - 1", "2c1c,1a2a,1c2c,2a1a,2c1c");
	assert_int_equal(sg_repeat_score(&q, 5, 4), SCORE_WIN - 5);
	q = after("startpos", "5i5h,5a5b,5h5i,5b5a");
	assert_int_equal(sg_repeat_score(&q, 4, 4), 0);
	(void)p;
	free(ctx);
}

/* The check extension: a position in check is searched a ply deeper, so a mate whose last
 * move gives check shows one ply sooner than the iteration's depth alone would let it
 * (without it, depth 1 scores the mate in 1 +261, depth 3 the mate in 3 about +1000: the
 * mated side stood pat in quiescence). */
static void test_check_extension(void **state)
{
	(void)state;
	struct search_ctx *ctx = calloc(1, sizeof *ctx);
	char score[16];
	static const struct { const char *sfen; int depth, distance; } cases[] = {
		{"7nk/9/8P/9/9/9/9/9/4K4 b G 1", 1, 1},   /* G*1b */
		{"8k/9/9/9/9/9/9/9/4K4 b 2G 1", 3, 3},    /* a quiet drop, then a checking one */
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		const struct shogi_pos p = parse_ok(cases[i].sfen);
		search(&p, cases[i].depth, ctx);
		search_format_score(ctx->lines[0].score, ctx->lines[0].proven, score, sizeof score);
		char want[16];
		snprintf(want, sizeof want, "#%d", cases[i].distance);
		if (strcmp(score, want) != 0)
			fail_msg("%s at depth %d: score %s, expected %s", cases[i].sfen, cases[i].depth,
			         score, want);
		assert_true(mates_within(&p, cases[i].distance));
		if (cases[i].distance > 1)
			assert_false(mates_within(&p, cases[i].distance - 2));
	}
	free(ctx);
}

static void test_eval_symmetry(void **state)
{
	(void)state;
	/* The evaluation of a position and of its mirror (colours and sides swapped, the board
	 * turned) are equal: no term favours one side. */
	for (int game = 0; game < 4; game++) {
		struct shogi_pos p = parse_ok("startpos");
		for (int ply = 0; ply < 120; ply++) {
			struct shogi_pos m;
			memset(&m, 0, sizeof m);
			for (int sq = 0; sq < SG_SQUARES; sq++)
				if (p.board[sq])
					m.board[80 - sq] = (uint8_t)(p.board[sq] ^ SG_WHITE_BIT);
			memcpy(m.hand[0], p.hand[1], sizeof m.hand[0]);
			memcpy(m.hand[1], p.hand[0], sizeof m.hand[1]);
			m.stm = (uint8_t)(p.stm ^ 1);
			sg_sync(&m);
			assert_int_equal(shogi_eval(&m), shogi_eval(&p));
			assert_int_equal(shogi_eval_material(&m), shogi_eval_material(&p));
			yomi_move mv[SG_MAX_MOVES];
			const int n = sg_gen(&p, mv);
			if (n == 0)
				break;
			struct shogi_pos q;
			if (sg_play(&p, mv[rng() % (uint64_t)n], &q))
				break;
			p = q;
		}
	}
}

static int setup(void **state)
{
	(void)state;
	G = game_find("shogi");
	return G && tt_init(&table, 16) == 0 ? 0 : -1;
}

static int teardown(void **state)
{
	(void)state;
	tt_free(&table);
	return 0;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_tables),
		cmocka_unit_test(test_perft_file),
		cmocka_unit_test(test_generation_random_games),
		cmocka_unit_test(test_fsf_deviations),
		cmocka_unit_test(test_notation),
		cmocka_unit_test(test_bad_positions),
		cmocka_unit_test(test_bad_moves),
		cmocka_unit_test(test_search_mates),
		cmocka_unit_test(test_check_extension),
		cmocka_unit_test(test_eval_symmetry),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
