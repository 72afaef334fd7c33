/*
 * shogi_tables.c - the attack, line and key tables of shogi_bb.h, built once before main
 * (a constructor): about 250 KB computed in well under a millisecond, which is smaller and
 * simpler to check than a generated source file.  tests/test_shogi.c walks the board square
 * by square and compares every table with it.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "games/shogi/shogi.h"
#include "games/shogi/shogi_eval.h"

struct sg_tables sg_t;

/* Directions 1-8 as (file, rank) steps; rank -1 is the first player's forward. */
static const int dir_df[9] = {0, 0, 0, -1, 1, -1, 1, 1, -1};
static const int dir_dr[9] = {0, -1, 1, 0, 0, -1, 1, -1, 1};

static int on_board(int f, int r) { return f >= 0 && f < 9 && r >= 0 && r < 9; }

static sbb steps(int c, int f, int r, const int (*d)[2], int n)
{
	sbb b = 0;
	for (int i = 0; i < n; i++) {
		const int nf = f + d[i][0], nr = r + (c ? -d[i][1] : d[i][1]);
		if (on_board(nf, nr))
			b |= sbb_bit(sg_square(nf, nr));
	}
	return b;
}

static sbb slide(int f, int r, int df, int dr, sbb occ)
{
	sbb b = 0;
	for (int nf = f + df, nr = r + dr; on_board(nf, nr); nf += df, nr += dr) {
		b |= sbb_bit(sg_square(nf, nr));
		if (sbb_test(occ, sg_square(nf, nr)))
			break;
	}
	return b;
}

