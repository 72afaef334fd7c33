/* cmd_nboard.c - `yomi nboard`: yomi as an NBoard engine on stdin/stdout (src/proto/nboard.c). */
#include <unistd.h>

#include "cli/cli.h"
#include "yomi/proto.h"
#include "yomi/registry.h"
#include "yomi/search.h"

struct nboard_opts {
	const struct game *game;
	struct nboard_options o;
};

enum { OPT_TIME = 0x500, OPT_HASH, OPT_THREADS };

static const struct argp_option options[] = {
	{"game", 'g', "NAME", 0, "The game until the GUI sets one (default: the global --game "
	 "if it is an Othello, else othello)", 0},
	{"time", OPT_TIME, "SECONDS", 0, "At most SECONDS a search (default: no limit but the "
	 "GUI's depth)", 0},
	{"depth", 'd', "N", 0, "The depth until the GUI sets one (default 12)", 0},
	{"hash", OPT_HASH, "MB", 0, "The transposition table in MB (default 16)", 0},
	{"threads", OPT_THREADS, "N", 0, "Search threads (default 1; 0 or all: every core)", 0},
	{0},
};

static error_t parse(int key, char *arg, struct argp_state *state)
{
	struct nboard_opts *o = state->input;
	switch (key) {
	case ARGP_KEY_INIT:
		state->err_stream = cli_error_stream();
		return 0;
	case 'g':
		o->game = cli_game_option(state, arg);
		if (!nboard_speaks(o->game)) {
			char games[200];
			argp_error(state, "--game: %s is not played over NBoard (NBoard games: %s)",
			           o->game->name, nboard_games(games, sizeof games));
		}
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
		argp_error(state, "unexpected argument '%s' (the GUI sends the game)",
		           yomi_arg_said(arg, (char[YOMI_ARG_SAID]){0}));
		return 0;
	default:
		return ARGP_ERR_UNKNOWN;
	}
}

int cmd_nboard(int argc, char **argv, const struct game *game)
{
	static const struct argp argp = {
		options, parse, "",
		"Run as an NBoard engine (the protocol of the NBoard Othello GUI): commands on "
		"stdin, answers on stdout.  The board size comes from the GUI's game (GGF TY[8]).",
		NULL, NULL, NULL};
	struct nboard_opts o = {nboard_speaks(game) ? game : game_find("othello"), {12, 0, 16, 1}};
	cli_argp_parse(&argp, argc, argv, &o);
	return nboard_run(o.game, &o.o, STDIN_FILENO, stdout);
}
