/*
 * dig.c - the orbits of a symmetry, and the removal of givens an orbit at
 * a time while the puzzle stays unique.
 *
 * One pass over the orbits suffices for orbit-minimality: removing givens
 * only ever adds solutions, so an orbit that could not go when it was
 * tried cannot go later either. A single cell of a kept orbit of two or
 * four may still be removable alone; the minimality check tries each one
 * (one more count per such given).
 */
#include "gen.h"
#include "sudoku_logic_rules.h"

/* The image of cell (r, c) under one generator of the symmetry. Each
 * generator is a permutation of order 1, 2 or 4, so following it from a
 * cell walks that cell's orbit and comes back. */
static int image(int n, enum sudoku_symmetry s, int cell) {
  int r = cell / n, c = cell % n;
  switch (s) {
  case SUDOKU_SYM_ROT180:
    return (n - 1 - r) * n + (n - 1 - c);
  case SUDOKU_SYM_ROT90:
    return c * n + (n - 1 - r);
  case SUDOKU_SYM_MIRROR:
    return r * n + (n - 1 - c);
  case SUDOKU_SYM_FLIP:
    return (n - 1 - r) * n + c;
  case SUDOKU_SYM_DIAGONAL:
    return c * n + r;
  default:
    return cell;
  }
}

void gen_orbits_init(struct gen_orbits *o, int n, enum sudoku_symmetry s) {
  bool seen[SUDOKU_MAX_CELLS] = {false};
  o->count = 0;
  for (int c = 0; c < n * n; c++) {
    if (seen[c])
      continue;
    int i = o->count++, x = c;
    o->size[i] = 0;
    do {
      o->cell[i][o->size[i]++] = (uint16_t)x;
      seen[x] = true;
      x = image(n, s, x);
    } while (x != c);
  }
}

bool gen_orbits_reach(const struct gen_orbits *o, int cells) {
  bool reach[SUDOKU_MAX_CELLS + 1] = {true};
  int top = 0;
  for (int i = 0; i < o->count; i++) {
    top += o->size[i];
    for (int j = top; j >= o->size[i]; j--)
      reach[j] = reach[j] || reach[j - o->size[i]];
  }
  return cells >= 0 && cells <= top && reach[cells];
}

/* Gives or blanks cell c of the puzzle, and its bit of d->mask. */
static void set_cell(struct gen_dig *d, int c, bool on) {
  uint64_t bit = (uint64_t)1 << (c % 64);
  d->p->cell[c] = on ? d->grid->cell[c] : 0;
  d->mask[c / 64] = on ? d->mask[c / 64] | bit : d->mask[c / 64] & ~bit;
}

static void set_orbit(struct gen_dig *d, int i, bool on) {
  for (int j = 0; j < d->o->size[i]; j++)
    set_cell(d, d->o->cell[i][j], on);
}

static void shuffle_order(struct gen_dig *d) {
  gen_shuffle(d->prng, d->order, d->o->count);
}

bool gen_budget_only(int n) { return n >= 16; }

/* gen_unique_without, or gen_unique_rules under d->rules, for the puzzle
 * whose cells[0..k) were just blanked. */
static int unique_without(struct gen_dig *d, const uint16_t *cells, int k,
                          uint64_t cap) {
  if (d->rules != NULL)
    return gen_unique_rules(d->p, d->rules, d->grid, &d->sets, d->mask, cap,
                            d->deadline_ns);
  return gen_unique_without(d->p, cells, k, d->grid, &d->sets, d->mask, cap,
                            d->deadline_ns);
}

uint64_t gen_check_nodes(int n) {
  return n <= 16 ? GEN_CHECK_NODES : GEN_CHECK_NODES_WIDE;
}

int gen_within_rating(const sudoku_grid *p, const sudoku_rules *rules,
                      unsigned max_rating, uint64_t deadline_ns) {
  struct sudoku_logic_limits lim = {0, max_rating};
  struct sudoku_rating r;
  if (!gen_time_left(deadline_ns, &lim.deadline_us))
    return -1;
  enum sudoku_status s = sudoku_rate_rules(p, rules, &lim, &r);
  if (s == SUDOKU_DEADLINE)
    return -1;
  return s == SUDOKU_OK && r.solved;
}

/* gen_within_rating of d's puzzle, rules and max_rating. */
static int within_rating(struct gen_dig *d) {
  return gen_within_rating(d->p, d->rules, d->max_rating, d->deadline_ns);
}

