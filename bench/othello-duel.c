/*
 * bench/othello-duel.c - two Othello evaluation weight files played against each other, in
 * one process with the same search: which weights are stronger, and by how much.  `yomi
 * match` cannot do this: the weights are loaded once per process, and a GTP engine (another
 * process) plays from the start position only, so the games would not differ.
 *
 *   othello-duel A.bin B.bin OPENINGS LIMIT [PAIRS]
 *       From each of the first PAIRS (all) positions of OPENINGS (yomi match --openings
 *       format: data/othello/openings.txt), two games, A with each colour; each move with a
 *       choice a search with A's or B's weights in use (othello_eval_use) and a table of
 *       its own, cleared each game.  LIMIT: dN a search of N plies, or tS about S seconds a
 *       move.
 *       Prints a line per pair, then A's wins, draws and losses, A's score, the Elo
 *       difference A-B with its 95% margin, and each side's search nodes.  A's weights
 *       (hand: the hand-weighted evaluation) against B's.
 *
 * Built and run by bench/othello-train.sh (`duel` mode); a measurement, not a test.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/othello/othello.h"
#include "games/othello/othello_eval.h"
#include "yomi/registry.h"
#include "yomi/search.h"
#include "yomi/tt.h"

static const struct game *G;

static void die(const char *msg)
{
	fprintf(stderr, "othello-duel: %s\n", msg);
	exit(1);
}

/* The weights of file path, or NULL for "hand" (the hand-weighted evaluation); dies if the
 * file cannot be used. */
static const struct oth_weights *load(const char *path)
{
	if (strcmp(path, "hand") == 0)
		return NULL;
	struct yomi_error err;
	const struct oth_weights *w = othello_eval_load(path, &err);
	if (!w)
		die(err.msg);
	return w;
}

/* One game from *start, side 0 (the one to move there) with w[0] and table tt[0]; returns
 * the final disc difference for side 0, and adds each side's nodes to nodes[]. */
static int play(const struct othello_pos *start, const struct oth_weights *w[2],
                struct tt tt[2], const struct search_limits *lim, uint64_t nodes[2])
{
	struct othello_pos p = *start;
	struct search_ctx *ctx = malloc(sizeof *ctx);
	if (!ctx)
		die("out of memory");
	tt_clear(&tt[0]);
	tt_clear(&tt[1]);
	int side = 0;
	for (;;) {
		yomi_move mv[OTH_MAX_MOVES];
		const int n = othello_gen(&p, mv);
		if (!n)
			break;
		yomi_move m = mv[0];
		if (n > 1) {
			othello_eval_use(w[side]);
			search_init(ctx, &tt[side], lim);
			G->search(ctx, &p);
			m = ctx->lines[0].pv[0];
			nodes[side] += ctx->nodes;
		}
		othello_play(&p, m, &p);
		side ^= 1;
	}
	free(ctx);
	/* p's side to move is `side`: its disc difference, then side 0's */
	const int d = oth_popcount(p.p) - oth_popcount(p.o);
	return side == 0 ? d : -d;
}

int main(int argc, char **argv)
{
	if (argc != 5 && argc != 6)
		die("usage: othello-duel A.bin|hand B.bin|hand OPENINGS dDEPTH|tSECONDS [PAIRS]");
	G = game_find("othello");
	const struct oth_weights *wa = load(argv[1]), *wb = load(argv[2]);
	struct search_limits lim = {0};
	lim.multipv = 1;
	if (argv[4][0] == 'd')
		lim.depth = atoi(argv[4] + 1);
	else if (argv[4][0] == 't')
		lim.seconds = atof(argv[4] + 1);
	if (lim.depth <= 0 && !(lim.seconds > 0))
		die("LIMIT: dDEPTH or tSECONDS");
	const long pairs = argc == 6 ? atol(argv[5]) : -1;
	FILE *f = fopen(argv[3], "r");
	if (!f)
		die("cannot open the openings file");
	struct tt tt[2];
	if (tt_init(&tt[0], 16) || tt_init(&tt[1], 16))
		die("out of memory");
	int win = 0, draw = 0, loss = 0;
	uint64_t nodes_ab[2] = {0, 0};
	double sum = 0, sum2 = 0;
	char line[512];
	long done = 0, lineno = 0;
	while ((pairs < 0 || done < pairs) && fgets(line, sizeof line, f)) {
		lineno++;
		line[strcspn(line, "#\r\n")] = '\0';   /* as yomi match: '#' starts a comment */
		if (line[strspn(line, " \t")] == '\0')
			continue;
		struct othello_pos p;
		struct yomi_error e;
		yomi_move mv[OTH_MAX_MOVES];
		const int bad = G->parse(line, &p, &e) != 0;
		if (bad || othello_gen(&p, mv) == 0) {
			fprintf(stderr, "othello-duel: %s:%ld: %s\n", argv[3], lineno,
			        bad ? e.msg : "the game is over there");
			exit(2);
		}
		int res[2];
		for (int g = 0; g < 2; g++) {   /* game 0: A moves first; game 1: B does */
			const struct oth_weights *w[2] = {g ? wb : wa, g ? wa : wb};
			uint64_t nodes[2] = {0, 0};
			const int d = play(&p, w, tt, &lim, nodes);
			res[g] = g ? -d : d;   /* for A */
			nodes_ab[0] += nodes[g];
			nodes_ab[1] += nodes[!g];
			const double s = res[g] > 0 ? 1 : res[g] == 0 ? 0.5 : 0;
			win += res[g] > 0;
			draw += res[g] == 0;
			loss += res[g] < 0;
			sum += s;
			sum2 += s * s;
		}
		done++;
		printf("pair %ld: A %+d, %+d\n", done, res[0], res[1]);
		fflush(stdout);
	}
	fclose(f);
	const int n = win + draw + loss;
	if (!n)
		die("no game played (PAIRS 0, or no position in OPENINGS)");
	const double mean = sum / n, se = sqrt((sum2 / n - mean * mean) / n);
	const double lo = mean - 1.96 * se, hi = mean + 1.96 * se;
#define ELO(s) ((s) <= 0 ? -INFINITY : (s) >= 1 ? INFINITY : -400 * log10(1 / (s) - 1) + 0.0)
	const double margin = (ELO(hi) - ELO(lo)) / 2;   /* inf (NaN when no game differs) */
	printf("A %s, B %s, %s: %d games, A +%d =%d -%d, score %.3f, Elo %+.1f +- %.1f; "
	       "nodes A %.1f M, B %.1f M\n", argv[1], argv[2], argv[4], n, win, draw, loss, mean,
	       ELO(mean), isnan(margin) ? INFINITY : margin, nodes_ab[0] * 1e-6, nodes_ab[1] * 1e-6);
	tt_free(&tt[0]);
	tt_free(&tt[1]);
	return 0;
}
