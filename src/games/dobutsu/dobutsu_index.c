/*
 * dobutsu_index.c - the index tables, decoding, and the mirror (see dobutsu_index.h).
 */
#include <pthread.h>
#include <string.h>

#include "games/dobutsu/dobutsu_index.h"

/* deposit(v, mask): the low bits of v, in order, onto the set bits of mask (x86 PDEP).  A
 * build without BMI2 (tools/cpu-flags leaves it out where PDEP is microcoded, and other
 * CPUs have none) takes the loop: the same bits, more slowly. */
#ifdef __BMI2__
#include <immintrin.h>
static inline uint64_t deposit(uint64_t v, uint64_t mask) { return _pdep_u64(v, mask); }
#else
static inline uint64_t deposit(uint64_t v, uint64_t mask)
{
	uint64_t r = 0;
	for (; mask; mask &= mask - 1, v >>= 1)
		r |= (v & 1) ? mask & -mask : 0;
	return r;
}
#endif

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

/* Places the pieces of the cursor's pattern with owner and promotion bits `bits` (the
 * bits digit of the index: promotions in its low bits, one per chick, then owners), from
 * masks: the pieces' owners and the hens are the bits spread over their squares (the
 * pieces run in square order), and the board bytes add 8 for an owner and 4 for a hen to
 * the kinds' bytes.  Every mask and board byte is written, from registers, 8 bytes at a
 * time.  Placing piece by piece, a read-modify-write of two masks each, took most of the
 * Dobutsu build's init: a scan of the index decoding every entry 4.6 s (164M boards). */
static inline void place(struct dobi_cursor *cur, unsigned bits)
{
	struct dobutsu_pos *p = &cur->pos;
	const int nc = cur->state / 9;
	const int pieces = nc + cur->state / 3 % 3 + cur->state % 3;
	const uint64_t owner = dobi.rev12[bits >> nc] >> (12 - pieces);   /* in square order */
	const uint64_t theirs = deposit(owner, cur->mask[0]);
	const uint64_t hens = deposit(bits & ((1u << nc) - 1), cur->mask[DOB_CHICK]);
	const uint64_t ours = cur->mask[0] & ~theirs, chicks = cur->mask[DOB_CHICK] & ~hens;
	const uint64_t ele = cur->mask[DOB_ELEPHANT], gir = cur->mask[DOB_GIRAFFE];
	const uint64_t l0 = cur->lion[0], l1 = cur->lion[1];
	_Static_assert(DOB_TYPES == 6 && DOB_CHICK == 1 && DOB_HEN == 5, "bb[2][6] is three words");
	const uint64_t w[3] = {
		(ours | l0) | (chicks & ours) << 16 | (ele & ours) << 32 | (gir & ours) << 48,
		l0 | (hens & ours) << 16 | (theirs | l1) << 32 | (chicks & theirs) << 48,
		(ele & theirs) | (gir & theirs) << 16 | l1 << 32 | (hens & theirs) << 48,
	};
	memcpy(p->bb, w, sizeof w);
	const uint64_t bytes = 0x0101010101010101ull;
	const uint64_t lo = cur->kinds_lo + deposit(theirs & 0xff, bytes) * 8 +
	                    deposit(hens & 0xff, bytes) * 4;
	const uint32_t hi = cur->kinds_hi + (uint32_t)deposit(theirs >> 8, bytes) * 8 +
	                    (uint32_t)deposit(hens >> 8, bytes) * 4;
	memcpy(p->board, &lo, 8);
	memcpy(p->board + 8, &hi, 4);
	cur->bits = (uint16_t)bits;
}

/* dobi_decode_board without the cursor's run: finds idx's pattern. */
static int decode_pattern(uint64_t idx, struct dobi_cursor *cur)
{
	struct dobutsu_pos *p = &cur->pos;
	if (idx >= DOBI_SIZE) {
		cur->lo = cur->hi = cur->pattern_end = 0;
		return -1;
	}
	const int cfg = (int)(idx / DOBI_PER_CONFIG);
	uint32_t r = (uint32_t)(idx % DOBI_PER_CONFIG);
	const struct dobi_pattern *pt = &dobi.patterns[dobi.coarse[r >> 8]];
	while (pt[1].offset <= r)
		pt++;
	cur->pattern_end = idx - r + pt[1].offset;
	r -= pt->offset;
	const unsigned bits = (unsigned)((r * pt->recip) >> 32);
	const unsigned hand = r - bits * pt->hands;
	uint8_t kinds[16] = {0};
	uint16_t mask[4] = {0, 0, 0, 0};
	const int l0 = dobi.config_lions[cfg][0], l1 = dobi.config_lions[cfg][1];
	kinds[l0] = DOB_LION;
	kinds[l1] = DOB_LION | 1 << 3;
	const uint8_t *free_sq = dobi.free_squares[cfg];
	for (unsigned digits = pt->digits; digits; ) {
		const int j = __builtin_ctz(digits) >> 1;
		const int kind = (int)(digits >> (2 * j)) & 3;   /* 1 chick, 2 elephant, 3 giraffe */
		digits &= ~(3u << (2 * j));
		kinds[free_sq[j]] = (uint8_t)kind;
		mask[0] |= (uint16_t)(1u << free_sq[j]);
		mask[kind] |= (uint16_t)(1u << free_sq[j]);
	}
	memcpy(&cur->kinds_lo, kinds, 8);
	memcpy(&cur->kinds_hi, kinds + 8, 4);
	memcpy(cur->mask, mask, sizeof mask);
	cur->lion[0] = (uint16_t)(1u << l0);
	cur->lion[1] = (uint16_t)(1u << l1);
	cur->state = pt->state;
	place(cur, bits);
	const uint8_t *in = dobi.hand_split[pt->state][hand];
	const int nc = pt->state / 9, ne = pt->state / 3 % 3, ng = pt->state % 3;
	p->hand[0][DOB_CHICK] = in[0];
	p->hand[0][DOB_ELEPHANT] = in[1];
	p->hand[0][DOB_GIRAFFE] = in[2];
	p->hand[1][DOB_CHICK] = (uint8_t)(2 - nc - in[0]);
	p->hand[1][DOB_ELEPHANT] = (uint8_t)(2 - ne - in[1]);
	p->hand[1][DOB_GIRAFFE] = (uint8_t)(2 - ng - in[2]);
	p->hand[0][0] = p->hand[1][0] = 0;
	p->hand[0][DOB_LION] = p->hand[1][DOB_LION] = 0;
	p->hand[0][DOB_HEN] = p->hand[1][DOB_HEN] = 0;
	p->lion[0] = (uint8_t)l0;
	p->lion[1] = (uint8_t)l1;
	p->stm = 0;
	p->pad = 0;
	p->ply = 1;
	cur->lo = idx - hand;
	cur->hi = cur->lo + pt->hands;
	return 0;
}

int dobi_decode(uint64_t idx, struct dobutsu_pos *p)
{
	struct dobi_cursor c;
	const int r = decode_pattern(idx, &c);
	*p = c.pos;
	return r;
}

int dobi_decode_board(uint64_t idx, struct dobi_cursor *cur)
{
	if (idx == cur->hi && idx < cur->pattern_end) {   /* the pattern's next run */
		place(cur, cur->bits + 1u);
		cur->hi = idx + (idx - cur->lo);   /* the pattern's runs are equally long */
		cur->lo = idx;
		return 0;
	}
	return decode_pattern(idx, cur);
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
