/*
 * line.c - reading input line by line with a bound (cli_line_read): positions, moves and
 * file lines are short, and a line of any length (a 100 MB one, or a stream with no line
 * end) must not be held in memory whole; the rest of an overlong line is skipped.
 */
#include <errno.h>
#include <stdlib.h>

#include "cli/cli.h"

int cli_line_read(FILE *f, struct cli_line *l)
{
	if (!l->text) {
		l->cap = 256;
		if (!(l->text = malloc(l->cap))) {
			errno = ENOMEM;
			return -1;
		}
	}
	size_t n = 0;
	int c, too_long = 0;
	flockfile(f);
	while ((c = getc_unlocked(f)) != EOF && c != '\n') {
		if (n == CLI_LINE_MAX) {
			too_long = 1;   /* the rest is read and dropped */
			continue;
		}
		if (n + 3 > l->cap) {   /* room for it, a line end and the NUL */
			const size_t cap = l->cap * 2 < CLI_LINE_MAX + 2 ? l->cap * 2 : CLI_LINE_MAX + 2;
			char *more = realloc(l->text, cap);
			if (!more) {
				funlockfile(f);
				errno = ENOMEM;
				return -1;
			}
			l->text = more, l->cap = cap;
		}
		l->text[n++] = (char)c;
	}
	funlockfile(f);
	if (c == '\n')
		l->text[n++] = '\n';
	l->text[n] = '\0';
	l->len = n;
	if (c == EOF && (ferror(f) || n == 0))
		return ferror(f) ? -1 : 0;
	return too_long ? 2 : 1;
}
