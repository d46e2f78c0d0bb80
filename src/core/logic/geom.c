/*
 * geom.c - the geometry of a grid as lists of cells, and the state every
 * finder reads: built once per call, then read-only for the finders.
 */
#include <string.h>

#include "internal.h"
#include "logic.h"

/* Not a memset of the whole (some 20 KiB): only what the finders read,
 * within ncells and nunits, is written. */
void logic_geom_finish(struct logic_geom *geo) {
  int n = geo->n, nu = geo->nunits;
  memset(geo->ncell_units, 0, sizeof geo->ncell_units[0] * geo->ncells);
  for (int u = 0; u < nu; u++)
    for (int j = 0; j < geo->len[u]; j++) {
      int c = geo->unit[u][j];
      geo->cell_index[c][geo->ncell_units[c]] = (uint8_t)j;
      geo->cell_units[c][geo->ncell_units[c]++] = (uint8_t)u;
    }
  geo->slots3 = true;
  geo->classic = false;
  for (int c = 0; c < geo->ncells; c++)
    for (int k = 0; k < 3; k++)
      geo->slots3 = geo->slots3 && geo->ncell_units[c] == 3 &&
                    geo->kind[geo->cell_units[c][k]] == k;
  /* boxes, columns, rows, then variant units */
  for (int i = 0; i < nu; i++)
    geo->order[i] = (uint8_t)(i >= 3 * n  ? i
                              : i < n     ? 2 * n + i
                              : i < 2 * n ? i
                                          : i - 2 * n);
}

/* The classic geometry is built cell by cell, in the layout
 * logic_geom_finish would give it (a cell's units row, column, box in that
 * order, unit order within each): a few stores a cell and 2n divisions, where
 * the generic pass cost some 13K instructions a 9x9 puzzle, 5 % of rating an
 * easy one. */
void logic_geom_init(struct logic_geom *geo, int box_rows, int box_cols) {
  int n = box_rows * box_cols;
  geo->n = (uint8_t)n;
  geo->box_rows = (uint8_t)box_rows;
  geo->box_cols = (uint8_t)box_cols;
  geo->ncells = (uint16_t)(n * n);
  geo->nunits = (uint8_t)(3 * n);
  /* per row r: its first box and its offset in a box; per column c: its
   * box step and offset (core_box_of and core_unit_cell's box order) */
  uint8_t rbox[SUDOKU_MAX_N], rk[SUDOKU_MAX_N], cbox[SUDOKU_MAX_N],
      ck[SUDOKU_MAX_N];
  uint32_t rseg = (1u << box_cols) - 1, cseg = (1u << box_rows) - 1, bcol = 0;
  for (int i = 0; i < box_rows; i++)
    bcol |= 1u << (i * box_cols);
  for (int i = 0; i < n; i++) {
    uint32_t one = 1u << i, rs = rseg << (i / box_cols * box_cols);
    geo->same[0][0][i] = geo->same[1][1][i] = geo->same[2][2][i] =
        n >= 32 ? ~0u : (1u << n) - 1;
    geo->same[0][1][i] = geo->same[1][0][i] = one;
    geo->same[0][2][i] = geo->same[2][0][i] = rs;
    geo->same[1][2][i] = cseg << (i / box_rows * box_rows);
    geo->same[2][1][i] = bcol << (i % box_cols);
    rbox[i] = (uint8_t)(i / box_rows * box_rows);
    rk[i] = (uint8_t)(i % box_rows * box_cols);
    cbox[i] = (uint8_t)(i / box_cols);
    ck[i] = (uint8_t)(i % box_cols);
    geo->len[i] = geo->len[n + i] = geo->len[2 * n + i] = (uint8_t)n;
    geo->kind[i] = SUDOKU_UNIT_ROW;
    geo->kind[n + i] = SUDOKU_UNIT_COL;
    geo->kind[2 * n + i] = SUDOKU_UNIT_BOX;
  }
  for (int r = 0, cell = 0; r < n; r++)
    for (int c = 0; c < n; c++, cell++) {
      int b = rbox[r] + cbox[c], k = rk[r] + ck[c];
      geo->unit[r][c] = geo->unit[n + c][r] = geo->unit[2 * n + b][k] =
          (uint16_t)cell;
      geo->ncell_units[cell] = 3;
      geo->cell_units[cell][0] = (uint8_t)r;
      geo->cell_units[cell][1] = (uint8_t)(n + c);
      geo->cell_units[cell][2] = (uint8_t)(2 * n + b);
      geo->cell_index[cell][0] = (uint8_t)c;
      geo->cell_index[cell][1] = (uint8_t)r;
      geo->cell_index[cell][2] = (uint8_t)k;
    }
  geo->slots3 = geo->classic = true;
  for (int i = 0; i < 3 * n; i++)
    geo->order[i] = (uint8_t)(i < n ? 2 * n + i : i < 2 * n ? i : i - 2 * n);
}

