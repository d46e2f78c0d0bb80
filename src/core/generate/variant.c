/*
 * variant.c - sudoku_generate_rules(): puzzles of Sudoku X, windoku,
 * jigsaw and killer. An attempt draws, from its seed alone, a jigsaw's
 * regions, then a complete grid under the units of the rules (gen_grid_units),
 * then either removes givens as sudoku_generate does, every uniqueness
 * check under the rules (gen_attempt_dig), or for killer draws cages from
 * the grid and splits them until the cages alone have one solution, then
 * at a level digs givens from the whole solution within it (killer_dig).
 *
 * State: the derived form (about 70 KiB) and the orbits on the stack;
 * nothing is allocated. The rules being built are the caller's *rules.
 */
#include <string.h>

#include "gen.h"
#include "rules/rules_internal.h"

/* Random swaps tried per cell when drawing jigsaw regions. */
#define GEN_JIGSAW_SWAPS 16

/* The largest killer cage, and the draw of a cage's target size: weights
 * of sizes 1..5, skewed to 2-4 as published killers are. */
#define GEN_CAGE_MAX 5
static const uint8_t cage_weight[GEN_CAGE_MAX] = {1, 4, 4, 3, 1};

struct gen_variant {
  const struct sudoku_generate_options *opt;
  uint32_t kinds;
  sudoku_rules *rules;
  const sudoku_grid *shape; /* the empty grid of the side */
  const struct gen_orbits *orbits;
};

/* Whether the cells c with id[c] == want are orthogonally connected and
 * `count` in number (core_flood from the first). O(n*n). */
static bool connected(int n, const uint16_t *id, uint16_t want, int count) {
  bool seen[SUDOKU_MAX_CELLS] = {false};
  for (int c = 0; c < n * n; c++)
    if (id[c] == want)
      return core_flood(n, id, c, seen) == count;
  return count == 0;
}

/* The regions a jigsaw starts from, into r->region: the boxes, or the
 * rows of a side without a box shape. */
static void start_regions(const sudoku_grid *shape, sudoku_rules *r) {
  int n = shape->n;
  for (int c = 0; c < n * n; c++) {
    int row = c / n, col = c % n;
    r->region[c] = shape->box_rows > 1
                       ? (uint8_t)((row / shape->box_rows) * shape->box_rows +
                                   col / shape->box_cols)
                       : (uint8_t)row;
  }
}

/*
 * Random jigsaw regions into r->region, which holds the start regions
 * (start_regions): GEN_JIGSAW_SWAPS * n*n tries of a swap: a cell a next
 * to another region B joins B, and a random cell of B next to a's region
 * A (through a cell other than a) joins A; kept when both regions stay
 * connected. Sizes never change: n connected regions of n cells. Cost
 * O(n^4) flood-fill work: about a millisecond at 9x9.
 */
static void draw_regions(struct sudoku_prng *p, int n, sudoku_rules *r) {
  int nn = n * n;
  uint16_t id[SUDOKU_MAX_CELLS];
  for (int c = 0; c < nn; c++)
    id[c] = r->region[c];
  for (int t = 0; t < GEN_JIGSAW_SWAPS * nn; t++) {
    int a = (int)sudoku_prng_below(p, (uint32_t)nn);
    int x = core_neighbour(n, a, (int)sudoku_prng_below(p, 4));
    if (x < 0 || id[a] == id[x])
      continue;
    uint16_t ra = id[a], rb = id[x], opts[SUDOKU_MAX_CELLS];
    int m = 0;
    for (int c = 0; c < nn; c++) {
      bool next_to_a = false;
      for (int dir = 0; dir < 4 && id[c] == rb && !next_to_a; dir++) {
        int y = core_neighbour(n, c, dir);
        next_to_a = y >= 0 && y != a && id[y] == ra;
      }
      if (next_to_a)
        opts[m++] = (uint16_t)c;
    }
    if (m == 0)
      continue;
    int b = opts[sudoku_prng_below(p, (uint32_t)m)];
    id[a] = rb;
    id[b] = ra;
    if (!connected(n, id, ra, n) || !connected(n, id, rb, n)) {
      id[a] = ra;
      id[b] = rb;
    }
  }
  for (int c = 0; c < nn; c++)
    r->region[c] = (uint8_t)id[c];
}

/* Search nodes per cell that the grid of a jigsaw may take: regions that
 * admit no grid, or none found within that, are dropped (the attempt is
 * rejected). */
