/*
 * main.c - `yomi [--game NAME] COMMAND [OPTIONS] [POSITION|-]`: parses the global options,
 * then hands the rest of argv to the command, which parses its own options with argp
 * (so `yomi COMMAND --help` describes just that command).
 */
#include <argp.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "yomi/registry.h"

#ifndef YOMI_VERSION
#define YOMI_VERSION "0.1.0"
#endif

const char *argp_program_version = "yomi " YOMI_VERSION;

struct command {
	const char *name;
	int (*run)(int argc, char **argv, const struct game *game);
};

static const struct command commands[] = {
	{"analyze", cmd_analyze},
	{"bench", cmd_bench},
	{"show", cmd_show},
	{"moves", cmd_moves},
	{"perft", cmd_perft},
	{"solve", cmd_solve},
	{"probe", cmd_probe},
	{"play", cmd_play},
	{"match", cmd_match},
	{"serve", cmd_serve},
	{"usi", cmd_usi},
	{"gtp", cmd_gtp},
	{"nboard", cmd_nboard},
	{NULL, NULL},
};

static const char doc[] =
	"yomi (読み) analyzes positions of two-player perfect-information board games."
	"\v"
	"Commands:\n"
	"  analyze    Search a position: score and best line per depth\n"
	"  bench      Search the benchmark positions: node signature and speed\n"
	"  show       Print the board, side to move, status and notation\n"
	"  moves      List every legal move, one per line\n"
	"  perft      Count the leaves of the game tree to a depth\n"
	"  solve      Solve a whole game into a table, or positions exactly (othello*)\n"
	"  probe      Look positions up in a solved table\n"
	"  play       Play a game: a person against the engine, or any two players\n"
	"  match      Play engines against each other: results, score and Elo\n"
	"  serve      Serve a web page and a JSON API over the tables and the search\n"
	"  usi        Run as a USI engine for shogi GUIs (Dobutsu, shogi)\n"
	"  gtp        Run as a GTP engine for Othello GUIs (Quarry) and tools\n"
	"  nboard     Run as an NBoard engine for the NBoard Othello GUI\n";

/* After the games, which global_help_filter lists from the registry. */
static const char doc_end[] =
	"POSITION is written in the game's notation; its words need no quotes, and a\n"
	"position that begins with '-' (an Othello board) is no option.\n"
	"No POSITION means the start position; '-' reads one position per line\n"
	"from stdin and answers one line each.\n"
	"'yomi COMMAND --help' lists a command's options; see also yomi(1).\n"
	"Exit status: 0 ok, 1 runtime failure, 2 usage or input error.";

struct global {
	const struct game *game;
	int command_at;   /* index in argv of the command word */
};

static const struct argp_option global_options[] = {
	{"game", 'g', "NAME", 0, "Game", 0},   /* its list: global_help_filter */
	{0},
};

static error_t global_parse(int key, char *arg, struct argp_state *state)
{
	struct global *g = state->input;
	switch (key) {
	case ARGP_KEY_INIT:
		state->err_stream = cli_error_stream();
		return 0;
	case 'g':
		g->game = cli_game_option(state, arg);
		return 0;
	case ARGP_KEY_ARG:
		g->command_at = state->next - 1;
		state->next = state->argc;   /* the rest belongs to the command */
		return 0;
	case ARGP_KEY_NO_ARGS:
		argp_error(state, "no command given (analyze, bench, show, moves, perft, solve, probe, "
		           "play, match, serve, usi, gtp, nboard)");
		return 0;
	default:
		return ARGP_ERR_UNKNOWN;
	}
}

/* The games in --help come from the registry, so that a new game needs no change here. */
static char *global_help_filter(int key, const char *text, void *input)
{
	(void)input;
	if (key != ARGP_KEY_HELP_POST_DOC || !text)
		return cli_game_help(key, text);
	char games[1000];
	size_t at = 0;
	for (int i = 0; game_registry[i] && at < sizeof games; i++)
		at += (size_t)snprintf(games + at, sizeof games - at, "  %-10s %s%s\n",
		                       game_registry[i]->name, game_registry[i]->title,
		                       i ? "" : ", the default");
	char *out;
	if (asprintf(&out, "%s\nGames (--game):\n%s\n%s", text, games, doc_end) < 0)
		return (char *)text;
	return out;
}

/* Output that could not be written is a runtime failure, whatever wrote it: a command, or
 * argp's --help, --usage and --version, which exit from within argp_parse. */
static void check_stdout(void)
{
	if (fflush(stdout) != 0 || ferror(stdout)) {
		cli_error("stdout: %s", strerror(errno));
		_exit(EXIT_RUNTIME);
	}
}

int main(int argc, char **argv)
{
	atexit(check_stdout);
	static const struct argp global_argp = {global_options, global_parse,
	                                        "COMMAND [OPTION...] [POSITION|-]", doc,
	                                        NULL, global_help_filter, NULL};
	struct global g = {game_registry[0], 0};
	argp_err_exit_status = EXIT_USAGE;
	argv[0] = (char *)"yomi";   /* getopt's messages name the program, not its path */
	/* Every message quotes what it refuses; a line break in an argument (a path, a move,
	 * a player) would split that message in two, so no command takes one. */
	for (int i = 1; i < argc; i++) {
		if (strpbrk(argv[i], "\n\r")) {
			fprintf(stderr, "yomi: argument %d contains a line break\n", i);
			return EXIT_USAGE;
		}
	}
	cli_argp_parse_global(&global_argp, argc, argv, ARGP_IN_ORDER, &g);

	const char *name = argv[g.command_at];
	for (const struct command *c = commands; c->name; c++) {
		if (strcmp(c->name, name) != 0)
			continue;
		char prog[64];
		snprintf(prog, sizeof prog, "yomi %s", c->name);
		char **sub = argv + g.command_at;
		sub[0] = prog;
		cli_set_command(c->name);
		return c->run(argc - g.command_at, sub, g.game);
	}
	fprintf(stderr, "yomi: unknown command '%s' (commands: analyze, bench, show, moves, "
	        "perft, solve, probe, play, match, serve, usi, gtp, nboard)\n",
	        yomi_arg_said(name, (char[YOMI_ARG_SAID]){0}));
	return EXIT_USAGE;
}
