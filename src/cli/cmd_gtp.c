/* cmd_gtp.c - `yomi gtp`: yomi as a GTP engine on stdin/stdout (src/proto/gtp.c). */
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "yomi/proto.h"
#include "yomi/registry.h"
#include "yomi/search.h"

struct gtp_opts {
	const struct game *game;
	struct gtp_options o;
};

enum { OPT_TIME = 0x500, OPT_HASH, OPT_THREADS };

static const struct argp_option options[] = {
	{"game", 'g', "NAME", 0, "The game until the controller sets one (default: the global "
	 "--game if GTP speaks it, else othello)", 0},
	{"time", OPT_TIME, "SECONDS", 0, "Seconds a move when the controller sets no clock "
	 "(default 1)", 0},
	{"depth", 'd', "N", 0, "Search N plies a move instead (a fixed strength; a clock set "
	 "by the controller still bounds it)", 0},
	{"hash", OPT_HASH, "MB", 0, "The transposition table in MB (default 16)", 0},
	{"threads", OPT_THREADS, "N", 0, "Search threads (default 1; 0 or all: every core)", 0},
	{0},
};

static error_t parse(int key, char *arg, struct argp_state *state)
{
	struct gtp_opts *o = state->input;
	switch (key) {
	case ARGP_KEY_INIT:
		state->err_stream = cli_error_stream();
		return 0;
	case 'g':
		o->game = cli_game_option(state, arg);
		if (!gtp_speaks(o->game))
			argp_error(state, "--game: %s is not played over GTP (GTP games: othello, "
			           "othello6, othello4, tictactoe)", o->game->name);
		return 0;
	case OPT_TIME:
		if (cli_parse_seconds(arg, &o->o.seconds))
			argp_error(state, "--time: '%s' is not a number of seconds " CLI_SECONDS_RANGE,
			           yomi_arg_said(arg, (char[YOMI_ARG_SAID]){0}));
		return 0;
	case 'd':
		o->o.depth = (int)cli_option_number(state, "--depth", arg, 1, SEARCH_MAX_PLY - 8);
		return 0;
	case OPT_HASH:
		o->o.hash_mb = (size_t)cli_option_number(state, "--hash", arg, 1, 65536);
		return 0;
	case OPT_THREADS:
		o->o.threads = cli_option_threads(state, "--threads", arg);
		return 0;
	case ARGP_KEY_ARG:
		argp_error(state, "unexpected argument '%s' (the controller sends the moves)",
		           yomi_arg_said(arg, (char[YOMI_ARG_SAID]){0}));
		return 0;
	default:
		return ARGP_ERR_UNKNOWN;
	}
}

int cmd_gtp(int argc, char **argv, const struct game *game)
{
	static const struct argp argp = {
		options, parse, "",
		"Run as a GTP engine (Go Text Protocol 2, as Quarry and grhino speak it for "
		"Othello): commands on stdin, answers on stdout.  Games by family and board size: "
		"Othello (boardsize 8, 6, 4) and Tic-tac-toe (3).  Black moves first.",
		NULL, NULL, NULL};
	struct gtp_opts o = {gtp_speaks(game) ? game : game_find("othello"),
	                     {1.0, 0, 16, 0.05, 1}};
	cli_argp_parse(&argp, argc, argv, &o);
	return gtp_run(o.game, &o.o, STDIN_FILENO, stdout);
}
