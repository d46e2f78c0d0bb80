/*
 * state.c - the state every finder reads (logic.h): the values and
 * candidates of a position, and what derives from them (each unit's places
 * of each value, values with one place, empty cells, full houses), built
 * from the givens and kept up to date a candidate at a time as the path
 * applies steps.
 *
 * Classic grids take paths written for their shape (the places from each
 * unit's held values, a placement by masks); any other geometry takes the
 * generic ones, over its units. The state tests (tests/test_logic_state.c)
 * hold both to logic_state_sync, which recomputes everything from the
 * cells.
 */
#include "logic.h"

/* Unit u's bit of house from its empty cells. */
static inline void house_of(struct logic_state *s, int u) {
  uint32_t e = s->empty[u];
  int r = s->geo.rank[u];
  uint64_t bit = 1ull << (r & 63);
  if (e != 0 && (e & (e - 1)) == 0)
    s->house[r >> 6] |= bit;
  else
    s->house[r >> 6] &= ~bit;
}

/* house_of after a placement emptied a cell of u: its empty cells only
 * shrink, so the bit changes only when one or none is left (twice a unit
 * a path; a branch that is almost never taken). */
static inline void house_after(struct logic_state *s, int u) {
  uint32_t e = s->empty[u];
  if ((e & (e - 1)) == 0)
    house_of(s, u);
}

/* Removes candidate bit (of value index v0) from cell c, keeping the
 * places of c's units in step. */
static inline void drop_at(struct logic_state *s, int c, int i, int v0,
                           uint32_t bit) {
  const struct logic_geom *geo = &s->geo;
  int u = geo->cell_units[c][i];
  uint32_t p = s->pos[u][v0] &= ~(1u << geo->cell_index[c][i]);
  /* the count only falls: the bit changes only when one place (set it)
   * or none (clear it) is left, a branch mostly not taken */
  if ((p & (p - 1)) == 0)
    s->single[u] = p != 0 ? s->single[u] | bit : s->single[u] & ~bit;
}

static inline void drop(struct logic_state *s, int c, int v0, uint32_t bit) {
  if (!(s->cand[c] & bit))
    return;
  s->cand[c] &= ~bit;
  if (s->geo.slots3) { /* three units: unrolled */
    drop_at(s, c, 0, v0, bit);
    drop_at(s, c, 1, v0, bit);
    drop_at(s, c, 2, v0, bit);
    return;
  }
  for (int i = 0; i < s->geo.ncell_units[c]; i++)
    drop_at(s, c, i, v0, bit);
}

/* single and house of every unit, from pos and empty. */
static void singles_of(struct logic_state *s) {
  const struct logic_geom *geo = &s->geo;
  for (int w = 0; w < LOGIC_HOUSE_WORDS; w++)
    s->house[w] = 0;
  for (int u = 0; u < geo->nunits; u++) {
    const uint32_t *p = s->pos[u];
    uint32_t single = 0;
    for (int v = 0; v < geo->n; v++)
      if (p[v] != 0 && (p[v] & (p[v] - 1)) == 0)
        single |= 1u << v;
    s->single[u] = single;
    house_of(s, u);
  }
}

/* The first places of a classic grid (pos only), from each unit's held
 * values alone (held[u]: the values unit u holds), value by value: a row's
 * places of v are its empty cells less the columns and the boxes holding
 * v, a column's likewise, a box's less its rows and columns holding v
 * (none when the unit holds v); each a few mask operations, where
 * logic_state_sync visits every candidate of every cell three times. */
