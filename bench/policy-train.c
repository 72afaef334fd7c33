/*
 * bench/policy-train.c - fits the weights of src/games/dobutsu/dobutsu_policy.h to a solved
 * Dobutsu table with distances, and writes them as a C header on stdout (policy-train.sh
 * builds and runs it).
 *
 * Two orders, fitted alike: the winner's (positions whose side to move wins in 3 to 31 plies;
 * target: its fastest wins) and the defender's (positions whose side to move does not win
 * within 2 plies; target: its best moves, a longest loss, a draw or a fastest win).  The
 * positions are the mate search's own: a file of 'A<TAB>position' (ordered for a win) and
 * 'D<TAB>position' (ordered not to lose) lines, which a yomi built with -DDOB_POLICY_DUMP
 * writes (policy-train.sh does it); fitted to random walks' positions instead, the
 * defender's order met the table's best move first on 90% of held-out walk positions but
 * on 33% of the search's, and saved no nodes.  A position is kept when not every move is
 * best.  Fit: a softmax over each position's moves (those that do not end the game), its
 * target spread evenly over the best moves, by plain stochastic gradient descent.  The last
 * tenth of each set is held out: stderr gets, for them, how many moves each order tries
 * before a best one, this one's and the search's static order (tactical weight, then
 * threats, then the generator's order).
 *
 *   policy-train TABLE NODES [POSITIONS]    fit (default: 400000 positions of each kind)
 *   policy-train --starts N TABLE           print N positions with a forced result in 16 to
 *                                           25 plies, '#D<TAB>position' (#-D a loss), met on
 *                                           walks from the start position (fixed seed)
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/dobutsu/dobutsu.h"
#include "games/dobutsu/dobutsu_mate.h"
#include "games/dobutsu/dobutsu_policy.h"
#include "yomi/table.h"

enum { EPOCHS = 12 };

struct sample {
	int n;                            /* moves that do not end the game */
	int nf[DOB_MAX_MOVES];
	int f[DOB_MAX_MOVES][PF_MAX];
	uint8_t best[DOB_MAX_MOVES];      /* a best move */
	int static_key[DOB_MAX_MOVES];    /* the search's static order */
};

static uint64_t rng_state = 88172645463325252ull;

static uint64_t rng(void)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return rng_state;
}

/* Fills *s from *p for the winner's order (defend 0) or the defender's (1); returns 1 if *p
 * is a position to learn from (see the top). */
static int make_sample(struct table *t, const struct dobutsu_pos *p, struct sample *s, int defend)
{
	struct table_value self, v[DOB_MAX_MOVES];
	struct yomi_error err;
	yomi_move ranked[DOB_MAX_MOVES], moves[DOB_MAX_MOVES];
	if (table_probe(t, p, &self, &err) ||
	    (defend ? self.outcome == GAME_WIN && self.distance < 3
	            : self.outcome != GAME_WIN || self.distance < 3 || self.distance > 31))
		return 0;
	const int r = table_rank_moves(t, p, ranked, v, &err);
	const int n = dobutsu_gen(p, moves);
	const int flight0 = dob_policy_flight(p, p->stm ^ 1, dob_attacks(p, p->stm));
	int n_best = 0;
	s->n = 0;
	for (int i = 0; i < n; i++) {
		struct dobutsu_pos q;
		if (dobutsu_play(p, moves[i], &q))
			continue;
		int j = 0;
		while (j < r && ranked[j] != moves[i])
			j++;
		if (j == r) {
			fprintf(stderr, "policy-train: the table does not list a move\n");
			exit(1);
		}
		const int k = s->n++;
		s->nf[k] = dob_policy_features(p, moves[i], &q, flight0, s->f[k]);
		s->best[k] = table_value_cmp(v[j], v[0]) == 0;
		n_best += s->best[k];
		int key = dob_tactical(p, moves[i]);
		s->static_key[k] = key > 0 ? key + (1 << 28) : dob_threat(p, moves[i]) ? 1 << 27 : 0;
	}
	return n_best > 0 && n_best < s->n;
}

