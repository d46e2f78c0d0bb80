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
 * On 9x9 that is 27 + 70 + 246 + some 300 unions (family 4 skips the
 * overlapping ones from each box's rows and columns), each O(R's cells +
 * the cells of the cages touching R): over the first positions of the
 * killer corpus, some 4 us a call that answers and 0.5 ms one that scans
 * every union (on a loaded 2-core machine), the finders below 2.5
 * answering most steps first; rating the corpus takes about as long as with
 * single units and lines only.
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
  int ncell;                 /* R's cells */
  uint16_t cell[SUDOKU_MAX_CELLS];
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

/* The step of the innies or outies cells[0..m) (m 1..3) of R adding up to
 * x, if there is one. */
static bool sum_step(const struct logic_state *s, const struct region45 *g,
                     int *cells, int m, int x, struct sudoku_step *out) {
  int n = s->geo.n;
  if (m == 0 || x < 1 || x > 3 * n)
    return false;
  for (int i = 1; i < m; i++) /* in cell order */
    for (int j = i; j > 0 && cells[j - 1] > cells[j]; j--) {
      int t = cells[j];
      cells[j] = cells[j - 1];
      cells[j - 1] = t;
    }
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

/* Adds cell c to the group: its value to *filled, or its index to
 * cells[*m]; false when a fourth empty cell comes. */
static bool add_cell(const struct logic_state *s, int c, int *cells, int *m,
                     int *filled) {
  if (s->value[c] != 0)
    *filled += s->value[c];
  else if (*m < 3)
    cells[(*m)++] = c;
  else
    return false;
  return true;
}

/* Innies, then outies of R (its cells in g->in, listed in g->cell): the
 * step, if there is one. Cost: O(R's cells + the cells of the cages
 * touching R). */
static bool region_step(const struct logic_state *s,
                        const struct logic_rules *lr, const struct region45 *g,
                        struct sudoku_step *out) {
  const sudoku_rules *r = lr->r;
  const int16_t *cage_of = lr->d->cage_of;
  int n = s->geo.n, total = g->k * n * (n + 1) / 2;
  /* cnt[k]: the cells of cage k in R (its sign a mark, below) */
  int16_t cnt[SUDOKU_MAX_CELLS];
  for (int i = 0; i < g->ncell; i++)
    if (cage_of[g->cell[i]] >= 0)
      cnt[cage_of[g->cell[i]]] = 0;
  for (int i = 0; i < g->ncell; i++)
    if (cage_of[g->cell[i]] >= 0)
      cnt[cage_of[g->cell[i]]]++;
  /* innies: the cells of R in no summed cage wholly inside it */
  int cells[3], m = 0, in_sum = 0, filled = 0;
  bool fits = true, summed = true;
  for (int i = 0; i < g->ncell; i++) {
    int c = g->cell[i], k = cage_of[c];
    int len = k >= 0 ? r->cage[k].len : 0, sum = k >= 0 ? r->cage[k].sum : 0;
    summed = summed && sum != 0;
    if (sum != 0 && (cnt[k] == len || cnt[k] == -len)) {
      if (cnt[k] > 0) /* counted once: marked negative */
        in_sum += sum;
      cnt[k] = (int16_t)-len;
    } else if (fits) {
      fits = add_cell(s, c, cells, &m, &filled);
    }
  }
  if (fits && sum_step(s, g, cells, m, total - in_sum - filled, out))
    return true;
  if (!summed)
    return false; /* a cell of R in no summed cage: no outies */
  /* outies: the cells outside R of the cages touching it */
  int all_sum = 0;
  m = filled = 0;
  for (int i = 0; i < g->ncell; i++) {
    int k = cage_of[g->cell[i]];
    if (cnt[k] == 0)
      continue;
    cnt[k] = 0; /* each cage once */
    all_sum += r->cage[k].sum;
    const uint16_t *cell = r->cage_cell + r->cage[k].start;
    for (int j = 0; j < r->cage[k].len; j++)
      if (!g->in[cell[j]] && !add_cell(s, cell[j], cells, &m, &filled))
        return false;
  }
  return sum_step(s, g, cells, m, all_sum - total - filled, out);
}

/* R's cells marked in g->in and listed in g->cell; false when two of its
 * units share a cell (R's total would not be k times 1..n) or R has no
 * step. */
static bool try_region(const struct logic_state *s,
                       const struct logic_rules *lr, struct region45 *g,
                       struct sudoku_step *out) {
  const struct logic_geom *geo = &s->geo;
  memset(g->in, 0, sizeof g->in[0] * geo->ncells);
  g->ncell = 0;
  for (int i = 0; i < g->k; i++)
    for (int j = 0; j < geo->len[g->units[i]]; j++) {
      int c = geo->unit[g->units[i]][j];
      if (g->in[c])
        return false;
      g->in[c] = true;
      g->cell[g->ncell++] = (uint16_t)c;
    }
  return region_step(s, lr, g, out);
}

/* Family 3: every k boxes or regions (box[0..nb)), k = 2..kmax, as
 * combinations in increasing order. */
static bool try_boxes(const struct logic_state *s, const struct logic_rules *lr,
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
      if (try_region(s, lr, g, out))
        return true;
      if (!logic_next_subset(idx, k, nb))
        break;
    }
  }
  return false;
}

