/* error.c - the one-line error messages every parser returns. */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "yomi/game.h"

int yomi_fail(struct yomi_error *err, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(err->msg, sizeof err->msg, fmt, ap);
	va_end(ap);
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

const char *yomi_said(const char *s, char *buf, size_t len)
{
	while (isspace((unsigned char)*s))
		s++;
	size_t end = strlen(s), n = 0, k = 0;
	while (end && isspace((unsigned char)s[end - 1]))
		end--;
	for (; k < end; k++) {
		char one[5];
		const unsigned char c = (unsigned char)s[k];
		const size_t w = (size_t)(isprint(c) ? snprintf(one, sizeof one, "%c", c)
		                                     : snprintf(one, sizeof one, "\\x%02x", c));
		if (n + w + (k + 1 < end ? 4 : 1) > len)   /* room for "..." (if more) and '\0' */
			break;
		memcpy(buf + n, one, w);
		n += w;
	}
	if (k < end)
		memcpy(buf + n, "...", 3), n += 3;
	buf[n] = '\0';
	return buf;
}