#define GEN_JIGSAW_NODES 64u

/*
 * A complete grid under r (a jigsaw's random regions and the other kinds)
 * into out: sudoku_solve_rules' first solution of the empty grid, its
 * digits then relabelled by a random permutation (every rule generated is
 * blind to the digits' names, so the relabelled grid is a solution too).
 * Why not the randomised fill: from 12x12 on it rarely completes on random
 * regions within its budget. Returns 1, 0 (no grid within the budget), -1
 * at the deadline.
 */
static int jigsaw_grid(const sudoku_grid *shape, const sudoku_rules *r,
                       struct sudoku_prng *p, uint64_t deadline_ns,
                       sudoku_grid *out) {
  struct sudoku_limits lim = {1, GEN_JIGSAW_NODES * shape->n * shape->n, 0,
                              false};
  if (!gen_time_left(deadline_ns, &lim.deadline_us))
    return -1;
  enum sudoku_status s = sudoku_solve_rules(shape, r, &lim, out, NULL);
  if (s == SUDOKU_DEADLINE)
    return -1;
  if (s != SUDOKU_OK)
    return 0;
  uint16_t perm[SUDOKU_MAX_N + 1];
  for (int v = 0; v <= shape->n; v++)
    perm[v] = (uint16_t)v;
  gen_shuffle(p, &perm[1], shape->n);
  for (int c = 0; c < shape->n * shape->n; c++)
    out->cell[c] = (uint8_t)perm[out->cell[c]];
  return 1;
}

/* A cage size 1..GEN_CAGE_MAX drawn by cage_weight. */
static int draw_cage_size(struct sudoku_prng *p) {
  uint32_t total = 0;
  for (int k = 0; k < GEN_CAGE_MAX; k++)
    total += cage_weight[k];
  uint32_t x = sudoku_prng_below(p, total);
  int k = 0;
  while (x >= cage_weight[k])
    x -= cage_weight[k++];
  return k + 1;
}

/* The killer layout being refined: the cage of each cell, and the cells of
 * each cage. */
struct cages {
  int n, nn, count;
  uint16_t of[SUDOKU_MAX_CELLS];
  uint8_t len[SUDOKU_MAX_CELLS];
  uint16_t cell[SUDOKU_MAX_CELLS][GEN_CAGE_MAX];
};

/* The digits of cage k in grid, as a mask. */
static uint32_t cage_digits(const struct cages *k, int cage,
                            const sudoku_grid *grid) {
  uint32_t m = 0;
  for (int i = 0; i < k->len[cage]; i++)
    m |= 1u << grid->cell[k->cell[cage][i]];
  return m;
}

/*
 * Grows cage `cage` (holding its first cell) to `size` cells, each new
 * cell a random orthogonal neighbour of the cage that is free (of[] ==
 * free_id) and holds a digit the cage lacks. Stops early when no cell
 * qualifies.
 */
static void grow(struct cages *k, int cage, int size, uint16_t free_id,
                 const sudoku_grid *grid, struct sudoku_prng *p) {
  while (k->len[cage] < size) {
    uint16_t opts[4 * GEN_CAGE_MAX];
    int m = 0;
    uint32_t digits = cage_digits(k, cage, grid);
    for (int i = 0; i < k->len[cage]; i++)
      for (int dir = 0; dir < 4; dir++) {
        int x = core_neighbour(k->n, k->cell[cage][i], dir);
        bool dup = false;
        for (int j = 0; j < m && !dup; j++)
          dup = opts[j] == x;
        if (x >= 0 && !dup && k->of[x] == free_id &&
            !(digits >> grid->cell[x] & 1u))
          opts[m++] = (uint16_t)x;
      }
    if (m == 0)
      return;
    int x = opts[sudoku_prng_below(p, (uint32_t)m)];
    k->of[x] = (uint16_t)cage;
    k->cell[cage][k->len[cage]++] = (uint16_t)x;
  }
}

#define CAGE_FREE 0xffffu

/* A random layout: cells in random order, each free one starts a cage
 * grown to a drawn size. */
