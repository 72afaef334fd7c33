/* error.c - the one-line error messages every parser returns. */
#include <stdarg.h>
#include <stdio.h>

#include "yomi/game.h"

int yomi_fail(struct yomi_error *err, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(err->msg, sizeof err->msg, fmt, ap);
	va_end(ap);
	return -1;
}
