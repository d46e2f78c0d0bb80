/*
 * bug.c - the bivalue universal grave, used only when the puzzle is known
 * to have one solution (s->unique). In a BUG state every empty cell has two
 * candidates and each value has 0 or 2 places in every unit: such a grid
 * has no solution or several. So when removing one value v from a few
 * "BUG cells" (three candidates each) would leave a BUG state, v is true
 * in one of them:
 *   BUG+1  (5.6) one BUG cell: it is v;
 *   type 2 (5.7) several, all with the same v: v goes from every cell that
 *          sees them all.
 * SE's types 3 and 4 (naked sets and locked values among the BUG cells)
 * are not sought.
 * Cost: O(units x n x n), only when every empty cell has two or three
 * candidates.
 */
#include "logic.h"

#define MAX_BUG_CELLS 8

/* True when, without v in the cells bug[0..k), every value has 0 or 2
 * places in every unit. */
static bool bug_state(const struct logic_state *s, const int *bug, int k,
                      int v) {
  const struct logic_geom *geo = &s->geo;
  uint32_t bit = 1u << (v - 1);
  for (int u = 0; u < geo->nunits; u++) {
    uint32_t once = 0, twice = 0, thrice = 0;
    for (int j = 0; j < geo->len[u]; j++) {
      int c = geo->unit[u][j];
      uint32_t m = s->cand[c];
      for (int i = 0; i < k; i++)
        if (bug[i] == c)
          m &= ~bit;
      thrice |= twice & m;
      twice |= once & m;
      once |= m;
    }
    if (thrice != 0 || once != twice)
      return false; /* a value with 1 or 3+ places */
  }
  return true;
}

bool logic_find_BUG(const struct logic_state *s, struct sudoku_step *out) {
  if (!s->unique || s->geo.rules != NULL) /* see sudoku_logic_rules.h */
    return false;
  const struct logic_geom *geo = &s->geo;
  int bug[MAX_BUG_CELLS], k = 0;
  uint32_t common = ~0u;
  for (int c = 0; c < geo->ncells; c++) {
    if (s->value[c] != 0)
      continue;
    int pc = logic_popcount(s->cand[c]);
    if (pc == 2)
      continue;
    if (pc != 3 || k == MAX_BUG_CELLS)
      return false;
    bug[k++] = c;
    common &= s->cand[c];
  }
  if (k == 0)
    return false;
  for (uint32_t m = common; m; m &= m - 1) {
    int v = logic_lowest(m) + 1;
    if (!bug_state(s, bug, k, v))
      continue;
    if (k == 1) {
      logic_step_init(out, SUDOKU_TECH_BUG, 56);
      logic_step_place(out, bug[0], v);
    } else {
      logic_step_init(out, SUDOKU_TECH_BUG, 57);
      for (int c = 0; c < geo->ncells; c++) {
        bool all = ((s->cand[c] >> (v - 1)) & 1) != 0;
        for (int i = 0; i < k && all; i++)
          all = c != bug[i] && logic_sees(geo, c, bug[i]);
        if (all)
          logic_step_elim(out, c, v);
      }
      if (out->neliminations == 0)
        continue;
    }
    for (int i = 0; i < k; i++)
      logic_step_cell(out, bug[i]);
    out->values = 1u << (v - 1);
    return true;
  }
  return false;
}

/* The sentence of bug. */
static bool bug_sentence(struct logic_text *t, const struct sudoku_step *st) {
  if (st->nplacements > 0)
    logic_say(t, st,
              "Every empty cell but %p has two candidates; without %q there, "
              "the puzzle would have two solutions: %O.");
  else
    logic_say(t, st,
              "Without %v in %C, every empty cell would have two candidates "
              "and the puzzle two solutions, so one of them is %v: %O.",
              st->values, st->cells, st->ncells, st->values);
  return true;
}
LOGIC_EXPLAIN(BUG, bug_sentence)
