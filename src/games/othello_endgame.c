#include "games/othello_endgame.h"
int othello_solve(struct search_ctx *ctx, const struct othello_pos *pos, int *score,
                  yomi_move *best) { (void)ctx; (void)pos; *score = 0; *best = 0; return -1; }
int othello_solve_pv(struct search_ctx *ctx, const struct othello_pos *pos, int score,
                     yomi_move *pv, int max) { (void)ctx; (void)pos; (void)score; (void)pv; (void)max; return 0; }
