/*
 * geom.c - the geometry of a grid as lists of cells, and the state every
 * finder reads: built once per call, then read-only for the finders.
 */
#include <string.h>

#include "internal.h"
#include "logic.h"

void logic_geom_init(struct logic_geom *geo, int box_rows, int box_cols) {
  int n = box_rows * box_cols;
  memset(geo, 0, sizeof *geo);
  geo->n = (uint8_t)n;
  geo->box_rows = (uint8_t)box_rows;
  geo->box_cols = (uint8_t)box_cols;
  geo->ncells = (uint16_t)(n * n);
  geo->nunits = (uint8_t)(3 * n);
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < n; j++)
      for (int kind = 0; kind < 3; kind++)
        geo->unit[kind * n + i][j] =
            (uint16_t)core_unit_cell(box_rows, box_cols, kind * n + i, j);
    geo->len[i] = geo->len[n + i] = geo->len[2 * n + i] = (uint8_t)n;
    geo->kind[i] = SUDOKU_UNIT_ROW;
    geo->kind[n + i] = SUDOKU_UNIT_COL;
    geo->kind[2 * n + i] = SUDOKU_UNIT_BOX;
  }
  for (int u = 0; u < geo->nunits; u++)
    for (int j = 0; j < geo->len[u]; j++) {
      int c = geo->unit[u][j];
      geo->cell_units[c][geo->ncell_units[c]++] = (uint8_t)u;
    }
}

/* Removes value v from the candidates of every peer of cell c. */
static void remove_from_peers(struct logic_state *s, int c, int v) {
  uint32_t bit = 1u << (v - 1);
  for (int i = 0; i < s->geo.ncell_units[c]; i++) {
    int u = s->geo.cell_units[c][i];
    for (int j = 0; j < s->geo.len[u]; j++)
      s->cand[s->geo.unit[u][j]] &= ~bit;
  }
}

bool logic_state_init(struct logic_state *s, const sudoku_grid *g) {
  bool ok = true;
  logic_geom_init(&s->geo, g->box_rows, g->box_cols);
  s->unique = false;
  s->deadline_ns = 0;
  s->beat = 0;
  uint32_t all = g->n >= 32 ? ~0u : (1u << g->n) - 1;
  for (int c = 0; c < s->geo.ncells; c++) {
    s->value[c] = g->cell[c];
    s->cand[c] = g->cell[c] ? 0 : all;
  }
  for (int c = 0; c < s->geo.ncells; c++) {
    if (s->value[c] == 0)
      continue;
    uint32_t bit = 1u << (s->value[c] - 1);
    for (int i = 0; i < s->geo.ncell_units[c]; i++) {
      int u = s->geo.cell_units[c][i];
      for (int j = 0; j < s->geo.len[u]; j++) {
        int p = s->geo.unit[u][j];
        if (p != c && s->value[p] == s->value[c])
          ok = false;
        s->cand[p] &= ~bit;
      }
    }
  }
  return ok;
}

void logic_apply(struct logic_state *s, const struct sudoku_step *step) {
  for (int i = 0; i < step->nplacements; i++) {
    int c = step->placements[i].cell, v = step->placements[i].value;
    s->value[c] = (uint8_t)v;
    s->cand[c] = 0;
    remove_from_peers(s, c, v);
  }
  for (int i = 0; i < step->neliminations; i++)
    s->cand[step->eliminations[i].cell] &=
        ~(1u << (step->eliminations[i].value - 1));
}

void logic_positions(const struct logic_state *s, logic_places pos) {
  const struct logic_geom *geo = &s->geo;
  for (int u = 0; u < geo->nunits; u++) {
    uint32_t *p = pos[u];
    for (int v = 0; v < geo->n; v++)
      p[v] = 0;
    for (int j = 0; j < geo->len[u]; j++)
      for (uint32_t m = s->cand[geo->unit[u][j]]; m; m &= m - 1)
        p[__builtin_ctz(m)] |= 1u << j;
  }
}
