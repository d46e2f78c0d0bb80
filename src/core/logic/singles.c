/*
 * singles.c - hidden and naked singles, SE's first and fourth producers.
 *
 * Ratings (SE's HiddenSingleHint): 1.0 for the last empty cell of a unit
 * (a "full house"), 1.2 for a hidden single in a box, 1.5 in a row, a
 * column or a variant unit; a naked single is 2.3.
 * Cost: O(units), reading the state's per-unit masks of empty cells and
 * of values with one place: the finder run most, once a step.
 */

#include "logic.h"

static void single_step(struct sudoku_step *out, int cell, uint32_t bit, int u,
                        unsigned rating) {
  logic_step_init(out, SUDOKU_TECH_HIDDEN_SINGLE, rating);
  logic_step_place(out, cell, logic_lowest(bit) + 1);
  logic_step_cell(out, cell);
  logic_step_unit(out, u);
  out->values = bit;
}

/* The first unit (in SE's order) with one empty cell: a full house. */
static bool full_house(const struct logic_state *s, struct sudoku_step *out) {
  const struct logic_geom *geo = &s->geo;
  for (int i = 0; i < geo->nunits; i++) {
    int u = logic_unit_order(geo, i);
    uint32_t e = s->empty[u];
    if (e == 0 || (e & (e - 1)) != 0)
      continue;
    int cell = geo->unit[u][logic_lowest(e)];
    uint32_t m = s->cand[cell];
    if (logic_popcount(m) != 1)
      continue;
    single_step(out, cell, m, u, 10);
    return true;
  }
  return false;
}

/* The first single of the units of one side (boxes, or the others): the
 * state's single masks hold each unit's values with one place. */
static bool single_in(const struct logic_state *s, struct sudoku_step *out,
                      bool boxes) {
  const struct logic_geom *geo = &s->geo;
  for (int i = 0; i < geo->nunits; i++) {
    int u = logic_unit_order(geo, i);
    if ((geo->kind[u] == SUDOKU_UNIT_BOX) != boxes || s->single[u] == 0)
      continue;
    uint32_t bit = s->single[u] & -s->single[u];
    int j = logic_lowest(s->pos[u][logic_lowest(bit)]);
    single_step(out, geo->unit[u][j], bit, u, boxes ? 12 : 15);
    return true;
  }
  return false;
}

/* Three passes in rating order, each stopping at its first find: full
 * houses, then boxes, then lines; cheaper than one pass keeping the best,
 * since a box single is usually found early. */
bool logic_find_HIDDEN_SINGLE(const struct logic_state *s,
                              struct sudoku_step *out) {
  return full_house(s, out) || single_in(s, out, true) ||
         single_in(s, out, false);
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