/* One pass over the kept orbits in a fresh random order, removing each one
 * that can go (target 0) or that keeps the givens at or above target; with
 * d->max_rating, only while the steps up to it still solve the puzzle.
 * Returns false when the deadline passed. */
static bool dig_pass(struct gen_dig *d, int target) {
  shuffle_order(d);
  for (int k = 0; k < d->o->count; k++) {
    if (target != 0 && d->givens == target)
      break;
    int i = d->order[k], size = d->o->size[i];
    if (!d->kept[i] || (target != 0 && d->givens - size < target))
      continue;
    set_orbit(d, i, false);
    int unique = unique_without(d, d->o->cell[i], size, d->cap);
    if (unique == 1 && d->max_rating != 0) {
      unique = within_rating(d);
      if (unique == 0 && d->stop_above) {
        d->kept[i] = false; /* past max_rating: the removal stays, and the
                               pass ends */
        d->givens -= size;
        d->above = true;
        return true;
      }
    }
    if (unique < 0)
      return false;
    if (unique == 1) {
      d->kept[i] = false;
      d->givens -= size;
    } else {
      set_orbit(d, i, true);
    }
  }
  return true;
}

/* The first kept orbit from `from` on one of whose cells can go alone, or
 * -1 when there is none (from 0: the puzzle is minimal), or -2 at the
 * deadline. A check stopped by d->cap (not known) is passed over; from 0,
 * when no orbit was found, those are asked again without a cap, since
 * "minimal" must be proved (the others are mostly answered by the pool
 * then: their second solutions were kept). From above 0 an unknown one
 * is simply not returned: the caller then gives the puzzle up, which is
 * safe. With d->budget nothing is asked again: -1 then means that every
 * single given's removal made a second solution or was undecided within
 * the cap (budget-minimal). Orbits of one cell are asked too: a
 * pass with a cap may have kept one that could go (with no cap they never
 * can: the pass after every swap tried them; the pool answers them). */
static int find_redundant(struct gen_dig *d, int from) {
  uint64_t cap = d->cap;
  for (;;) {
    bool unknown = false;
    for (int i = from; i < d->o->count; i++) {
      if (!d->kept[i])
        continue;
      for (int j = 0; j < d->o->size[i]; j++) {
        uint16_t c = d->o->cell[i][j];
        set_cell(d, c, false);
        int unique = unique_without(d, &c, 1, cap);
        set_cell(d, c, true);
        if (unique == 2)
          unknown = true;
        else if (unique != 0)
          return unique < 0 ? -2 : i;
      }
    }
    if (!unknown || cap == 0 || from != 0 || d->budget)
      return -1;
    cap = 0;
  }
}

/* Whether orbit z went out in one of the last GEN_TABU swaps. Why: the
 * swaps otherwise cycle, an orbit swapped out coming back a few swaps
 * later, until the budget of swaps is spent (most rejected attempts at
 * 9x9 rot180 would end so). A memory of 4 makes a minimal 9x9 rot180
 * puzzle about 40 % cheaper (a third fewer instructions, fewer grids
 * drawn) and each level's 20-35 % cheaper; 8 is slower than 4; 12x12
 * does not change. */
static bool is_tabu(const struct gen_dig *d, int z) {
  unsigned len = d->tabu_next < GEN_TABU ? d->tabu_next : GEN_TABU;
  for (unsigned i = 0; i < len; i++)
    if (d->tabu[(d->tabu_next - 1 - i) % GEN_TABU] == z)
      return true;
  return false;
}

/* Swaps orbit r (kept, redundant in part) for a removed orbit that, with r
 * gone, makes the puzzle unique again. Returns 1 when swapped, 0 when no
 * single orbit does (r is kept), -1 at the deadline. */
static int swap_orbit(struct gen_dig *d, int r) {
  set_orbit(d, r, false);
  shuffle_order(d);
  for (int k = 0; k < d->o->count; k++) {
    int z = d->order[k];
    if (d->kept[z] || z == r || is_tabu(d, z))
      continue;
    /* The puzzle with z is unique (it holds all of the unique puzzle's
     * givens), so without r it is unique unless some solution differs
     * from the grid on r's cells: a test on r alone, not a count. */
    set_orbit(d, z, true);
    int unique = unique_without(d, d->o->cell[r], d->o->size[r], d->cap);
    if (unique < 0)
      return -1;
    if (unique == 1) {
      d->tabu[d->tabu_next++ % GEN_TABU] = (uint16_t)r;
      d->kept[r] = false;
      d->kept[z] = true;
      d->givens += d->o->size[z] - d->o->size[r];
      return 1;
    }
    set_orbit(d, z, false);
  }
  set_orbit(d, r, true);
  return 0;
}

