/*
 * rule45.c - the rule of 45, the second killer technique: a union R of k
 * disjoint units holds k times 1..n, which adds up to k * n(n+1)/2 (45 on
 * 9x9). Innies: the cages wholly inside R add up to their sums, so the
 * cells of R in no such cage add up to the rest; outies: when cages with
 * sums cover R, the cells of those cages outside R add up to their sums
 * less R's total. One such cell left empty is placed (the rest, less the
 * filled ones); two or three are a group with a known sum, and a
 * candidate of one that no choice of candidates of the others completes
 * goes (distinct digits in the cells that see each other), as does a
 * digit every choice uses from the cells that see all its places in the
 * group.
 *
 * The unions tried, in this order (the family is fixed, so the cost is
 * bounded; each union is disjoint, so its total is exact):
 *   1. each unit (row, column, box or region, diagonal, window), in SE's
 *      unit order;
 *   2. k = 2..n-1 consecutive rows, then columns;
 *   3. any 2 or 3 boxes or regions, adjacent or not (and 4 when n <= 9),
 *      in increasing order of their unit numbers;
 *   4. k = 1..n-1 consecutive rows, then columns, with one box or region
 *      that shares no cell with them (a band and a box beside it).
 * On 9x9 that is 27 + 70 + 246 + some 300 unions, each O(cells + cage
 * cells): some 0.2 ms a call on a machine of 2020 when no union answers.
 *
 * Rated 2.5 (sudoku_logic_rules.h: after the cage combinations, as
 * SudokuWiki orders innies and outies). Sound: exact sums. The first union
 * with a step answers: deterministic.
 *
 * Step data: cells the innies or outies; units R's units; values bit X-1
 * for the sum X the cells add up to (read by the sentence).
 */
#include <string.h>

#include "rules_geom.h"

struct region45 {
  int k; /* units in R */
  uint8_t units[SUDOKU_STEP_MAX_UNITS];
  bool in[SUDOKU_MAX_CELLS]; /* cell in R */
};

/* The step of cells[0..m) (m 2 or 3) adding up to x: a candidate of one
 * that no choice of candidates of the others completes goes (distinct
 * digits in cells that see each other), and a digit every choice uses
 * goes from the cells that see all its places in the group (an innie pair
 * adding up to 3 in a row takes 1 and 2 from the rest of the row). False
 * when nothing goes. O(n^2 + cells). */
static bool group_step(const struct logic_state *s, const int *cell, int m,
                       int x, struct sudoku_step *out) {
  const struct logic_geom *geo = &s->geo;
  bool see01 = logic_sees(geo, cell[0], cell[1]);
  bool see02 = m == 3 && logic_sees(geo, cell[0], cell[2]);
  bool see12 = m == 3 && logic_sees(geo, cell[1], cell[2]);
  uint32_t possible[3] = {0, 0, 0}, last = s->cand[cell[m - 1]], need = ~0u;
  for (uint32_t m0 = s->cand[cell[0]]; m0; m0 &= m0 - 1) {
    int d0 = __builtin_ctz(m0) + 1;
    for (uint32_t m1 = s->cand[cell[1]]; m1; m1 &= m1 - 1) {
      int d1 = __builtin_ctz(m1) + 1, d2 = x - d0 - d1;
      if (see01 && d0 == d1)
        continue;
      if (m == 2 ? d2 != 0
                 : d2 < 1 || d2 > geo->n || !(last & (1u << (d2 - 1))) ||
                       (see02 && d2 == d0) || (see12 && d2 == d1))
        continue;
      uint32_t used = 1u << (d0 - 1) | 1u << (d1 - 1);
      possible[0] |= 1u << (d0 - 1);
      possible[1] |= 1u << (d1 - 1);
      if (m == 3) {
        possible[2] |= 1u << (d2 - 1);
        used |= 1u << (d2 - 1);
      }
      need &= used;
    }
  }
  if (possible[0] == 0)
    return false; /* no way at all: a dead end, not this step's */
  for (int i = 0; i < m; i++)
    for (uint32_t b = s->cand[cell[i]] & ~possible[i]; b; b &= b - 1)
      logic_step_elim(out, cell[i], __builtin_ctz(b) + 1);
  for (uint32_t b = need; b; b &= b - 1)
    logic_elim_seeing(s, cell, possible, m, __builtin_ctz(b) + 1, out);
  return out->neliminations > 0;
}