LOGIC_SHAPE_INLINE void places_classic(struct logic_state *s,
                                       const uint32_t *held, int n, int br,
                                       int bc) {
  uint32_t rseg = (1u << bc) - 1, cseg = (1u << br) - 1, bcol = 0;
  for (int i = 0; i < br; i++)
    bcol |= 1u << (i * bc);
  /* by value: the rows, columns and boxes holding it (bits by index); the
   * columns of a band's boxes holding it, the rows of a stack's */
  uint32_t rowhas[SUDOKU_MAX_N] = {0}, colhas[SUDOKU_MAX_N] = {0};
  uint32_t bandcols[SUDOKU_MAX_N][SUDOKU_MAX_N],
      stackrows[SUDOKU_MAX_N][SUDOKU_MAX_N];
  for (int i = 0; i < n; i++)
    for (int v = 0; v < n; v++)
      bandcols[i][v] = stackrows[i][v] = 0;
  for (int u = 0; u < n; u++) {
    for (uint32_t m = held[u]; m; m &= m - 1)
      rowhas[__builtin_ctz(m)] |= 1u << u;
    for (uint32_t m = held[n + u]; m; m &= m - 1)
      colhas[__builtin_ctz(m)] |= 1u << u;
    int band = u / br, stack = u % br;
    for (uint32_t m = held[2 * n + u]; m; m &= m - 1) {
      bandcols[band][__builtin_ctz(m)] |= rseg << (stack * bc);
      stackrows[stack][__builtin_ctz(m)] |= cseg << (band * br);
    }
  }
  /* a band of br rows, n / br = bc bands; a stack of bc columns, br
   * stacks; box b in band b / br and stack b % br */
  for (int v = 0; v < n; v++) {
    uint32_t rh = rowhas[v], ch = colhas[v];
    uint32_t rowex[SUDOKU_MAX_N], colex[SUDOKU_MAX_N]; /* in a box */
    for (int band = 0; band < bc; band++) {
      uint32_t ex = 0;
      for (uint32_t r = (rh >> (band * br)) & cseg; r; r &= r - 1)
        ex |= rseg << (__builtin_ctz(r) * bc);
      rowex[band] = ex;
    }
    for (int stack = 0; stack < br; stack++)
      colex[stack] = ((ch >> (stack * bc)) & rseg) * bcol;
    for (int u = 0; u < n; u++) {
      s->pos[u][v] = s->empty[u] & ~ch & ~bandcols[u / br][v];
      s->pos[n + u][v] = s->empty[n + u] & ~rh & ~stackrows[u / bc][v];
      s->pos[2 * n + u][v] =
          s->empty[2 * n + u] & ~rowex[u / br] & ~colex[u % br];
    }
  }
  /* a unit holding v has no place for it (the few givens, three units
   * each) */
  for (int u = 0; u < 3 * n; u++)
    for (uint32_t m = held[u]; m; m &= m - 1)
      s->pos[u][__builtin_ctz(m)] = 0;
}

void logic_state_sync(struct logic_state *s) {
  const struct logic_geom *geo = &s->geo;
  for (int u = 0; u < geo->nunits; u++) {
    uint32_t *p = s->pos[u], empty = 0;
    for (int v = 0; v < geo->n; v++)
      p[v] = 0;
    for (int j = 0; j < geo->len[u]; j++) {
      int c = geo->unit[u][j];
      if (s->value[c] == 0)
        empty |= 1u << j;
      for (uint32_t m = s->cand[c]; m; m &= m - 1)
        p[__builtin_ctz(m)] |= 1u << j;
    }
    s->empty[u] = empty;
  }
  singles_of(s);
}

/* logic_state_init's classic half: each unit's held values (a clash when
 * one is there already) and empty cells, walking rows and columns (a cell's
 * box and place in it from its row and column), then every empty cell's
 * candidates and the places. */