static double weights[2][PF_COUNT];   /* the winner's, the defender's */

static double score(const struct sample *s, int k, const double *w)
{
	double x = 0;
	for (int i = 0; i < s->nf[k]; i++)
		x += w[s->f[k][i]];
	return x;
}

/* How many moves the order by key[] (ties: list order) tries before a best one. */
static int tries(const struct sample *s, const double *key)
{
	int used[DOB_MAX_MOVES] = {0};
	for (int t = 1; t <= s->n; t++) {
		int b = -1;
		for (int i = 0; i < s->n; i++)
			if (!used[i] && (b < 0 || key[i] > key[b]))
				b = i;
		used[b] = 1;
		if (s->best[b])
			return t;
	}
	return s->n;
}

/* Prints n positions for the search to start from (see the top). */
static void print_starts(struct table *t, int n)
{
	struct yomi_error err;
	int printed = 0;
	while (printed < n) {
		struct dobutsu_pos p;
		dobutsu_start(&p);
		const int length = (int)(rng() % 60), greedy = (int)(rng() % 4);
		for (int ply = 0; ply < length && printed < n; ply++) {
			yomi_move moves[DOB_MAX_MOVES];
			const int count = dobutsu_gen(&p, moves);
			if (count == 0 || dob_wins_at_once(&p))
				break;
			struct table_value v;
			if (rng() % 97 == 0 && !table_probe(t, &p, &v, &err) && v.outcome != GAME_DRAW &&
			    v.distance >= 16 && v.distance <= 25) {
				char buf[128];
				dobutsu_format(&p, 0, buf, sizeof buf);
				printf("#%s%d\t%s\n", v.outcome == GAME_WIN ? "" : "-", v.distance, buf);
				printed++;
			}
			yomi_move m = moves[rng() % (uint64_t)count];
			if ((int)(rng() % 4) < greedy) {   /* one of the best moves */
				yomi_move ranked[DOB_MAX_MOVES];
				struct table_value rv[DOB_MAX_MOVES];
				const int r = table_rank_moves(t, &p, ranked, rv, &err);
				int n_best = 1;
				while (n_best < r && table_value_cmp(rv[n_best], rv[0]) == 0)
					n_best++;
				m = ranked[rng() % (uint64_t)n_best];
			}
			struct dobutsu_pos q;
			if (dobutsu_play(&p, m, &q))
				break;
			p = q;
		}
	}
}

/* Fits w to the first nine tenths of samples[0..count-1] and reports on the rest (stderr). */
static void fit(const struct sample *samples, int count, double *w, const char *what)
{
	const int train = count * 9 / 10;
	double rate = 0.05, loss = 0;
	for (int epoch = 0; epoch < EPOCHS; epoch++, rate *= 0.8) {
		loss = 0;
		for (int si = 0; si < train; si++) {
			const struct sample *s = &samples[si];
			double sc[DOB_MAX_MOVES], top = -1e30, z = 0;
			int n_best = 0;
			for (int k = 0; k < s->n; k++) {
				sc[k] = score(s, k, w);
				top = sc[k] > top ? sc[k] : top;
				n_best += s->best[k];
			}
			for (int k = 0; k < s->n; k++)
				z += exp(sc[k] - top);
			for (int k = 0; k < s->n; k++) {
				const double pk = exp(sc[k] - top) / z;
				const double grad = pk - (s->best[k] ? 1.0 / n_best : 0);
				if (s->best[k])
					loss -= log(pk + 1e-12) / n_best;
				for (int i = 0; i < s->nf[k]; i++)
					w[s->f[k][i]] -= rate * grad;
			}
		}
	}
	double static_tries = 0, policy_tries = 0, static_first = 0, policy_first = 0;
	for (int si = train; si < count; si++) {
		const struct sample *s = &samples[si];
		double by_static[DOB_MAX_MOVES], by_policy[DOB_MAX_MOVES];
		for (int k = 0; k < s->n; k++) {
			by_static[k] = s->static_key[k];
			by_policy[k] = score(s, k, w);
		}
		const int a = tries(s, by_static), b = tries(s, by_policy);
		static_tries += a;
		policy_tries += b;
		static_first += a == 1;
		policy_first += b == 1;
	}
	const int held = count - train > 0 ? count - train : 1;
	fprintf(stderr, "%s: %d positions, %d held out; training loss %.4f\n", what, count,
	        count - train, loss / (train > 0 ? train : 1));
	fprintf(stderr, "%s: moves tried before a best one: static order %.3f (first %.1f%%), "
	        "policy %.3f (first %.1f%%)\n", what, static_tries / held, 100 * static_first / held,
	        policy_tries / held, 100 * policy_first / held);
}

