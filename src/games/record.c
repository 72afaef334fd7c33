/*
 * record.c - game records (include/yomi/record.h): move lists as --moves and records read
 * them, yomi's own record format, and reading and writing record files.
 */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "yomi/file_out.h"
#include "yomi/record.h"
#include "yomi/registry.h"

/* ---- move lists ---- */

enum { MOVE_TEXT_MAX = 64 };   /* longer than any move of any game */

void move_list_init(struct move_list *ml, const char *text, int movetext)
{
	memset(ml, 0, sizeof *ml);
	ml->s = text;
	ml->movetext = movetext;
	ml->line = 1;
}

static int is_result(const char *w, size_t len)
{
	static const char *const results[] = {"1-0", "0-1", "1/2-1/2", "*"};
	for (size_t k = 0; k < sizeof results / sizeof *results; k++)
		if (strlen(results[k]) == len && memcmp(w, results[k], len) == 0)
			return 1;
	return 0;
}

/* Skips what separates moves: blanks and commas, and in movetext comments and move
 * numbers ("12." "12..."), counting lines. */
static void skip_separators(struct move_list *ml)
{
	for (;;) {
		const char c = *ml->s;
		if (c == '\n')
			ml->line++;
		if (c == ',' || isspace((unsigned char)c)) {
			ml->s++;
		} else if (ml->movetext && c == '{') {
			const int line = ml->line;
			while (*ml->s && *ml->s != '}')
				ml->line += *ml->s++ == '\n';
			if (!*ml->s) {   /* the rest of the text would be lost in it */
				ml->unclosed = 1;
				ml->line = line;
				return;
			}
			ml->s++;
		} else if (ml->movetext && c == ';') {
			ml->s += strcspn(ml->s, "\n");
		} else if (ml->movetext && isdigit((unsigned char)c)) {
			const size_t digits = strspn(ml->s, "0123456789");
			if (ml->s[digits] != '.')
				return;
			ml->s += digits + strspn(ml->s + digits, ".");
		} else {
			return;
		}
	}
}

/* The length of the word at s: up to a blank or a comma (in movetext, a comment too). */
static size_t word_length(const struct move_list *ml, const char *s)
{
	size_t n = 0;
	while (s[n] && s[n] != ',' && !isspace((unsigned char)s[n]) &&
	       !(ml->movetext && (s[n] == '{' || s[n] == ';')))
		n++;
	return n;
}

/* Parses the first k characters of s as a move at pos. */
static int parse_prefix(const struct game *g, const void *pos, const char *s, size_t k,
                        yomi_move *m, struct yomi_error *err)
{
	char buf[MOVE_TEXT_MAX];
	if (k >= sizeof buf) {   /* its first 20 bytes, not cut inside a character (ＬＬＬ...) */
		char said[24];
		return yomi_fail(err, "move: '%s' is longer than any move", yomi_said(s, said,
		                                                                     sizeof said));
	}
	memcpy(buf, s, k);
	buf[k] = '\0';
	return g->parse_move(pos, buf, m, err);
}

/* The length of the longest start of s[len] that is a legal move at pos (into *m), or 0. */
static size_t longest_move(const struct game *g, const void *pos, const char *s, size_t len,
                           yomi_move *m)
{
	struct yomi_error err;
	for (size_t k = len < MOVE_TEXT_MAX ? len : MOVE_TEXT_MAX - 1; k > 0; k--)
		if (parse_prefix(g, pos, s, k, m, &err) == 0)
			return k;
	return 0;
}

/* In a run of moves: the only legal move at pos (into *m) when the run goes on after it,
 * which is how transcripts leave out a pass; else 0. */
static int forced_move(const struct game *g, const void *pos, const char *s, size_t len,
                       yomi_move *m)
{
	yomi_move moves[YOMI_MOVES_MAX], next_move;
	_Alignas(16) unsigned char next[YOMI_POS_MAX];
	if (g->status(pos).outcome != GAME_ONGOING || g->moves(pos, moves) != 1 ||
	    g->play(pos, moves[0], next))
		return 0;
	if (!longest_move(g, next, s, len, &next_move))
		return 0;
	*m = moves[0];
	return 1;
}

