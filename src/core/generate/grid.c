/*
 * grid.c - a random complete grid of any box shape, and the uniqueness
 * tests that every removal of the generator rests on.
 *
 * Why the grid has its own small randomised search instead of "solve an
 * empty grid with sudoku_solve, then shuffle": the first solution the
 * solver finds depends on its search order, which may change with any
 * speed-up; then every seed would give another grid. The filler below
 * depends on the seed alone. (Placing random values and asking
 * sudoku_solve for the number of completions after each is fine at 9x9,
 * but proving that a late value leaves no completion takes seconds at
 * 16x16 and does not end at 25x25.)
 *
 * Not uniform over all grids (no cheap method is), but every grid can come
 * out: fewest-free-values-first with random ties and random values reaches
 * any completion.
 */
#include "gen.h"
#include "rules/rules_internal.h"

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

/* 1 when g has a solution (its cells into sol) where cell c differs from
 * grid, 0 when none, -1 at the deadline, 2 after max_nodes nodes (> 0). At 9x9,
 * g holds a wrong value at c already (fast9 takes givens only; c < 0 then);
 * other sizes leave c blank and exclude grid's value there, one search for all
 * the others (core_solve_near). g's givens never clash (a subset of grid, plus
 * one value no peer holds), so sudoku_solve's validation, which cost as much as
 * a quick refutation at 9x9, is skipped. */
static int exists(const sudoku_grid *g, const sudoku_grid *grid, int c,
                  uint64_t max_nodes, uint64_t deadline_ns, uint8_t *sol) {
  /* A search reads the clock every BUDGET_CLOCK_EVERY nodes of its own,
   * and most of these take fewer: without this read, thousands of them
   * could run past the deadline (a 12x12 by 90 ms against 1 ms). */
  if (deadline_ns != 0 && core_now_ns() >= deadline_ns)
    return -1;
  struct budget b = {max_nodes, deadline_ns, 0, 0, SUDOKU_OK};
  uint32_t found = c < 0 ? fast9_solve(g->cell, 1, &b, sol)
                         : core_solve_near(g, grid->cell, c, &b, sol);
  if (b.stop == SUDOKU_NODE_LIMIT)
    return 2;
  if (b.stop != SUDOKU_OK)
    return -1;
  return found > 0;
}

void gen_sets_init(struct gen_sets *s, int n) {
  s->count = s->next = 0;
  s->words = (n * n + 63) / 64;
}

void gen_givens_mask(const sudoku_grid *p, uint64_t *givens) {
  for (int w = 0; w < GEN_SET_WORDS; w++)
    givens[w] = 0;
  for (int c = 0; c < p->n * p->n; c++)
    givens[c / 64] |= (uint64_t)(p->cell[c] != 0) << (c % 64);
}

/* Whether a puzzle with these givens keeps none in some known set (then it
 * is not unique). The newest sets first: they come from the puzzles
 * nearest to it. */
static bool sets_refute(const struct gen_sets *s, const uint64_t *givens) {
  int words = s->words;
  if (words == 2) { /* 9x9 to 11x11: the common case, unrolled */
    uint64_t g0 = givens[0], g1 = givens[1];
    const uint64_t *set = s->set;
    for (int i = s->next - 1; i >= 0; i--)
      if (((set[2 * i] & g0) | (set[2 * i + 1] & g1)) == 0)
        return true;
    for (int i = s->count - 1; i >= s->next; i--)
      if (((set[2 * i] & g0) | (set[2 * i + 1] & g1)) == 0)
        return true;
    return false;
  }
  for (int j = 1; j <= s->count; j++) {
    const uint64_t *set =
        s->set + (size_t)((s->next - j + GEN_SETS_MAX) % GEN_SETS_MAX) * words;
    uint64_t meet = 0;
    for (int w = 0; w < words; w++)
      meet |= set[w] & givens[w];
    if (meet == 0)
      return true;
  }
  return false;
}

