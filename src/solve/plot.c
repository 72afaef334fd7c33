/* plot.c - the SVG distance histogram (see yomi/solve_plot.h). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "yomi/file_out.h"
#include "yomi/solve.h"
#include "yomi/solve_plot.h"

int solve_plot_svg(const char *path, const uint64_t *wins, const uint64_t *losses, int n,
                   struct yomi_error *err)
{
	int last = 0;
	double top = 1;
	for (int d = 0; d < n; d++) {
		const uint64_t most = wins[d] > losses[d] ? wins[d] : losses[d];
		if (most) {
			last = d;
			if (log10((double)most) > top)
				top = log10((double)most);
		}
	}
	/* wide enough for the title, else a bar per distance */
	const int bar = 4, bars = (last + 2) * bar + 80, width = bars < 660 ? 660 : bars;
	const int half = 200, height = 2 * half + 60;
	/* Written beside it, then renamed over it: a write that fails (a full disk, a size
	 * limit) leaves the plot there was, not half of a new one. */
	struct file_out out;
	if (file_out_open(&out, "plot", path, 0666, err))
		return -1;
	FILE *f = out.f;
	fprintf(f, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
	        "font-family=\"sans-serif\" font-size=\"12\">\n", width, height);
	fprintf(f, "<text x=\"10\" y=\"16\">positions by distance to the end (plies), log "
	        "scale: wins for the side to move above, losses below</text>\n");
	const int axis = 30 + half;
	fprintf(f, "<line x1=\"60\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"black\"/>\n", axis,
	        width - 10, axis);
	for (int e = 0; e <= (int)top; e += 2) {
		const int dy = (int)(half * e / top);
		fprintf(f, "<text x=\"4\" y=\"%d\">1e%d</text>\n", axis - dy + 4, e);
		if (e)   /* 1e0 is on the axis: once */
			fprintf(f, "<text x=\"4\" y=\"%d\">1e%d</text>\n", axis + dy + 4, e);
	}
	for (int d = 0; d < n; d++) {
		for (int win = 0; win < 2; win++) {
			const uint64_t count = (win ? wins : losses)[d];
			if (!count)
				continue;
			const int h = (int)(half * (log10((double)count) + 0.3) / (top + 0.3));
			fprintf(f, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\">"
			        "<title>%s in %d: %llu</title></rect>\n", 60 + d * bar,
			        win ? axis - h : axis, bar, h, win ? "#3a7" : "#c44", win ? "win" : "loss",
			        d, (unsigned long long)count);
		}
	}
	for (int dist = 0; dist <= last; dist += 20)
		fprintf(f, "<text x=\"%d\" y=\"%d\">%d</text>\n", 60 + dist * bar, height - 8, dist);
	fprintf(f, "</svg>\n");
	return file_out_commit(&out, 0, err);
}