static void draw_cages(struct cages *k, const sudoku_grid *grid,
                       struct sudoku_prng *p) {
  uint16_t order[SUDOKU_MAX_CELLS];
  k->n = grid->n;
  k->nn = grid->n * grid->n;
  k->count = 0;
  for (int c = 0; c < k->nn; c++) {
    k->of[c] = CAGE_FREE;
    order[c] = (uint16_t)c;
  }
  gen_shuffle(p, order, k->nn);
  for (int i = 0; i < k->nn; i++) {
    int c = order[i];
    if (k->of[c] != CAGE_FREE)
      continue;
    int cage = k->count++;
    k->of[c] = (uint16_t)cage;
    k->len[cage] = 1;
    k->cell[cage][0] = (uint16_t)c;
    grow(k, cage, draw_cage_size(p), CAGE_FREE, grid, p);
  }
}

/*
 * Splits cage `cage` (two cells or more) at cell c: a new cage grown from c
 * inside the old one to half its size; what is left of the old one is cut
 * into its connected pieces, each a cage. Every piece is smaller than the
 * cage was, so splitting ends (at worst in cages of one cell, which are
 * givens in all but name).
 */
static void split(struct cages *k, int cage, int c, const sudoku_grid *grid,
                  struct sudoku_prng *p) {
  uint16_t cells[GEN_CAGE_MAX];
  int len = k->len[cage];
  memcpy(cells, k->cell[cage], sizeof cells);
  const uint16_t pending = CAGE_FREE - 1; /* the old cage's cells, for grow */
  for (int i = 0; i < len; i++)
    k->of[cells[i]] = pending;
  /* The piece grown from c reuses the old index. */
  k->of[c] = (uint16_t)cage;
  k->len[cage] = 1;
  k->cell[cage][0] = (uint16_t)c;
  grow(k, cage, len / 2, pending, grid, p);
  for (int i = 0; i < len; i++) {
    if (k->of[cells[i]] != pending)
      continue;
    int piece = k->count++;
    k->of[cells[i]] = (uint16_t)piece;
    k->len[piece] = 1;
    k->cell[piece][0] = cells[i];
    /* Its connected rest: the pending cells reachable from it. */
    for (int j = 0; j < k->len[piece]; j++)
      for (int dir = 0; dir < 4; dir++) {
        int x = core_neighbour(k->n, k->cell[piece][j], dir);
        if (x >= 0 && k->of[x] == pending) {
          k->of[x] = (uint16_t)piece;
          k->cell[piece][k->len[piece]++] = (uint16_t)x;
        }
      }
  }
}

/* The layout as killer cages of r, in the order of their first cell (in
 * row-major order), each summed from grid. */
static void cages_to_rules(const struct cages *k, const sudoku_grid *grid,
                           sudoku_rules *r) {
  uint32_t kinds = r->kinds | 1u << SUDOKU_RULE_KILLER;
  bool done[SUDOKU_MAX_CELLS] = {false};
  r->cage_count = r->cage_cells = 0;
  for (int c = 0; c < k->nn; c++) {
    int cage = k->of[c];
    if (done[cage])
      continue;
    done[cage] = true;
    uint16_t cells[GEN_CAGE_MAX];
    uint16_t sum = 0;
    int len = k->len[cage];
    for (int i = 0; i < len; i++) {
      cells[i] = k->cell[cage][i];
      sum = (uint16_t)(sum + grid->cell[cells[i]]);
    }
    /* Cells ascending: the text and JSON list them so. */
    for (int i = 1; i < len; i++)
      for (int j = i; j > 0 && cells[j - 1] > cells[j]; j--) {
        uint16_t t = cells[j];
        cells[j] = cells[j - 1];
        cells[j - 1] = t;
      }
    sudoku_rules_add_cage(r, sum, cells, (size_t)len);
  }
  r->kinds = kinds;
}

/* Whether the cages alone (with the other kinds) have grid as their only
 * solution: 1, 0 (the other into other[]), 2 not known within max_nodes
 * (> 0), or -1 at the deadline. */
static int cages_unique(struct gen_variant *v, const struct cages *k,
                        const sudoku_grid *grid, uint64_t max_nodes,
                        uint64_t deadline_ns, uint8_t *other) {
  sudoku_grid empty = *v->shape;
  cages_to_rules(k, grid, v->rules);
  int e = rules_other_solution(&empty, v->rules, grid, max_nodes, deadline_ns,
                               other);
  return e == 0 ? 1 : e == 1 ? 0 : e == 2 ? 2 : -1;
}

/* Search nodes a merge's uniqueness check may take; one that needs more
 * is taken as "not unique" (the merge is undone): safe, and a count of
 * nodes, so the same everywhere. Why: the checks of merges that fail on
 * large cages are the slow ones. */
