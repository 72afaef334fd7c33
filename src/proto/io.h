/*
 * io.h - what the protocols share: lines in with a time limit (a protocol engine must watch
 * its clock while it waits for the GUI, and a match client must not wait forever for an
 * engine), lines out whole and at once from any thread, and a line builder.
 *
 * Why a reader of its own instead of stdio: poll() says whether the descriptor has data,
 * not whether stdio's buffer does, so a line already buffered would wait for the next one.
 * The reader keeps its own buffer and polls only when that holds no whole line.
 */
#ifndef YOMI_PROTO_IO_H
#define YOMI_PROTO_IO_H

#include <pthread.h>
#include <stddef.h>
#include <stdio.h>

#include "yomi/game.h"

enum {
	PROTO_LINE_MAX = 1 << 20,   /* bytes of one protocol line at most */
	PROTO_TEXT_MAX = 16384,     /* one line built for output (a PV of 256 moves fits) */
};

enum proto_read { PROTO_EOF = -1, PROTO_TIMEOUT = 0, PROTO_GOT_LINE = 1, PROTO_TOO_LONG = 2,
                  PROTO_NUL = 3 };

struct proto_reader {
	int fd;
	char *buf;
	size_t len, cap;     /* bytes buffered, room */
	size_t skip;         /* bytes of the line returned last, consumed at the next call */
	int eof, discarding;
};

void proto_reader_init(struct proto_reader *r, int fd);
void proto_reader_free(struct proto_reader *r);

/* Waits at most timeout seconds (< 0: for ever) for a line.  PROTO_GOT_LINE: *line is the
 * line without its end ("\n" or "\r\n"), valid until the next call.  PROTO_TOO_LONG: a line
 * of more than PROTO_LINE_MAX bytes was skipped whole; PROTO_NUL: a line holding a NUL byte
 * was skipped.  PROTO_EOF at the end of input (or a read error): a last line without its
 * end is returned first. */
enum proto_read proto_read_line(struct proto_reader *r, double timeout, char **line);

/* Output shared by threads: each call writes one whole line and flushes it. */
struct proto_out {
	FILE *f;
	pthread_mutex_t lock;
};

void proto_out_init(struct proto_out *o, FILE *f);
void proto_out_free(struct proto_out *o);
void proto_say(struct proto_out *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* A line being built; text past PROTO_TEXT_MAX is cut off. */
struct proto_text {
	size_t len;
	char s[PROTO_TEXT_MAX];
};

void proto_text_clear(struct proto_text *t);
void proto_text_add(struct proto_text *t, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* The next blank-separated word of *s (which advances past it), NUL-terminated in place;
 * NULL when none is left. */
char *proto_word(char **s);

/* A line's text for a message, as every message quotes text (yomi_said): at most 60 bytes
 * of it, then "...", never cut inside a character; an unprintable byte as \xNN. */
const char *proto_quote(const char *s, char *buf, size_t len);

/* A number of milliseconds as a protocol sends it (digits, at most 10^10): 0 with *ms set,
 * or -1. */
int proto_parse_ms(const char *s, double *ms);

/* A whole number from lo to hi (digits, '-' first if lo < 0): 0 with *v set, or -1. */
int proto_parse_int(const char *s, long lo, long hi, long *v);

#endif