static uint64_t splitmix(uint64_t *s)
{
	uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

/* The lines of kind k: steps between neighbours along them (file, rank, two diagonals). */
static const int line_df[4] = {0, 1, 1, 1}, line_dr[4] = {1, 0, 1, -1};
static const int line_stride[4] = {1, 9, 10, 8};

static void build_lines(void)
{
	for (int len = 1; len <= 9; len++)
		for (int pos = 0; pos < len; pos++)
			for (unsigned idx = 0; idx < 128; idx++) {
				unsigned pat = 0;
				for (int k = pos + 1; k < len; k++) {   /* inner square k holds bit k - 1 */
					pat |= 1u << k;
					if (k < len - 1 && ((idx >> (k - 1)) & 1))
						break;
				}
				for (int k = pos - 1; k >= 0; k--) {
					pat |= 1u << k;
					if (k > 0 && ((idx >> (k - 1)) & 1))
						break;
				}
				sg_t.line_att[len][pos][idx] = (uint16_t)pat;
			}
	for (int c = 0; c < 2; c++)
		for (int r = 0; r < 9; r++)
			for (unsigned idx = 0; idx < 128; idx++) {
				const unsigned both = sg_t.line_att[9][r][idx];
				const unsigned ahead = c == 0 ? (1u << r) - 1 : 0x1ffu & ~((2u << r) - 1);
				sg_t.lance_att[c][r][idx] = (uint16_t)(both & ahead);
			}
	for (int k = 0; k < 4; k++) {
		for (unsigned pat = 0; pat < 512; pat++) {
			sbb b = 0;
			for (int i = 0; i < 9; i++)
				if ((pat >> i) & 1)
					b |= (sbb)1 << (line_stride[k] * i);
			sg_t.spread[k][pat] = b;
		}
		for (int sq = 0; sq < SG_SQUARES; sq++) {
			int f = sg_file(sq), r = sg_rank(sq), pos = 0;
			while (on_board(f - line_df[k], r - line_dr[k]))
				f -= line_df[k], r -= line_dr[k], pos++;
			const int start = sg_square(f, r);
			int len = 0;
			while (on_board(f, r))
				f += line_df[k], r += line_dr[k], len++;
			uint64_t mask = 0;
			for (int j = 0; j < len - 2; j++)
				mask |= 1ULL << (line_stride[k] * j);
			sg_t.line_start[k][sq] = (uint8_t)start;
			sg_t.line_pos[k][sq] = (uint8_t)pos;
			sg_t.line_len[k][sq] = (uint8_t)len;
			sg_t.line_shift[k][sq] = (uint8_t)(len >= 3 ? start + line_stride[k] : 0);
			sg_t.line_mask[k][sq] = mask;
		}
	}
}

static void build_steps(void)
{
	static const int pawn[][2] = {{0, -1}};
	static const int knight[][2] = {{-1, -2}, {1, -2}};
	static const int silver[][2] = {{-1, -1}, {0, -1}, {1, -1}, {-1, 1}, {1, 1}};
	static const int gold[][2] = {{-1, -1}, {0, -1}, {1, -1}, {-1, 0}, {1, 0}, {0, 1}};
	static const int king[][2] = {{-1, -1}, {0, -1}, {1, -1}, {-1, 0},
	                              {1, 0}, {-1, 1}, {0, 1}, {1, 1}};
	for (int c = 0; c < 2; c++)
		for (int sq = 0; sq < SG_SQUARES; sq++) {
			const int f = sg_file(sq), r = sg_rank(sq);
			sbb (*s)[2][SG_SQUARES] = sg_t.step;
			s[SG_PAWN][c][sq] = steps(c, f, r, pawn, 1);
			s[SG_KNIGHT][c][sq] = steps(c, f, r, knight, 2);
			s[SG_SILVER][c][sq] = steps(c, f, r, silver, 5);
			s[SG_GOLD][c][sq] = steps(c, f, r, gold, 6);
			s[SG_KING][c][sq] = steps(c, f, r, king, 8);
			for (int t = SG_PRO_PAWN; t <= SG_PRO_SILVER; t++)
				s[t][c][sq] = s[SG_GOLD][c][sq];
			s[SG_LANCE][c][sq] = slide(f, r, 0, c ? 1 : -1, 0);
			s[SG_BISHOP][c][sq] = slide(f, r, 1, 1, 0) | slide(f, r, 1, -1, 0) |
			                      slide(f, r, -1, 1, 0) | slide(f, r, -1, -1, 0);
			s[SG_ROOK][c][sq] = slide(f, r, 1, 0, 0) | slide(f, r, -1, 0, 0) |
			                    slide(f, r, 0, 1, 0) | slide(f, r, 0, -1, 0);
			s[SG_HORSE][c][sq] = s[SG_BISHOP][c][sq] | s[SG_KING][c][sq];
			s[SG_DRAGON][c][sq] = s[SG_ROOK][c][sq] | s[SG_KING][c][sq];
		}
	for (int a = 0; a < SG_SQUARES; a++)
		for (int d = 1; d <= 8; d++) {
			const int f = sg_file(a), r = sg_rank(a);
			sg_t.ray[a][d] = slide(f, r, dir_df[d], dir_dr[d], 0);
			sbb between = 0;
			for (int nf = f + dir_df[d], nr = r + dir_dr[d]; on_board(nf, nr);
			     nf += dir_df[d], nr += dir_dr[d]) {
				const int b = sg_square(nf, nr);
				sg_t.dir[a][b] = (uint8_t)d;
				sg_t.between[a][b] = between;
				between |= sbb_bit(b);
			}
		}
	for (int a = 0; a < SG_SQUARES; a++) {
		sg_t.near2[a] = 0;
		for (int b = 0; b < SG_SQUARES; b++)
			if (abs(sg_file(a) - sg_file(b)) <= 2 && abs(sg_rank(a) - sg_rank(b)) <= 2 && a != b)
				sg_t.near2[a] |= sbb_bit(b);
	}
	for (int i = 0; i < 9; i++) {
		sg_t.rank_bb[i] = sg_t.file_bb[i] = 0;
		for (int j = 0; j < 9; j++) {
			sg_t.rank_bb[i] |= sbb_bit(sg_square(j, i));
			sg_t.file_bb[i] |= sbb_bit(sg_square(i, j));
		}
	}
}

static void build_keys(void)
{
	uint64_t s = 0x53484f47ULL;   /* "SHOG": any fixed seed; keys are the same every run */
	for (int pc = 0; pc < 32; pc++)
		for (int sq = 0; sq < SG_SQUARES; sq++) {
			sg_t.zob_board[pc][sq] = splitmix(&s);
			sg_t.zob2_board[pc][sq] = splitmix(&s);
		}
	for (int c = 0; c < 2; c++)
		for (int t = 0; t < 8; t++)
			for (int n = 0; n < 20; n++) {
				/* no pieces in hand adds nothing: a position's key needs no hand terms */
				sg_t.zob_hand[c][t][n] = n ? splitmix(&s) : 0;
				sg_t.zob2_hand[c][t][n] = n ? splitmix(&s) : 0;
			}
	sg_t.zob_side = splitmix(&s);
	sg_t.zob2_side = splitmix(&s);
}

static void build_all(void)
{
	build_steps();
	build_lines();
	build_keys();
	sg_eval_init();
}

void sg_tables_init(void)
{
	static pthread_once_t once = PTHREAD_ONCE_INIT;
	pthread_once(&once, build_all);
}

__attribute__((constructor)) static void sg_tables_at_start(void)
{
	sg_tables_init();
}
