/*
 * rule45.c - the rule of 45, the second killer technique: a union R of k
 * units (a row, a column, a box or region, a diagonal or window, or k
 * consecutive rows or columns) holds k times 1..n, which adds up to k *
 * n(n+1)/2 (45 on 9x9). Innies: the cages wholly inside R add up to their
 * sums, so the cells of R in no such cage add up to the rest; outies: when
 * cages with sums cover R, the cells of those cages outside R add up to
 * their sums less R's total. One such cell left empty is placed (the
 * rest, less the filled ones); two are a pair with a known sum, and a
 * candidate of one with no partner in the other goes (distinct partners
 * when the two cells see each other).
 *
 * Rated 2.5 (sudoku_logic_rules.h: after the cage combinations, as
 * SudokuWiki orders innies and outies). Sound: exact sums. Cost per call:
 * each region's cells and the cages touching it, O(regions x (cells +
 * cages)); regions in unit order, then 2..n-1 consecutive rows, then
 * columns; the first region with a step answers: deterministic.
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

/* The step of a pair a, b adding up to x: the candidates with no partner
 * go. False when none does. */
static bool pair_step(const struct logic_state *s, int a, int b, int x,
                      struct sudoku_step *out) {
  bool see = logic_sees(&s->geo, a, b);
  int cell[2] = {a, b};
  for (int i = 0; i < 2; i++) {
    uint32_t other = s->cand[cell[1 - i]];
    for (uint32_t m = s->cand[cell[i]]; m; m &= m - 1) {
      int d = __builtin_ctz(m) + 1, e = x - d;
      bool ok =
          e >= 1 && e <= 32 && (other & (1u << (e - 1))) && !(see && e == d);
      if (!ok)
        logic_step_elim(out, cell[i], d);
    }
  }
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
  if (m == 0 || m > 2 || x < 1 || x > 32)
    return false;
  logic_step_init(out, SUDOKU_TECH_RULE_OF_45,
                  sudoku_technique_rating(SUDOKU_TECH_RULE_OF_45));
  if (m == 1) {
    if (x > n || !(s->cand[cells[0]] & (1u << (x - 1))))
      return false;
    logic_step_place(out, cells[0], x);
  } else if (!pair_step(s, cells[0], cells[1], x, out)) {
    return false;
  }
  for (int i = 0; i < m; i++)
    logic_step_cell(out, cells[i]);
  for (int i = 0; i < g->k; i++)
    logic_step_unit(out, g->units[i]);
  out->values = 1u << (x - 1);
  return true;
}

static bool try_region(const struct logic_state *s, const sudoku_rules *r,
                       struct region45 *g, struct sudoku_step *out) {
  const struct logic_geom *geo = &s->geo;
  memset(g->in, 0, sizeof g->in[0] * geo->ncells);
  for (int i = 0; i < g->k; i++)
    for (int j = 0; j < geo->len[g->units[i]]; j++)
      g->in[geo->unit[g->units[i]][j]] = true;
  return region_step(s, r, g, false, out) || region_step(s, r, g, true, out);
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
  struct region45 g;
  g.k = 1;
  for (int i = 0; i < geo->nunits; i++) {
    g.units[0] = (uint8_t)logic_unit_order(geo, i);
    if (try_region(s, lr->r, &g, out))
      return true;
  }
  /* k consecutive rows (units 0..n-1), then columns (n..2n-1) */
  int n = geo->n,
      kmax = n - 1 < SUDOKU_STEP_MAX_UNITS ? n - 1 : SUDOKU_STEP_MAX_UNITS;
  for (int base = 0; base <= n; base += n)
    for (int k = 2; k <= kmax; k++)
      for (int first = 0; first + k <= n; first++) {
        g.k = k;
        for (int i = 0; i < k; i++)
          g.units[i] = (uint8_t)(base + first + i);
        if (try_region(s, lr->r, &g, out))
          return true;
      }
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
