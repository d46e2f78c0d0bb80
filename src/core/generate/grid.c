/*
 * grid.c - a random complete grid of any box shape, and the count that
 * every decision of the generator rests on.
 *
 * Why not "solve an empty grid and shuffle": the first solution a solver
 * finds depends on its search order, which may change with any speed-up;
 * then the same seed would give another grid. Here the solver is only an
 * oracle for "how many completions are left" (0, 1, 2+), a property of the
 * grid itself, so the grid depends on the seed alone. What it costs: one
 * count-to-2 per random cell placed, about 10-20 of them at 9x9 (~100 us)
 * and a few hundred at 25x25.
 *
 * Not uniform over all grids (no cheap method is), but every grid can come
 * out: the diagonal boxes take any values, and every later cell any value
 * that leaves a completion.
 */
#include "gen.h"

bool gen_time_left(uint64_t deadline_ns, uint64_t *left_us) {
  *left_us = 0;
  if (deadline_ns == 0)
    return true;
  uint64_t now = core_now_ns();
  if (now >= deadline_ns)
    return false;
  /* Rounded up: 0 would mean "no deadline" to sudoku_solve. */
  *left_us = (deadline_ns - now + 999u) / 1000u;
  return true;
}

int gen_count(const sudoku_grid *g, uint64_t deadline_ns,
              sudoku_grid *solution) {
  struct sudoku_limits lim = {2, 0, 0, false};
  if (!gen_time_left(deadline_ns, &lim.deadline_us))
    return -1;
  sudoku_grid sol;
  struct sudoku_stats st;
  enum sudoku_status s = sudoku_solve(g, &lim, &sol, &st);
  if (s == SUDOKU_DEADLINE || s == SUDOKU_NODE_LIMIT)
    return -1;
  if (s != SUDOKU_OK)
    return 0; /* no solution (conflicts cannot arise here) */
  if (st.solutions == 1 && solution != NULL)
    *solution = sol;
  return st.solutions >= 2 ? 2 : 1;
}

/* Values no peer of cell c holds, as a mask (bit v-1 for value v). */
static uint32_t free_values(const sudoku_grid *g, int c) {
  int n = g->n, r = c / n, col = c % n;
  uint32_t used = 0;
  for (int k = 0; k < n; k++)
    used |= (1u << g->cell[r * n + k]) | (1u << g->cell[k * n + col]);
  int top = r - r % g->box_rows, left = col - col % g->box_cols;
  for (int i = top; i < top + g->box_rows; i++)
    for (int j = left; j < left + g->box_cols; j++)
      used |= 1u << g->cell[i * n + j];
  return (~used >> 1) & ((1u << n) - 1); /* bit 0 of used is "blank" */
}

/* A value of mask (nonzero) drawn uniformly. */
static int random_value(struct sudoku_prng *p, uint32_t mask) {
  uint32_t k = sudoku_prng_below(p, (uint32_t)__builtin_popcount(mask));
  while (k-- > 0)
    mask &= mask - 1;
  return __builtin_ctz(mask) + 1;
}

static void shuffle(struct sudoku_prng *p, uint16_t *a, int len) {
  for (int i = len - 1; i > 0; i--) {
    int j = (int)sudoku_prng_below(p, (uint32_t)i + 1);
    uint16_t t = a[i];
    a[i] = a[j];
    a[j] = t;
  }
}

/* Boxes (k, k) share no row or column, so each takes any permutation. Most
 * shapes always complete from there (9x9 does); the caller redraws when
 * one does not. */
static void fill_diagonal_boxes(sudoku_grid *g, struct sudoku_prng *p) {
  int n = g->n, br = g->box_rows, bc = g->box_cols;
  int boxes = br < bc ? br : bc; /* bc bands, br stacks */
  uint16_t perm[SUDOKU_MAX_N];
  for (int k = 0; k < boxes; k++) {
    for (int v = 0; v < n; v++)
      perm[v] = (uint16_t)(v + 1);
    shuffle(p, perm, n);
    for (int i = 0; i < n; i++)
      g->cell[(k * br + i / bc) * n + k * bc + i % bc] = (uint8_t)perm[i];
  }
}

enum sudoku_status gen_grid(int br, int bc, struct sudoku_prng *p,
                            uint64_t deadline_ns, sudoku_grid *out) {
  sudoku_grid g;
  uint16_t order[SUDOKU_MAX_CELLS];
  enum sudoku_status s = sudoku_grid_init(&g, br, bc);
  if (s != SUDOKU_OK)
    return s;
  int nn = g.n * g.n, count;
  do {
    for (int c = 0; c < nn; c++)
      g.cell[c] = 0;
    fill_diagonal_boxes(&g, p);
    count = gen_count(&g, deadline_ns, out);
    if (count < 0)
      return SUDOKU_DEADLINE;
  } while (count == 0);

  for (int c = 0; c < nn; c++)
    order[c] = (uint16_t)c;
  shuffle(p, order, nn);
  /* Invariant: g has a completion. A value that leaves none is struck off
   * and another drawn; one of them is the value of some completion. */
  for (int k = 0; k < nn && count == 2; k++) {
    int c = order[k];
    if (g.cell[c] != 0)
      continue;
    uint32_t allowed = free_values(&g, c);
    for (;;) {
      if (allowed == 0)
        return SUDOKU_NO_SOLUTION; /* cannot happen: see the invariant */
      int v = random_value(p, allowed);
      g.cell[c] = (uint8_t)v;
      count = gen_count(&g, deadline_ns, out);
      if (count < 0)
        return SUDOKU_DEADLINE;
      if (count > 0)
        break;
      allowed &= ~(1u << (v - 1));
    }
  }
  /* count == 1: *out holds the only completion. */
  return SUDOKU_OK;
}
