/*
 * file_out.h - writing a file so that a failed write never loses the file that was there:
 * the bytes go to a new file beside it (PATH.tmp.XXXXXX), which is flushed, synced to disk
 * and renamed over PATH only when every write succeeded; otherwise it is removed and PATH
 * is left as it was.
 *
 * Why a module: game records, plots and the Othello weights are written this way, and each
 * copy of these steps once had its own small differences (a missed ferror, the umask
 * forgotten).  The Dobutsu table writer keeps its own, since a stop by signal must remove
 * its temporary file too (src/solve/table_write.c).
 */
#ifndef YOMI_FILE_OUT_H
#define YOMI_FILE_OUT_H

#include <stdio.h>
#include <sys/types.h>

#include "yomi/game.h"

struct file_out {
	FILE *f;              /* written between file_out_open and file_out_commit */
	const char *what;     /* the messages' prefix: "record", "plot", "eval" */
	const char *path;
	char tmp[4096];
};

/* Makes the temporary file beside path with permissions `mode` less the umask (mkstemp's
 * are 0600), open in o->f, and leaves errno 0.  Returns 0, or -1 with err filled
 * ("WHAT: PATH: reason", the path quoted as messages quote it); what and path must outlive
 * o. */
int file_out_open(struct file_out *o, const char *what, const char *path, mode_t mode,
                  struct yomi_error *err);

/* Ends the write: unless `failed` (the caller's writes went wrong: errno says why, EIO
 * when it is 0), flushes, syncs, closes and renames the file over path; on any failure
 * removes it instead, so path is as it was.  Returns 0, or -1 with err filled. */
int file_out_commit(struct file_out *o, int failed, struct yomi_error *err);

/* Closes and removes the temporary file without writing path (a test whether path can be
 * written). */
void file_out_discard(struct file_out *o);

#endif
