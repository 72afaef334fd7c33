/* file_out.c - a file written beside its path, then renamed over it (file_out.h). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "yomi/file_out.h"

static int fail(const struct file_out *o, int e, struct yomi_error *err)
{
	char said[YOMI_ARG_SAID];
	return yomi_fail(err, "%s: %s: %s", o->what, yomi_arg_said(o->path, said), strerror(e));
}

int file_out_open(struct file_out *o, const char *what, const char *path, mode_t mode,
                  struct yomi_error *err)
{
	o->f = NULL;
	o->what = what;
	o->path = path;
	if (snprintf(o->tmp, sizeof o->tmp, "%s.tmp.XXXXXX", path) >= (int)sizeof o->tmp) {
		char said[YOMI_ARG_SAID];
		return yomi_fail(err, "%s: %s: path too long", what, yomi_arg_said(path, said));
	}
	const int fd = mkstemp(o->tmp);
	if (fd < 0)
		return fail(o, errno, err);
	const mode_t mask = umask(0);
	umask(mask);
	if (fchmod(fd, mode & ~mask) != 0 || !(o->f = fdopen(fd, "w"))) {
		const int e = errno;
		close(fd);
		unlink(o->tmp);
		return fail(o, e, err);
	}
	errno = 0;
	return 0;
}

int file_out_commit(struct file_out *o, int failed, struct yomi_error *err)
{
	int e = failed ? (errno ? errno : EIO) : 0;
	errno = 0;
	if (!e && (fflush(o->f) != 0 || ferror(o->f) || fsync(fileno(o->f)) != 0))
		e = errno ? errno : EIO;
	if (fclose(o->f) != 0 && !e)
		e = errno ? errno : EIO;
	o->f = NULL;
	if (!e && rename(o->tmp, o->path) != 0)
		e = errno;
	if (!e)
		return 0;
	unlink(o->tmp);
	return fail(o, e, err);
}

void file_out_discard(struct file_out *o)
{
	fclose(o->f);
	o->f = NULL;
	unlink(o->tmp);
}