/*
 * Why swaps: with orbits of two or four cells, most orbit-minimal puzzles
 * keep a cell that could go alone (49 in 50 at 9x9 rot180), and
 * drawing a new grid for each is slow. Swapping that orbit for another and
 * digging again is a local search from a good pattern; it is bounded, and
 * an attempt that does not converge is rejected as before. When no orbit
 * can take a redundant orbit's place, the next redundant orbit is tried
 * before giving up.
 */
/* Measured at 9x9 rot180 (instructions, callgrind): 6 swaps with one
 * redundant orbit tried, 7.9 grids a minimal puzzle; 20 swaps trying
 * every redundant orbit, 3.0 grids and 20% less work; 50, 2.3 grids but
 * more work. */
#define DIG_MAX_SWAPS 20

enum sudoku_status
gen_dig_start(struct gen_dig *d, sudoku_grid *puzzle, const sudoku_grid *grid,
              const struct gen_orbits *o, const sudoku_rules *rules, int target,
              unsigned max_rating, bool stop_above, bool budget,
              struct sudoku_prng *p, uint64_t deadline_ns) {
  *puzzle = *grid;
  d->p = puzzle;
  d->grid = grid;
  d->o = o;
  d->rules = rules;
  d->prng = p;
  d->deadline_ns = deadline_ns;
  d->givens = grid->n * grid->n;
  d->multi = false;
  gen_sets_init(&d->sets, grid->n);
  d->tabu_next = 0;
  d->max_rating = max_rating;
  d->stop_above = stop_above;
  d->above = false;
  d->budget = budget;
  /* The first pass is exact unless budget: a target's puzzle needs no more
   * checks, and most are answered at once on a dense puzzle. */
  d->cap = budget ? gen_check_nodes(grid->n) : 0;
  gen_givens_mask(puzzle, d->mask);
  for (int i = 0; i < o->count; i++) {
    d->order[i] = (uint16_t)i;
    d->kept[i] = true;
    d->multi = d->multi || o->size[i] > 1;
  }
  bool done = dig_pass(d, target);
  d->cap = gen_check_nodes(d->grid->n);
  return done ? SUDOKU_OK : SUDOKU_DEADLINE;
}

enum sudoku_status gen_dig_minimize(struct gen_dig *d, bool *minimal) {
  *minimal = false;
  if (!d->multi || d->budget) {
    *minimal = true; /* orbit-minimal is minimal, or budget-minimal */
    return SUDOKU_OK;
  }
  for (int swaps = 0;; swaps++) {
    int r = find_redundant(d, 0);
    if (r == -2)
      return SUDOKU_DEADLINE;
    if (r == -1)
      break;
    if (swaps == DIG_MAX_SWAPS)
      return SUDOKU_OK; /* not minimal: rejected */
    int done = swap_orbit(d, r);
    while (done == 0) { /* r cannot be replaced: the next redundant one */
      r = find_redundant(d, r + 1);
      if (r == -2)
        return SUDOKU_DEADLINE;
      if (r == -1)
        return SUDOKU_OK; /* not minimal: rejected */
      done = swap_orbit(d, r);
    }
    if (done < 0)
      return SUDOKU_DEADLINE;
    if (!dig_pass(d, 0))
      return SUDOKU_DEADLINE;
  }
  *minimal = true;
  return SUDOKU_OK;
}

int gen_dig_perturb(struct gen_dig *d) {
  uint16_t order[SUDOKU_MAX_CELLS];
  int k = 0;
  for (int i = 0; i < d->o->count; i++)
    if (d->kept[i])
      order[k++] = (uint16_t)i;
  gen_shuffle(d->prng, order, k);
  for (int j = 0; j < k; j++) {
    int done = swap_orbit(d, order[j]);
    if (done != 0)
      return done;
  }
  return 0;
}

enum sudoku_status gen_dig_pass(struct gen_dig *d) {
  return dig_pass(d, 0) ? SUDOKU_OK : SUDOKU_DEADLINE;
}
