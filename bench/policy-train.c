/*
 * bench/policy-train.c - fits the weights of src/games/dobutsu/dobutsu_policy.h to a solved
 * Dobutsu table with distances, and writes them as a C header on stdout (policy-train.sh
 * builds and runs it).
 *
 * Positions: walks from the start position that play a random legal move, or now and then
 * (a rate drawn per walk) one of the table's best moves, for up to 59 plies; a third of the
 * positions passed are kept when the side to move wins in 3 to 31 plies and not every move
 * is best.  The walks' seed is fixed, so a table gives the same weights every time.
 * Fit: a softmax over each position's moves (those that do not end the game), its target
 * spread evenly over the table's best moves (the fastest wins), by plain stochastic
 * gradient descent.  The last tenth of the positions is held out: stderr gets, for them,
 * how many moves each order tries before a fastest win, this one's and the search's
 * static order (tactical weight, then threats, then the generator's order).
 *
 *   policy-train TABLE [POSITIONS]     (default 400000)
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "games/dobutsu/dobutsu.h"
#include "games/dobutsu/dobutsu_mate.h"
#include "games/dobutsu/dobutsu_policy.h"
#include "yomi/table.h"

enum { EPOCHS = 12 };

struct sample {
	int n;                            /* moves that do not end the game */
	int nf[DOB_MAX_MOVES];
	int f[DOB_MAX_MOVES][PF_MAX];
	uint8_t best[DOB_MAX_MOVES];      /* a fastest win */
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

/* Fills *s from *p; returns 1 if *p is a position to learn from (see the top). */
static int make_sample(struct table *t, const struct dobutsu_pos *p, struct sample *s)
{
	struct table_value self, v[DOB_MAX_MOVES];
	struct yomi_error err;
	yomi_move ranked[DOB_MAX_MOVES], moves[DOB_MAX_MOVES];
	if (table_probe(t, p, &self, &err) || self.outcome != GAME_WIN || self.distance < 3 ||
	    self.distance > 31)
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

static double weights[PF_COUNT];

static double score(const struct sample *s, int k)
{
	double x = 0;
	for (int i = 0; i < s->nf[k]; i++)
		x += weights[s->f[k][i]];
	return x;
}

/* How many moves the order by key[] (ties: list order) tries before a fastest win. */
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

int main(int argc, char **argv)
{
	if (argc < 2) {
		fprintf(stderr, "usage: policy-train TABLE [POSITIONS]\n");
		return 2;
	}
	struct yomi_error err;
	struct table *t = table_open(argv[1], &game_dobutsu, &err);
	if (t && !table_has_distance(t)) {
		fprintf(stderr, "policy-train: %s: the table has no distances\n", argv[1]);
		return 1;
	}
	if (!t || table_preload(t, 2, &err)) {
		fprintf(stderr, "policy-train: %s\n", err.msg);
		return 1;
	}
	const int wanted = argc > 2 ? atoi(argv[2]) : 400000;
	struct sample *samples = malloc(sizeof *samples * (size_t)(wanted > 10 ? wanted : 10));
	if (!samples)
		return 1;
	int count = 0;
	while (count < wanted) {
		struct dobutsu_pos p;
		dobutsu_start(&p);
		const int length = (int)(rng() % 60), greedy = (int)(rng() % 4);
		for (int ply = 0; ply < length && count < wanted; ply++) {
			yomi_move moves[DOB_MAX_MOVES];
			const int n = dobutsu_gen(&p, moves);
			if (n == 0 || dob_wins_at_once(&p))
				break;
			if (rng() % 3 == 0 && make_sample(t, &p, &samples[count]))
				count++;
			yomi_move m = moves[rng() % (uint64_t)n];
			if ((int)(rng() % 4) < greedy) {   /* one of the best moves */
				yomi_move ranked[DOB_MAX_MOVES];
				struct table_value v[DOB_MAX_MOVES];
				const int r = table_rank_moves(t, &p, ranked, v, &err);
				int n_best = 1;
				while (n_best < r && table_value_cmp(v[n_best], v[0]) == 0)
					n_best++;
				m = ranked[rng() % (uint64_t)n_best];
			}
			struct dobutsu_pos q;
			if (dobutsu_play(&p, m, &q))
				break;
			p = q;
		}
	}
	const int train = count * 9 / 10;
	double rate = 0.05, loss = 0;
	for (int epoch = 0; epoch < EPOCHS; epoch++, rate *= 0.8) {
		loss = 0;
		for (int si = 0; si < train; si++) {
			const struct sample *s = &samples[si];
			double sc[DOB_MAX_MOVES], top = -1e30, z = 0;
			int n_best = 0;
			for (int k = 0; k < s->n; k++) {
				sc[k] = score(s, k);
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
					weights[s->f[k][i]] -= rate * grad;
			}
		}
	}
	double static_tries = 0, policy_tries = 0, static_first = 0, policy_first = 0;
	for (int si = train; si < count; si++) {
		const struct sample *s = &samples[si];
		double by_static[DOB_MAX_MOVES], by_policy[DOB_MAX_MOVES];
		for (int k = 0; k < s->n; k++) {
			by_static[k] = s->static_key[k];
			by_policy[k] = score(s, k);
		}
		const int a = tries(s, by_static), b = tries(s, by_policy);
		static_tries += a;
		policy_tries += b;
		static_first += a == 1;
		policy_first += b == 1;
	}
	const int held = count - train;
	fprintf(stderr, "%d positions, %d held out; training loss %.4f\n", count, held, loss / train);
	fprintf(stderr, "moves tried before a fastest win: static order %.3f (first %.1f%%), "
	        "policy %.3f (first %.1f%%)\n", static_tries / held, 100 * static_first / held,
	        policy_tries / held, 100 * policy_first / held);
	printf("/* dobutsu_policy_weights.h - written by bench/policy-train.sh (%d positions): the\n"
	       " * weights of dob_policy_features' features, in 1/256ths. */\n"
	       "static const int16_t dob_policy_weights[PF_COUNT] = {", count);
	for (int i = 0; i < PF_COUNT; i++)
		printf("%s%ld,", i % 12 ? " " : "\n\t", lround(weights[i] * 256));
	printf("\n};\n");
	table_close(t);
	free(samples);
	return 0;
}
