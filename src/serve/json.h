/*
 * json.h - building a JSON text in memory (the server's answers).
 *
 * Why a growable buffer and not stdio: an answer is built on a server thread, sent from
 * memory by libmicrohttpd and freed; open_memstream would do, but costs a FILE and a lock per
 * answer, and the probes are the server's hot path.  A failed allocation is sticky: every
 * later append does nothing and json_take returns NULL, so the caller checks once.
 */
#ifndef YOMI_SERVE_JSON_H
#define YOMI_SERVE_JSON_H

#include <stddef.h>

struct json {
	char *buf;
	size_t len, cap;
	int failed;   /* an allocation failed */
};

/* An empty buffer (nothing allocated yet). */
static inline void json_init(struct json *j) { *j = (struct json){0}; }
void json_free(struct json *j);

/* Appends raw text. */
void json_raw(struct json *j, const char *s);
void json_rawn(struct json *j, const char *s, size_t n);
/* Appends printf-style raw text. */
void json_printf(struct json *j, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Appends s as a JSON string literal, quotes included: ", \ and control characters escaped,
 * any byte that is not valid UTF-8 replaced with U+FFFD, so the answer is always valid JSON. */
void json_str(struct json *j, const char *s);
/* A string literal or null for a NULL s. */
void json_str_or_null(struct json *j, const char *s);

/* The text (NUL-terminated) for the caller to free, and its length in *len; the buffer is
 * empty again.  NULL when an allocation failed. */
char *json_take(struct json *j, size_t *len);

#endif