LOGIC_SHAPE_INLINE bool init_classic(struct logic_state *s,
                                     const sudoku_grid *g, int br, int bc) {
  int n = br * bc;
  /* Never taken (the grid's shape is valid), yet it tells the compiler
   * that 3 * n units fit held[]: gcc 14 otherwise sees the zeroing below
   * run to 3 * 32 and warns (-Warray-bounds). Folded away for 3x3. */
  if (n > SUDOKU_MAX_N)
    return false;
  uint32_t all = n >= 32 ? ~0u : (1u << n) - 1;
  uint32_t held[LOGIC_MAX_UNITS];
  bool ok = true;
  for (int u = 0; u < 3 * n; u++)
    held[u] = s->empty[u] = 0;
  for (int r = 0, cell = 0; r < n; r++)
    for (int c = 0; c < n; c++, cell++) {
      int b = r / br * br + c / bc, k = r % br * bc + c % bc;
      int v = g->cell[cell];
      s->value[cell] = (uint8_t)v;
      if (v == 0) {
        s->empty[r] |= 1u << c;
        s->empty[n + c] |= 1u << r;
        s->empty[2 * n + b] |= 1u << k;
        continue;
      }
      uint32_t bit = 1u << (v - 1);
      ok = ok && !((held[r] | held[n + c] | held[2 * n + b]) & bit);
      held[r] |= bit;
      held[n + c] |= bit;
      held[2 * n + b] |= bit;
    }
  /* the candidates, and each unit's values with one place: once and
   * twice (or more) counted over its cells, bit-sliced by value */
  uint32_t once[3 * SUDOKU_MAX_N], twice[3 * SUDOKU_MAX_N];
  for (int u = 0; u < 3 * n; u++)
    once[u] = twice[u] = 0;
  for (int r = 0, cell = 0; r < n; r++)
    for (int c = 0; c < n; c++, cell++) {
      int b = 2 * n + r / br * br + c / bc;
      uint32_t m = g->cell[cell] ? 0 : all & ~(held[r] | held[n + c] | held[b]);
      s->cand[cell] = m;
      twice[r] |= once[r] & m;
      once[r] |= m;
      twice[n + c] |= once[n + c] & m;
      once[n + c] |= m;
      twice[b] |= once[b] & m;
      once[b] |= m;
    }
  for (int w = 0; w < LOGIC_HOUSE_WORDS; w++)
    s->house[w] = 0;
  for (int u = 0; u < 3 * n; u++) {
    s->single[u] = once[u] & ~twice[u];
    house_of(s, u);
  }
  places_classic(s, held, n, br, bc);
  return ok;
}

bool logic_state_init(struct logic_state *s, const sudoku_grid *g) {
  bool ok = true;
  logic_geom_init(&s->geo, g->box_rows, g->box_cols);
  s->unique = false;
  s->deadline_ns = 0;
  s->beat = 0;
  s->ticks = 0;
  if (s->geo.classic)
    return g->box_rows == 3 && g->box_cols == 3
               ? init_classic(s, g, 3, 3)
               : init_classic(s, g, g->box_rows, g->box_cols);
  uint32_t all = g->n >= 32 ? ~0u : (1u << g->n) - 1;
  /* each unit's values, a clash when one is there already; then every
   * empty cell's candidates are what none of its units holds */
  uint32_t held[LOGIC_MAX_UNITS] = {0};
  for (int c = 0; c < s->geo.ncells; c++) {
    s->value[c] = g->cell[c];
    if (g->cell[c] == 0)
      continue;
    uint32_t bit = 1u << (g->cell[c] - 1);
    for (int i = 0; i < s->geo.ncell_units[c]; i++) {
      int u = s->geo.cell_units[c][i];
      ok = ok && !(held[u] & bit);
      held[u] |= bit;
    }
  }
  for (int c = 0; c < s->geo.ncells; c++) {
    uint32_t seen = 0;
    for (int i = 0; i < s->geo.ncell_units[c]; i++)
      seen |= held[s->geo.cell_units[c][i]];
    s->cand[c] = g->cell[c] ? 0 : all & ~seen;
  }
  logic_state_sync(s);
  return ok;
}

/* A peer p of a placed cell loses v: cand, and its units at slots i, j
 * (j < 0: one unit only) that the placed cell does not share. */
static inline void peer_drop(struct logic_state *s, int p, int v0, uint32_t bit,
                             int i, int j) {
  s->cand[p] &= ~bit;
  drop_at(s, p, i, v0, bit);
  if (j >= 0)
    drop_at(s, p, j, v0, bit);
}

