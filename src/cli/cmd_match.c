/*
 * cmd_match.c - `yomi match --first SPEC --second SPEC --games N [--openings FILE]`: two
 * players (engines, random, perfect) play N games, alternating colours, from the start,
 * POSITION, or each position of an openings file in turn; a line per game, then a table of
 * wins, draws and losses with the score and an Elo difference with its 95% margin.
 *
 * Why each opening twice: deterministic engines (a depth limit, a cleared table per game)
 * replay the same game from the same opening with the same colours, so the colour swap is
 * what makes a pair of games informative, and a pair cancels the opening's bias.
 */
#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/player.h"

struct match_opts {
	struct cli_common common;
	struct player_options players;
	long games;
	const char *openings;
	const char *tc_text;          /* --tc as given */
	struct engine_clock tc;       /* the clock each game starts with */
	double margin;                /* --time-margin */
};

enum { OPT_GAMES = 0x400, OPT_OPENINGS, OPT_TC, OPT_MARGIN };

static const struct argp_option options[] = {
	{"games", OPT_GAMES, "N", 0, "Play N games (default 2: one with each colour)", 0},
	{"openings", OPT_OPENINGS, "FILE", 0, "Start game pairs from these positions, one per "
	 "line, in turn ('#' comments)", 0},
	{"tc", OPT_TC, "TC", 0, "Time control, kept for every player: S seconds a move (0.5), a "
	 "clock of S seconds plus I a move (60+1), or S seconds then B seconds of byoyomi a move "
	 "(60/10); a move past it loses the game", 0},
	{"time-margin", OPT_MARGIN, "SECONDS", 0, "How far past the clock a move may end and "
	 "still count (default 0.1: pipes and scheduling)", 0},
	{0},
};

/* --tc: S | S+I | S/B, seconds with fractions. */
static int parse_tc(const char *text, struct engine_clock *c)
{
	char buf[64];
	if (strlen(text) >= sizeof buf)
		return -1;
	snprintf(buf, sizeof buf, "%s", text);
	memset(c, 0, sizeof *c);
	char *sep = strpbrk(buf, "+/");
	if (!sep)
		return cli_parse_seconds(buf, &c->per_move);
	const char kind = *sep;
	*sep = '\0';
	double base = 0, extra;
	if ((strcmp(buf, "0") != 0 && cli_parse_seconds(buf, &base)) ||
	    cli_parse_seconds(sep + 1, &extra))
		return -1;
	if (kind == '+' && base <= 0)
		return -1;   /* nothing to spend on the first move */
	c->remaining[0] = c->remaining[1] = base;
	if (kind == '+')
		c->increment = extra;
	else
		c->byoyomi = extra;
	return 0;
}

static error_t parse(int key, char *arg, struct argp_state *state)
{
	struct match_opts *o = state->input;
	switch (key) {
	case OPT_GAMES:
		o->games = cli_option_number(state, "--games", arg, 1, 1000000);
		return 0;
	case OPT_OPENINGS:
		o->openings = arg;
		return 0;
	case OPT_TC:
		if (parse_tc(arg, &o->tc))
			argp_error(state, "--tc: '%s' is not S, S+I or S/B in seconds (0.5, 60+1, "
			           "60/10)", yomi_arg_said(arg, (char[YOMI_ARG_SAID]){0}));
		o->tc_text = arg;
		o->players.clocked = 1;
		return 0;
	case OPT_MARGIN:
		if (cli_parse_seconds(arg, &o->margin))
			argp_error(state, "--time-margin: '%s' is not a number of seconds "
			           CLI_SECONDS_RANGE, yomi_arg_said(arg, (char[YOMI_ARG_SAID]){0}));
		return 0;
	case ARGP_KEY_INIT:
		state->child_inputs[0] = &o->common;
		state->child_inputs[1] = &o->players;
		return 0;
	case ARGP_KEY_END:
		if (o->common.from_stdin)
			argp_error(state, "match takes one POSITION or --openings FILE, not '-'");
		if (!o->players.spec_text[0] || !o->players.spec_text[1])
			argp_error(state, "--first SPEC and --second SPEC are required");
		if (o->openings && (o->common.position || o->common.moves || o->common.record))
			argp_error(state, "give either POSITION (or --record, and --moves) or "
			           "--openings, not both");
		if (o->tc_text && o->players.limits.seconds > 0)
			argp_error(state, "give either --tc or --time, not both");
		return 0;
	default:
		return ARGP_ERR_UNKNOWN;
	}
}

