/*
 * solve_plot.h - the distance histogram of a table as an SVG image (no plotting library:
 * a bar chart is a few dozen lines of SVG).
 */
#ifndef YOMI_SOLVE_PLOT_H
#define YOMI_SOLVE_PLOT_H

#include <stdint.h>

#include "yomi/game.h"

/* Writes a bar chart of wins[d] (above the axis) and losses[d] (below) for distances
 * d < n, log scale, to path.  Returns 0, or -1 with err filled. */
int solve_plot_svg(const char *path, const uint64_t *wins, const uint64_t *losses, int n,
                   struct yomi_error *err);

#endif