/* Places v in c on a classic grid. c's units lose every place of v at
 * once (set to none at the end), so a peer loses v only in its units that
 * c does not share: a row's places of v inside c's box are in c's box too
 * (one drop, the column's), the others in neither (two); the same for the
 * column; the box's places outside c's row and column in neither of
 * those. Every peer once, without testing its units, and c's own v needs
 * no drop: half the place updates of dropping every candidate of c and
 * every peer's v in all its units. */
static void place_classic(struct logic_state *s, int c, int v) {
  const struct logic_geom *geo = &s->geo;
  const uint8_t *cu = geo->cell_units[c], *ci = geo->cell_index[c];
  uint32_t bit = 1u << (v - 1);
  int v0 = v - 1;
  s->value[c] = (uint8_t)v;
  for (uint32_t m = s->cand[c] & ~bit; m; m &= m - 1) {
    int w = __builtin_ctz(m);
    uint32_t wb = m & -m;
    drop_at(s, c, 0, w, wb);
    drop_at(s, c, 1, w, wb);
    drop_at(s, c, 2, w, wb);
  }
  s->cand[c] = 0;
  const uint16_t *row = geo->unit[cu[0]], *col = geo->unit[cu[1]],
                 *box = geo->unit[cu[2]];
  uint32_t rin = geo->same[0][2][ci[0]], cin = geo->same[1][2][ci[1]];
  uint32_t rm = s->pos[cu[0]][v0] & ~(1u << ci[0]);
  uint32_t cm = s->pos[cu[1]][v0] & ~(1u << ci[1]);
  uint32_t bm =
      s->pos[cu[2]][v0] & ~(geo->same[2][0][ci[2]] | geo->same[2][1][ci[2]]);
  for (uint32_t m = rm & ~rin; m; m &= m - 1)
    peer_drop(s, row[__builtin_ctz(m)], v0, bit, 1, 2);
  for (uint32_t m = rm & rin; m; m &= m - 1)
    peer_drop(s, row[__builtin_ctz(m)], v0, bit, 1, -1);
  for (uint32_t m = cm & ~cin; m; m &= m - 1)
    peer_drop(s, col[__builtin_ctz(m)], v0, bit, 0, 2);
  for (uint32_t m = cm & cin; m; m &= m - 1)
    peer_drop(s, col[__builtin_ctz(m)], v0, bit, 0, -1);
  for (uint32_t m = bm; m; m &= m - 1)
    peer_drop(s, box[__builtin_ctz(m)], v0, bit, 0, 1);
  for (int k = 0; k < 3; k++) {
    s->pos[cu[k]][v0] = 0;
    s->single[cu[k]] &= ~bit;
    s->empty[cu[k]] &= ~(1u << ci[k]);
    house_after(s, cu[k]);
  }
}

void logic_apply(struct logic_state *s, const struct sudoku_step *step) {
  const struct logic_geom *geo = &s->geo;
  for (int i = 0; i < step->nplacements; i++) {
    int c = step->placements[i].cell, v = step->placements[i].value;
    if (geo->classic) {
      place_classic(s, c, v);
      continue;
    }
    s->value[c] = (uint8_t)v;
    for (uint32_t m = s->cand[c]; m; m &= m - 1)
      drop(s, c, __builtin_ctz(m), m & -m);
    uint32_t bit = 1u << (v - 1);
    for (int k = 0; k < geo->ncell_units[c]; k++) {
      int u = geo->cell_units[c][k];
      s->empty[u] &= ~(1u << geo->cell_index[c][k]);
      house_after(s, u);
      /* the peers that can be v, read from the places */
      for (uint32_t m = s->pos[u][v - 1]; m; m &= m - 1)
        drop(s, geo->unit[u][__builtin_ctz(m)], v - 1, bit);
    }
  }
  for (int i = 0; i < step->neliminations; i++) {
    int v = step->eliminations[i].value;
    drop(s, step->eliminations[i].cell, v - 1, 1u << (v - 1));
  }
  if (geo->rules != NULL) {
    logic_rules_after(s, step); /* the peers beyond the units */
    logic_state_sync(s);        /* their places, from the cells again */
  }
}
