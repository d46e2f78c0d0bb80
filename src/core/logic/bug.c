/*
 * bug.c - BUG+1 (5.6), used only when the puzzle is known to have one
 * solution (s->unique): every empty cell has two candidates but one with
 * three, and each value appears twice in every unit but one value three
 * times in the units of that cell: that value must go there, or the grid
 * would be a "bivalue universal grave" with two solutions. SE's types 2-4
 * (5.7 and up) are not sought.
 * Cost: O(units x n x n), only when every cell is bivalue but one.
 */
#include "logic.h"

bool logic_find_BUG(const struct logic_state *s, struct sudoku_step *out) {
  if (!s->unique)
    return false;
  const struct logic_geom *geo = &s->geo;
  int odd = -1;
  for (int c = 0; c < geo->ncells; c++) {
    if (s->value[c] != 0)
      continue;
    int pc = logic_popcount(s->cand[c]);
    if (pc == 2)
      continue;
    if (pc != 3 || odd >= 0)
      return false;
    odd = c;
  }
  if (odd < 0)
    return false;
  /* The value of the odd cell seen three times in each of its units; with
   * it removed, every value must appear 0 or 2 times in every unit. */
  for (uint32_t m = s->cand[odd]; m; m &= m - 1) {
    int v = logic_lowest(m) + 1;
    bool ok = true;
    for (int u = 0; u < geo->nunits && ok; u++)
      for (int w = 1; w <= geo->n && ok; w++) {
        int count = 0;
        for (int j = 0; j < geo->len[u]; j++) {
          int c = geo->unit[u][j];
          if ((s->cand[c] >> (w - 1)) & 1)
            count += !(c == odd && w == v);
        }
        ok = count == 0 || count == 2;
      }
    if (!ok)
      continue;
    logic_step_init(out, SUDOKU_TECH_BUG, 56);
    logic_step_place(out, odd, v);
    logic_step_cell(out, odd);
    out->values = 1u << (v - 1);
    return true;
  }
  return false;
}
