/*
 * sum_subset.c - sum-based pairs and triples, the fourth and fifth killer
 * techniques: the empty cells of a cage that all lie in one unit U act as
 * one cell whose digits are a combination adding up to what the cage
 * still needs. Taken with one other cell of U (a sum pair) or two (a sum
 * triple), every way of filling the group with distinct digits (they all
 * lie in U), the cage's cells adding up to the cage's rest, is
 * enumerated: a candidate of a group cell in no such way goes, and a digit
 * every way uses goes from each cell outside the group that sees all the
 * group cells that can take it (the rest of U at least). "The cage at
 * r1c1 (sum 10) of r1c1 and r1c2, with r1c5 (1 or 2), must hold 1 and
 * 2 in row 1": {1,9} or {2,8} in the cage leaves r1c5 the other of 1, 2.
 * A naked subset in which a cage counts as one cell of its combinations;
 * with no extra cell it is the cage-unit intersection, found before.
 *
 * Rated 2.8 (pair) and 2.9 (triple) (sudoku_logic_rules.h: after the
 * cage-unit intersections, before the naked pair, which is what a sum
 * pair becomes when the cage is one cell). Sound: the enumeration is exact
 * (each cell from its candidates, distinct digits in one unit, the cage's
 * sum). Cost: for each unit, each cage of 2..SUM_MAX_CAGE empty cells all
 * in it and each choice of the extra cells (empty, in U, outside the
 * cage, of at most SUM_MAX_CAND candidates, at least one the cage can
 * take), an enumeration bounded by SUM_BUDGET nodes (a group past it is
 * skipped, which is still sound): on 9x9 some 30 cage-unit pairs times up
 * to 28 choices. Units in SE's order, cages by their first cell, extra
 * cells in unit order; the first group with an elimination answers:
 * deterministic.
 *
 * Step data: cells the cage's cells (its first cell first), then the extra
 * cells; units[0] U; values the digits every way uses (0 when the step
 * only narrows the group's cells).
 */
#include "rules_geom.h"

#define SUM_MAX_CAGE 5  /* empty cells of a cage taken as one */
#define SUM_MAX_CAND 4  /* candidates of an extra cell */
#define SUM_BUDGET 4000 /* enumeration nodes a group */

struct sum_group {
  int m, t;                   /* cage cells, extra cells */
  int cell[SUM_MAX_CAGE + 2]; /* cage cells, then extra ones */
  uint32_t cand[SUM_MAX_CAGE + 2];
  uint32_t possible[SUM_MAX_CAGE + 2];
  uint32_t need; /* the digits every way uses */
  long nodes;
};

/* Fills cells i.. with distinct digits outside used, the cage's cells
 * (i < m) adding up to left; records each way. False past the budget. */
static bool sum_search(struct sum_group *g, int i, uint32_t used, int left,
                       uint8_t *pick) {
  if (++g->nodes > SUM_BUDGET)
    return false;
  if (i == g->m + g->t) {
    uint32_t digits = 0;
    for (int j = 0; j < i; j++) {
      digits |= 1u << (pick[j] - 1);
      g->possible[j] |= 1u << (pick[j] - 1);
    }
    g->need &= digits;
    return true;
  }
  if (i == g->m && left != 0)
    return true;
  for (uint32_t b = g->cand[i] & ~used; b; b &= b - 1) {
    int d = __builtin_ctz(b) + 1;
    if (i < g->m && d > left)
      break; /* digits rise: the larger ones overshoot too */
    pick[i] = (uint8_t)d;
    if (!sum_search(g, i + 1, used | (1u << (d - 1)),
                    i < g->m ? left - d : left, pick))
      return false;
  }
  return true;
}

/* The step of group g in unit u for cage k, if it removes anything. */
static bool group_step(const struct logic_state *s, const sudoku_rules *r,
                       int k, int u, struct sum_group *g, uint32_t cage_used,
                       int left, struct sudoku_step *out) {
  int len = g->m + g->t;
  uint8_t pick[SUM_MAX_CAGE + 2];
  for (int j = 0; j < len; j++) {
    g->cand[j] = s->cand[g->cell[j]] & (j < g->m ? ~cage_used : ~0u);
    g->possible[j] = 0;
  }
  g->need = ~0u;
  g->nodes = 0;
  if (!sum_search(g, 0, 0, left, pick) || g->possible[0] == 0)
    return false;
  enum sudoku_technique t =
      g->t == 1 ? SUDOKU_TECH_KILLER_SUM_PAIR : SUDOKU_TECH_KILLER_SUM_TRIPLE;
  logic_step_init(out, t, sudoku_technique_rating(t));
  for (int j = 0; j < len; j++)
    for (uint32_t b = s->cand[g->cell[j]] & ~g->possible[j]; b; b &= b - 1)
      logic_step_elim(out, g->cell[j], __builtin_ctz(b) + 1);
  for (uint32_t m = g->need; m; m &= m - 1)
    logic_elim_seeing(s, g->cell, g->possible, len, __builtin_ctz(m) + 1, out);
  if (out->neliminations == 0)
    return false;
  const struct sudoku_cage *cg = &r->cage[k];
  int first = logic_cage_first(r, k);
  logic_step_cell(out, first);
  for (int i = 0; i < cg->len; i++)
    if (r->cage_cell[cg->start + i] != first)
      logic_step_cell(out, r->cage_cell[cg->start + i]);
  for (int j = g->m; j < len; j++)
    logic_step_cell(out, g->cell[j]);
  logic_step_unit(out, u);
  out->values = g->need;
  return true;
}