/* Families 2 and 4: k consecutive rows (cols false) or columns from
 * `first`, alone (box < 0) or with unit box beside them. */
static bool try_lines(const struct logic_state *s, const struct logic_rules *lr,
                      bool cols, int first, int k, int box, struct region45 *g,
                      struct sudoku_step *out) {
  int n = s->geo.n;
  g->k = k;
  for (int i = 0; i < k; i++)
    g->units[i] = (uint8_t)((cols ? n : 0) + first + i);
  if (box >= 0)
    g->units[g->k++] = (uint8_t)box;
  return try_region(s, lr, g, out);
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
  uint8_t box[LOGIC_MAX_UNITS];
  int nb = 0;
  g.k = 1;
  for (int i = 0; i < geo->nunits; i++) {
    g.units[0] = (uint8_t)logic_unit_order(geo, i);
    if (try_region(s, lr, &g, out))
      return true;
  }
  /* lines[b][0]: the rows box b touches, lines[b][1] its columns (bit
   * i for row or column i), so family 4 skips the unions that overlap
   * without marking them */
  uint32_t lines[LOGIC_MAX_UNITS][2];
  for (int u = 0; u < geo->nunits; u++)
    if (geo->kind[u] == SUDOKU_UNIT_BOX) {
      lines[nb][0] = lines[nb][1] = 0;
      for (int j = 0; j < geo->len[u]; j++) {
        lines[nb][0] |= 1u << (geo->unit[u][j] / geo->n);
        lines[nb][1] |= 1u << (geo->unit[u][j] % geo->n);
      }
      box[nb++] = (uint8_t)u;
    }
  int n = geo->n, kmax = n - 1 < SUDOKU_STEP_MAX_UNITS - 1
                             ? n - 1
                             : SUDOKU_STEP_MAX_UNITS - 1;
  for (int cols = 0; cols < 2; cols++)
    for (int k = 2; k <= kmax; k++)
      for (int first = 0; first + k <= n; first++)
        if (try_lines(s, lr, cols, first, k, -1, &g, out))
          return true;
  if (try_boxes(s, lr, box, nb, n <= 9 ? 4 : 3, &g, out))
    return true;
  for (int cols = 0; cols < 2; cols++)
    for (int k = 1; k <= kmax; k++)
      for (int first = 0; first + k <= n; first++)
        for (int b = 0; b < nb; b++)
          if (!(lines[b][cols] >> first & ((1u << k) - 1)) &&
              try_lines(s, lr, cols, first, k, box[b], &g, out))
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