#define GEN_MERGE_NODES 2048

/*
 * Splits cages until the layout has one solution, out->solution: each
 * time a second solution is found, a cage holding a cell where the two
 * differ is split at that cell (such a cage has two cells or more: a cage
 * of one cell fixes its digit). Returns 1 when unique, -1 at the deadline.
 */
static int refine_cages(struct gen_variant *v, struct cages *k,
                        struct sudoku_prng *prng, uint64_t deadline_ns,
                        const sudoku_grid *grid) {
  uint8_t other[SUDOKU_MAX_CELLS];
  for (;;) {
    int u = cages_unique(v, k, grid, 0, deadline_ns, other);
    if (u != 0)
      return u;
    uint16_t diff[SUDOKU_MAX_CELLS];
    int m = 0;
    for (int c = 0; c < k->nn; c++)
      if (other[c] != grid->cell[c] && k->len[k->of[c]] > 1)
        diff[m++] = (uint16_t)c;
    if (m == 0)
      return -1; /* cannot happen: a lone cell fixes its digit */
    int c = diff[sudoku_prng_below(prng, (uint32_t)m)];
    split(k, k->of[c], c, grid, prng);
  }
}

/*
 * One pass over the cages in random order: each is merged with each
 * neighbouring cage in turn when their union is a cage (at most
 * GEN_CAGE_MAX cells, no digit twice) and the layout stays unique; a merge
 * that leaves a second solution is undone. Why: splits leave many cages of
 * one or two cells (a lone cell is a given in all but name); the pass
 * gives them back to their neighbours where uniqueness allows. Cost: one
 * uniqueness search a merge tried. Returns 1, or -1 at the deadline.
 */
static int merge_cages(struct gen_variant *v, struct cages *k,
                       struct sudoku_prng *prng, uint64_t deadline_ns,
                       const sudoku_grid *grid) {
  uint8_t other[SUDOKU_MAX_CELLS];
  uint16_t order[SUDOKU_MAX_CELLS];
  int count = k->count;
  for (int i = 0; i < count; i++)
    order[i] = (uint16_t)i;
  gen_shuffle(prng, order, count);
  for (int i = 0; i < count; i++) {
    int a = order[i];
    for (int j = 0; j < k->len[a]; j++)
      for (int dir = 0; dir < 4; dir++) {
        int x = core_neighbour(k->n, k->cell[a][j], dir);
        if (x < 0 || k->of[x] == a)
          continue;
        int b = k->of[x], la = k->len[a], lb = k->len[b];
        if (la + lb > GEN_CAGE_MAX ||
            (cage_digits(k, a, grid) & cage_digits(k, b, grid)) != 0)
          continue;
        for (int t = 0; t < lb; t++) {
          k->cell[a][la + t] = k->cell[b][t];
          k->of[k->cell[b][t]] = (uint16_t)a;
        }
        k->len[a] = (uint8_t)(la + lb);
        k->len[b] = 0;
        int u = cages_unique(v, k, grid, GEN_MERGE_NODES, deadline_ns, other);
        if (u < 0)
          return -1;
        if (u != 1) { /* undone */
          k->len[a] = (uint8_t)la;
          k->len[b] = (uint8_t)lb;
          for (int t = 0; t < lb; t++)
            k->of[k->cell[b][t]] = (uint16_t)b;
        }
      }
  }
  return 1;
}

/* Sets cells order[from..to) of p to grid's digits (on) or blank. */
static void set_cells(sudoku_grid *p, const sudoku_grid *grid,
                      const uint16_t *order, int from, int to, bool on) {
  for (int i = from; i < to; i++)
    p->cell[order[i]] = on ? grid->cell[order[i]] : 0;
}

/*
 * The givens of a killer at a level: *puzzle starts as the whole solution
 * and the cells, in a random order drawn from prng, lose their givens
 * while the steps rated up to cap (x10) still solve the puzzle
 * (gen_within_rating). The cages make the puzzle unique whatever the
 * givens, so no uniqueness search is made. Greedy in the drawn order, in
 * runs: a run of `run` cells is blanked at once and kept blank when the
 * puzzle stays within the cap (the next run twice as long), else given
 * back and halved; a run of one that leaves the cap keeps its given. A
 * given the steps need is so found in about log2 of the cells left, not
 * one rating a cell. Where solvability by the steps up to the cap only
 * grows with the givens, the result is the one-cell-at-a-time greedy's:
 * level-minimal, no given can go alone without leaving the cap (the tests
 * check it given by given).
 * Returns 1, or -1 at the deadline.
 */
