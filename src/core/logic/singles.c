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

/* The first unit (in SE's order) with one empty cell: a full house. The
 * state's house bits hold the units with one empty cell, by their place in
 * that order. */
static bool full_house(const struct logic_state *s, struct sudoku_step *out) {
  const struct logic_geom *geo = &s->geo;
  for (int w = 0; w < LOGIC_HOUSE_WORDS; w++)
    for (uint64_t h = s->house[w]; h; h &= h - 1) {
      int u = logic_unit_order(geo, w * 64 + __builtin_ctzll(h));
      int cell = geo->unit[u][logic_lowest(s->empty[u])];
      uint32_t m = s->cand[cell];
      if (m == 0 || (m & (m - 1)) != 0)
        continue;
      single_step(out, cell, m, u, 10);
      return true;
    }
  return false;
}

/* The first single of the units side[from..to) (the boxes, or the others,
 * in SE's order): the state's single masks hold each unit's values with
 * one place. */
static bool single_in(const struct logic_state *s, struct sudoku_step *out,
                      int from, int to, unsigned rating) {
  const struct logic_geom *geo = &s->geo;
  for (int i = from; i < to; i++) {
    int u = geo->side[i];
    uint32_t one = s->single[u];
    if (one == 0)
      continue;
    uint32_t bit = one & -one;
    int j = logic_lowest(s->pos[u][logic_lowest(bit)]);
    single_step(out, geo->unit[u][j], bit, u, rating);
    return true;
  }
  return false;
}

/* Three passes in rating order, each stopping at its first find: full
 * houses, then boxes, then lines; cheaper than one pass keeping the best,
 * since a box single is usually found early. */
bool logic_find_HIDDEN_SINGLE(const struct logic_state *s,
                              struct sudoku_step *out) {
  const struct logic_geom *geo = &s->geo;
  return full_house(s, out) || single_in(s, out, 0, geo->nbox, 12) ||
         single_in(s, out, geo->nbox, geo->nunits, 15);
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

/* The sentence of hidden-single. */
static bool hidden_single_sentence(struct logic_text *t,
                                   const struct sudoku_step *st) {
  logic_say(t, st, "%p is the only place for %q");
  if (st->nunits > 0)
    logic_say(t, st, " in %u", st->units[0]);
  logic_put(t, ".");
  return true;
}
LOGIC_EXPLAIN(HIDDEN_SINGLE, hidden_single_sentence)

/* The sentence of naked-single. */
static bool naked_single_sentence(struct logic_text *t,
                                  const struct sudoku_step *st) {
  logic_say(t, st, "%p can only be %q.");
  return true;
}
LOGIC_EXPLAIN(NAKED_SINGLE, naked_single_sentence)
