/* cmd_usi.c - `yomi usi`: yomi as a USI engine on stdin/stdout (src/proto/usi.c). */
#include <unistd.h>

#include "cli/cli.h"
#include "yomi/proto.h"
#include "yomi/registry.h"

struct usi_opts {
	const struct game *game;
	struct usi_options o;
};

enum { OPT_THREADS = 0x500 };

static const struct argp_option options[] = {
	{"game", 'g', "NAME", 0, "The variant until the GUI sets UCI_Variant (default: the "
	 "global --game)", 0},
	{"threads", OPT_THREADS, "N", 0, "Search threads until the GUI sets Threads (default 1; "
	 "0 or all: every core)", 0},
	{0},
};

static error_t parse(int key, char *arg, struct argp_state *state)
{
	struct usi_opts *o = state->input;
	switch (key) {
	case ARGP_KEY_INIT:
		state->err_stream = cli_error_stream();
		return 0;
	case 'g':
		o->game = cli_game_option(state, arg);
		return 0;
	case OPT_THREADS:
		o->o.threads = cli_option_threads(state, "--threads", arg);
		return 0;
	case ARGP_KEY_ARG:
		argp_error(state, "unexpected argument '%s' (the GUI sends positions)",
		           yomi_arg_said(arg, (char[YOMI_ARG_SAID]){0}));
		return 0;
	case ARGP_KEY_END:
		if (!usi_speaks(o->game)) {
			char names[200];
			size_t at = 0;
			names[0] = '\0';
			for (int i = 0; game_registry[i]; i++)
				if (usi_speaks(game_registry[i]))
					cli_list_add(names, sizeof names, &at, ", ", game_registry[i]->name);
			argp_error(state, "%s is not played over USI (USI games: %s)", o->game->name,
			           names);
		}
		return 0;
	default:
		return ARGP_ERR_UNKNOWN;
	}
}

int cmd_usi(int argc, char **argv, const struct game *game)
{
	static const struct argp argp = {
		options, parse, "",
		"Run as a USI engine for shogi and Dobutsu: commands on stdin, answers on stdout, "
		"as shogi GUIs, "
		"Fairy-Stockfish's and pychess's tools speak it (Dobutsu moves as 2c2b, C*2b).  "
		"Options: USI_Hash, USI_Ponder, MultiPV, Threads (default --threads), UCI_Variant, "
		"UseTable and "
		"Table (the solved table: perfect play where it holds the position), MoveOverhead.  "
		"Bad lines are answered with 'info string error: ...'; the end of input quits.",
		NULL, NULL, NULL};
	struct usi_opts o = {game, {1}};
	cli_argp_parse(&argp, argc, argv, &o);
	return usi_run(o.game, &o.o, STDIN_FILENO, stdout);
}