/* The next move of the run at ml->run (the rest of the word ml->word). */
static int run_next(struct move_list *ml, const struct game *g, const void *pos, yomi_move *m,
                    struct yomi_error *err)
{
	const char *rest = ml->run;
	const size_t len = (size_t)(ml->word + ml->word_len - rest);
	const size_t k = longest_move(g, pos, rest, len, m);
	if (k) {
		snprintf(ml->said, sizeof ml->said, "%.*s", (int)k, rest);
		ml->run = k < len ? rest + k : NULL;
		return 1;
	}
	if (forced_move(g, pos, rest, len, m)) {
		g->format_move(pos, *m, ml->said, sizeof ml->said);
		return 1;
	}
	/* One move, then text no move starts with: a mistyped move (Lb4-a3+, Cb3-b2-b1), not a
	 * run; the word's own message says what is wrong with it ("this move does not
	 * promote"), where the rest's would only say that '+' is no move. */
	if (ml->first_len && rest == ml->word + ml->first_len &&
	    !isalnum((unsigned char)rest[0])) {
		ml->n--;
		return yomi_fail(err, "move %d: %s", ml->n, ml->word_err.msg);
	}
	struct yomi_error merr;
	parse_prefix(g, pos, rest, len, m, &merr);
	char word[48];
	char *copy = strndup(ml->word, ml->word_len);
	yomi_said(copy ? copy : "", word, sizeof word);
	free(copy);
	return yomi_fail(err, "move %d: %s (in the moves '%s')", ml->n, merr.msg, word);
}

int move_list_next(struct move_list *ml, const struct game *g, const void *pos, yomi_move *m,
                   struct yomi_error *err)
{
	if (ml->run) {
		ml->n++;
		return run_next(ml, g, pos, m, err);
	}
	skip_separators(ml);
	if (ml->unclosed)
		return yomi_fail(err, "a '{' comment is not closed: no '}' follows");
	if (!*ml->s)
		return 0;
	const char *w = ml->s;
	const size_t len = word_length(ml, w);
	if (ml->movetext && is_result(w, len)) {
		snprintf(ml->result, sizeof ml->result, "%.*s", (int)len, w);
		ml->s += len;
		const int line = ml->line;
		skip_separators(ml);
		if (ml->unclosed)
			return yomi_fail(err, "a '{' comment is not closed: no '}' follows");
		if (*ml->s)
			return yomi_fail(err, "text after the result %s", ml->result);
		ml->line = line;   /* where the list ended */
		return 0;
	}
	ml->s += len;
	ml->word = w;
	ml->word_len = len;
	ml->n++;
	struct yomi_error merr;
	if (parse_prefix(g, pos, w, len, m, &merr) == 0) {
		snprintf(ml->said, sizeof ml->said, "%.*s", (int)len, w);
		return 1;
	}
	/* Not one move: a run of them, if it starts with one (or with a forced move left
	 * out); else the word's own error. */
	const size_t k = longest_move(g, pos, w, len, m);
	ml->word_err = merr;
	if (k) {
		snprintf(ml->said, sizeof ml->said, "%.*s", (int)k, w);
		ml->run = w + k;
		ml->first_len = k;
		return 1;
	}
	if (forced_move(g, pos, w, len, m)) {
		g->format_move(pos, *m, ml->said, sizeof ml->said);
		ml->run = w;
		ml->first_len = 0;
		return 1;
	}
	return yomi_fail(err, "move %d: %s", ml->n, merr.msg);
}

/* ---- yomi's record format ---- */

void record_clear(struct record *r, const struct game *g)
{
	memset(r, 0, sizeof *r);
	g->start(r->start);
	strcpy(r->result, "*");
}

static int yomi_detect(const char *text, size_t len)
{
	(void)text, (void)len;
	return 1;   /* the last one tried: whatever the game's formats do not take */
}

/* Reads a tag's value (after its opening quote) into out[cap]: \" and \\ escaped.  Returns
 * the text after the closing quote, or NULL when the line ends first. */
static const char *tag_value(const char *s, char *out, size_t cap)
{
	size_t n = 0;
	for (; *s && *s != '"' && *s != '\n'; s++) {
		if (*s == '\\' && (s[1] == '"' || s[1] == '\\'))
			s++;
		if (n + 1 < cap)
			out[n++] = *s;
	}
	out[n] = '\0';
	return *s == '"' ? s + 1 : NULL;
}

static int valid_result(const char *s)
{
	return is_result(s, strlen(s));
}

/* Copies s into out[cap], cut short where it does not fit. */
static void copy_text(char *out, size_t cap, const char *s)
{
	const size_t n = strnlen(s, cap - 1);
	memcpy(out, s, n);
	out[n] = '\0';
}