/* Adds the cells where sol differs from grid, unless a known set lies
 * inside them (a puzzle that misses them misses that one too); a known
 * set that holds them all is replaced (the smaller set refutes more). */
static void sets_add(struct gen_sets *s, const uint8_t *sol,
                     const sudoku_grid *grid) {
  uint64_t d[GEN_SET_WORDS] = {0};
  int words = s->words;
  for (int c = 0; c < grid->n * grid->n; c++)
    d[c / 64] |= (uint64_t)(sol[c] != grid->cell[c]) << (c % 64);
  uint64_t *set = s->set + (size_t)s->next * words;
  for (int i = 0; i < s->count; i++) {
    const uint64_t *known = s->set + (size_t)i * words;
    uint64_t out = 0, in = 0;
    for (int w = 0; w < words; w++) {
      out |= known[w] & ~d[w]; /* in the known set, not in d */
      in |= d[w] & ~known[w];  /* in d, not in the known set */
    }
    if (out == 0)
      return; /* the known set lies inside d */
    if (in == 0) {
      set = s->set + (size_t)i * words; /* d inside it: d replaces it */
      break;
    }
  }
  for (int w = 0; w < words; w++)
    set[w] = d[w];
  if (set != s->set + (size_t)s->next * words)
    return;
  s->next = (s->next + 1) % GEN_SETS_MAX;
  if (s->count < GEN_SETS_MAX)
    s->count++;
}

int gen_unique_without(sudoku_grid *p, const uint16_t *cells, int k,
                       const sudoku_grid *grid, struct gen_sets *sets,
                       const uint64_t *givens, uint64_t max_nodes,
                       uint64_t deadline_ns) {
  int result = 1;
  bool unknown = false;
  uint8_t sol[SUDOKU_MAX_CELLS];
  if (sets != NULL) {
    uint64_t own[GEN_SET_WORDS];
    if (givens == NULL) {
      gen_givens_mask(p, own);
      givens = own;
    }
    if (sets_refute(sets, givens))
      return 0;
  }
  bool fast = p->n == 9 && p->box_rows == 3;
  for (int i = 0; i < k && result == 1; i++) {
    int c = cells[i];
    uint32_t other = free_values(p, c) & ~(1u << (grid->cell[c] - 1));
    while (other != 0 && result == 1) {
      int e;
      if (fast) { /* one search per other value, as a given */
        p->cell[c] = (uint8_t)(__builtin_ctz(other) + 1);
        other &= other - 1;
        e = exists(p, grid, -1, max_nodes, deadline_ns, sol);
      } else { /* one search, grid's value excluded at c */
        other = 0;
        e = exists(p, grid, c, max_nodes, deadline_ns, sol);
      }
      if (e == 2)
        unknown = true; /* the other cases may still find a solution */
      else
        result = e < 0 ? -1 : !e;
      if (e == 1 && sets != NULL)
        sets_add(sets, sol, grid);
    }
    p->cell[c] = grid->cell[c]; /* the next cases keep this one right */
  }
  for (int i = 0; i < k; i++)
    p->cell[cells[i]] = 0;
  return result == 1 && unknown ? 2 : result;
}

/* A value of mask (nonzero) drawn uniformly. */
static int random_value(struct sudoku_prng *p, uint32_t mask) {
  uint32_t k = sudoku_prng_below(p, (uint32_t)__builtin_popcount(mask));
  while (k-- > 0)
    mask &= mask - 1;
  return __builtin_ctz(mask) + 1;
}

void gen_shuffle(struct sudoku_prng *p, uint16_t *a, int len) {
  for (int i = len - 1; i > 0; i--) {
    int j = (int)sudoku_prng_below(p, (uint32_t)i + 1);
    uint16_t t = a[i];
    a[i] = a[j];
    a[j] = t;
  }
}

/* The filler's state: used[u] holds the values placed in unit u (rows,
 * columns, boxes; under rules every unit of the derived form); the stack
 * holds the cells filled, in order, and the values each has not tried
 * yet. */
