/*
 * cmd_serve.c - `yomi serve [--bind ADDR] [--port N] [--table FILE...]`: the web explorer
 * and JSON API (src/serve/).  Options into struct serve_options, then serve_run.
 */
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "solve/parallel.h"
#include "yomi/serve.h"

enum { OPT_BIND = 0x200, OPT_PORT, OPT_TABLE, OPT_THREADS, OPT_SEARCHES, OPT_QUEUE, OPT_TIME,
       OPT_MAX_TIME, OPT_HASH, OPT_PRELOAD, OPT_LOG };

static const struct argp_option options[] = {
	{"bind", OPT_BIND, "ADDR", 0, "Listen on this numeric IPv4 or IPv6 address (default "
	 "127.0.0.1, this machine only; 0.0.0.0 or :: for every interface)", 0},
	{"port", OPT_PORT, "N", 0, "TCP port (default 8080; 0: any free port, printed at start)", 0},
	{"table", OPT_TABLE, "FILE", 0, "Serve this solved table, of whichever game it is "
	 "(repeatable; each game's default table is served too when there is one)", 0},
	{"threads", OPT_THREADS, "N", 0, "HTTP threads (default: one per core)", 0},
	{"searches", OPT_SEARCHES, "N", 0, "Searches (analyze) run at once (default 1)", 0},
	{"queue", OPT_QUEUE, "N", 0, "Searches that may wait; one more is answered 503 "
	 "(default 16)", 0},
	{"time", OPT_TIME, "SECONDS", 0, "analyze's time without time= (default 1)", 0},
	{"max-time", OPT_MAX_TIME, "SECONDS", 0, "The most time= may ask for (default 10)", 0},
	{"hash", OPT_HASH, "MB", 0, "Each search's transposition table in MB (default 64)", 0},
	{"preload", OPT_PRELOAD, NULL, 0, "Decompress the tables into memory at start (the "
	 "Dobutsu table: 250 MB, a few seconds): faster probes", 0},
	{"log", OPT_LOG, NULL, 0, "Print each request's URL on stderr", 0},
	{0},
};

struct serve_cli {
	struct serve_options o;
	int log;   /* --log: o.log is set after parsing (see cmd_serve) */
};

static double seconds_option(struct argp_state *state, const char *opt, const char *arg)
{
	double s;
	if (cli_parse_seconds(arg, &s))
		argp_error(state, "%s: '%s' is not a number of seconds " CLI_SECONDS_RANGE, opt,
		           yomi_arg_said(arg, (char[YOMI_ARG_SAID]){0}));
	return s;
}

static error_t parse(int key, char *arg, struct argp_state *state)
{
	struct serve_cli *c = state->input;
	struct serve_options *o = &c->o;
	switch (key) {
	case ARGP_KEY_INIT:
		state->err_stream = cli_error_stream();
		return 0;
	case OPT_BIND:
		o->bind = arg;
		return 0;
	case OPT_PORT:
		o->port = (int)cli_option_number(state, "--port", arg, 0, 65535);
		return 0;
	case OPT_TABLE:
		if (o->ntables == SERVE_TABLES_MAX)
			argp_error(state, "--table: at most %d tables", SERVE_TABLES_MAX);
		o->tables[o->ntables++] = arg;
		return 0;
	case OPT_THREADS:
		o->threads = (int)cli_option_number(state, "--threads", arg, 1, 256);
		return 0;
	case OPT_SEARCHES:
		o->searches = (int)cli_option_number(state, "--searches", arg, 1, 64);
		return 0;
	case OPT_QUEUE:
		o->queue = (int)cli_option_number(state, "--queue", arg, 0, 10000);
		return 0;
	case OPT_TIME:
		o->default_time = seconds_option(state, "--time", arg);
		return 0;
	case OPT_MAX_TIME:
		o->max_time = seconds_option(state, "--max-time", arg);
		return 0;
	case OPT_HASH:
		o->hash_mb = (size_t)cli_option_number(state, "--hash", arg, 1, 65536);
		return 0;
	case OPT_PRELOAD:
		o->preload = 1;
		return 0;
	case OPT_LOG:
		c->log = 1;
		return 0;
	case ARGP_KEY_ARG:
		argp_error(state, "takes no position: '%s' (the page and the API take positions "
		           "in their URLs)", yomi_arg_said(arg, (char[YOMI_ARG_SAID]){0}));
		return 0;
	case ARGP_KEY_SUCCESS:
		if (o->default_time > o->max_time)
			o->default_time = o->max_time;
		return 0;
	default:
		return ARGP_ERR_UNKNOWN;
	}
}

int cmd_serve(int argc, char **argv, const struct game *game)
{
	(void)game;
	static const struct argp argp = {
		options, parse, NULL,
		"Serve a web page that explores every game (a board, every move valued by the "
		"solved table, a perfect line, play against the engine) and a JSON API: "
		"/api/GAME/probe, line, moves, show, analyze?pos=POSITION.  Runs until SIGINT or "
		"SIGTERM.  The server keeps no state per user: copies of it can run behind any "
		"load balancer.",
		NULL, NULL, NULL};
	struct serve_cli c = {.o = {.bind = "127.0.0.1", .port = 8080, .threads = parallel_cpus(),
	                            .searches = 1, .queue = 16, .default_time = 1,
	                            .max_time = 10, .hash_mb = 64}};
	cli_argp_parse(&argp, argc, argv, &c);
	/* Not while parsing: stderr is then cli_argp_parse's stream for getopt's messages,
	 * closed when it returns (the requests were logged to a freed stream, and the server
	 * crashed). */
	c.o.log = c.log ? stderr : NULL;
	struct yomi_error err;
	const int status = serve_run(&c.o, &err);
	if (status != 0)
		cli_error("%s", err.msg);
	return status;
}
