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
		dobi.n_lo[st] = 0;
		for (unsigned d = 0; d < 1024; d++) {
			const int s = dobi.state5[d] == 0xff ? -1 : dobi_state_add(st, dobi.state5[d]);
			if (s < 0) {
				dobi.lo_off[st][d] = UINT32_MAX;
				continue;
			}
			dobi.lo_off[st][d] = off;
			dobi.lo_list[st][dobi.n_lo[st]++] = (uint16_t)d;
			off += dobi.block[s];
		}
		low_total[st] = off;
	}
	uint32_t base = 0;
	dobi.n_hi = 0;
	for (unsigned d = 0; d < 1024; d++) {
		dobi.hi_base[d] = base;
		if (dobi.state5[d] == 0xff)
			continue;
		dobi.hi_list[dobi.n_hi++] = (uint16_t)d;
		base += low_total[dobi.state5[d]];
	}
}

static pthread_once_t once = PTHREAD_ONCE_INIT;

void dobi_init(void) { pthread_once(&once, build_tables); }

int dobi_decode(uint64_t idx, struct dobutsu_pos *p)
{
	if (idx >= DOBI_SIZE)
		return -1;
	const int cfg = (int)(idx / DOBI_PER_CONFIG);
	uint32_t r = (uint32_t)(idx % DOBI_PER_CONFIG);
	/* the high half: the last valid one whose base is <= r */
	int lo = 0, hi = dobi.n_hi - 1;
	while (lo < hi) {
		const int mid = (lo + hi + 1) / 2;
		if (dobi.hi_base[dobi.hi_list[mid]] <= r)
			lo = mid;
		else
			hi = mid - 1;
	}
	const unsigned hd = dobi.hi_list[lo];
	r -= dobi.hi_base[hd];
	const int st = dobi.state5[hd];
	const uint16_t *list = dobi.lo_list[st];
	lo = 0, hi = dobi.n_lo[st] - 1;
	while (lo < hi) {
		const int mid = (lo + hi + 1) / 2;
		if (dobi.lo_off[st][list[mid]] <= r)
			lo = mid;
		else
			hi = mid - 1;
	}
	const unsigned ld = list[lo];
	r -= dobi.lo_off[st][ld];
	const int total = dobi_state_add(st, dobi.state5[ld]);
	const int nc = total / 9, ne = total / 3 % 3, ng = total % 3;
	const unsigned hands = (unsigned)((3 - nc) * (3 - ne) * (3 - ng));
	unsigned hand = r % hands;
	const unsigned bits = r / hands;
	unsigned promo = bits & ((1u << nc) - 1), owner = bits >> nc;

	memset(p, 0, sizeof *p);
	p->board[dobi.config_lions[cfg][0]] = DOB_LION;
	p->board[dobi.config_lions[cfg][1]] = DOB_LION | 1 << 3;
	const unsigned digits = ld | hd << 10;
	for (int j = 0; j < 10; j++) {
		const int kind = (int)(digits >> (2 * j)) & 3;
		if (!kind)
			continue;
		int type = kind;   /* 1 chick, 2 elephant, 3 giraffe: the type numbers */
		if (kind == DOB_CHICK) {
			if (promo & 1)
				type = DOB_HEN;
			promo >>= 1;
		}
		p->board[dobi.free_squares[cfg][j]] = (uint8_t)(type | (owner & 1) << 3);
		owner >>= 1;
	}
	const int hg = 3 - ng, he = 3 - ne;
	const int in_c = (int)(hand / (unsigned)(he * hg)), in_e = (int)(hand / (unsigned)hg % (unsigned)he),
	          in_g = (int)(hand % (unsigned)hg);
	p->hand[0][DOB_CHICK] = (uint8_t)in_c;
	p->hand[0][DOB_ELEPHANT] = (uint8_t)in_e;
	p->hand[0][DOB_GIRAFFE] = (uint8_t)in_g;
	p->hand[1][DOB_CHICK] = (uint8_t)(2 - nc - in_c);
	p->hand[1][DOB_ELEPHANT] = (uint8_t)(2 - ne - in_e);
	p->hand[1][DOB_GIRAFFE] = (uint8_t)(2 - ng - in_g);
	p->stm = 0;
	p->ply = 1;
	dobutsu_sync(p);
	return 0;
}

void dobi_mirror(const struct dobutsu_pos *p, struct dobutsu_pos *out)
{
	struct dobutsu_pos m = *p;
	for (int s = 0; s < DOB_SQUARES; s++)
		m.board[mirror_square(s)] = p->board[s];
	dobutsu_sync(&m);
	*out = m;
}