/* The opening positions, pos_size bytes each. */
struct openings {
	int n;
	size_t size;
	unsigned char *pos;
};

/* Reads FILE: positions one per line, blank lines and '#' comments skipped.  Returns 0, or
 * an exit status after printing the error. */
static int read_openings(const struct game *g, const char *file, struct openings *op)
{
	FILE *f = cli_fopen_read(file);
	const int e = errno;
	char said[YOMI_ARG_SAID];
	const char *name = yomi_arg_said(file, said);   /* file as messages quote it */
	if (!f) {
		cli_error("--openings: cannot open %s: %s", name, strerror(e));
		return EXIT_USAGE;
	}
	struct cli_line in = {NULL, 0, 0};
	size_t room = 0;
	int lineno = 0, status = 0, got;
	while ((got = cli_line_read(f, &in)) > 0) {
		char *line = in.text;
		lineno++;
		if (got == 2 || strlen(line) != in.len) {   /* a NUL would end the line unseen */
			cli_error("%s:%d: position: %s", name, lineno,
			          got == 2 ? CLI_LINE_TOO_LONG : "contains a NUL byte");
			status = EXIT_USAGE;
			break;
		}
		line[strcspn(line, "#\r\n")] = '\0';
		if (strspn(line, " \t") == strlen(line))
			continue;
		if ((size_t)op->n == room) {
			room = room ? 2 * room : 64;
			unsigned char *more = realloc(op->pos, room * g->pos_size);
			if (!more) {
				cli_error("out of memory");
				status = EXIT_RUNTIME;
				break;
			}
			op->pos = more;
		}
		void *p = op->pos + (size_t)op->n * g->pos_size;
		struct yomi_error err;
		if (g->parse(line, p, &err)) {
			cli_error("%s:%d: %s", name, lineno, err.msg);
			status = EXIT_USAGE;
			break;
		}
		if (g->status(p).outcome != GAME_ONGOING) {
			cli_error("%s:%d: the game is over there", name, lineno);
			status = EXIT_USAGE;
			break;
		}
		op->n++;
	}
	free(in.text);
	fclose(f);
	if (!status && op->n == 0) {
		cli_error("--openings: %s holds no position", name);
		status = EXIT_USAGE;
	}
	return status;
}

/* A legal move of pos that ends the game won for the side to move, or 0. */
static yomi_move win_at_once(const struct game *g, const void *pos)
{
	yomi_move moves[YOMI_MOVES_MAX];
	_Alignas(16) unsigned char next[YOMI_POS_MAX];
	const int n = g->status(pos).outcome == GAME_ONGOING ? g->moves(pos, moves) : 0;
	for (int i = 0; i < n; i++)
		if (g->play(pos, moves[i], next) && g->status(next).outcome == GAME_LOSS)
			return moves[i];   /* over, and the side to move there (the other) lost */
	return 0;
}

static volatile sig_atomic_t interrupted;

static void on_interrupt(int sig)
{
	(void)sig;
	interrupted = 1;
}

/* Elo difference of a score fraction p (0 < p < 1). */
static double elo_of(double p) { return -400.0 * log10(1.0 / p - 1.0); }

/* Seconds each player (A, B) took a move on average; shown when a clock or an external
 * engine makes time matter (times vary from run to run: a match of engines with depth
 * limits prints the same twice). */
struct match_times {
	int shown;
	double spent[2];
	long moves[2];
};

static double per_move(const struct match_times *t, int i)
{
	return t->moves[i] ? t->spent[i] / (double)t->moves[i] : 0;
}