static int killer_dig(const sudoku_rules *rules, unsigned cap,
                      struct sudoku_prng *prng, uint64_t deadline_ns,
                      const sudoku_grid *grid, sudoku_grid *puzzle) {
  uint16_t order[SUDOKU_MAX_CELLS];
  int nn = grid->n * grid->n, run = 1;
  for (int c = 0; c < nn; c++)
    order[c] = (uint16_t)c;
  gen_shuffle(prng, order, nn);
  *puzzle = *grid;
  for (int i = 0; i < nn;) {
    int to = i + run < nn ? i + run : nn;
    set_cells(puzzle, grid, order, i, to, false);
    int ok = gen_within_rating(puzzle, rules, cap, deadline_ns);
    if (ok < 0)
      return -1;
    if (ok) {
      i = to;
      run *= 2;
      continue;
    }
    set_cells(puzzle, grid, order, i, to, true);
    if (to - i == 1)
      i++; /* needed: it stays */
    else
      run = (to - i) / 2; /* a run cut short by the end halves from there */
  }
  return 1;
}

/* Removal orders tried on one killer layout at a level before a new
 * layout is drawn. Why: most layouts dig to medium in one order but some
 * to hard in another, and a layout (its uniqueness searches) costs about
 * as much as a dig (about 55 ms each at 9x9). Measured (CPU, hard 9x9,
 * seeds 1-8): 1 order 2.7 s a puzzle (25 layouts), 2 2.0 s, 3 and 4
 * 1.4-1.5 s (6-7 layouts), 6 2.1 s, 8 2.2 s, 16 4 s: past 4 the layouts
 * that never dig to hard take the extra orders in vain. */
#define GEN_KILLER_ORDERS 4

/*
 * The givens of a killer at a level below extreme (cap its top): none when
 * the cages alone are of the level; else, when the cages alone are within
 * the cap but below the level, the layout is rejected at once (every
 * order would remove every given); else killer_dig in up to
 * GEN_KILLER_ORDERS orders, each puzzle rated: 1 accepted (*puzzle,
 * out->rating set), 0 rejected, -1 at the deadline.
 */
static int killer_level(struct gen_variant *v, unsigned cap,
                        struct sudoku_prng *prng, uint64_t deadline_ns,
                        sudoku_grid *puzzle, struct sudoku_generated *out) {
  *puzzle = *v->shape;
  out->rated_attempts++;
  int got = gen_rate_at(puzzle, v->rules, v->opt, deadline_ns, out);
  if (got != 0 || out->rated)
    return got;
  for (int k = 0; k < GEN_KILLER_ORDERS; k++) {
    if (killer_dig(v->rules, cap, prng, deadline_ns, &out->solution, puzzle) <
        0)
      return -1;
    out->rated_attempts++;
    got = gen_rate_at(puzzle, v->rules, v->opt, deadline_ns, out);
    if (got != 0)
      return got;
  }
  return 0;
}

/* A killer attempt on out->solution: cages, refinement, then the givens:
 * those asked for (cells drawn at random), or at a level below extreme the
 * level-minimal ones (killer_level), or none; then the level. */
static int killer_attempt(struct gen_variant *v, struct sudoku_prng *prng,
                          uint64_t deadline_ns, sudoku_grid *puzzle,
                          struct sudoku_generated *out) {
  struct cages k;
  draw_cages(&k, &out->solution, prng);
  if (refine_cages(v, &k, prng, deadline_ns, &out->solution) < 0 ||
      merge_cages(v, &k, prng, deadline_ns, &out->solution) < 0)
    return -1;
  cages_to_rules(&k, &out->solution, v->rules); /* the last merge tried may
                                                   have been undone */
  *puzzle = *v->shape;
  unsigned cap =
      v->opt->level == SUDOKU_LEVEL_ANY ? 0 : gen_level_cap(v->opt->level);
  if (v->opt->givens != 0) {
    uint16_t order[SUDOKU_MAX_CELLS];
    for (int c = 0; c < k.nn; c++)
      order[c] = (uint16_t)c;
    gen_shuffle(prng, order, k.nn);
    set_cells(puzzle, &out->solution, order, 0, v->opt->givens, true);
  } else if (cap != 0) {
    return killer_level(v, cap, prng, deadline_ns, puzzle, out);
  }
  if (v->opt->level == SUDOKU_LEVEL_ANY)
    return 1;
  out->rated_attempts++;
  return gen_rate_at(puzzle, v->rules, v->opt, deadline_ns, out);
}