struct fill {
  int nn;
  uint32_t full;
  uint32_t used[SUDOKU_RULES_MAX_UNITS];
  uint8_t units[SUDOKU_MAX_CELLS]; /* how many units hold each cell */
  uint8_t unit[SUDOKU_MAX_CELLS][SUDOKU_RULES_CELL_UNITS]; /* which */
  uint16_t order[SUDOKU_MAX_CELLS]; /* random tie-break order of cells */
  uint16_t stack_cell[SUDOKU_MAX_CELLS];
  uint32_t stack_left[SUDOKU_MAX_CELLS];
  uint8_t cell[SUDOKU_MAX_CELLS];
};

static inline uint32_t fill_free(const struct fill *f, int c) {
  const uint8_t *u = f->unit[c];
  uint32_t used = 0;
  for (int k = 0; k < f->units[c]; k++)
    used |= f->used[u[k]];
  return f->full & ~used;
}

static inline void fill_set(struct fill *f, int c, int v) {
  uint32_t bit = 1u << (v - 1);
  for (int k = 0; k < f->units[c]; k++)
    f->used[f->unit[c][k]] |= bit;
  f->cell[c] = (uint8_t)v;
}

static inline void fill_clear(struct fill *f, int c) {
  uint32_t bit = 1u << (f->cell[c] - 1);
  for (int k = 0; k < f->units[c]; k++)
    f->used[f->unit[c][k]] &= ~bit;
  f->cell[c] = 0;
}

/* The empty cell with the fewest free values, the first in f->order among
 * equals; -1 when the grid is full. *free receives its free values. O(n*n)
 * a call, which at 25x25 is still under a microsecond a cell. */
static int fill_choose(const struct fill *f, uint32_t *free) {
  int best = -1, best_count = SUDOKU_MAX_N + 1;
  for (int k = 0; k < f->nn; k++) {
    int c = f->order[k];
    if (f->cell[c] != 0)
      continue;
    uint32_t m = fill_free(f, c);
    int count = __builtin_popcount(m);
    if (count < best_count) {
      best = c;
      best_count = count;
      *free = m;
      if (count <= 1)
        break;
    }
  }
  return best;
}

/*
 * One randomised depth-first fill from an empty grid: fewest free values
 * first, values in random order. Returns true with f->cell full, false
 * when `budget` nodes passed first. Iterative: 625 levels cost 4 KiB of
 * explicit stack instead of 625 frames.
 */
static bool fill_search(struct fill *f, struct sudoku_prng *p,
                        uint32_t budget) {
  int depth = 0;
  uint32_t free = 0;
  int c = fill_choose(f, &free);
  if (c < 0)
    return true;
  f->stack_cell[0] = (uint16_t)c;
  f->stack_left[0] = free;
  while (budget-- > 0) {
    c = f->stack_cell[depth];
    if (f->cell[c] != 0)
      fill_clear(f, c); /* undo the value tried last */
    if (f->stack_left[depth] == 0) {
      if (depth == 0)
        return false; /* cannot happen from an empty grid */
      depth--;        /* every value failed here: back up */
      continue;
    }
    int v = random_value(p, f->stack_left[depth]);
    f->stack_left[depth] &= ~(1u << (v - 1));
    fill_set(f, c, v);
    int next = fill_choose(f, &free);
    if (next < 0)
      return true;
    if (free == 0)
      continue; /* a dead end: the next value of c */
    depth++;
    f->stack_cell[depth] = (uint16_t)next;
    f->stack_left[depth] = free;
  }
  return false;
}

/*
 * Why a node budget and restarts: a randomised fill is usually quick (one
 * node a cell, a few back-ups) but its running time is heavy-tailed, as
 * for any random search; restarting the unlucky ones keeps the mean low.
 * Counted in nodes, never in time, so the same seed gives the same grid
 * on every machine.
 */
