/*
 * trial.c - the last resort: "assuming r1c1 = 5 leads to a contradiction,
 * so r1c1 <> 5", where the contradiction is proven by exhaustive search
 * (the fast solver finds no solution with r1c1 = 5). It is a sound
 * deduction, never a guess stated as fact, and it always applies to a
 * puzzle with a unique solution: any candidate other than the solution's
 * value is refuted. Tried after every chain (the table's last row), where
 * none of SE's rules applies; rated 11.0.
 *
 * Which candidate: the wrong value of the cell with the fewest candidates
 * (the first in cell order), so that a bivalue cell is settled at once and
 * the walk continues with singles. Cost: two solver calls, microseconds on
 * 9x9, bounded by the deadline on any size. What this does NOT do: refute
 * candidates of a position with several solutions unless the search proves
 * it (it tries the chosen cell's wrong values only).
 */
#include "../internal.h"
#include "chain.h"

/* The position's values as a grid. */
static void to_grid(const struct logic_state *s, sudoku_grid *g) {
  sudoku_grid_init(g, s->geo.box_rows, s->geo.box_cols);
  for (int c = 0; c < s->geo.ncells; c++)
    g->cell[c] = s->value[c];
}

/* Solver limits for what is left of s's deadline; false when none is. */
static bool limits_left(const struct logic_state *s, struct sudoku_limits *l) {
  *l = (struct sudoku_limits)SUDOKU_LIMITS_DEFAULT;
  l->max_solutions = 1;
  if (s->deadline_ns == 0)
    return true;
  uint64_t now = core_now_ns();
  if (now >= s->deadline_ns)
    return false;
  l->deadline_us = (s->deadline_ns - now) / 1000u + 1;
  return true;
}

/* The search of s's rules: the classic solver, or the rules' one. */
static enum sudoku_status solve_of(const struct logic_state *s,
                                   const sudoku_grid *g,
                                   const struct sudoku_limits *lim,
                                   sudoku_grid *sol) {
  return s->geo.rules != NULL ? logic_rules_solve(s, g, lim, sol)
                              : sudoku_solve(g, lim, sol, NULL);
}

bool logic_find_TRIAL(const struct logic_state *s, struct sudoku_step *out) {
  sudoku_grid g, sol;
  struct sudoku_limits lim;
  int best = -1;
  for (int c = 0; c < s->geo.ncells; c++)
    if (!s->value[c] && s->cand[c] &&
        (best < 0 ||
         __builtin_popcount(s->cand[c]) < __builtin_popcount(s->cand[best])))
      best = c;
  if (best < 0 || __builtin_popcount(s->cand[best]) < 2)
    return false; /* nothing to refute: singles' work, or a dead end */
  to_grid(s, &g);
  if (!limits_left(s, &lim) || solve_of(s, &g, &lim, &sol) != SUDOKU_OK)
    return false;
  int right = sol.cell[best];
  for (uint32_t m = s->cand[best]; m; m &= m - 1) {
    int v = __builtin_ctz(m) + 1;
    if (v == right)
      continue;
    g.cell[best] = (uint8_t)v;
    if (!limits_left(s, &lim))
      return false;
    enum sudoku_status st = solve_of(s, &g, &lim, &sol);
    g.cell[best] = 0;
    if (st != SUDOKU_NO_SOLUTION)
      continue; /* not refuted (several solutions, or out of time) */
    ch_step_begin(out, SUDOKU_TECH_TRIAL, ch_base(SUDOKU_TECH_TRIAL));
    ch_step_eliminate(out, best, v);
    out->chain[out->nchain++] =
        (struct sudoku_link){(uint16_t)best, (uint8_t)v, SUDOKU_LINK_NONE};
    out->cells[out->ncells++] = (uint16_t)best;
    out->values = 1u << (v - 1);
    return true;
  }
  return false;
}

/* The generic sentence (explain.c): its name, chain or cells, outcome. */
LOGIC_EXPLAIN(TRIAL, logic_generic_sentence)