static int attempt(void *ctx, struct sudoku_prng *prng, uint64_t deadline_ns,
                   sudoku_grid *puzzle, struct sudoku_generated *out) {
  struct gen_variant *v = ctx;
  struct sudoku_rules_derived d;
  sudoku_rules *r = v->rules;
  memset(r, 0, sizeof *r);
  r->kinds = v->kinds & ~(1u << SUDOKU_RULE_KILLER);
  out->solution = *v->shape;
  if (sudoku_rules_has(r, SUDOKU_RULE_JIGSAW)) {
    start_regions(v->shape, r);
    draw_regions(prng, v->shape->n, r);
    int got = jigsaw_grid(v->shape, r, prng, deadline_ns, &out->solution);
    if (got <= 0)
      return got;
  } else {
    if (sudoku_rules_derive(v->shape, r, &d, NULL) != SUDOKU_OK)
      return 0; /* cannot happen: the shape was checked */
    if (gen_grid_units(&d, prng, 0, deadline_ns, &out->solution) != SUDOKU_OK)
      return -1;
  }
  if (v->kinds >> SUDOKU_RULE_KILLER & 1u)
    return killer_attempt(v, prng, deadline_ns, puzzle, out);
  return gen_attempt_dig(v->opt, v->orbits, r, prng, deadline_ns, puzzle, out);
}

/* The empty grid of opt's shape into *g: a box shape, or 1 x n under
 * jigsaw (a side without one). */
static enum sudoku_status shape_of(const struct sudoku_generate_options *opt,
                                   uint32_t kinds, sudoku_grid *g) {
  if (opt->box_rows == 1 && (kinds >> SUDOKU_RULE_JIGSAW & 1u) &&
      opt->box_cols >= 4 && opt->box_cols <= SUDOKU_MAX_N) {
    enum sudoku_status s = sudoku_grid_init(g, 2, 2);
    g->box_rows = 1;
    g->box_cols = g->n = opt->box_cols;
    return s;
  }
  return sudoku_grid_init(g, opt->box_rows, opt->box_cols);
}

enum sudoku_status
sudoku_generate_rules(const struct sudoku_generate_options *opt, uint32_t kinds,
                      sudoku_rules *rules, struct sudoku_generated *out) {
  struct gen_orbits orbits;
  sudoku_grid shape;
  gen_out_init(opt, out);
  memset(rules, 0, sizeof *rules);
  if (kinds == 0 || (kinds & ~SUDOKU_GENERATE_RULE_KINDS) != 0)
    return SUDOKU_BAD_VALUE;
  enum sudoku_status s = shape_of(opt, kinds, &shape);
  if (s != SUDOKU_OK)
    return s;
  int n = shape.n;
  bool killer = kinds >> SUDOKU_RULE_KILLER & 1u;
  if ((unsigned)opt->symmetry >= SUDOKU_SYM_COUNT ||
      (unsigned)opt->level > SUDOKU_LEVEL_ANY || opt->givens > n * n ||
      !sudoku_generate_level_exists(n, opt->level))
    return SUDOKU_BAD_VALUE;
  gen_orbits_init(&orbits, n, killer ? SUDOKU_SYM_NONE : opt->symmetry);
  if (!killer && opt->givens != 0 && !gen_orbits_reach(&orbits, opt->givens))
    return SUDOKU_BAD_VALUE;
  /* The rules must fit the side (windoku's windows, a jigsaw side): the
   * boxes, or rows, stand in for the regions in this check. */
  {
    struct sudoku_rules_derived d;
    rules->kinds = kinds & ~(1u << SUDOKU_RULE_KILLER);
    start_regions(&shape, rules);
    s = sudoku_rules_derive(&shape, rules, &d, NULL);
    memset(rules, 0, sizeof *rules);
    if (s != SUDOKU_OK)
      return s;
  }
  out->puzzle = shape;
  out->solution = shape;
  struct gen_variant v = {opt, kinds, rules, &shape, &orbits};
  return gen_attempts(opt, attempt, &v, out);
}