#define GEN_FILL_NODES(nn) (4u * (uint32_t)(nn))

/* Restarts from an empty grid until one fill completes (at most
 * max_restarts + 1 fills; 0 = no limit) or the deadline passes: SUDOKU_OK
 * with f->cell full, SUDOKU_NO_SOLUTION, SUDOKU_DEADLINE. f's units are
 * set. */
static enum sudoku_status fill_restarts(struct fill *f, int units,
                                        struct sudoku_prng *p,
                                        uint32_t max_restarts,
                                        uint64_t deadline_ns) {
  for (uint32_t k = 0;; k++) {
    for (int u = 0; u < units; u++)
      f->used[u] = 0;
    for (int c = 0; c < f->nn; c++) {
      f->cell[c] = 0;
      f->order[c] = (uint16_t)c;
    }
    gen_shuffle(p, f->order, f->nn);
    if (fill_search(f, p, GEN_FILL_NODES(f->nn)))
      return SUDOKU_OK;
    uint64_t left;
    if (!gen_time_left(deadline_ns, &left))
      return SUDOKU_DEADLINE;
    if (max_restarts != 0 && k == max_restarts)
      return SUDOKU_NO_SOLUTION;
  }
}

enum sudoku_status gen_grid(int br, int bc, struct sudoku_prng *p,
                            uint64_t deadline_ns, sudoku_grid *out) {
  struct fill f;
  enum sudoku_status s = sudoku_grid_init(out, br, bc);
  if (s != SUDOKU_OK)
    return s;
  int n = out->n;
  f.nn = n * n;
  f.full = (1u << n) - 1;
  for (int c = 0; c < f.nn; c++) {
    int r = c / n, col = c % n;
    f.units[c] = 3;
    f.unit[c][0] = (uint8_t)r;
    f.unit[c][1] = (uint8_t)(n + col);
    f.unit[c][2] = (uint8_t)(2 * n + (r / br) * br + col / bc);
  }
  s = fill_restarts(&f, 3 * n, p, 0, deadline_ns);
  if (s != SUDOKU_OK)
    return s;
  for (int c = 0; c < f.nn; c++)
    out->cell[c] = f.cell[c];
  return SUDOKU_OK;
}

enum sudoku_status gen_grid_units(const struct sudoku_rules_derived *d,
                                  struct sudoku_prng *p, uint32_t max_restarts,
                                  uint64_t deadline_ns, sudoku_grid *out) {
  struct fill f;
  f.nn = d->nn;
  f.full = d->full;
  for (int c = 0; c < f.nn; c++) {
    f.units[c] = d->cell_units[c];
    for (int k = 0; k < d->cell_units[c]; k++)
      f.unit[c][k] = d->cell_unit[c][k];
  }
  enum sudoku_status s =
      fill_restarts(&f, d->units, p, max_restarts, deadline_ns);
  if (s != SUDOKU_OK)
    return s;
  for (int c = 0; c < f.nn; c++)
    out->cell[c] = f.cell[c];
  return SUDOKU_OK;
}

int gen_unique_rules(sudoku_grid *p, const sudoku_rules *r,
                     const sudoku_grid *grid, struct gen_sets *sets,
                     const uint64_t *givens, uint64_t max_nodes,
                     uint64_t deadline_ns) {
  uint8_t sol[SUDOKU_MAX_CELLS];
  if (sets != NULL && givens != NULL && sets_refute(sets, givens))
    return 0;
  /* A search reads the clock only every BUDGET_CLOCK_EVERY nodes of its
   * own, and most of these take fewer (as in exists above). */
  if (deadline_ns != 0 && core_now_ns() >= deadline_ns)
    return -1;
  int e = rules_other_solution(p, r, grid, max_nodes, deadline_ns, sol);
  if (e == 1 && sets != NULL)
    sets_add(sets, sol, grid);
  return e == 2 ? 2 : e < 0 ? -1 : !e;
}