/* Prints the result table and Elo estimate; w, d, l count player A's games. */
static void print_summary(const struct player_spec spec[2], long w, long d, long l, int json,
                          const struct match_times *times)
{
	const long n = w + d + l;
	const double p = n ? (w + 0.5 * d) / (double)n : 0.5;
	/* The 95% interval of the mean per-game score, mapped through the Elo curve. */
	const double var = n ? (w * (1 - p) * (1 - p) + d * (0.5 - p) * (0.5 - p) + l * p * p) / n
	                     : 0;
	const double se = n ? sqrt(var / (double)n) : 0;
	const double lo = p - 1.96 * se, hi = p + 1.96 * se;
	/* Games that all ended alike (all drawn) show no spread: a zero margin would claim
	 * certainty, so it is left unknown as for too few games. */
	const int finite = n && p > 0 && p < 1, bounded = var > 0 && lo > 0 && hi < 1;
	const double elo = finite ? elo_of(p) + 0.0 : p > 0.5 ? INFINITY : -INFINITY;   /* no -0 */
	const double margin = bounded ? (elo_of(hi) - elo_of(lo)) / 2 : INFINITY;
	if (json) {
		printf("{\"games\":%ld,\"wins\":%ld,\"draws\":%ld,\"losses\":%ld,", n, w, d, l);
		if (n)
			printf("\"score\":%.4f,", p);
		else
			printf("\"score\":null,");   /* no game finished (stopped at once) */
		if (finite)
			printf("\"elo\":%.1f,", elo);
		else
			printf("\"elo\":null,");
		if (bounded)
			printf("\"margin\":%.1f", margin);
		else
			printf("\"margin\":null");
		if (times->shown)
			printf(",\"seconds_a_move\":[%.3f,%.3f]", per_move(times, 0), per_move(times, 1));
		printf("}\n");
		return;
	}
	printf("\n%-3s %-40s %6s %6s %6s %7s\n", "", "player", "wins", "draws", "losses", "score");
	printf("%-3s %-40s %6ld %6ld %6ld %6.1f%%\n", "A", spec[0].text, w, d, l,
	       n ? 100 * p : 0.0);
	printf("%-3s %-40s %6ld %6ld %6ld %6.1f%%\n", "B", spec[1].text, l, d, w,
	       n ? 100 * (1 - p) : 0.0);
	if (times->shown)
		printf("time a move: A %.3f s, B %.3f s\n", per_move(times, 0), per_move(times, 1));
	if (!n) {   /* stopped before a game finished: no score to estimate from */
		printf("games 0: none finished, no Elo difference\n");
		return;
	}
	printf("games %ld: A scores %.1f of %ld", n, w + 0.5 * d, n);
	if (finite && bounded)
		printf(", Elo difference A-B %+.1f +- %.1f (95%%)\n", elo, margin);
	else if (finite && var == 0)
		printf(", Elo difference A-B %+.1f (margin unknown: every game drawn)\n", elo);
	else if (finite)
		printf(", Elo difference A-B %+.1f (margin unbounded: too few games)\n", elo);
	else
		printf(", Elo difference A-B %s (every game %s)\n", p > 0.5 ? "+inf" : "-inf",
		       p > 0.5 ? "won" : "lost");
}

