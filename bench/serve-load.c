/*
 * serve-load.c - a load client for `yomi serve` (bench/serve-load.sh runs it): C keep-alive
 * connections on one epoll thread, each sending GET requests for the paths of a file, one
 * at a time, round robin, until N requests are answered or S seconds have passed.  Prints the
 * requests per second, the latency percentiles and the errors (a status other than 200, a
 * connection closed or refused, a malformed answer).
 *
 * Why a client of our own rather than wrk: it is not a Debian package this project installs,
 * and a bench should count what it claims exactly (every answer's status and length).
 *
 * Loopback only: the address must be 127.0.0.0/8 or ::1 (a load test never leaves the
 * machine).
 *
 *   serve-load ADDR PORT PATHS-FILE CONNECTIONS REQUESTS SECONDS
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

enum { BUF = 1 << 16 };

struct conn {
	int fd;
	size_t path;          /* index of the path being asked */
	double sent;          /* when the request went out */
	char in[BUF];
	size_t have;
	int open;
};

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static int cmp_double(const void *a, const void *b)
{
	const double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

static struct sockaddr_storage addr;
static socklen_t addr_len;
static char host[80];
static char **paths;
static size_t npaths, next_path;
static long errors_status, errors_closed, errors_other;

static int connect_one(struct conn *c, int ep)
{
	c->fd = socket(addr.ss_family, SOCK_STREAM | SOCK_NONBLOCK, 0);
	if (c->fd < 0)
		return -1;
	const int one = 1;
	setsockopt(c->fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
	if (connect(c->fd, (struct sockaddr *)&addr, addr_len) != 0 && errno != EINPROGRESS) {
		close(c->fd);
		return -1;
	}
	struct epoll_event ev = {.events = EPOLLIN | EPOLLOUT | EPOLLET, .data.ptr = c};
	epoll_ctl(ep, EPOLL_CTL_ADD, c->fd, &ev);
	c->open = 1;
	c->have = 0;
	return 0;
}

static int send_request(struct conn *c)
{
	char req[4096];
	c->path = next_path++ % npaths;
	const int n = snprintf(req, sizeof req, "GET %s HTTP/1.1\r\nHost: %s\r\n\r\n",
	                       paths[c->path], host);
	c->sent = now();
	c->have = 0;
	/* a request of a few hundred bytes fits the socket's buffer at once */
	return send(c->fd, req, (size_t)n, MSG_NOSIGNAL) == n ? 0 : -1;
}

/* Whether c->in holds a whole answer; sets *status.  -1: malformed. */
static int answer_done(struct conn *c, int *status)
{
	c->in[c->have] = '\0';
	const char *end = strstr(c->in, "\r\n\r\n");
	if (!end)
		return c->have >= BUF - 1 ? -1 : 0;
	if (sscanf(c->in, "HTTP/1.%*d %d", status) != 1)
		return -1;
	const char *cl = strcasestr(c->in, "\r\nContent-Length:");
	if (!cl || cl > end)
		return -1;
	const size_t body = strtoul(cl + 17, NULL, 10);
	const size_t total = (size_t)(end + 4 - c->in) + body;
	if (total >= BUF)
		return -1;
	return c->have >= total ? 1 : 0;
}

int main(int argc, char **argv)
{
	if (argc != 7) {
		fprintf(stderr, "usage: serve-load ADDR PORT PATHS-FILE CONNECTIONS REQUESTS SECONDS\n");
		return 2;
	}
	const int port = atoi(argv[2]), nconn = atoi(argv[4]);
	const long want = atol(argv[5]);
	const double seconds = atof(argv[6]);
	struct sockaddr_in *a4 = (struct sockaddr_in *)&addr;
	struct sockaddr_in6 *a6 = (struct sockaddr_in6 *)&addr;
	if (inet_pton(AF_INET, argv[1], &a4->sin_addr) == 1) {
		if ((ntohl(a4->sin_addr.s_addr) >> 24) != 127) {
			fprintf(stderr, "serve-load: %s is not a loopback address\n", argv[1]);
			return 2;
		}
		a4->sin_family = AF_INET;
		a4->sin_port = htons((uint16_t)port);
		addr_len = sizeof *a4;
	} else if (inet_pton(AF_INET6, argv[1], &a6->sin6_addr) == 1 &&
	           IN6_IS_ADDR_LOOPBACK(&a6->sin6_addr)) {
		a6->sin6_family = AF_INET6;
		a6->sin6_port = htons((uint16_t)port);
		addr_len = sizeof *a6;
	} else {
		fprintf(stderr, "serve-load: %s is not a loopback address\n", argv[1]);
		return 2;
	}
	snprintf(host, sizeof host, "%s:%d", argv[1], port);
	if (nconn < 1 || nconn > 4096 || want < 1 || want > 100000000 || seconds <= 0 ||
	    seconds > 600) {
		fprintf(stderr, "serve-load: 1 to 4096 connections, 1 to 1e8 requests, at most 600 s\n");
		return 2;
	}
	FILE *f = fopen(argv[3], "r");
	if (!f) {
		perror(argv[3]);
		return 2;
	}
	char line[4096];
	size_t cap = 0;
	while (fgets(line, sizeof line, f)) {
		line[strcspn(line, "\r\n")] = '\0';
		if (!line[0])
			continue;
		if (npaths == cap && !(paths = realloc(paths, (cap = cap ? cap * 2 : 1024) * sizeof *paths)))
			return 1;
		paths[npaths++] = strdup(line);
	}
	fclose(f);
	if (!npaths) {
		fprintf(stderr, "serve-load: no path in %s\n", argv[3]);
		return 2;
	}
	double *lat = malloc((size_t)want * sizeof *lat);
	struct conn *conns = calloc((size_t)nconn, sizeof *conns);
	const int ep = epoll_create1(0);
	if (!lat || !conns || ep < 0)
		return 1;
	long done = 0, started = 0;
	const double t0 = now();
	for (int i = 0; i < nconn; i++) {
		if (connect_one(&conns[i], ep) != 0) {
			perror("serve-load: connect");
			return 1;
		}
	}
	/* the first request of each connection goes out when it is writable */
	int *fresh = calloc((size_t)nconn, sizeof *fresh);
	for (int i = 0; i < nconn; i++)
		fresh[i] = 1;
	struct epoll_event evs[256];
	while (done < want && now() - t0 < seconds) {
		const int n = epoll_wait(ep, evs, 256, 100);
		for (int k = 0; k < n; k++) {
			struct conn *c = evs[k].data.ptr;
			const int i = (int)(c - conns);
			if (!c->open)
				continue;
			if (fresh[i] && (evs[k].events & EPOLLOUT)) {
				fresh[i] = 0;
				if (started < want && send_request(c) == 0)
					started++;
			}
			if (!(evs[k].events & (EPOLLIN | EPOLLHUP | EPOLLERR)))
				continue;
			for (;;) {
				const ssize_t r = recv(c->fd, c->in + c->have, BUF - 1 - c->have, 0);
				if (r > 0) {
					c->have += (size_t)r;
					int status;
					const int whole = answer_done(c, &status);
					if (whole < 0) {
						errors_other++;
						break;
					}
					if (!whole)
						continue;
					if (done < want)
						lat[done] = now() - c->sent;
					done++;
					if (status != 200)
						errors_status++;
					if (started < want && send_request(c) == 0)
						started++;
					continue;
				}
				if (r == 0 || (errno != EAGAIN && errno != EWOULDBLOCK)) {
					/* closed: count it if a request was waiting, reconnect */
					errors_closed++;
					epoll_ctl(ep, EPOLL_CTL_DEL, c->fd, NULL);
					close(c->fd);
					c->open = 0;
					if (connect_one(c, ep) == 0)
						fresh[i] = 1;
				}
				break;
			}
		}
	}
	const double secs = now() - t0;
	const long measured = done < want ? done : want;
	qsort(lat, (size_t)measured, sizeof *lat, cmp_double);
#define PCT(p) (measured ? lat[(size_t)((measured - 1) * (p))] * 1e3 : 0)
	printf("requests %ld in %.2f s: %.0f per second, %d connections\n", done, secs,
	       done / secs, nconn);
	printf("latency ms: p50 %.3f p90 %.3f p99 %.3f p99.9 %.3f max %.3f\n", PCT(0.5),
	       PCT(0.9), PCT(0.99), PCT(0.999), measured ? lat[measured - 1] * 1e3 : 0);
	printf("errors: status %ld, closed %ld, other %ld\n", errors_status, errors_closed,
	       errors_other);
	return errors_status || errors_closed || errors_other ? 1 : 0;
}
