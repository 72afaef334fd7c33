/*
 * dobutsu_policy.h - which move of a winning side most likely wins soonest, and which move
 * of a defending one holds out best: a linear score over a few features of the move and of
 * the position it leads to, with weights fitted to the solved table's best moves
 * (bench/policy-train.sh writes dobutsu_policy_weights.h).
 *
 * Why: the mate search's proofs hinge on the winner's first try at nodes far from the
 * horizon, where a wrong try costs a whole refuted subtree.  With the table's own order at
 * those nodes (an experiment, not kept) the hardest forced result took 30x fewer nodes.  On
 * the positions held out from the fit, the static order (captures, then threats) tries 3.6
 * moves on average before a fastest win, this score 1.8; in the search of that result, at
 * its winning side's nodes from 7 plies above the horizon, the search's order (with the
 * table move, killers and history) 3.2 and this score 1.8.  It only orders moves: every
 * move is still searched, so no result rests on it.
 *
 * The same score with weights of its own orders the moves of the side asked not to lose:
 * in a test that fails ("no loss within N"), the defender's move decides how large the
 * winner's refutation below it is.  With the table's order there (an experiment, not kept)
 * the hardest of bench/forced-40.txt took 9.5 M nodes instead of 38.0 M.  Both weight sets
 * are fitted to positions the mate search itself orders (bench/policy-train.c says why):
 * bench/forced-nodes.sh, 362 M nodes in all instead of 414 M with the winner's order alone.
 */
#ifndef YOMI_GAMES_DOBUTSU_POLICY_H
#define YOMI_GAMES_DOBUTSU_POLICY_H

#include "games/dobutsu/dobutsu.h"
#include "games/dobutsu/dobutsu_mate.h"

/* Feature groups: each move has one feature of each group (PF_PROMO, PF_ESCAPE and PF_LOSES
 * may be absent), numbered from the group's base.  "Kind" is 0..2 a drop of a chick,
 * elephant or giraffe, 3..7 a board move of a lion, chick, elephant, giraffe or hen. */
enum {
	PF_KIND_VICTIM = 0,                 /* kind x what it takes (none, C, E, G, H) */
	PF_PROMO = PF_KIND_VICTIM + 8 * 5,  /* a chick promotes */
	PF_REL = PF_PROMO + 1,              /* kind x ranks ahead of the enemy lion (-3..3) x
	                                       files off it (0..2): where the piece lands */
	PF_SAFE = PF_REL + 8 * 7 * 3,       /* kind x its square attacked by them x by us */
	PF_ESCAPE = PF_SAFE + 8 * 2 * 2,    /* kind x the piece stood attacked (board moves) */
	PF_CHECK = PF_ESCAPE + 8 * 2,       /* we attack no lion of theirs / we do, the moved
	                                       piece's square not attacked by them / attacked */
	PF_FLIGHT = PF_CHECK + 3,           /* their lion's free squares not attacked (0..8) */
	PF_FLIGHT_DELTA = PF_FLIGHT + 9,    /* how that count changed (-3..3) */
	PF_LOSES = PF_FLIGHT_DELTA + 7,     /* they can then win at once */
	PF_TRY = PF_LOSES + 1,              /* our lion's safe try squares (0..2) */
	PF_HANG_US = PF_TRY + 3,            /* our pieces attacked and not defended (0..3) */
	PF_HANG_THEM = PF_HANG_US + 4,      /* theirs (0..3) */
	PF_HAND_US = PF_HANG_THEM + 4,      /* pieces in our hand (0..3) */
	PF_HAND_THEM = PF_HAND_US + 4,      /* in theirs (0..3) */
	PF_LION_THEM = PF_HAND_THEM + 4,    /* how far their lion has advanced (0..3) */
	PF_LION_US = PF_LION_THEM + 4,      /* ours */
	PF_MOBILITY = PF_LION_US + 4,       /* their moves, in 8 buckets */
	PF_REL_US = PF_MOBILITY + 8,        /* kind x ranks ahead of our lion (-3..3) x files
	                                       off it (0..2): where the piece lands */
	PF_FLIGHT_US = PF_REL_US + 8 * 7 * 3,  /* our lion's free squares not attacked (0..8) */
	PF_TRY_THEM = PF_FLIGHT_US + 9,     /* their lion's safe try squares (0..2) */
	PF_COUNT = PF_TRY_THEM + 3,
	PF_MAX = 24                         /* features of one move, at most */
};

/* Ranks advanced by colour c's piece on sq, from its own back rank (0) to the far one (3). */
static inline int dob_policy_advance(int c, int sq) { return c ? sq / 3 : 3 - sq / 3; }

static inline int dob_policy_min(int a, int b) { return a < b ? a : b; }

/* How many squares next to colour c's lion c can step to that are not in `attacked`. */
static inline int dob_policy_flight(const struct dobutsu_pos *q, int c, uint16_t attacked)
{
	const int lion = q->lion[c];
	if (lion >= DOB_SQUARES)
		return 0;
	return __builtin_popcount(dob_att[c][DOB_LION][lion] & ~q->bb[c][0] & ~attacked);
}

/* Writes the features of legal move m of *p to f[] (at most PF_MAX) and returns how many:
 * *q is the position after m (the game goes on), flight0 dob_policy_flight of the enemy
 * lion in *p (against our attacks there). */
