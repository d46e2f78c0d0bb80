/*
 * validate.c - checks a grid's shape and values, and lists every pair of
 * givens that clash in a row, column or box (not only the first), so that a
 * user sees all mistakes at once. O(n^2) when there is no clash, O(n^3)
 * to list them (25^3 = 15625 steps).
 */
#include "internal.h"

/* Cell index of the k-th cell of unit u of the given kind. */
static int unit_cell(const sudoku_grid *g, enum sudoku_unit kind, int u,
                     int k) {
  return core_unit_cell(g->box_rows, g->box_cols, (int)kind * g->n + u, k);
}

enum sudoku_status sudoku_validate(const sudoku_grid *g,
                                   struct sudoku_conflict *out, size_t cap,
                                   size_t *count) {
  size_t total = 0;
  if (count != NULL)
    *count = 0;
  if (g->box_rows < 2 || g->box_cols < 2 || g->n != g->box_rows * g->box_cols ||
      g->n > SUDOKU_MAX_N)
    return SUDOKU_BAD_SHAPE;
  int n = g->n;
  for (int i = 0; i < n * n; i++)
    if (g->cell[i] > n)
      return SUDOKU_BAD_VALUE;

  /* Fast path, O(n^2): one bitmask per unit. Most grids have no clash,
   * and this runs before every solve (it was a third of the time of an
   * easy 9x9 solve when it always listed pairs). */
  uint32_t row[SUDOKU_MAX_N] = {0}, col[SUDOKU_MAX_N] = {0},
           box[SUDOKU_MAX_N] = {0};
  bool clash = false;
  for (int r = 0, i = 0; r < n; r++) {
    /* The box advances every box_cols cells: no division per cell (two
     * divisions by a variable were most of this loop's ~2000 cycles). */
    int b = core_box_of(g->box_rows, g->box_cols, r, 0), in_box = 0;
    for (int c = 0; c < n; c++, i++) {
      if (g->cell[i] != 0) {
        uint32_t bit = 1u << (g->cell[i] - 1);
        clash |= ((row[r] | col[c] | box[b]) & bit) != 0;
        row[r] |= bit;
        col[c] |= bit;
        box[b] |= bit;
      }
      if (++in_box == g->box_cols) {
        in_box = 0;
        b++;
      }
    }
  }
  if (!clash)
    return SUDOKU_OK;

  for (int kind = SUDOKU_UNIT_ROW; kind <= SUDOKU_UNIT_BOX; kind++) {
    for (int u = 0; u < n; u++) {
      /* cells[k] in unit order; unit order is row-major within each unit,
       * so a < b holds for every pair reported. */
      for (int i = 0; i < n; i++) {
        int a = unit_cell(g, (enum sudoku_unit)kind, u, i);
        if (g->cell[a] == 0)
          continue;
        for (int j = i + 1; j < n; j++) {
          int b = unit_cell(g, (enum sudoku_unit)kind, u, j);
          if (g->cell[a] != g->cell[b])
            continue;
          if (total < cap)
            out[total] =
                (struct sudoku_conflict){(uint16_t)a, (uint16_t)b, g->cell[a],
                                         (uint8_t)kind, (uint8_t)u};
          total++;
        }
      }
    }
  }
  if (count != NULL)
    *count = total;
  return total ? SUDOKU_CONFLICT : SUDOKU_OK;
}