static int match_run(const struct cli_common *c, const void *start, void *opts, int filter,
                     struct yomi_error *unreported)
{
	(void)unreported;   /* it reports its errors itself */
	struct match_opts *o = opts;
	const struct game *g = c->game;
	struct player_spec spec[2];
	struct player pl[2];
	struct yomi_error err;
	struct openings op = {0, g->pos_size, NULL};
	int status = 0;
	(void)filter;
	if (player_options_specs(&o->players, g, spec, &err)) {
		cli_error("%s", err.msg);
		return EXIT_USAGE;
	}
	for (int i = 0; i < 2; i++) {
		if (spec[i].kind == PLAYER_HUMAN) {
			cli_error("--%s: a match is between machines; play a "
			          "person with yomi play", i ? "second" : "first");
			return EXIT_USAGE;
		}
	}
	if (o->openings && (status = read_openings(g, o->openings, &op)) != 0) {
		free(op.pos);
		return status;
	}
	if (!o->openings) {   /* the start, or POSITION (with its --moves history) */
		op.n = 1;
		op.pos = malloc(g->pos_size);
		if (!op.pos) {
			cli_error("out of memory");
			return EXIT_RUNTIME;
		}
		memcpy(op.pos, start, g->pos_size);
		const struct game_status st = cli_status(c, start);   /* repetition included */
		if (st.outcome != GAME_ONGOING) {
			cli_error("the game is over at the starting position (%s)", st.reason);
			free(op.pos);
			return EXIT_USAGE;
		}
	}
	/* before any program is started: a GTP engine's games must start at the start */
	for (int i = 0; i < 2; i++)
		for (int k = 0; k < op.n; k++)
			if (player_check_start(&spec[i], g, op.pos + (size_t)k * g->pos_size, &err)) {
				char said[YOMI_ARG_SAID];
				if (o->openings)
					cli_error("--%s: %s, and opening %d of --openings %s is another", i ?
					          "second" : "first", err.msg, k + 1,
					          yomi_arg_said(o->openings, said));
				else
					cli_error("--%s: %s, and the games start from another (POSITION, "
					          "--moves)", i ? "second" : "first", err.msg);
				free(op.pos);
				return EXIT_USAGE;
			}
	struct game_record *r = malloc(sizeof *r);
	if (!r) {
		cli_error("out of memory");
		free(op.pos);
		return EXIT_RUNTIME;
	}
	signal(SIGPIPE, SIG_IGN);   /* an engine that dies loses its game, not the match */
	for (int i = 0; i < 2; i++) {
		const int rc = player_open(&pl[i], &spec[i], g, &err);
		if (rc) {
			cli_error("--%s: %s", i ? "second" : "first", err.msg);
			if (i)
				player_close(&pl[0]);
			free(r);
			free(op.pos);
			return rc;
		}
		pl[i].interrupt = &interrupted;   /* Ctrl-C also stops a search */
	}
	if (!c->json)
		printf("%s: A = %s, B = %s, %ld game%s, %d opening%s, seed %llu\n", g->title,
		       spec[0].text, spec[1].text, o->games, o->games == 1 ? "" : "s", op.n,
		       op.n == 1 ? "" : "s", (unsigned long long)o->players.seed);
	struct sigaction sa = {.sa_handler = on_interrupt, .sa_flags = SA_RESETHAND};
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	long w = 0, d = 0, l = 0;
	struct match_times times = {0, {0, 0}, {0, 0}};
	times.shown = o->tc_text || spec[0].kind == PLAYER_EXTERNAL ||
	              spec[1].kind == PLAYER_EXTERNAL;
	for (long game = 0; game < o->games && !interrupted && !status; game++) {
		const int a_first = game % 2 == 0;
		const int opening = (int)((game / 2) % op.n);
		struct player *seat[2] = {a_first ? &pl[0] : &pl[1], a_first ? &pl[1] : &pl[0]};
		record_init(r, g, op.pos + (size_t)opening * g->pos_size,
		            o->openings ? NULL : c->history->keys, o->openings ? NULL : c->history->pos,
		            o->openings ? 0 : c->history->len,
		            o->players.max_plies);
		for (int i = 0; i < 2; i++)
			player_new_game(&pl[i], player_seed_mix(o->players.seed, (uint64_t)game * 2 + (uint64_t)i));
		struct engine_clock clock = o->tc;
		struct game_status st;
		static char lost[2 * YOMI_ERROR_MAX + 160];   /* why a player lost other than by the rules */
		static char played_for[200];   /* a winning move played for an engine */
		played_for[0] = '\0';
		enum record_end end = RECORD_END_RULES;   /* how a player lost other than by the rules */
		while ((st = record_status(r)).outcome == GAME_ONGOING && !interrupted) {
			struct player_choice ch;
			const int side = record_side(r);
			struct player *p = seat[side];
			const int who = p == &pl[1];   /* 0 A, 1 B */
			if (o->tc_text) {
				p->clock = &clock;
				p->wait = (clock.per_move > 0 ? clock.per_move
				                              : clock.remaining[side] + clock.byoyomi) +
				          o->margin;
			}
			const double t0 = search_clock();
			if (player_choose(p, r, &ch, &err)) {
				cli_error("game %ld: %s", game + 1, err.msg);
				status = EXIT_RUNTIME;
				break;
			}
			const double spent = search_clock() - t0 - ch.setup;
			times.spent[who] += spent;
			times.moves[who]++;
			/* The mover loses: by its own answer, or by the clock. */
			if (ch.forfeit) {
				const char *name = who ? "B" : "A";
				const yomi_move win = ch.forfeit == ENGINE_ILLEGAL ? win_at_once(g, r->pos) : 0;
				if (win) {
					/* The last move let the mover win at once, and the engine answered for
					 * another position: engines whose rules forbid a move into capture (Fairy-
					 * Stockfish's Dobutsu) drop such a move.  The win is its move. */
					snprintf(played_for, sizeof played_for, "played for %s, whose engine "
					         "answered '%s': its rules refuse the move before", name, ch.said);
					record_push(r, win);
					continue;
				}
				end = player_forfeit_end(ch.forfeit);
				if (ch.forfeit == ENGINE_ILLEGAL)
					snprintf(lost, sizeof lost, "illegal move '%s' by %s: %s", ch.said, name,
					         err.msg);
				else if (ch.forfeit == ENGINE_RESIGN)
					snprintf(lost, sizeof lost, "%s resigned", name);
				else if (ch.forfeit == ENGINE_TIMEOUT)
					snprintf(lost, sizeof lost, "%s lost on time: %s", name, err.msg);
				else
					snprintf(lost, sizeof lost, "%s failed: %s", name, err.msg);
				st = (struct game_status){GAME_LOSS, lost};
				break;
			}
			if (o->tc_text) {
				double *rem = &clock.remaining[side];
				int late = 0;
				if (clock.per_move > 0) {
					late = spent > clock.per_move + o->margin;
				} else {
					*rem -= spent;
					if (*rem < 0) {   /* into the byoyomi, or past the clock */
						late = -*rem > clock.byoyomi + o->margin;
						*rem = 0;
					}
					*rem += clock.increment;
				}
				if (late) {
					snprintf(lost, sizeof lost, "%s lost on time (%.3f s)", who ? "B" : "A",
					         spent);
					st = (struct game_status){GAME_LOSS, lost};
					end = RECORD_END_TIME;
					break;
				}
			}
			record_push(r, ch.move);
		}
		if (st.outcome == GAME_ONGOING)
			break;   /* interrupted or failed: the game does not count */
		if (played_for[0] && st.reason != lost) {
			snprintf(lost, sizeof lost, "%s; %s", st.reason, played_for);
			st.reason = lost;
		}
		const int winner = record_winner(r, st);   /* 0 first, 1 second, -1 draw */
		const int a_won = winner >= 0 && (winner == 0) == a_first;
		player_game_over(&pl[0], winner < 0 ? 0 : a_won ? 1 : -1);
		player_game_over(&pl[1], winner < 0 ? 0 : a_won ? -1 : 1);
		if (winner < 0)
			d++;
		else if (a_won)
			w++;
		else
			l++;
		const char *result = winner == 0 ? "1-0" : winner == 1 ? "0-1" : "1/2-1/2";
		if (c->json) {
			printf("{\"game\":%ld,\"opening\":%d,\"first\":\"%s\",\"result\":\"%s\","
			       "\"winner\":%s,\"reason\":", game + 1, opening + 1, a_first ? "A" : "B",
			       result, winner < 0 ? "null" : a_won ? "\"A\"" : "\"B\"");
			json_string(stdout, st.reason);
			printf(",\"plies\":%d,\"moves\":\"", r->len);
			record_write_moves(r, stdout);
			puts("\"}");
		} else {
			printf("game %ld opening %d: %s %s %s, %s (%s, %d plies)\n", game + 1, opening + 1,
			       a_first ? "A" : "B", result, a_first ? "B" : "A",
			       winner < 0 ? "draw" : a_won ? "A wins" : "B wins", st.reason, r->len);
		}
		if (o->players.save && record_save(r, o->players.save, (int)game + 1,
		                                   seat[0]->spec.text, seat[1]->spec.text, result,
		                                   st.reason, end, &err) != 0) {
			cli_error("game %ld: %s", game + 1, err.msg);
			status = EXIT_RUNTIME;
			break;
		}
		fflush(stdout);
	}
	if (interrupted)
		cli_error("interrupted after %ld game%s", w + d + l,
		          w + d + l == 1 ? "" : "s");
	print_summary(spec, w, d, l, c->json, &times);
	for (int i = 0; i < 2; i++)
		player_close(&pl[i]);
	free(r);
	free(op.pos);
	return status;
}

int cmd_match(int argc, char **argv, const struct game *game)
{
	static const struct argp_child children[] = {
		{&cli_common_argp, 0, NULL, 0},
		{&player_options_argp, 0, "Players:", 0},
		{0},
	};
	static const struct argp argp = {
		options, parse, "--first SPEC --second SPEC [POSITION]",
		"Play games between A (--first) and B (--second), alternating who moves first: games "
		"1 and 2 from the first opening, 3 and 4 from the next, and so on (the start, "
		"POSITION, or the positions of --openings FILE in turn).  Prints a line per game, "
		"then wins, draws and losses, A's score and the Elo difference A-B with its 95% "
		"margin.  SPEC: engine[:depth=N,time=S,nodes=N,hash=MB,threads=N,"
		"eval=full|material|hand], random, perfect[:table=FILE], usi:COMMAND[,NAME=VALUE...], "
		"gtp:COMMAND (another engine, its moves checked).  Ctrl-C stops and prints the table "
		"so far.",
		children, NULL, NULL};
	struct match_opts o = {.games = 2, .margin = 0.1};
	cli_common_init(&o.common, game);
	player_options_init(&o.players, NULL, NULL);
	return cli_run(&argp, argc, argv, &o, &o.common, match_run, &o);
}