/* Removes candidate bit (of value index v0) from cell c, keeping the
 * places of c's units in step. */
static inline void drop_at(struct logic_state *s, int c, int i, int v0,
                           uint32_t bit) {
  const struct logic_geom *geo = &s->geo;
  int u = geo->cell_units[c][i];
  uint32_t p = s->pos[u][v0] &= ~(1u << geo->cell_index[c][i]);
  /* branch-free: one place left sets the bit, any other count clears it */
  uint32_t one = (uint32_t)(p != 0 && (p & (p - 1)) == 0);
  s->single[u] = (s->single[u] & ~bit) | (bit & -one);
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

void logic_state_sync(struct logic_state *s) {
  const struct logic_geom *geo = &s->geo;
  for (int u = 0; u < geo->nunits; u++) {
    uint32_t *p = s->pos[u], empty = 0, single = 0;
    for (int v = 0; v < geo->n; v++)
      p[v] = 0;
    for (int j = 0; j < geo->len[u]; j++) {
      int c = geo->unit[u][j];
      if (s->value[c] == 0)
        empty |= 1u << j;
      for (uint32_t m = s->cand[c]; m; m &= m - 1)
        p[__builtin_ctz(m)] |= 1u << j;
    }
    for (int v = 0; v < geo->n; v++)
      if (p[v] != 0 && (p[v] & (p[v] - 1)) == 0)
        single |= 1u << v;
    s->empty[u] = empty;
    s->single[u] = single;
  }
}

bool logic_state_init(struct logic_state *s, const sudoku_grid *g) {
  bool ok = true;
  logic_geom_init(&s->geo, g->box_rows, g->box_cols);
  s->unique = false;
  s->deadline_ns = 0;
  s->beat = 0;
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

void logic_apply(struct logic_state *s, const struct sudoku_step *step) {
  const struct logic_geom *geo = &s->geo;
  for (int i = 0; i < step->nplacements; i++) {
    int c = step->placements[i].cell, v = step->placements[i].value;
    s->value[c] = (uint8_t)v;
    for (uint32_t m = s->cand[c]; m; m &= m - 1)
      drop(s, c, __builtin_ctz(m), m & -m);
    uint32_t bit = 1u << (v - 1);
    for (int k = 0; k < geo->ncell_units[c]; k++) {
      int u = geo->cell_units[c][k];
      s->empty[u] &= ~(1u << geo->cell_index[c][k]);
      /* the peers that can be v, read from the places */
      for (uint32_t m = s->pos[u][v - 1]; m; m &= m - 1)
        drop(s, geo->unit[u][__builtin_ctz(m)], v - 1, bit);
    }
  }
  for (int i = 0; i < step->neliminations; i++) {
    int v = step->eliminations[i].value;
    drop(s, step->eliminations[i].cell, v - 1, 1u << (v - 1));
  }
}
