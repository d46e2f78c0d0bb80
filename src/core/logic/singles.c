/*
 * singles.c - hidden and naked singles, SE's first and fourth producers.
 *
 * Ratings (SE's HiddenSingleHint): 1.0 for the last empty cell of a unit
 * (a "full house"), 1.2 for a hidden single in a box, 1.5 in a row, a
 * column or a variant unit; a naked single is 2.3.
 * Cost: one pass over every unit's cells (the once/twice masks give the
 * values with exactly one place), O(units x n).
 */
#include "logic.h"

bool logic_find_HIDDEN_SINGLE(const struct logic_state *s,
                              struct sudoku_step *out) {
  const struct logic_geom *geo = &s->geo;
  int best = 0, best_u = -1, best_c = -1, best_v = 0;
  for (int i = 0; i < geo->nunits; i++) {
    int u = logic_unit_order(geo, i), empty = 0;
    uint32_t once = 0, twice = 0;
    for (int j = 0; j < geo->len[u]; j++) {
      uint32_t m = s->cand[geo->unit[u][j]];
      empty += s->value[geo->unit[u][j]] == 0;
      twice |= once & m;
      once |= m;
    }
    uint32_t single = once & ~twice;
    if (single == 0)
      continue;
    int rating = empty == 1 ? 10 : geo->kind[u] == SUDOKU_UNIT_BOX ? 12 : 15;
    if (best != 0 && rating >= best)
      continue;
    int v = logic_lowest(single) + 1;
    for (int j = 0; j < geo->len[u]; j++)
      if (s->cand[geo->unit[u][j]] & (1u << (v - 1))) {
        best_c = geo->unit[u][j];
        break;
      }
    best = rating;
    best_u = u;
    best_v = v;
    if (best == 10)
      break;
  }
  if (best == 0)
    return false;
  logic_step_init(out, SUDOKU_TECH_HIDDEN_SINGLE, (unsigned)best);
  logic_step_place(out, best_c, best_v);
  logic_step_cell(out, best_c);
  logic_step_unit(out, best_u);
  out->values = 1u << (best_v - 1);
  return true;
}

bool logic_find_NAKED_SINGLE(const struct logic_state *s,
                             struct sudoku_step *out) {
  for (int c = 0; c < s->geo.ncells; c++) {
    uint32_t m = s->cand[c];
    if (s->value[c] != 0 || m == 0 || (m & (m - 1)) != 0)
      continue;
    int v = logic_lowest(m) + 1;
    logic_step_init(out, SUDOKU_TECH_NAKED_SINGLE, 23);
    logic_step_place(out, c, v);
    logic_step_cell(out, c);
    out->values = m;
    return true;
  }
  return false;
}