/* The tags yomi reads; each may be given once (which of two would be meant?). */
static const char *const known_tags[] = {"Game", "Position", "First", "Second", "Result",
                                         "Reason"};
enum { KNOWN_TAGS = sizeof known_tags / sizeof known_tags[0] };

/* One tag line at s ('['), into *r; *end is where the line ends, *result set when it is
 * the Result tag; seen[k] is the line known_tags[k] was on (0: not yet).  Returns 0 or
 * -1. */
static int yomi_tag(const struct game *g, const char *s, const char **end, struct record *r,
                    int *result, int line, int seen[KNOWN_TAGS], struct yomi_error *err)
{
	char name[32], value[512];
	size_t n = 0;
	s++;
	while (*s == ' ' || *s == '\t')
		s++;
	while ((isalnum((unsigned char)*s) || *s == '_') && n + 1 < sizeof name)
		name[n++] = *s++;
	name[n] = '\0';
	while (*s == ' ' || *s == '\t')
		s++;
	if (!n || *s != '"' || !(s = tag_value(s + 1, value, sizeof value)))
		return yomi_fail(err, "line %d: a tag is [Name \"value\"]", line);
	while (*s == ' ' || *s == '\t')
		s++;
	if (*s != ']')
		return yomi_fail(err, "line %d: a tag is [Name \"value\"] (no closing ']')", line);
	s++;
	while (*s == ' ' || *s == '\t' || *s == '\r')
		s++;
	if (*s && *s != '\n')
		return yomi_fail(err, "line %d: text after the tag", line);
	*end = s;
	for (int k = 0; k < KNOWN_TAGS; k++)
		if (strcasecmp(name, known_tags[k]) == 0) {
			if (seen[k])
				return yomi_fail(err, "line %d: a second %s tag (the first is on line %d)",
				                 line, known_tags[k], seen[k]);
			seen[k] = line;
		}
	char said[48];   /* the value as a message may show it (no raw control or stray byte) */
	if (strcasecmp(name, "Game") == 0) {
		const struct game *h = game_find(value);
		if (h && h != g)
			return yomi_fail(err, "line %d: a record of %s, not %s (give --game %s)", line,
			                 h->name, g->name, h->name);
		if (!h)
			return yomi_fail(err, "line %d: a record of '%s', a game yomi does not play, "
			                 "not %s", line, yomi_said(value, said, sizeof said), g->name);
	} else if (strcasecmp(name, "Position") == 0) {
		struct yomi_error perr;
		if (g->parse(value, r->start, &perr) != 0)
			return yomi_fail(err, "line %d: %s", line, perr.msg);
	} else if (strcasecmp(name, "Result") == 0) {
		if (!valid_result(value))
			return yomi_fail(err, "line %d: result '%s' (1-0, 0-1, 1/2-1/2 or *)", line,
			                 yomi_said(value, said, 24));
		copy_text(r->result, sizeof r->result, value);
		*result = 1;
	} else if (strcasecmp(name, "First") == 0) {
		copy_text(r->first, sizeof r->first, value);
	} else if (strcasecmp(name, "Second") == 0) {
		copy_text(r->second, sizeof r->second, value);
	} else if (strcasecmp(name, "Reason") == 0) {
		copy_text(r->reason, sizeof r->reason, value);
	}   /* other tags (Event, Date, ...) are kept by no one */
	return 0;
}

static int yomi_read(const struct game *g, const char *text, size_t len, struct record *r,
                     struct yomi_error *err)
{
	(void)len;
	record_clear(r, g);
	const char *s = text;
	int line = 1, tagged_result = 0, seen[KNOWN_TAGS] = {0};
	for (;;) {   /* the tags, each on a line of its own */
		while (isspace((unsigned char)*s))
			line += *s++ == '\n';
		if (*s != '[')
			break;
		const char *end = s;
		if (yomi_tag(g, s, &end, r, &tagged_result, line, seen, err) != 0)
			return -1;
		s = end;
	}
	_Alignas(16) unsigned char pos[YOMI_POS_MAX];
	memcpy(pos, r->start, g->pos_size);
	struct move_list ml;
	move_list_init(&ml, s, 1);
	ml.line = line;
	yomi_move m;
	struct yomi_error merr;
	int rc;
	while ((rc = move_list_next(&ml, g, pos, &m, &merr)) == 1) {
		if (r->len == RECORD_MAX_MOVES)
			return yomi_fail(err, "line %d: more than %d moves", ml.line, RECORD_MAX_MOVES);
		r->moves[r->len++] = m;
		g->play(pos, m, pos);
	}
	if (rc < 0)
		return yomi_fail(err, "line %d: %s", ml.line, merr.msg);
	if (ml.result[0]) {
		if (tagged_result && strcmp(ml.result, r->result) != 0)
			return yomi_fail(err, "line %d: the moves end with %s, the Result tag says %s",
			                 ml.line, ml.result, r->result);
		snprintf(r->result, sizeof r->result, "%s", ml.result);
	}
	return 0;
}

