/*
 * solve_plot.h - the distance histogram of a table as an SVG image (no plotting library:
 * a bar chart is a few dozen lines of SVG).
 */
#ifndef YOMI_SOLVE_PLOT_H
#define YOMI_SOLVE_PLOT_H

#include <stdint.h>

#include "yomi/game.h"

/* Writes a bar chart of by_value[1..254] (value codes of yomi/solve.h: wins above the axis,
 * losses below, by distance, log scale) to path.  Returns 0, or -1 with err filled. */
int solve_plot_svg(const char *path, const uint64_t *by_value, struct yomi_error *err);

#endif
