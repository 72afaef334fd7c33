/*
 * table_path.c - where solved tables are looked for and written without a FILE: the places
 * an installed tool keeps its data, in order of precedence,
 *   $YOMI_TABLES            folders named by the user (several separated by ':')
 *   $XDG_DATA_HOME/yomi     the user's data folder (default ~/.local/share/yomi)
 *   YOMI_DATADIR            the installed PREFIX/share/yomi (the Makefile compiles it in)
 *   data                    a source tree's, from the current folder
 * A table is read from the first place that holds GAME.yomi; `solve` writes to the first
 * place that can be written, creating the user's data folder when it is not there yet.
 *
 * Why both ends of the list: a table built once from anywhere is found from anywhere (the
 * user's folder), a shared installation can provide one, and a source tree keeps working
 * as it always has.
 */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "yomi/table.h"

#ifndef YOMI_DATADIR
#define YOMI_DATADIR "/usr/local/share/yomi"
#endif

enum { DIRS_MAX = 16 };

enum place { PLACE_ENV, PLACE_USER, PLACE_SYSTEM, PLACE_TREE };

struct dirs {
	int n;
	char dir[DIRS_MAX][PATH_MAX];
	enum place place[DIRS_MAX];
};

static void add(struct dirs *d, const char *dir, size_t len, enum place place)
{
	if (d->n < DIRS_MAX && len > 0 && len < PATH_MAX) {
		memcpy(d->dir[d->n], dir, len);
		d->dir[d->n][len] = '\0';
		d->place[d->n++] = place;
	}
}

/* The user's data folder, $XDG_DATA_HOME/yomi or $HOME/.local/share/yomi, into buf; 0 if
 * there is none (neither variable set to an absolute path). */
static int user_dir(char *buf, size_t len)
{
	const char *xdg = getenv("XDG_DATA_HOME"), *home = getenv("HOME");
	int n;
	if (xdg && xdg[0] == '/')   /* a relative value is to be ignored (XDG base dirs) */
		n = snprintf(buf, len, "%s/yomi", xdg);
	else if (home && home[0] == '/')
		n = snprintf(buf, len, "%s/.local/share/yomi", strcmp(home, "/") ? home : "");
	else
		return 0;
	return n > 0 && (size_t)n < len;
}

static void search_path(struct dirs *d)
{
	d->n = 0;
	const char *env = getenv("YOMI_TABLES");
	for (const char *s = env ? env : ""; *s; ) {
		const size_t len = strcspn(s, ":");
		add(d, s, len, PLACE_ENV);
		s += len + (s[len] == ':');
	}
	char user[PATH_MAX];
	if (user_dir(user, sizeof user))
		add(d, user, strlen(user), PLACE_USER);
	add(d, YOMI_DATADIR, strlen(YOMI_DATADIR), PLACE_SYSTEM);
	add(d, "data", 4, PLACE_TREE);
}

/* DIR/GAME.yomi into buf; 0 if it does not fit. */
static int table_in(const char *dir, const struct game *g, char *buf, size_t len)
{
	const int n = snprintf(buf, len, "%s/%s.yomi", dir, g->name);
	return n > 0 && (size_t)n < len;
}

const char *table_installed_dir(void)
{
	return YOMI_DATADIR;
}

void table_search_path(char *buf, size_t len)
{
	struct dirs *d = malloc(sizeof *d);
	size_t at = 0;
	buf[0] = '\0';
	if (!d)
		return;
	search_path(d);
	for (int i = 0; i < d->n && at < len; i++) {
		char said[YOMI_ARG_SAID];   /* a folder of $YOMI_TABLES or $HOME, quoted */
		at += (size_t)snprintf(buf + at, len - at, "%s%s", i ? ", " : "",
		                       yomi_arg_said(d->dir[i], said));
	}
	free(d);
}

