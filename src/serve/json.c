/*
 * json.c - the in-memory JSON builder (json.h).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "serve/json.h"
#include "yomi/game.h"

void json_free(struct json *j)
{
	free(j->buf);
	json_init(j);
}

/* Room for n more bytes and a NUL; 0, or -1 (sticky) when memory runs out. */
static int reserve(struct json *j, size_t n)
{
	if (j->failed)
		return -1;
	if (j->len + n + 1 <= j->cap)
		return 0;
	size_t cap = j->cap ? j->cap : 1024;
	while (cap < j->len + n + 1)
		cap *= 2;
	char *b = realloc(j->buf, cap);
	if (!b) {
		j->failed = 1;
		return -1;
	}
	j->buf = b;
	j->cap = cap;
	return 0;
}

void json_rawn(struct json *j, const char *s, size_t n)
{
	if (reserve(j, n))
		return;
	memcpy(j->buf + j->len, s, n);
	j->len += n;
	j->buf[j->len] = '\0';
}

void json_raw(struct json *j, const char *s) { json_rawn(j, s, strlen(s)); }

void json_printf(struct json *j, const char *fmt, ...)
{
	char small[256];
	va_list ap;
	va_start(ap, fmt);
	const int n = vsnprintf(small, sizeof small, fmt, ap);
	va_end(ap);
	if (n < 0) {
		j->failed = 1;
		return;
	}
	if ((size_t)n < sizeof small) {
		json_rawn(j, small, (size_t)n);
		return;
	}
	if (reserve(j, (size_t)n))
		return;
	va_start(ap, fmt);
	vsnprintf(j->buf + j->len, (size_t)n + 1, fmt, ap);
	va_end(ap);
	j->len += (size_t)n;
}

void json_str(struct json *j, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	json_rawn(j, "\"", 1);
	while (*p) {
		const unsigned char *run = p;   /* bytes that need no escape, copied at once */
		while (*p >= 0x20 && *p < 0x80 && *p != '"' && *p != '\\')
			p++;
		json_rawn(j, (const char *)run, (size_t)(p - run));
		if (!*p)
			break;
		if (*p == '"' || *p == '\\') {
			const char esc[2] = {'\\', (char)*p++};
			json_rawn(j, esc, 2);
		} else if (*p == '\n') {
			json_rawn(j, "\\n", 2);
			p++;
		} else if (*p < 0x20) {
			json_printf(j, "\\u%04x", *p++);
		} else {
			const int n = yomi_utf8_length((const char *)p);
			if (n) {
				json_rawn(j, (const char *)p, (size_t)n);
				p += n;
			} else {
				json_raw(j, "\\ufffd");
				p++;
			}
		}
	}
	json_rawn(j, "\"", 1);
}

void json_str_or_null(struct json *j, const char *s)
{
	if (s)
		json_str(j, s);
	else
		json_raw(j, "null");
}

char *json_take(struct json *j, size_t *len)
{
	if (j->failed || reserve(j, 0)) {
		json_free(j);
		return NULL;
	}
	char *b = j->buf;
	*len = j->len;
	json_init(j);
	return b;
}
