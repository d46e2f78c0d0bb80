/*
 * geom.c - the geometry of a grid as lists of cells (units), built once per
 * call, then read-only for the finders. Not here: the state a finder reads
 * (state.c).
 */
#include <string.h>

#include "internal.h"
#include "logic.h"

/* rank, side and nbox from order and kind. */
static void order_sides(struct logic_geom *geo) {
  int k = 0;
  for (int pass = 0; pass < 2; pass++) {
    for (int i = 0; i < geo->nunits; i++) {
      int u = geo->order[i];
      if ((geo->kind[u] == SUDOKU_UNIT_BOX) == (pass == 0))
        geo->side[k++] = (uint8_t)u;
    }
    if (pass == 0)
      geo->nbox = (uint8_t)k;
  }
  for (int i = 0; i < geo->nunits; i++)
    geo->rank[geo->order[i]] = (uint8_t)i;
}

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
  order_sides(geo);
}

/* The classic geometry is built cell by cell, in the layout
 * logic_geom_finish would give it (a cell's units row, column, box in that
 * order, unit order within each): a few stores a cell and 2n divisions, where
 * the generic pass cost some 13K instructions a 9x9 puzzle, 5 % of rating an
 * easy one. */
LOGIC_SHAPE_INLINE void geom_shape(struct logic_geom *geo, int box_rows,
                                   int box_cols) {
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
  for (int i = 0; i < 3 * n; i++) {
    int u = i < n ? 2 * n + i : i < 2 * n ? i : i - 2 * n;
    geo->order[i] = geo->side[i] = (uint8_t)u; /* the boxes come first */
    geo->rank[u] = (uint8_t)i;
  }
  geo->nbox = (uint8_t)n;
}

void logic_geom_init(struct logic_geom *geo, int box_rows, int box_cols) {
  geo->rules = NULL;
  if (box_rows == 3 && box_cols == 3)
    geom_shape(geo, 3, 3);
  else
    geom_shape(geo, box_rows, box_cols);
}