static void write_tag(FILE *out, const char *name, const char *value)
{
	fprintf(out, "[%s \"", name);
	for (const char *s = value; *s; s++) {
		if (*s == '"' || *s == '\\')
			fputc('\\', out);
		fputc(*s == '\n' || *s == '\r' ? ' ' : *s, out);
	}
	fputs("\"]\n", out);
}

static int yomi_write(const struct game *g, const struct record *r, FILE *out)
{
	char text[YOMI_TEXT_MAX];
	_Alignas(16) unsigned char pos[YOMI_POS_MAX];
	write_tag(out, "Game", g->name);
	g->format(r->start, 0, text, sizeof text);
	write_tag(out, "Position", text);
	if (r->first[0])
		write_tag(out, "First", r->first);
	if (r->second[0])
		write_tag(out, "Second", r->second);
	write_tag(out, "Result", r->result[0] ? r->result : "*");
	if (r->reason[0])
		write_tag(out, "Reason", r->reason);
	fputc('\n', out);
	/* the moves numbered per pair, lines kept under 80 columns */
	memcpy(pos, r->start, g->pos_size);
	int column = 0;
	for (int i = 0; i <= r->len; i++) {
		char word[YOMI_TEXT_MAX + 16];
		if (i == r->len) {
			snprintf(word, sizeof word, "%s", r->result[0] ? r->result : "*");
		} else {
			g->format_move(pos, r->moves[i], text, sizeof text);
			if (i % 2 == 0)
				snprintf(word, sizeof word, "%d. %s", i / 2 + 1, text);
			else
				snprintf(word, sizeof word, "%s", text);
			g->play(pos, r->moves[i], pos);
		}
		const int w = (int)strlen(word);
		if (column && column + 1 + w >= 80) {
			fputc('\n', out);
			column = 0;
		}
		fprintf(out, "%s%s", column ? " " : "", word);
		column += (column ? 1 : 0) + w;
	}
	fputc('\n', out);
	return ferror(out) ? -1 : 0;
}

const struct record_format record_format_yomi = {
	.name = "yomi",
	.extensions = "",
	.detect = yomi_detect,
	.read = yomi_read,
	.write = yomi_write,
};

/* ---- files ---- */

/* Whether path ends with one of the blank-separated endings in list (any case). */
static int has_extension(const char *path, const char *list)
{
	const size_t plen = strlen(path);
	for (const char *e = list; *e; ) {
		e += strspn(e, " ");
		const size_t elen = strcspn(e, " ");
		if (elen && elen <= plen && strncasecmp(path + plen - elen, e, elen) == 0)
			return 1;
		e += elen;
	}
	return 0;
}

const struct record_format *record_format_for(const struct game *g, const char *path)
{
	for (const struct record_format *f = g->record_formats; f && f->name; f++)
		if (has_extension(path, f->extensions))
			return f;
	return &record_format_yomi;
}

/* Format k's name as it is written (KIF, CSA), into name[16]. */
static const char *format_name(const struct record_format *k, char *name)
{
	size_t n = 0;
	for (; k->name[n] && n + 1 < 16; n++)
		name[n] = (char)toupper((unsigned char)k->name[n]);
	name[n] = '\0';
	return name;
}

int record_name_check(const struct game *g, const char *path, struct yomi_error *err)
{
	const struct record_format *f = record_format_for(g, path);
	if (!f->write) {   /* a format yomi only knows to refuse: the names it does write */
		char name[16], said[YOMI_ARG_SAID], list[160] = "";
		size_t at = 0;
		for (const struct record_format *k = g->record_formats; k && k->name; k++)
			if (k->write && at < sizeof list)
				at += (size_t)snprintf(list + at, sizeof list - at, "%s (%s), ",
				                       k->extensions, format_name(k, name));
		return yomi_fail(err, "record: %s: %s records are not written: name the file %sor "
		                 "anything else for yomi's format", yomi_arg_said(path, said),
		                 format_name(f, name), list);
	}
	if (f != &record_format_yomi)
		return 0;
	for (int i = 0; game_registry[i]; i++) {
		const struct game *h = game_registry[i];
		for (const struct record_format *k = h->record_formats; h != g && k && k->name; k++)
			if (has_extension(path, k->extensions)) {
				char name[16], said[YOMI_ARG_SAID];
				return yomi_fail(err, "record: %s: %s is a record format of %s, not %s "
				                 "(any other name is written in yomi's format)",
				                 yomi_arg_said(path, said), format_name(k, name), h->name,
				                 g->name);
			}
	}
	return 0;
}