int table_locate(const struct game *g, char *buf, size_t len)
{
	struct dirs *d = malloc(sizeof *d);
	int found = 0;
	if (!d)
		return 0;
	search_path(d);
	for (int i = 0; i < d->n && !found; i++)
		found = table_in(d->dir[i], g, buf, len) && access(buf, F_OK) == 0;
	free(d);
	return found;
}

int table_default_exists(const struct game *g)
{
	char buf[PATH_MAX];
	return table_locate(g, buf, sizeof buf);
}

/* mkdir -p dir (its missing folders made as the user's own: 0700, the last 0755). */
static int make_dirs(const char *dir)
{
	char path[PATH_MAX];
	snprintf(path, sizeof path, "%s", dir);
	for (char *s = path + 1; *s; s++) {
		if (*s != '/')
			continue;
		*s = '\0';
		if (mkdir(path, 0700) != 0 && errno != EEXIST)
			return -1;
		*s = '/';
	}
	return mkdir(path, 0755) != 0 && errno != EEXIST ? -1 : 0;
}

static int writable_dir(const char *dir)
{
	struct stat st;
	return stat(dir, &st) == 0 && S_ISDIR(st.st_mode) && access(dir, W_OK | X_OK) == 0;
}

/* Whether the user's data folder may be made: not when that would make $HOME itself (a
 * HOME that is not there, as the /nonexistent of system users, is meant to stay so). */
static int home_there(void)
{
	const char *xdg = getenv("XDG_DATA_HOME"), *home = getenv("HOME");
	struct stat st;
	if (xdg && xdg[0] == '/')
		return 1;
	return home && stat(home, &st) == 0;
}

/* Whether dir could be made: its nearest folder that is there can be written. */
static int makeable_dir(const char *dir)
{
	char path[PATH_MAX];
	snprintf(path, sizeof path, "%s", dir);
	struct stat st;
	while (stat(path, &st) != 0) {
		if (errno != ENOENT)
			return 0;
		char *slash = strrchr(path, '/');
		if (!slash || slash == path)
			return writable_dir("/");
		*slash = '\0';
	}
	return writable_dir(path);
}

int table_default_output(const struct game *g, char *buf, size_t len, int create,
                         struct yomi_error *err)
{
	struct dirs *d = malloc(sizeof *d);
	if (!d)
		return yomi_fail(err, "out of memory");
	search_path(d);
	int found = 0;
	const int home = home_there();
	for (int i = 0; i < d->n && !found; i++) {
		const int user = d->place[i] == PLACE_USER && home;
		if (user && create)
			make_dirs(d->dir[i]);   /* when it cannot be made, it is not written */
		found = (writable_dir(d->dir[i]) || (user && !create && makeable_dir(d->dir[i]))) &&
		        table_in(d->dir[i], g, buf, len);
	}
	if (!found) {
		char places[400];
		table_search_path(places, sizeof places);
		yomi_fail(err, "no folder to write the table to: give -o FILE (none of %s can be "
		          "written)", places);
	}
	free(d);
	return found ? 0 : -1;
}

struct table *table_find(const struct game *g, const char *path, struct yomi_error *err)
{
	if (path)
		return table_open(path, g, err);
	char buf[PATH_MAX], out[PATH_MAX];
	if (table_locate(g, buf, sizeof buf))
		return table_open(buf, g, err);
	char places[400];
	table_search_path(places, sizeof places);
	struct yomi_error ignored;
	/* the command that builds it, first: a long list of places may be cut short */
	if (!g->solver)
		yomi_fail(err, "table: %s has no solved tables", g->name);
	else if (table_default_output(g, out, sizeof out, 0, &ignored) == 0)
		yomi_fail(err, "table: no %s table yet: build it with 'yomi --game %s solve' "
		          "(looked for %s.yomi in %s)", g->name, g->name, g->name, places);
	else
		yomi_fail(err, "table: no %s table yet: build it with 'yomi --game %s solve -o "
		          "FILE', then give --table FILE (looked for %s.yomi in %s)", g->name,
		          g->name, g->name, places);
	return NULL;
}
