/*
 * messages.c - how yomi's command line says what went wrong: one line, "yomi: CMD: ...",
 * for its own errors (cli_error) and for argp's and getopt's (their program name turned
 * into yomi's form, the rest of argp's usage hint dropped, what the user typed quoted).
 * Apart from common.c, which holds the options and input every command shares.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"

/* The command running (main sets it before the command parses its arguments). */
static const char *command_name;

void cli_set_command(const char *name)
{
	command_name = name;
}

void cli_error(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	fputs("yomi: ", stderr);
	if (command_name)
		fprintf(stderr, "%s: ", command_name);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
	va_end(ap);
}

/* A subcommand's argv[0] is "yomi CMD", which its --help shows ("Usage: yomi analyze
 * [OPTION...]"); argp and getopt put it before their errors too, where every other error
 * of yomi's reads "yomi: CMD: ...".  Writes size bytes of buf to the real stderr, turning
 * a leading "yomi CMD" (at the start of a line: *line_start) into "yomi: CMD". */
static FILE *real_stderr;

static void write_named(const char *buf, size_t size, int *line_start)
{
	FILE *out = real_stderr ? real_stderr : stderr;
	if (*line_start && size >= 5 && memcmp(buf, "yomi ", 5) == 0) {
		fputs("yomi: ", out);
		buf += 5;
		size -= 5;
	}
	if (!size)
		return;
	*line_start = buf[size - 1] == '\n';
	/* getopt's messages hold the option as the user typed it ("unrecognized option
	 * '--x'"): quoted as every message quotes what a user gave (yomi_said_whole), a line
	 * break kept (a piece at a time: a character cut between pieces shows as \xNN) */
	while (size) {
		char text[256], said[4 * sizeof text];   /* \xNN at most a byte */
		const char *nl = memchr(buf, '\n', size);
		size_t n = nl ? (size_t)(nl - buf) : size;
		n = n < sizeof text ? n : sizeof text - 1;
		memcpy(text, buf, n);
		text[n] = '\0';
		fputs(yomi_said_whole(text, said, sizeof said), out);
		if (nl == buf + n) {
			fputc('\n', out);
			n++;
		}
		buf += n;
		size -= n;
	}
}

/* argp writes an error as "PROG: MESSAGE", then a line "Try `PROG --help' or ..."; after
 * getopt's own message (to stderr, see cli_argp_parse: an unknown option, a missing
 * argument), only that line.  yomi's errors are one line each, so its error stream passes
 * on a first line that names the program and drops everything else (argp exits right
 * after an error). */
static ssize_t first_line_write(void *cookie, const char *buf, size_t size)
{
	int *state = cookie;   /* 0: nothing yet, 1: passing the first line on, 2: dropping */
	if (*state == 0)
		*state = size >= 4 && memcmp(buf, "yomi", 4) == 0 ? 1 : 2;
	if (*state == 1) {
		static int line_start = 1;
		const char *nl = memchr(buf, '\n', size);
		write_named(buf, nl ? (size_t)(nl - buf) + 1 : size, &line_start);
		if (nl)
			*state = 2;
	}
	return (ssize_t)size;
}

FILE *cli_error_stream(void)
{
	static FILE *stream;
	static int state;
	if (!stream) {
		stream = fopencookie(&state, "w", (cookie_io_functions_t){NULL, first_line_write,
		                                                          NULL, NULL});
		if (!stream)
			return stderr;
		setvbuf(stream, NULL, _IONBF, 0);
	}
	return stream;
}

static ssize_t named_write(void *cookie, const char *buf, size_t size)
{
	write_named(buf, size, cookie);
	return (ssize_t)size;
}

/* argp_parse with flags, getopt's messages (to stderr) through write_named; for a
 * subcommand (positions), the words of a position taken out of the options first. */
static void parse_named(const struct argp *argp, int argc, char **argv, unsigned flags,
                        int positions, void *input)
{
	static int line_start = 1;
	FILE *named = fopencookie(&line_start, "w", (cookie_io_functions_t){NULL, named_write,
	                                                                    NULL, NULL});
	if (named) {
		setvbuf(named, NULL, _IONBF, 0);
		real_stderr = stderr;
		stderr = named;   /* getopt writes its messages to stderr */
	}
	if (positions)
		argv = cli_position_args(argp, &argc, argv);   /* an Othello board's leading '-' */
	argp_parse(argp, argc, argv, flags, NULL, input);
	if (named) {
		stderr = real_stderr;
		real_stderr = NULL;
		fclose(named);
	}
}

void cli_argp_parse(const struct argp *argp, int argc, char **argv, void *input)
{
	parse_named(argp, argc, argv, 0, 1, input);
}

void cli_argp_parse_global(const struct argp *argp, int argc, char **argv, unsigned flags,
                           void *input)
{
	parse_named(argp, argc, argv, flags, 0, input);
}