/* A record that g's formats and yomi's do not read may be in another game's format (a KIF
 * record given without --game shogi): then *err says so instead of the line yomi's reader
 * stopped at ("move 1: '#': expected a move like ..."). */
static void other_game_format(const struct game *g, const char *text, size_t len,
                              struct yomi_error *err)
{
	if (strstr(text, "[Game \""))
		return;   /* yomi's own record (a KIF word in a tag is no KIF): its error stands */
	for (int i = 0; game_registry[i]; i++) {
		const struct game *h = game_registry[i];
		if (h == g)
			continue;
		for (const struct record_format *k = h->record_formats; k && k->name; k++)
			if (k->detect(text, len)) {
				char name[16];
				if (k->write)
					yomi_fail(err, "a %s record of %s, not %s (give --game %s)",
					          format_name(k, name), h->name, g->name, h->name);
				else   /* a format no game reads (KI2): --game would not help */
					yomi_fail(err, "a %s record of %s, which yomi does not read",
					          format_name(k, name), h->name);
				return;
			}
	}
}

int record_read_file(const struct game *g, const char *path, struct record *r,
                     struct yomi_error *err)
{
	if (!*path)
		return yomi_fail(err, "record: the file name is empty");
	char said[YOMI_ARG_SAID];
	const char *name = yomi_arg_said(path, said);   /* path as messages quote it */
	/* O_NONBLOCK: a FIFO would hang the open; only a regular file is read */
	const int fd = open(path, O_RDONLY | O_NONBLOCK);
	struct stat st;
	if (fd < 0)
		return yomi_fail(err, "record: %s: %s", name, strerror(errno));
	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
		close(fd);
		return yomi_fail(err, "record: %s: not a regular file", name);
	}
	if (st.st_size > RECORD_FILE_MAX) {
		close(fd);
		return yomi_fail(err, "record: %s: %lld bytes, more than a record holds (%d)", name,
		                 (long long)st.st_size, RECORD_FILE_MAX);
	}
	char *text = malloc((size_t)st.st_size + 1);
	if (!text) {
		close(fd);
		return yomi_fail(err, "record: %s: out of memory", name);
	}
	size_t len = 0;
	for (;;) {   /* at most the size seen: a file that grows is read as it was */
		const ssize_t got = read(fd, text + len, (size_t)st.st_size - len);
		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0) {
			const int e = errno;
			free(text);
			close(fd);
			return yomi_fail(err, "record: %s: %s", name, strerror(e));
		}
		if (got == 0 || (len += (size_t)got) == (size_t)st.st_size)
			break;
	}
	close(fd);
	text[len] = '\0';
	int rc;
	if (strlen(text) != len) {
		rc = yomi_fail(err, "record: %s: contains a NUL byte: not a text file", name);
	} else {
		const struct record_format *f = &record_format_yomi;
		for (const struct record_format *k = g->record_formats; k && k->name; k++)
			if (k->detect(text, len)) {
				f = k;
				break;
			}
		struct yomi_error ferr;
		rc = f->read(g, text, len, r, &ferr);
		if (rc && f == &record_format_yomi)
			other_game_format(g, text, len, &ferr);
		if (rc)
			yomi_fail(err, "record: %s: %s", name, ferr.msg);
	}
	free(text);
	return rc;
}

int record_write_file(const struct game *g, const char *path, const struct record *r,
                      struct yomi_error *err)
{
	struct stat st;
	if (!*path)
		return yomi_fail(err, "record: the file name is empty");
	if (record_name_check(g, path, err))
		return -1;
	char said[YOMI_ARG_SAID];
	if (stat(path, &st) == 0 && !S_ISREG(st.st_mode))
		return yomi_fail(err, "record: %s: not a regular file", yomi_arg_said(path, said));
	struct file_out out;
	if (file_out_open(&out, "record", path, 0666, err))
		return -1;
	return file_out_commit(&out, record_format_for(g, path)->write(g, r, out.f) != 0, err);
}
