/*
 * proto_chat.c - drives a protocol engine through a scripted session, as a GUI would: it
 * waits for the engine's answers instead of writing every line at once (an engine that
 * searches answers later, and a GUI does not send the next command before it has its
 * answer).  Test helper, not installed.
 *
 *   proto_chat SCRIPT COMMAND [ARG...]
 *
 * SCRIPT lines ('#' comments and blank lines skipped):
 *   > TEXT        send TEXT and a newline (\xHH in TEXT: that byte)
 *   long N        send a line of N bytes
 *   < REGEX       read lines until one matches the extended regular expression REGEX
 *   = REGEX       the next line read must match REGEX
 *   ! REGEX       no line read since the last < or = matched REGEX (checked now)
 *   quiet S [REGEX]  no line (matching REGEX) comes within S seconds
 *   timeout S     later waits fail after S seconds (default 20)
 *   sleep S       wait S seconds
 *   close         close the engine's input (end of file)
 *   exit N        the engine exits with status N (within the timeout)
 * Prints the whole exchange on failure and exits 1; exits 0 when the script ends.
 */
#include <errno.h>
#include <poll.h>
#include <regex.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static char transcript[1 << 20];
static size_t tlen;
static char pending[1 << 16];   /* lines read since the last < or = */
static size_t plen;
static int to_engine = -1, from_engine = -1;
static pid_t child;
static char buf[1 << 16];
static size_t blen;
static int eof;

static void note(const char *prefix, const char *line)
{
	int n = snprintf(transcript + tlen, sizeof transcript - tlen, "%s%s\n", prefix, line);
	if (n > 0 && tlen + (size_t)n < sizeof transcript)
		tlen += (size_t)n;
}

static void fail(int lineno, const char *why)
{
	fprintf(stderr, "proto_chat: script line %d: %s\n--- exchange ---\n%.*s--- end ---\n",
	        lineno, why, (int)tlen, transcript);
	if (child > 0)
		kill(child, SIGKILL);
	exit(1);
}

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* The next line from the engine into line; 1, 0 on time-out, -1 at its end. */
static int read_line(char *line, size_t size, double until)
{
	for (;;) {
		char *nl = memchr(buf, '\n', blen);
		if (nl) {
			size_t n = (size_t)(nl - buf);
			snprintf(line, size, "%.*s", (int)n, buf);
			memmove(buf, nl + 1, blen - n - 1);
			blen -= n + 1;
			note("< ", line);
			size_t l = strlen(line);
			if (plen + l + 2 < sizeof pending) {
				memcpy(pending + plen, line, l);
				plen += l;
				pending[plen++] = '\n';
				pending[plen] = '\0';
			}
			return 1;
		}
		if (eof)
			return -1;
		double left = until - now();
		if (left <= 0)
			return 0;
		struct pollfd p = {from_engine, POLLIN, 0};
		int r = poll(&p, 1, (int)(left * 1000) + 1);
		if (r < 0 && errno == EINTR)
			continue;
		if (r == 0)
			continue;
		ssize_t got = read(from_engine, buf + blen, sizeof buf - blen - 1);
		if (got <= 0)
			eof = 1;
		else
			blen += (size_t)got;
		if (blen >= sizeof buf - 1)
			blen = 0;   /* a line too long for a test: dropped */
	}
}

static regex_t compile(const char *re, int lineno)
{
	regex_t r;
	if (regcomp(&r, re, REG_EXTENDED | REG_NOSUB))
		fail(lineno, "bad regular expression");
	return r;
}

