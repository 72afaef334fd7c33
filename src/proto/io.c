/* io.c - protocol lines in (with a time limit) and out (whole, from any thread). */
#include <ctype.h>
#include <errno.h>
#include <poll.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "proto/io.h"
#include "yomi/search.h"

void proto_reader_init(struct proto_reader *r, int fd)
{
	memset(r, 0, sizeof *r);
	r->fd = fd;
}

void proto_reader_free(struct proto_reader *r)
{
	free(r->buf);
	r->buf = NULL;
}

/* Reads what the descriptor has (waiting at most timeout seconds); 1 when bytes came, 0 on
 * a time-out, -1 at the end. */
static int fill(struct proto_reader *r, double timeout)
{
	if (r->eof)
		return -1;
	if (r->cap - r->len < 4096) {
		size_t cap = r->cap ? r->cap * 2 : 65536;
		char *b = realloc(r->buf, cap);
		if (!b) {
			r->eof = 1;
			return -1;
		}
		r->buf = b;
		r->cap = cap;
	}
	struct pollfd p = {r->fd, POLLIN, 0};
	int ms = timeout < 0 ? -1 : timeout > 1e6 ? 1000000000 : (int)(timeout * 1000 + 0.999);
	for (;;) {
		int n = poll(&p, 1, ms);
		if (n < 0 && errno == EINTR)
			continue;
		if (n == 0)
			return 0;
		break;
	}
	ssize_t got;
	do
		got = read(r->fd, r->buf + r->len, r->cap - r->len - 1);   /* room for a NUL */
	while (got < 0 && errno == EINTR);
	if (got <= 0) {
		r->eof = 1;
		return -1;
	}
	r->len += (size_t)got;
	return 1;
}

enum proto_read proto_read_line(struct proto_reader *r, double timeout, char **line)
{
	if (r->skip) {
		memmove(r->buf, r->buf + r->skip, r->len - r->skip);
		r->len -= r->skip;
		r->skip = 0;
	}
	const double until = timeout < 0 ? -1 : search_clock() + timeout;
	size_t scanned = 0;
	for (;;) {
		char *nl = r->len > scanned ? memchr(r->buf + scanned, '\n', r->len - scanned) : NULL;
		if (nl || (r->eof && r->len > 0)) {
			size_t n = nl ? (size_t)(nl - r->buf) : r->len;
			r->skip = nl ? n + 1 : n;
			if (r->discarding || n > PROTO_LINE_MAX) {   /* the end of a line too long */
				r->discarding = 0;
				return PROTO_TOO_LONG;
			}
			if (n > 0 && r->buf[n - 1] == '\r')
				n--;
			if (memchr(r->buf, '\0', n))
				return PROTO_NUL;
			r->buf[n] = '\0';   /* over the '\n' (or the room fill() keeps) */
			*line = r->buf;
			return PROTO_GOT_LINE;
		}
		scanned = r->len;
		if (r->len > PROTO_LINE_MAX) {   /* drop it, remember to report the line */
			r->discarding = 1;
			r->len = 0;
			scanned = 0;
		}
		if (r->eof) {
			if (r->discarding) {
				r->discarding = 0;
				return PROTO_TOO_LONG;
			}
			return PROTO_EOF;
		}
		double left = -1;
		if (until >= 0) {
			left = until - search_clock();
			if (left < 0)
				left = 0;
		}
		int f = fill(r, left);
		if (f == 0)
			return PROTO_TIMEOUT;
	}
}

void proto_out_init(struct proto_out *o, FILE *f)
{
	o->f = f;
	pthread_mutex_init(&o->lock, NULL);
}

void proto_out_free(struct proto_out *o) { pthread_mutex_destroy(&o->lock); }

void proto_say(struct proto_out *o, const char *fmt, ...)
{
	struct proto_text t;
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(t.s, sizeof t.s, fmt, ap);
	va_end(ap);
	t.len = n < 0 ? 0 : (size_t)n < sizeof t.s ? (size_t)n : sizeof t.s - 1;
	pthread_mutex_lock(&o->lock);
	fwrite(t.s, 1, t.len, o->f);
	fputc('\n', o->f);
	fflush(o->f);
	pthread_mutex_unlock(&o->lock);
}

void proto_text_clear(struct proto_text *t)
{
	t->len = 0;
	t->s[0] = '\0';
}

void proto_text_add(struct proto_text *t, const char *fmt, ...)
{
	if (t->len >= sizeof t->s - 1)
		return;
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(t->s + t->len, sizeof t->s - t->len, fmt, ap);
	va_end(ap);
	if (n > 0)
		t->len = t->len + (size_t)n < sizeof t->s ? t->len + (size_t)n : sizeof t->s - 1;
}

char *proto_word(char **s)
{
	char *p = *s;
	while (*p && isspace((unsigned char)*p))
		p++;
	if (!*p) {
		*s = p;
		return NULL;
	}
	char *w = p;
	while (*p && !isspace((unsigned char)*p))
		p++;
	if (*p)
		*p++ = '\0';
	*s = p;
	return w;
}

const char *proto_quote(const char *s, char *buf, size_t len)
{
	/* as every message quotes text (yomi_said), so that a word and the error about it
	 * quote it alike: a character of another script as it is, not as its bytes */
	return yomi_said(s, buf, len < 64 ? len : 64);
}

int proto_parse_int(const char *s, long lo, long hi, long *v)
{
	const char *p = s;
	int neg = 0;
	if (*p == '-' && lo < 0) {
		neg = 1;
		p++;
	}
	if (!isdigit((unsigned char)*p))
		return -1;
	long n = 0;
	for (; isdigit((unsigned char)*p); p++) {
		if (n > (hi > -lo ? hi : -lo) / 10 + 1)
			return -1;
		n = n * 10 + (*p - '0');
	}
	if (*p)
		return -1;
	if (neg)
		n = -n;
	if (n < lo || n > hi)
		return -1;
	*v = n;
	return 0;
}

int proto_parse_ms(const char *s, double *ms)
{
	long v;
	if (proto_parse_int(s, 0, 10000000000L, &v))
		return -1;
	*ms = (double)v;
	return 0;
}