int main(int argc, char **argv)
{
	const int starts = argc == 4 && !strcmp(argv[1], "--starts");
	if (argc < 3 || (!starts && argc > 4)) {
		fprintf(stderr, "usage: policy-train TABLE NODES [POSITIONS]\n"
		        "       policy-train --starts N TABLE\n");
		return 2;
	}
	const char *path = starts ? argv[3] : argv[1];
	struct yomi_error err;
	struct table *t = table_open(path, &game_dobutsu, &err);
	if (t && !table_has_distance(t)) {
		fprintf(stderr, "policy-train: %s: the table has no distances\n", path);
		return 1;
	}
	if (!t || table_preload(t, 2, &err)) {
		fprintf(stderr, "policy-train: %s\n", err.msg);
		return 1;
	}
	if (starts) {
		print_starts(t, atoi(argv[2]));
		table_close(t);
		return 0;
	}
	const int wanted = argc > 3 ? atoi(argv[3]) : 400000;
	struct sample *set[2];
	int count[2] = {0, 0};
	for (int k = 0; k < 2; k++)
		if (!(set[k] = malloc(sizeof *set[k] * (size_t)(wanted > 10 ? wanted : 10))))
			return 1;
	FILE *in = fopen(argv[2], "r");
	if (!in) {
		perror(argv[2]);
		return 1;
	}
	char line[256];
	int lineno = 0;
	while (fgets(line, sizeof line, in) && (count[0] < wanted || count[1] < wanted)) {
		lineno++;
		line[strcspn(line, "\n")] = 0;
		struct dobutsu_pos p;
		const int defend = line[0] == 'D';
		if ((line[0] != 'A' && !defend) || line[1] != '\t' || dobutsu_parse(line + 2, &p, &err)) {
			fprintf(stderr, "policy-train: %s:%d: not 'A|D<TAB>position'\n", argv[2], lineno);
			return 1;
		}
		if (count[defend] < wanted && !dob_wins_at_once(&p) &&
		    make_sample(t, &p, &set[defend][count[defend]], defend))
			count[defend]++;
	}
	fclose(in);
	fit(set[0], count[0], weights[0], "winner");
	fit(set[1], count[1], weights[1], "defender");
	printf("/* dobutsu_policy_weights.h - written by bench/policy-train.sh (%d and %d positions):\n"
	       " * the weights of dob_policy_features' features, in 1/256ths, for the side asked for a\n"
	       " * win, then for the side asked not to lose. */\n"
	       "static const int16_t dob_policy_weights[2][PF_COUNT] = {", count[0], count[1]);
	for (int k = 0; k < 2; k++) {
		printf("\n\t{");
		for (int i = 0; i < PF_COUNT; i++)
			printf("%s%ld,", i % 12 ? " " : "\n\t\t", lround(weights[k][i] * 256));
		printf("\n\t},");
	}
	printf("\n};\n");
	table_close(t);
	free(set[0]);
	free(set[1]);
	return 0;
}
