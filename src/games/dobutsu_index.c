/*
 * dobutsu_index.c - the index tables, decoding, and the mirror (see dobutsu_index.h).
 */
#include <pthread.h>
#include <string.h>

#include "games/dobutsu_index.h"

struct dobi_tables dobi;

static int adjacent(int a, int b)
{
	int dr = a / 3 - b / 3, df = a % 3 - b % 3;
	return dr >= -1 && dr <= 1 && df >= -1 && df <= 1;
}

static int mirror_square(int s) { return s / 3 * 3 + 2 - s % 3; }

static int half_state(unsigned digits)
{
	int n[4] = {0, 0, 0, 0};
	for (int j = 0; j < 5; j++, digits >>= 2)
		n[digits & 3]++;
	if (n[1] > 2 || n[2] > 2 || n[3] > 2)
		return -1;
	return n[1] * 9 + n[2] * 3 + n[3];
}

static void build_tables(void)
{
	for (unsigned m = 0; m < 4096; m++) {
		unsigned r = 0, f = 0;
		for (int s = 0; s < 12; s++) {
			if (!((m >> s) & 1))
				continue;
			r |= 1u << (11 - s);
			f |= 1u << mirror_square(s);
		}
		dobi.rev12[m] = (uint16_t)r;
		dobi.mir12[m] = (uint16_t)f;
	}
	for (unsigned mask = 0; mask < 32; mask++) {
		for (unsigned x = 0; x < 32; x++) {
			unsigned v = 0;
			int j = 0;
			for (int b = 0; b < 5; b++)
				if ((mask >> b) & 1)
					v |= ((x >> b) & 1u) << j++;
			dobi.extract5[mask][x] = (uint8_t)v;
		}
	}
	for (unsigned m = 0; m < 32; m++) {
		unsigned v = 0;
		for (int j = 0; j < 5; j++)
			if ((m >> j) & 1)
				v += 1u << (2 * j);
		dobi.spread5[m] = (uint16_t)v;
	}
	/* Lion configurations in (mover lion, enemy lion) order; the mirror image of a pair
	 * maps onto the first of the two met. */
	memset(dobi.lion_config, 0xff, sizeof dobi.lion_config);
	int n = 0;
	for (int a = 0; a < 12; a++) {
		for (int b = 0; b < 12; b++) {
			if (a == b || adjacent(a, b) || a < 3 || b >= 9)
				continue;
			const int ma = mirror_square(a), mb = mirror_square(b);
			if (dobi.lion_config[ma][mb] != 0xff && (ma != a || mb != b)) {
				dobi.lion_config[a][b] = (uint8_t)(dobi.lion_config[ma][mb] | 0x80);
				continue;
			}
			dobi.lion_config[a][b] = (uint8_t)n;
			dobi.config_lions[n][0] = (uint8_t)a;
			dobi.config_lions[n][1] = (uint8_t)b;
			const int lo = a < b ? a : b, hi = a < b ? b : a;
			dobi.squeeze_lo[n] = (uint16_t)((1u << lo) - 1);
			dobi.squeeze_mid[n] = (uint16_t)(((1u << (hi - 1)) - 1) & ~((1u << lo) - 1));
			dobi.squeeze_hi[n] = (uint16_t)(((1u << 10) - 1) & ~((1u << (hi - 1)) - 1));
			int j = 0;
			for (int s = 0; s < 12; s++)
				if (s != a && s != b)
					dobi.free_squares[n][j++] = (uint8_t)s;
			n++;
		}
	}
	/* Pattern offsets. */
	for (int st = 0; st < DOBI_STATES; st++) {
		const int c = st / 9, e = st / 3 % 3, g = st % 3;
		dobi.block[st] = (uint32_t)((1u << (c + e + g)) << c) * (uint32_t)((3 - c) * (3 - e) * (3 - g));
	}
	uint32_t low_total[DOBI_STATES];
	for (unsigned d = 0; d < 1024; d++) {
		const int s = half_state(d);
		dobi.state5[d] = (uint8_t)(s < 0 ? 0xff : s);
	}
	for (int st = 0; st < DOBI_STATES; st++) {
		uint32_t off = 0;
		for (unsigned d = 0; d < 1024; d++) {
			const int s = dobi.state5[d] == 0xff ? -1 : dobi_state_add(st, dobi.state5[d]);
			if (s < 0) {
				dobi.lo_off[st][d] = UINT32_MAX;
				continue;
			}
			dobi.lo_off[st][d] = off;
			off += dobi.block[s];
		}
		low_total[st] = off;
	}
	uint32_t base = 0;
	for (unsigned d = 0; d < 1024; d++) {
		dobi.hi_base[d] = base;
		if (dobi.state5[d] == 0xff)
			continue;
		base += low_total[dobi.state5[d]];
	}
	/* every pattern in index order: high half major, low half minor */
	n = 0;
	for (unsigned hd = 0; hd < 1024; hd++) {
		if (dobi.state5[hd] == 0xff)
			continue;
		const int st = dobi.state5[hd];
		for (unsigned ld = 0; ld < 1024; ld++) {
			if (dobi.lo_off[st][ld] == UINT32_MAX)
				continue;
			const int total = dobi_state_add(st, dobi.state5[ld]);
			const int c = total / 9, e = total / 3 % 3, g = total % 3;
			struct dobi_pattern *pt = &dobi.patterns[n++];
			pt->offset = dobi.hi_base[hd] + dobi.lo_off[st][ld];
			pt->digits = ld | hd << 10;
			pt->state = (uint8_t)total;
			pt->hands = (uint8_t)((3 - c) * (3 - e) * (3 - g));
			pt->recip = (((uint64_t)1 << 32) + pt->hands - 1) / pt->hands;
		}
	}
	dobi.patterns[n].offset = DOBI_PER_CONFIG;   /* sentinel */
	int k = 0;
	for (uint32_t r = 0; r <= DOBI_PER_CONFIG >> 8; r++) {
		while (k + 1 < n && dobi.patterns[k + 1].offset <= r << 8)
			k++;
		dobi.coarse[r] = (uint16_t)k;
	}
	for (int st = 0; st < DOBI_STATES; st++) {
		const int e = st / 3 % 3, g = st % 3;
		const int he = 3 - e, hg = 3 - g;
		for (int h = 0; h < 27; h++) {
			dobi.hand_split[st][h][0] = (uint8_t)(h / (he * hg));
			dobi.hand_split[st][h][1] = (uint8_t)(h / hg % he);
			dobi.hand_split[st][h][2] = (uint8_t)(h % hg);
		}
	}
}