static inline int dob_policy_features(const struct dobutsu_pos *p, yomi_move m,
                                      const struct dobutsu_pos *q, int flight0, int *f)
{
	const int us = p->stm, them = us ^ 1, to = DOB_TO(m), from = DOB_FROM(m);
	const int drop = from >= DOB_SQUARES;
	const int type = drop ? from - DOB_SQUARES : dob_type_at(p, from);
	const int kind = drop ? type - 1 : 3 + (type == DOB_LION ? 0 : type == DOB_HEN ? 4 : type);
	const int taken = drop ? 0 : dob_type_at(p, to);
	int n = 0;
	f[n++] = PF_KIND_VICTIM + kind * 5 + (taken == DOB_HEN ? 4 : taken);
	if (DOB_PROMO(m))
		f[n++] = PF_PROMO;
	const int their_lion = q->lion[them], our_lion = q->lion[us];
	const int ahead = dob_policy_advance(us, to) - dob_policy_advance(us, their_lion);
	const int off = to % 3 > their_lion % 3 ? to % 3 - their_lion % 3 : their_lion % 3 - to % 3;
	f[n++] = PF_REL + (kind * 7 + ahead + 3) * 3 + off;
	const uint16_t theirs_att = dob_attacks(q, them), ours_att = dob_attacks(q, us);
	f[n++] = PF_SAFE + kind * 4 + ((theirs_att >> to) & 1) * 2 + ((ours_att >> to) & 1);
	if (!drop)
		f[n++] = PF_ESCAPE + kind * 2 + dob_attacked(p, from, them);
	f[n++] = PF_CHECK + ((ours_att >> their_lion) & 1 ? 1 + ((theirs_att >> to) & 1) : 0);
	const int flight = dob_policy_flight(q, them, ours_att);
	const int delta = flight - flight0;
	f[n++] = PF_FLIGHT + flight;
	f[n++] = PF_FLIGHT_DELTA + 3 + (delta < -3 ? -3 : delta > 3 ? 3 : delta);
	if (dob_wins_at_once(q))
		f[n++] = PF_LOSES;
	const int tries = __builtin_popcount(dob_att[us][DOB_LION][our_lion] & dob_far_rank(us) &
	                                     ~q->bb[us][0] & ~theirs_att);
	f[n++] = PF_TRY + dob_policy_min(tries, 2);
	const uint16_t ours = q->bb[us][0] & ~q->bb[us][DOB_LION];
	const uint16_t theirs = q->bb[them][0] & ~q->bb[them][DOB_LION];
	f[n++] = PF_HANG_US + dob_policy_min(__builtin_popcount(ours & theirs_att & ~ours_att), 3);
	f[n++] = PF_HANG_THEM + dob_policy_min(__builtin_popcount(theirs & ours_att & ~theirs_att), 3);
	f[n++] = PF_HAND_US + dob_policy_min(dob_hand_size(q, us), 3);
	f[n++] = PF_HAND_THEM + dob_policy_min(dob_hand_size(q, them), 3);
	f[n++] = PF_LION_THEM + dob_policy_advance(them, their_lion);
	f[n++] = PF_LION_US + dob_policy_advance(us, our_lion);
	static const int8_t bucket[16] = {0, 1, 2, 3, 4, 4, 5, 5, 5, 6, 6, 6, 6, 7, 7, 7};
	const int n_replies = dob_count_moves(q);
	f[n++] = PF_MOBILITY + (n_replies < 16 ? bucket[n_replies] : 7);
	const int ahead_us = dob_policy_advance(us, to) - dob_policy_advance(us, our_lion);
	const int off_us = to % 3 > our_lion % 3 ? to % 3 - our_lion % 3 : our_lion % 3 - to % 3;
	f[n++] = PF_REL_US + (kind * 7 + ahead_us + 3) * 3 + off_us;
	f[n++] = PF_FLIGHT_US + dob_policy_flight(q, us, theirs_att);
	const int their_tries = __builtin_popcount(dob_att[them][DOB_LION][their_lion] &
	                                           dob_far_rank(them) & ~q->bb[them][0] & ~ours_att);
	f[n++] = PF_TRY_THEM + dob_policy_min(their_tries, 2);
	return n;
}


#ifdef DOB_POLICY_DUMP
#include <stdio.h>
#include <stdlib.h>
/* Training instrumentation, compiled only into the yomi that bench/policy-train.sh builds
 * (-DDOB_POLICY_DUMP): every 8th position the mate search orders is appended to the file
 * $YOMI_POLICY_DUMP as 'A' (the side asked for a win) or 'D' (asked not to lose), a tab and
 * the position, so the weights are fitted to the positions the search meets (one thread). */
static inline void dob_policy_dump(const struct dobutsu_pos *p, int attack)
{
	static FILE *dump;
	static unsigned calls;
	if (!dump && !(dump = fopen(getenv("YOMI_POLICY_DUMP"), "a")))
		abort();
	if (++calls % 8)
		return;
	char buf[128];
	dobutsu_format(p, 0, buf, sizeof buf);
	fprintf(dump, "%c\t%s\n", attack ? 'A' : 'D', buf);
}
#endif

#endif