/* Innies (outies false) or outies of R: the step, if there is one. */
static bool region_step(const struct logic_state *s, const sudoku_rules *r,
                        const struct region45 *g, bool outies,
                        struct sudoku_step *out) {
  int n = s->geo.n, total = g->k * n * (n + 1) / 2;
  /* cages inside R (sum in), touching it (sum all); covered: in a summed
   * cage inside R (innies) / touching it (outies) */
  int in_sum = 0, all_sum = 0;
  bool covered[SUDOKU_MAX_CELLS] = {false};
  for (int k = 0; k < r->cage_count; k++) {
    const uint16_t *cell = r->cage_cell + r->cage[k].start;
    int inside = 0, len = r->cage[k].len;
    for (int i = 0; i < len; i++)
      inside += g->in[cell[i]];
    if (inside == 0 || r->cage[k].sum == 0)
      continue;
    all_sum += r->cage[k].sum;
    if (inside == len || outies) {
      in_sum += inside == len ? r->cage[k].sum : 0;
      for (int i = 0; i < len; i++)
        covered[cell[i]] = true;
    }
  }
  int x, cells[3], m = 0;
  if (!outies) {
    x = total - in_sum;
    for (int c = 0; c < s->geo.ncells; c++)
      if (g->in[c] && !covered[c]) {
        if (s->value[c] != 0)
          x -= s->value[c];
        else if (m < 3)
          cells[m++] = c;
        else
          return false;
      }
  } else {
    for (int c = 0; c < s->geo.ncells; c++)
      if (g->in[c] && !covered[c])
        return false; /* a cell of R in no summed cage: no total */
    x = all_sum - total;
    for (int c = 0; c < s->geo.ncells; c++)
      if (covered[c] && !g->in[c]) {
        if (s->value[c] != 0)
          x -= s->value[c];
        else if (m < 3)
          cells[m++] = c;
        else
          return false;
      }
  }
  if (m == 0 || x < 1 || x > 3 * n)
    return false;
  logic_step_init(out, SUDOKU_TECH_RULE_OF_45,
                  sudoku_technique_rating(SUDOKU_TECH_RULE_OF_45));
  if (m == 1) {
    if (x > n || !(s->cand[cells[0]] & (1u << (x - 1))))
      return false;
    logic_step_place(out, cells[0], x);
  } else if (!group_step(s, cells, m, x, out)) {
    return false;
  }
  for (int i = 0; i < m; i++)
    logic_step_cell(out, cells[i]);
  for (int i = 0; i < g->k; i++)
    logic_step_unit(out, g->units[i]);
  out->values = 1u << (x - 1);
  return true;
}

/* R's cells marked in g->in; false when two of its units share a cell
 * (R's total would not be k times 1..n) or R has no step. */
static bool try_region(const struct logic_state *s, const sudoku_rules *r,
                       struct region45 *g, struct sudoku_step *out) {
  const struct logic_geom *geo = &s->geo;
  memset(g->in, 0, sizeof g->in[0] * geo->ncells);
  for (int i = 0; i < g->k; i++)
    for (int j = 0; j < geo->len[g->units[i]]; j++) {
      int c = geo->unit[g->units[i]][j];
      if (g->in[c])
        return false;
      g->in[c] = true;
    }
  return region_step(s, r, g, false, out) || region_step(s, r, g, true, out);
}

/* Family 3: every k boxes or regions (box[0..nb)), k = 2..kmax, as
 * combinations in increasing order. */