/* Cage k's groups in unit u with t extra cells. */
static bool cage_unit_groups(const struct logic_state *s, const sudoku_rules *r,
                             const struct sudoku_rules_derived *d, int k, int u,
                             int t, struct sudoku_step *out) {
  const struct logic_geom *geo = &s->geo;
  const struct sudoku_cage *cg = &r->cage[k];
  struct sum_group g = {.m = 0, .t = t};
  int left = cg->sum;
  uint32_t cage_used = 0, cage_digits = 0;
  for (int i = 0; i < cg->len; i++) {
    int c = r->cage_cell[cg->start + i];
    if (s->value[c] != 0) {
      left -= s->value[c];
      cage_used |= 1u << (s->value[c] - 1);
    } else if (g.m == SUM_MAX_CAGE || !logic_unit_has(geo, u, c)) {
      return false;
    } else {
      cage_digits |= s->cand[c];
      g.cell[g.m++] = c;
    }
  }
  if (g.m < 2 || left <= 0)
    return false;
  /* the extra cells that may take part */
  int x[SUDOKU_MAX_N], nx = 0;
  for (int j = 0; j < geo->len[u]; j++) {
    int c = geo->unit[u][j];
    uint32_t cand = s->cand[c];
    if (s->value[c] == 0 && d->cage_of[c] != k && (cand & cage_digits) &&
        __builtin_popcount(cand) <= SUM_MAX_CAND)
      x[nx++] = c;
  }
  for (int a = 0; a < nx; a++) {
    g.cell[g.m] = x[a];
    if (t == 1 && group_step(s, r, k, u, &g, cage_used, left, out))
      return true;
    for (int b = a + 1; t == 2 && b < nx; b++) {
      g.cell[g.m + 1] = x[b];
      if (group_step(s, r, k, u, &g, cage_used, left, out))
        return true;
    }
  }
  return false;
}

static bool find_groups(const struct logic_state *s, enum sudoku_technique t,
                        int extra, struct sudoku_step *out) {
  const struct logic_rules *lr = logic_rules_of(s);
  if (lr == NULL || !sudoku_rules_has(lr->r, SUDOKU_RULE_KILLER))
    return false;
  if (s->beat != 0 && s->beat <= sudoku_technique_rating(t))
    return false;
  const struct logic_geom *geo = &s->geo;
  for (int i = 0; i < geo->nunits; i++) {
    int u = logic_unit_order(geo, i);
    for (int j = 0; j < geo->len[u]; j++) {
      int c = geo->unit[u][j], k = lr->d->cage_of[c];
      /* each cage once a unit: at its first empty cell in u */
      if (k < 0 || s->value[c] != 0)
        continue;
      bool first = true;
      for (int jj = 0; jj < j && first; jj++)
        first = lr->d->cage_of[geo->unit[u][jj]] != k ||
                s->value[geo->unit[u][jj]] != 0;
      if (first && cage_unit_groups(s, lr->r, lr->d, k, u, extra, out))
        return true;
    }
  }
  return false;
}

bool logic_find_KILLER_SUM_PAIR(const struct logic_state *s,
                                struct sudoku_step *out) {
  return find_groups(s, SUDOKU_TECH_KILLER_SUM_PAIR, 1, out);
}

bool logic_find_KILLER_SUM_TRIPLE(const struct logic_state *s,
                                  struct sudoku_step *out) {
  return find_groups(s, SUDOKU_TECH_KILLER_SUM_TRIPLE, 2, out);
}

/* "The cage at r1c1 (sum 10) of r1c1 and r1c2, with r1c5 in row 1: every
 * way of filling them with distinct digits, the cage adding up to its sum,
 * uses 1 and 2; so r1c7<>1 ..." */
static bool explain(struct logic_text *t, const struct sudoku_step *st) {
  if (t->rules == NULL || st->ncells < 2 || st->nunits == 0)
    return false;
  const int16_t *cage_of = t->rules->d->cage_of;
  int k = cage_of[st->cells[0]], m = 0;
  if (k < 0)
    return false;
  while (m < st->ncells && cage_of[st->cells[m]] == k)
    m++;
  if (m == st->ncells || logic_say_cage(t, st) < 0)
    return false;
  logic_say(t, st,
            " of %C, with %C in %u: every way of filling them with distinct "
            "digits, the cage adding up to its sum, ",
            st->cells, m, st->cells + m, (int)st->ncells - m,
            (int)st->units[0]);
  if (st->values != 0)
    logic_say(t, st, "uses %v; so %O.", st->values);
  else
    logic_say(t, st, "leaves some of their candidates out; so %O.");
  return true;
}

LOGIC_EXPLAIN(KILLER_SUM_PAIR, explain)
LOGIC_EXPLAIN(KILLER_SUM_TRIPLE, explain)
