/* test_file_out.c - a file is replaced only by a complete write (yomi/file_out.h): on
 * success the new bytes with the umask's permissions, on failure the old file untouched,
 * and never a temporary file left behind. */
#include <dirent.h>
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <cmocka.h>

#include "yomi/file_out.h"

static char dir[64];
static char path[128];

static int setup(void **state)
{
	(void)state;
	snprintf(dir, sizeof dir, "/tmp/yomi-file-out.XXXXXX");
	if (!mkdtemp(dir))
		return -1;
	snprintf(path, sizeof path, "%s/out.txt", dir);
	umask(022);
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	DIR *d = opendir(dir);
	for (struct dirent *e; d && (e = readdir(d)); ) {
		char p[512];
		snprintf(p, sizeof p, "%s/%s", dir, e->d_name);
		if (e->d_name[0] != '.')
			unlink(p);
	}
	if (d)
		closedir(d);
	rmdir(dir);
	return 0;
}

/* Files in dir, besides . and .. */
static int files(void)
{
	int n = 0;
	DIR *d = opendir(dir);
	for (struct dirent *e; d && (e = readdir(d)); )
		n += e->d_name[0] != '.';
	if (d)
		closedir(d);
	return n;
}

static void read_back(char *buf, size_t len)
{
	FILE *f = fopen(path, "r");
	assert_non_null(f);
	const size_t got = fread(buf, 1, len - 1, f);
	buf[got] = 0;
	fclose(f);
}

static void write_old(void)
{
	FILE *f = fopen(path, "w");
	assert_non_null(f);
	fputs("old\n", f);
	fclose(f);
}

static void test_commit(void **state)
{
	(void)state;
	write_old();
	struct file_out out;
	struct yomi_error err;
	assert_int_equal(file_out_open(&out, "plot", path, 0666, &err), 0);
	assert_int_equal(files(), 2);   /* the old file and the temporary one */
	fputs("new\n", out.f);
	assert_int_equal(file_out_commit(&out, 0, &err), 0);
	char buf[64];
	read_back(buf, sizeof buf);
	assert_string_equal(buf, "new\n");
	assert_int_equal(files(), 1);
	struct stat st;
	assert_int_equal(stat(path, &st), 0);
	assert_int_equal(st.st_mode & 0777, 0644);   /* 0666 less the umask, not mkstemp's 0600 */
}

static void test_failed_write_keeps_old(void **state)
{
	(void)state;
	write_old();
	struct file_out out;
	struct yomi_error err;
	assert_int_equal(file_out_open(&out, "record", path, 0666, &err), 0);
	fputs("half of a new", out.f);
	errno = ENOSPC;
	assert_int_equal(file_out_commit(&out, 1, &err), -1);
	char want[256];
	snprintf(want, sizeof want, "record: %s: %s", path, strerror(ENOSPC));
	assert_string_equal(err.msg, want);
	char buf[64];
	read_back(buf, sizeof buf);
	assert_string_equal(buf, "old\n");
	assert_int_equal(files(), 1);
	/* failed with errno 0: EIO */
	assert_int_equal(file_out_open(&out, "record", path, 0666, &err), 0);
	errno = 0;
	assert_int_equal(file_out_commit(&out, 1, &err), -1);
	assert_non_null(strstr(err.msg, strerror(EIO)));
	assert_int_equal(files(), 1);
}

static void test_rename_fails(void **state)
{
	(void)state;
	/* path is a folder: the write succeeds, the rename over it does not */
	char sub[160];
	snprintf(sub, sizeof sub, "%s/sub", dir);
	assert_int_equal(mkdir(sub, 0755), 0);
	struct file_out out;
	struct yomi_error err;
	assert_int_equal(file_out_open(&out, "eval", sub, 0644, &err), 0);
	fputs("x", out.f);
	assert_int_equal(file_out_commit(&out, 0, &err), -1);
	assert_non_null(strstr(err.msg, "eval: "));
	assert_int_equal(files(), 1);   /* the folder only */
	rmdir(sub);
}

static void test_open_fails(void **state)
{
	(void)state;
	char missing[160];
	snprintf(missing, sizeof missing, "%s/no/out.txt", dir);
	struct file_out out;
	struct yomi_error err;
	assert_int_equal(file_out_open(&out, "plot", missing, 0666, &err), -1);
	char want[256];
	snprintf(want, sizeof want, "plot: %s: %s", missing, strerror(ENOENT));
	assert_string_equal(err.msg, want);
	assert_int_equal(files(), 0);
	/* a path too long for the temporary's name */
	char *longp = malloc(5000);
	memset(longp, 'a', 4999);
	longp[4999] = 0;
	assert_int_equal(file_out_open(&out, "plot", longp, 0666, &err), -1);
	assert_non_null(strstr(err.msg, "path too long"));
	free(longp);
	/* a control byte in the path is quoted as messages quote it */
	snprintf(missing, sizeof missing, "%s/no/\033[2J", dir);
	assert_int_equal(file_out_open(&out, "plot", missing, 0666, &err), -1);
	assert_null(strchr(err.msg, '\033'));
	assert_non_null(strstr(err.msg, "\\x1b[2J"));
}

static void test_discard(void **state)
{
	(void)state;
	struct file_out out;
	struct yomi_error err;
	assert_int_equal(file_out_open(&out, "record", path, 0666, &err), 0);
	assert_int_equal(files(), 1);
	file_out_discard(&out);
	assert_int_equal(files(), 0);
	assert_int_equal(access(path, F_OK), -1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_commit, setup, teardown),
		cmocka_unit_test_setup_teardown(test_failed_write_keeps_old, setup, teardown),
		cmocka_unit_test_setup_teardown(test_rename_fails, setup, teardown),
		cmocka_unit_test_setup_teardown(test_open_fails, setup, teardown),
		cmocka_unit_test_setup_teardown(test_discard, setup, teardown),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