static bool try_boxes(const struct logic_state *s, const sudoku_rules *r,
                      const uint8_t *box, int nb, int kmax, struct region45 *g,
                      struct sudoku_step *out) {
  int idx[SUDOKU_STEP_MAX_UNITS];
  for (int k = 2; k <= kmax && k <= nb; k++) {
    for (int i = 0; i < k; i++)
      idx[i] = i;
    for (;;) {
      g->k = k;
      for (int i = 0; i < k; i++)
        g->units[i] = box[idx[i]];
      if (try_region(s, r, g, out))
        return true;
      if (!logic_next_subset(idx, k, nb))
        break;
    }
  }
  return false;
}

/* Families 2 and 4: k consecutive rows (cols false) or columns from
 * `first`, alone (box < 0) or with unit box beside them. */
static bool try_lines(const struct logic_state *s, const sudoku_rules *r,
                      bool cols, int first, int k, int box, struct region45 *g,
                      struct sudoku_step *out) {
  int n = s->geo.n;
  g->k = k;
  for (int i = 0; i < k; i++)
    g->units[i] = (uint8_t)((cols ? n : 0) + first + i);
  if (box >= 0)
    g->units[g->k++] = (uint8_t)box;
  return try_region(s, r, g, out);
}

bool logic_find_RULE_OF_45(const struct logic_state *s,
                           struct sudoku_step *out) {
  const struct logic_rules *lr = logic_rules_of(s);
  if (lr == NULL || !sudoku_rules_has(lr->r, SUDOKU_RULE_KILLER))
    return false;
  if (s->beat != 0 &&
      s->beat <= sudoku_technique_rating(SUDOKU_TECH_RULE_OF_45))
    return false;
  const struct logic_geom *geo = &s->geo;
  const sudoku_rules *r = lr->r;
  struct region45 g;
  uint8_t box[LOGIC_MAX_UNITS];
  int nb = 0;
  g.k = 1;
  for (int i = 0; i < geo->nunits; i++) {
    g.units[0] = (uint8_t)logic_unit_order(geo, i);
    if (try_region(s, r, &g, out))
      return true;
  }
  for (int u = 0; u < geo->nunits; u++)
    if (geo->kind[u] == SUDOKU_UNIT_BOX)
      box[nb++] = (uint8_t)u;
  int n = geo->n, kmax = n - 1 < SUDOKU_STEP_MAX_UNITS - 1
                             ? n - 1
                             : SUDOKU_STEP_MAX_UNITS - 1;
  for (int cols = 0; cols < 2; cols++)
    for (int k = 2; k <= kmax; k++)
      for (int first = 0; first + k <= n; first++)
        if (try_lines(s, r, cols, first, k, -1, &g, out))
          return true;
  if (try_boxes(s, r, box, nb, n <= 9 ? 4 : 3, &g, out))
    return true;
  for (int cols = 0; cols < 2; cols++)
    for (int k = 1; k <= kmax; k++)
      for (int first = 0; first + k <= n; first++)
        for (int b = 0; b < nb; b++)
          if (try_lines(s, r, cols, first, k, box[b], &g, out))
            return true;
  return false;
}

/* "Rule of 45 on row 1 and row 2: the cages wholly inside leave r3c4 and
 * r3c5 (the innies) to add up to 11; so r3c4<>1 ..." */
static bool explain(struct logic_text *t, const struct sudoku_step *st) {
  if (t->rules == NULL || st->ncells == 0 || st->nunits == 0 || st->values == 0)
    return false;
  const struct sudoku_rules_derived *d = t->rules->d;
  bool inside = false;
  for (int i = 0; i < d->cell_units[st->cells[0]]; i++)
    for (int j = 0; j < st->nunits; j++)
      inside = inside || d->cell_unit[st->cells[0]][i] == st->units[j];
  logic_say(t, st, "Rule of 45 on %U: ", st->units, (int)st->nunits);
  logic_say(t, st,
            inside ? "the cages wholly inside leave %C (the innie%s) to add "
                     "up to "
                   : "the cages over it leave %C (the outie%s, outside it) "
                     "to add up to ",
            st->cells, (int)st->ncells, st->ncells > 1 ? "s" : "");
  logic_put_int(t, __builtin_ctz(st->values) + 1);
  logic_say(t, st, "; so %O.");
  return true;
}

LOGIC_EXPLAIN(RULE_OF_45, explain)