static pthread_once_t once = PTHREAD_ONCE_INIT;

void dobi_init(void) { pthread_once(&once, build_tables); }

int dobi_decode(uint64_t idx, struct dobutsu_pos *p)
{
	struct dobi_cursor c;
	const int r = dobi_decode_board(idx, &c);
	*p = c.pos;
	return r;
}

int dobi_decode_board(uint64_t idx, struct dobi_cursor *cur)
{
	struct dobutsu_pos *p = &cur->pos;
	if (idx >= DOBI_SIZE) {
		cur->lo = cur->hi = 0;
		return -1;
	}
	const int cfg = (int)(idx / DOBI_PER_CONFIG);
	uint32_t r = (uint32_t)(idx % DOBI_PER_CONFIG);
	const struct dobi_pattern *pt = &dobi.patterns[dobi.coarse[r >> 8]];
	while (pt[1].offset <= r)
		pt++;
	r -= pt->offset;
	const unsigned bits = (unsigned)((r * pt->recip) >> 32);
	const unsigned hand = r - bits * pt->hands;
	const int nc = pt->state / 9;
	const int pieces = nc + pt->state / 3 % 3 + pt->state % 3;
	unsigned promo = bits & ((1u << nc) - 1);
	unsigned owner = dobi.rev12[bits >> nc] >> (12 - pieces);   /* in square order */

	memset(p, 0, sizeof *p);
	const int l0 = dobi.config_lions[cfg][0], l1 = dobi.config_lions[cfg][1];
	dob_put(p, l0, 0, DOB_LION);
	dob_put(p, l1, 1, DOB_LION);
	p->lion[0] = (uint8_t)l0;
	p->lion[1] = (uint8_t)l1;
	const uint8_t *free_sq = dobi.free_squares[cfg];
	for (unsigned digits = pt->digits; digits; ) {
		const int j = __builtin_ctz(digits) >> 1;
		const int kind = (int)(digits >> (2 * j)) & 3;
		digits &= ~(3u << (2 * j));
		int type = kind;   /* 1 chick, 2 elephant, 3 giraffe: the type numbers */
		if (kind == DOB_CHICK) {
			if (promo & 1)
				type = DOB_HEN;
			promo >>= 1;
		}
		dob_put(p, free_sq[j], (int)(owner & 1), type);
		owner >>= 1;
	}
	const uint8_t *in = dobi.hand_split[pt->state][hand];
	const int ne = pt->state / 3 % 3, ng = pt->state % 3;
	p->hand[0][DOB_CHICK] = in[0];
	p->hand[0][DOB_ELEPHANT] = in[1];
	p->hand[0][DOB_GIRAFFE] = in[2];
	p->hand[1][DOB_CHICK] = (uint8_t)(2 - nc - in[0]);
	p->hand[1][DOB_ELEPHANT] = (uint8_t)(2 - ne - in[1]);
	p->hand[1][DOB_GIRAFFE] = (uint8_t)(2 - ng - in[2]);
	p->stm = 0;
	p->ply = 1;
	cur->lo = idx - hand;
	cur->hi = cur->lo + pt->hands;
	cur->state = pt->state;
	return 0;
}

void dobi_mirror(const struct dobutsu_pos *p, struct dobutsu_pos *out)
{
	struct dobutsu_pos m = *p;   /* hands, side to move, ply */
	for (int s = 0; s < DOB_SQUARES; s++)
		m.board[mirror_square(s)] = p->board[s];
	/* the masks by table, not rebuilt from the board: R_FOLD mirrors in the rounds */
	for (int c = 0; c < 2; c++) {
		for (int t = 0; t < DOB_TYPES; t++)
			m.bb[c][t] = dobi.mir12[p->bb[c][t]];
		if (p->lion[c] < DOB_SQUARES)
			m.lion[c] = (uint8_t)mirror_square(p->lion[c]);
	}
	*out = m;
}
