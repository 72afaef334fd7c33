/* error.c - the one-line error messages every parser returns. */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "yomi/game.h"

/* A message cut at the end of its buffer may end inside a UTF-8 character that a quote
 * kept whole (yomi_said): cut before that character, so the message stays valid text. */
static void utf8_cut_whole(char *msg, size_t len)
{
	size_t k = len;   /* back over the continuation bytes at the end */
	while (k > 0 && len - k < 3 && ((unsigned char)msg[k - 1] & 0xc0) == 0x80)
		k--;
	if (k == 0)
		return;
	const unsigned char lead = (unsigned char)msg[k - 1];
	const size_t need = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1;
	if (len - (k - 1) < need)
		msg[k - 1] = '\0';
}

int yomi_fail(struct yomi_error *err, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	const int n = vsnprintf(err->msg, sizeof err->msg, fmt, ap);
	va_end(ap);
	if (n >= (int)sizeof err->msg)
		utf8_cut_whole(err->msg, sizeof err->msg - 1);
	return -1;
}

const char *yomi_word(const char *s, char buf[32])
{
	size_t n = 0;
	while (n < 20 && s[n] && !isspace((unsigned char)s[n]) && isprint((unsigned char)s[n]))
		n++;
	if (n == 0) {
		snprintf(buf, 32, "0x%02x", (unsigned char)*s);
		return buf;
	}
	const int more = s[n] && !isspace((unsigned char)s[n]);
	snprintf(buf, 32, "'%.*s%s'", (int)n, s, more ? "..." : "");
	return buf;
}

const char *yomi_char(int c, char buf[8])
{
	if (c == '\0')
		return "end of text";
	if (isprint((unsigned char)c) && c != '\'')
		snprintf(buf, 8, "'%c'", c);
	else
		snprintf(buf, 8, "0x%02x", (unsigned char)c);
	return buf;
}

int yomi_utf8_length(const char *s)
{
	const unsigned char *u = (const unsigned char *)s;
	const unsigned c = u[0];
	int n;
	unsigned min;
	if (c < 0x80)
		return 1;
	if (c >= 0xc2 && c <= 0xdf)
		n = 2, min = 0x80;
	else if (c >= 0xe0 && c <= 0xef)
		n = 3, min = 0x800;
	else if (c >= 0xf0 && c <= 0xf4)
		n = 4, min = 0x10000;
	else
		return 0;
	unsigned cp = c & (0x7f >> n);
	for (int k = 1; k < n; k++) {
		if ((u[k] & 0xc0) != 0x80)
			return 0;
		cp = cp << 6 | (u[k] & 0x3f);
	}
	if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
		return 0;
	return n;
}

/* The length of the well-formed UTF-8 character at s that a message may show as it is (2 to
 * 4 bytes), or 0: a stray or cut byte, an overlong form, a surrogate, or a control or line
 * separator (C1, U+2028, U+2029), which would not print as one line, or a bidirectional
 * control or byte order mark (U+061C, U+200E, U+200F, U+202A-U+202E, U+2066-U+2069,
 * U+FEFF), which would show the rest of the line reordered or not at all. */
static size_t utf8_printable(const unsigned char *s)
{
	const size_t n = s[0] >= 0xc2 && s[0] <= 0xdf ? 2 : s[0] >= 0xe0 && s[0] <= 0xef ? 3
	               : s[0] >= 0xf0 && s[0] <= 0xf4 ? 4 : 0;
	unsigned long cp = n == 2 ? s[0] & 0x1fu : n == 3 ? s[0] & 0x0fu : s[0] & 0x07u;
	for (size_t i = 1; i < n; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		cp = cp << 6 | (s[i] & 0x3fu);
	}
	if (!n || cp < 0xa0 || (n == 3 && cp < 0x800) || (n == 4 && cp < 0x10000) ||
	    cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff) || cp == 0x2028 || cp == 0x2029 ||
	    cp == 0x61c || cp == 0x200e || cp == 0x200f || (cp >= 0x202a && cp <= 0x202e) ||
	    (cp >= 0x2066 && cp <= 0x2069) || cp == 0xfeff)
		return 0;
	return n;
}

/* s[0..end) quoted into buf (yomi_said). */
static const char *said(const char *s, size_t end, char *buf, size_t len)
{
	size_t n = 0, k = 0;
	while (k < end) {
		char one[5];
		const unsigned char c = (unsigned char)s[k];
		/* a character of another script as typed (７六歩), whole or not at all */
		size_t used = c >= 0x80 ? utf8_printable((const unsigned char *)s + k) : 0;
		if (used && k + used > end)
			used = 0;
		size_t w = used;
		if (used)
			memcpy(one, s + k, used);
		else
			w = (size_t)(isprint(c) ? snprintf(one, sizeof one, "%c", c)
			                        : snprintf(one, sizeof one, "\\x%02x", c));
		used = used ? used : 1;
		if (n + w + (k + used < end ? 4 : 1) > len)   /* room for "..." (if more) and '\0' */
			break;
		memcpy(buf + n, one, w);
		n += w;
		k += used;
	}
	if (k < end)
		memcpy(buf + n, "...", 3), n += 3;
	buf[n] = '\0';
	return buf;
}

const char *yomi_said(const char *s, char *buf, size_t len)
{
	while (isspace((unsigned char)*s))
		s++;
	size_t end = strlen(s);
	while (end && isspace((unsigned char)s[end - 1]))
		end--;
	return said(s, end, buf, len);
}

const char *yomi_said_whole(const char *s, char *buf, size_t len)
{
	return said(s, strlen(s), buf, len);
}

const char *yomi_arg_said(const char *s, char buf[YOMI_ARG_SAID])
{
	return said(s, strlen(s), buf, YOMI_ARG_SAID);
}