int main(int argc, char **argv)
{
	if (argc < 3) {
		fprintf(stderr, "usage: proto_chat SCRIPT COMMAND [ARG...]\n");
		return 2;
	}
	FILE *script = fopen(argv[1], "r");
	if (!script) {
		perror(argv[1]);
		return 2;
	}
	int in[2], out[2];
	if (pipe(in) || pipe(out))
		return 2;
	signal(SIGPIPE, SIG_IGN);
	child = fork();
	if (child == 0) {
		dup2(in[0], 0);
		dup2(out[1], 1);
		close(in[0]);
		close(in[1]);
		close(out[0]);
		close(out[1]);
		execvp(argv[2], argv + 2);
		perror(argv[2]);
		_exit(127);
	}
	close(in[0]);
	close(out[1]);
	to_engine = in[1];
	from_engine = out[0];
	double timeout = 20;
	char sline[1 << 16], line[1 << 16];   /* a position of 4096 moves: 20 kB */
	int lineno = 0;
	while (fgets(sline, sizeof sline, script)) {
		lineno++;
		sline[strcspn(sline, "\n")] = '\0';
		if (!sline[0] || sline[0] == '#')
			continue;
		char *arg = strchr(sline, ' ');
		arg = arg ? arg + 1 : sline + strlen(sline);
		if (sline[0] == '>') {
			note("> ", arg);
			/* \xHH sends that byte (a NUL, a control byte) */
			size_t n = 0;
			for (const char *c = arg; *c; c++) {
				unsigned v;
				if (c[0] == '\\' && c[1] == 'x' && sscanf(c + 2, "%2x", &v) == 1) {
					line[n++] = (char)v;
					c += 3;
				} else {
					line[n++] = *c;
				}
			}
			line[n++] = '\n';
			if (to_engine < 0 || write(to_engine, line, n) != (ssize_t)n)
				fail(lineno, "cannot write to the engine");
		} else if (strncmp(sline, "long ", 5) == 0) {
			/* a line of N bytes */
			long n = atol(arg);
			note("> ", "(a long line)");
			memset(line, 'a', sizeof line);
			for (; n > 0; n -= (long)sizeof line) {
				size_t k = n < (long)sizeof line ? (size_t)n : sizeof line;
				if (to_engine < 0 || write(to_engine, line, k) != (ssize_t)k)
					fail(lineno, "cannot write to the engine");
			}
			if (write(to_engine, "\n", 1) != 1)
				fail(lineno, "cannot write to the engine");
		} else if (sline[0] == '<' || sline[0] == '=') {
			regex_t r = compile(arg, lineno);
			const double until = now() + timeout;
			int got;
			for (;;) {
				got = read_line(line, sizeof line, until);
				if (got <= 0)
					break;
				if (regexec(&r, line, 0, NULL, 0) == 0)
					break;
				if (sline[0] == '=') {
					got = 2;
					break;
				}
			}
			regfree(&r);
			if (got == 0)
				fail(lineno, "timed out waiting for a matching line");
			if (got < 0)
				fail(lineno, "the engine's output ended before a matching line");
			if (got == 2)
				fail(lineno, "the next line does not match");
			plen = 0;
			pending[0] = '\0';
		} else if (sline[0] == '!') {
			regex_t r;
			if (regcomp(&r, arg, REG_EXTENDED | REG_NOSUB | REG_NEWLINE))
				fail(lineno, "bad regular expression");
			const int hit = regexec(&r, pending, 0, NULL, 0) == 0;
			regfree(&r);
			if (hit)
				fail(lineno, "a line read matches what must not come");
		} else if (strncmp(sline, "quiet ", 6) == 0) {
			char *re = strchr(arg, ' ');
			regex_t r = compile(re ? re + 1 : "", lineno);
			const double until = now() + atof(arg);
			while (read_line(line, sizeof line, until) > 0)
				if (regexec(&r, line, 0, NULL, 0) == 0)
					fail(lineno, "a line came where none should");
			regfree(&r);
		} else if (strncmp(sline, "timeout ", 8) == 0) {
			timeout = atof(arg);
		} else if (strncmp(sline, "sleep ", 6) == 0) {
			usleep((useconds_t)(atof(arg) * 1e6));
		} else if (strcmp(sline, "close") == 0) {
			note("", "(end of input)");
			close(to_engine);
			to_engine = -1;
		} else if (strncmp(sline, "exit ", 5) == 0) {
			const double until = now() + timeout;
			int status = 0;
			pid_t w;
			while ((w = waitpid(child, &status, WNOHANG)) == 0 && now() < until) {
				read_line(line, sizeof line, now() + 0.05);
			}
			if (w != child)
				fail(lineno, "the engine did not exit in time");
			child = 0;
			if (!WIFEXITED(status) || WEXITSTATUS(status) != atoi(arg)) {
				char why[100];
				snprintf(why, sizeof why, "the engine ended with status %d (signal %d)",
				         WIFEXITED(status) ? WEXITSTATUS(status) : -1,
				         WIFSIGNALED(status) ? WTERMSIG(status) : 0);
				fail(lineno, why);
			}
		} else {
			fail(lineno, "unknown script command");
		}
	}
	if (child > 0) {
		if (to_engine >= 0)
			close(to_engine);
		kill(child, SIGTERM);
		waitpid(child, NULL, 0);
	}
	return 0;
}
