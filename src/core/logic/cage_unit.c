/*
 * cage_unit.c - cage-unit intersections, the third killer technique: a
 * digit that every assignment of a cage uses (its sum and its cells'
 * candidates leave no way around it) must lie in the cells of the cage
 * where some assignment puts it; every cell outside the cage that sees all
 * of those loses it ("The cage at r1c1 (sum 4) must hold 1, in r1c1 or
 * r2c1; so r3c1<>1 ...": the cells lie in column 1, so the rest of it
 * cannot be 1). A cage inside one unit pointing into it is the common
 * case; the knight's and king's moves count as seeing too.
 *
 * Rated 2.7 (sudoku_logic_rules.h: with the intersections, between
 * pointing and claiming, as SudokuWiki orders cage/unit overlaps after
 * innies and outies). Sound: the digit is in every assignment, so in one
 * of those cells. Cost: the cage combinations' search a cage, then for each
 * needed digit a pass over the cells. Cages by their first cell, digits
 * rising: deterministic.
 *
 * Step data: cells[0] the cage's first cell, cells[1..] the cells the
 * digit is confined to; units[0] a unit holding them all, when there is
 * one; values the digit.
 */
#include "rules_geom.h"

/* A unit holding every cell of cells[0..k), or -1. */
static int common_unit(const struct logic_geom *geo, const uint16_t *cells,
                       int k) {
  for (int i = 0; i < geo->ncell_units[cells[0]]; i++) {
    int u = geo->cell_units[cells[0]][i];
    bool all = true;
    for (int j = 1; j < k && all; j++)
      all = logic_unit_has(geo, u, cells[j]);
    if (all)
      return u;
  }
  return -1;
}

static bool cage_digit_step(const struct logic_state *s, const sudoku_rules *r,
                            const struct sudoku_rules_derived *d, int k,
                            const struct logic_cage_fit *fit, int v,
                            struct sudoku_step *out) {
  uint32_t bit = 1u << (v - 1);
  uint16_t at[SUDOKU_MAX_N];
  int na = 0;
  for (int j = 0; j < fit->m; j++)
    if (fit->possible[j] & bit)
      at[na++] = fit->cell[j];
  if (na == 0)
    return false;
  logic_step_init(out, SUDOKU_TECH_CAGE_INTERSECTION,
                  sudoku_technique_rating(SUDOKU_TECH_CAGE_INTERSECTION));
  for (int c = 0; c < s->geo.ncells; c++) {
    if (!(s->cand[c] & bit) || d->cage_of[c] == k)
      continue;
    bool all = true;
    for (int j = 0; j < na && all; j++)
      all = logic_sees(&s->geo, c, at[j]);
    if (all)
      logic_step_elim(out, c, v);
  }
  if (out->neliminations == 0)
    return false;
  logic_step_cell(out, logic_cage_first(r, k));
  for (int j = 0; j < na; j++)
    logic_step_cell(out, at[j]);
  int u = common_unit(&s->geo, at, na);
  if (u >= 0)
    logic_step_unit(out, u);
  out->values = bit;
  return true;
}

bool logic_find_CAGE_INTERSECTION(const struct logic_state *s,
                                  struct sudoku_step *out) {
  const struct logic_rules *lr = logic_rules_of(s);
  if (lr == NULL || !sudoku_rules_has(lr->r, SUDOKU_RULE_KILLER))
    return false;
  if (s->beat != 0 &&
      s->beat <= sudoku_technique_rating(SUDOKU_TECH_CAGE_INTERSECTION))
    return false;
  for (int c = 0; c < s->geo.ncells; c++) {
    int k = lr->d->cage_of[c];
    struct logic_cage_fit fit;
    if (k < 0 || logic_cage_first(lr->r, k) != c ||
        !logic_cage_combos(s, lr->r, k, &fit))
      continue;
    for (uint32_t m = fit.need; m; m &= m - 1)
      if (cage_digit_step(s, lr->r, lr->d, k, &fit, __builtin_ctz(m) + 1, out))
        return true;
  }
  return false;
}

/* "The cage at r1c1 (sum 4) must hold 1, in r1c1 or r2c1 (column 1); so
 * r3c1<>1 ..." */
static bool explain(struct logic_text *t, const struct sudoku_step *st) {
  if (t->rules == NULL || st->ncells < 2 || logic_say_cage(t, st) < 0)
    return false;
  logic_say(t, st, " must hold %v, which only %C of it can take", st->values,
            st->cells + 1, (int)st->ncells - 1);
  if (st->nunits > 0)
    logic_say(t, st, " (in %u)", (int)st->units[0]);
  logic_say(t, st, "; every cell that sees them all loses it; so %O.");
  return true;
}

LOGIC_EXPLAIN(CAGE_INTERSECTION, explain)
