/*
 * derive.c - the rules checked against the side, then turned into the
 * derived form the search and the checks read (sudoku_rules.h): units as
 * lists of cells, peers as bitsets, cages, allowed digits. O(units * n +
 * cells * peers): some 20 us on 9x9, once per puzzle.
 */
#include <stdio.h>
#include <string.h>

#include "rules_internal.h"

static void add_unit(struct sudoku_rules_derived *d, enum sudoku_rules_unit k,
                     int index, const uint16_t *cells) {
  int u = d->units++;
  d->unit_kind[u] = (uint8_t)k;
  d->unit_index[u] = (uint8_t)index;
  memcpy(d->unit_cell[u], cells, (size_t)d->n * sizeof *cells);
  for (int i = 0; i < d->n; i++) {
    int c = cells[i];
    d->cell_unit[c][d->cell_units[c]++] = (uint8_t)u;
  }
}

static void see(struct sudoku_rules_derived *d, int a, int b) {
  if (a == b)
    return;
  d->peer[a][b >> 6] |= (uint64_t)1 << (b & 63);
  d->peer[b][a >> 6] |= (uint64_t)1 << (a & 63);
}

/* Regions: each number 0..n-1, n cells each, orthogonally connected. */
static enum sudoku_status check_regions(int n, const uint8_t *region,
                                        struct sudoku_rules_problem *p) {
  int size[SUDOKU_MAX_N] = {0}, first[SUDOKU_MAX_N];
  char a[8], b[8];
  for (int c = 0; c < n * n; c++) {
    if (region[c] >= n) {
      sudoku_cell_name(n, c, a, sizeof a);
      return rules_fail(SUDOKU_BAD_RULES, p, c, -1,
                        "%s: region %d is out of 1..%d", a, region[c] + 1, n);
    }
    if (size[region[c]]++ == 0)
      first[region[c]] = c;
  }
  for (int k = 0; k < n; k++)
    if (size[k] != n)
      return rules_fail(SUDOKU_BAD_RULES, p, size[k] ? first[k] : -1, -1,
                        "region %d has %d cells, not %d", k + 1, size[k], n);
  /* Connected: a flood from each region's first cell reaches all n. */
  uint16_t id[SUDOKU_MAX_CELLS];
  bool seen[SUDOKU_MAX_CELLS] = {false};
  for (int c = 0; c < n * n; c++)
    id[c] = region[c];
  for (int k = 0; k < n; k++) {
    int reached = core_flood(n, id, first[k], seen);
    if (reached != n) {
      for (int c = 0; c < n * n; c++)
        if (region[c] == k && !seen[c]) {
          sudoku_cell_name(n, first[k], a, sizeof a);
          sudoku_cell_name(n, c, b, sizeof b);
          return rules_fail(SUDOKU_BAD_RULES, p, c, -1,
                            "region %d is not connected (%s and %s)", k + 1, a,
                            b);
        }
    }
  }
  return SUDOKU_OK;
}

/* Cages: cells in range, in one cage each, at most n cells, a sum that n
 * distinct digits can make (the sums of k distinct digits of 1..n are
 * every number from 1+..+k to (n-k+1)+..+n). */
static enum sudoku_status check_cages(int n, const sudoku_rules *r,
                                      struct sudoku_rules_derived *d,
                                      struct sudoku_rules_problem *p) {
  char a[8];
  if (r->cage_count > SUDOKU_RULES_MAX_CAGES ||
      r->cage_cells > SUDOKU_MAX_CELLS)
    return rules_fail(SUDOKU_BAD_RULES, p, -1, -1, "too many cages");
  for (int k = 0; k < r->cage_count; k++) {
    const struct sudoku_cage *cg = &r->cage[k];
    if (cg->len == 0 || cg->start + cg->len > r->cage_cells)
      return rules_fail(SUDOKU_BAD_RULES, p, -1, -1, "cage %d has no cells",
                        k + 1);
    const uint16_t *cell = r->cage_cell + cg->start;
    for (int i = 0; i < cg->len; i++)
      if (cell[i] >= n * n)
        return rules_fail(SUDOKU_BAD_RULES, p, -1, -1,
                          "cage %d: cell %d is outside the grid", k + 1,
                          cell[i]);
    sudoku_cell_name(n, cell[0], a, sizeof a);
    if (cg->len > n)
      return rules_fail(SUDOKU_BAD_RULES, p, cell[0], -1,
                        "cage at %s has %d cells; at most %d", a, cg->len, n);
    int lo = cg->len * (cg->len + 1) / 2,
        hi = cg->len * (2 * n - cg->len + 1) / 2;
    if (cg->sum != 0 && (cg->sum < lo || cg->sum > hi))
      return rules_fail(SUDOKU_BAD_RULES, p, cell[0], -1,
                        "cage at %s: %d cell%s cannot sum to %d", a, cg->len,
                        cg->len == 1 ? "" : "s", cg->sum);
    for (int i = 0; i < cg->len; i++) {
      if (d->cage_of[cell[i]] >= 0) {
        sudoku_cell_name(n, cell[i], a, sizeof a);
        return rules_fail(SUDOKU_BAD_RULES, p, cell[i], -1,
                          d->cage_of[cell[i]] == k ? "%s is twice in one cage"
                                                   : "%s is in two cages",
                          a);
      }
      d->cage_of[cell[i]] = (int16_t)k;
    }
  }
  return SUDOKU_OK;
}

static enum sudoku_status check_extra(int n, const sudoku_rules *r,
                                      struct sudoku_rules_problem *p) {
  if (r->extra_count > SUDOKU_RULES_MAX_EXTRA)
    return rules_fail(SUDOKU_BAD_RULES, p, -1, -1,
                      "%d extra regions; at most %d", r->extra_count,
                      SUDOKU_RULES_MAX_EXTRA);
  for (int k = 0; k < r->extra_count; k++) {
    uint64_t in[SUDOKU_RULES_WORDS] = {0};
    for (int i = 0; i < n; i++) {
      int c = r->extra[k][i];
      char a[8];
      if (c >= n * n)
        return rules_fail(SUDOKU_BAD_RULES, p, -1, -1,
                          "extra region %d: cell %d is outside the grid", k + 1,
                          c);
      if (in[c >> 6] >> (c & 63) & 1) {
        sudoku_cell_name(n, c, a, sizeof a);
        return rules_fail(SUDOKU_BAD_RULES, p, c, -1,
                          "extra region %d lists %s twice", k + 1, a);
      }
      in[c >> 6] |= (uint64_t)1 << (c & 63);
    }
  }
  return SUDOKU_OK;
}

enum sudoku_status sudoku_rules_derive(const sudoku_grid *g,
                                       const sudoku_rules *r,
                                       struct sudoku_rules_derived *d,
                                       struct sudoku_rules_problem *p) {
  enum sudoku_status s;
  int n = g->n, nn = n * n, br = g->box_rows, bc = g->box_cols;
  if (br == 1 && bc == n && sudoku_rules_has(r, SUDOKU_RULE_JIGSAW) &&
      n >= SUDOKU_MIN_N && n <= SUDOKU_MAX_N) {
    /* A jigsaw of a side without a box shape (5, 7, 11, ...): no boxes to
     * check, only the values. */
    for (int c = 0; c < nn; c++)
      if (g->cell[c] > n)
        return rules_fail(SUDOKU_BAD_VALUE, p, c, -1, "%s",
                          sudoku_strerror(SUDOKU_BAD_VALUE));
  } else if ((s = sudoku_validate(g, NULL, 0, NULL)) != SUDOKU_OK &&
             s != SUDOKU_CONFLICT) {
    return rules_fail(s, p, -1, -1, "%s", sudoku_strerror(s));
  }
  if (r->kinds >> SUDOKU_RULE_COUNT)
    return rules_fail(SUDOKU_BAD_RULES, p, -1, -1, "unknown rule kind");
  if (sudoku_rules_has(r, SUDOKU_RULE_WINDOKU) && (br != bc || n < 9))
    return rules_fail(SUDOKU_BAD_RULES, p, -1, -1,
                      "windoku needs square boxes and a side of 9, 16 or 25, "
                      "not %dx%d",
                      n, n);
  memset(d, 0, sizeof *d);
  d->n = n;
  d->nn = nn;
  d->full = n == 32 ? ~0u : (1u << n) - 1;
  memset(d->cage_of, 0xff, sizeof d->cage_of);
  if (sudoku_rules_has(r, SUDOKU_RULE_JIGSAW) &&
      (s = check_regions(n, r->region, p)) != SUDOKU_OK)
    return s;
  if (sudoku_rules_has(r, SUDOKU_RULE_EXTRA) &&
      (s = check_extra(n, r, p)) != SUDOKU_OK)
    return s;
  if (sudoku_rules_has(r, SUDOKU_RULE_KILLER) &&
      (s = check_cages(n, r, d, p)) != SUDOKU_OK)
    return s;
  if (sudoku_rules_has(r, SUDOKU_RULE_ODD_EVEN))
    for (int c = 0; c < nn; c++)
      if (r->parity[c] > SUDOKU_PARITY_EVEN) {
        char a[8];
        sudoku_cell_name(n, c, a, sizeof a);
        return rules_fail(SUDOKU_BAD_RULES, p, c, -1,
                          "%s: parity mark %d is not any, odd or even", a,
                          r->parity[c]);
      }

  uint16_t cells[SUDOKU_MAX_N];
  for (int u = 0; u < n; u++) {
    for (int k = 0; k < n; k++)
      cells[k] = (uint16_t)(u * n + k);
    add_unit(d, SUDOKU_RULES_UNIT_ROW, u, cells);
  }
  for (int u = 0; u < n; u++) {
    for (int k = 0; k < n; k++)
      cells[k] = (uint16_t)(k * n + u);
    add_unit(d, SUDOKU_RULES_UNIT_COL, u, cells);
  }
  if (sudoku_rules_has(r, SUDOKU_RULE_JIGSAW)) {
    for (int u = 0; u < n; u++) {
      int k = 0;
      for (int c = 0; c < nn; c++)
        if (r->region[c] == u)
          cells[k++] = (uint16_t)c;
      add_unit(d, SUDOKU_RULES_UNIT_REGION, u, cells);
    }
  } else {
    for (int u = 0; u < n; u++) {
      for (int k = 0; k < n; k++)
        cells[k] = (uint16_t)core_unit_cell(br, bc, 2 * n + u, k);
      add_unit(d, SUDOKU_RULES_UNIT_BOX, u, cells);
    }
  }
  if (sudoku_rules_has(r, SUDOKU_RULE_X)) {
    for (int k = 0; k < n; k++)
      cells[k] = (uint16_t)(k * n + k);
    add_unit(d, SUDOKU_RULES_UNIT_DIAGONAL, 0, cells);
    for (int k = 0; k < n; k++)
      cells[k] = (uint16_t)(k * n + n - 1 - k);
    add_unit(d, SUDOKU_RULES_UNIT_DIAGONAL, 1, cells);
  }
  if (sudoku_rules_has(r, SUDOKU_RULE_WINDOKU)) {
    /* (b-1)^2 windows of b x b, one cell in from the edges, one apart. */
    int w = 0;
    for (int top = 1; top + br < n; top += br + 1)
      for (int left = 1; left + bc < n; left += bc + 1, w++) {
        for (int k = 0; k < n; k++)
          cells[k] = (uint16_t)((top + k / bc) * n + left + k % bc);
        add_unit(d, SUDOKU_RULES_UNIT_WINDOW, w, cells);
      }
  }
  if (sudoku_rules_has(r, SUDOKU_RULE_EXTRA))
    for (int k = 0; k < r->extra_count; k++)
      add_unit(d, SUDOKU_RULES_UNIT_EXTRA, k, r->extra[k]);

  for (int u = 0; u < d->units; u++)
    for (int i = 0; i < n; i++)
      for (int j = i + 1; j < n; j++)
        see(d, d->unit_cell[u][i], d->unit_cell[u][j]);
  if (sudoku_rules_has(r, SUDOKU_RULE_KILLER))
    for (int k = 0; k < r->cage_count; k++) {
      const uint16_t *cell = r->cage_cell + r->cage[k].start;
      for (int i = 0; i < r->cage[k].len; i++)
        for (int j = i + 1; j < r->cage[k].len; j++)
          see(d, cell[i], cell[j]);
    }
  static const int knight[8][2] = {{-2, -1}, {-2, 1}, {-1, -2}, {-1, 2},
                                   {1, -2},  {1, 2},  {2, -1},  {2, 1}};
  static const int king[8][2] = {{-1, -1}, {-1, 0}, {-1, 1}, {0, -1},
                                 {0, 1},   {1, -1}, {1, 0},  {1, 1}};
  for (int c = 0; c < nn; c++) {
    int row = c / n, col = c % n;
    for (int i = 0; i < 8; i++) {
      int kr = row + knight[i][0], kc = col + knight[i][1];
      if (sudoku_rules_has(r, SUDOKU_RULE_ANTI_KNIGHT) && kr >= 0 && kr < n &&
          kc >= 0 && kc < n)
        see(d, c, kr * n + kc);
      kr = row + king[i][0];
      kc = col + king[i][1];
      if (sudoku_rules_has(r, SUDOKU_RULE_ANTI_KING) && kr >= 0 && kr < n &&
          kc >= 0 && kc < n)
        see(d, c, kr * n + kc);
    }
  }
  d->non_consecutive = sudoku_rules_has(r, SUDOKU_RULE_NON_CONSECUTIVE);
  uint32_t odd = 0;
  for (int v = 1; v <= n; v += 2)
    odd |= 1u << (v - 1);
  for (int c = 0; c < nn; c++) {
    uint8_t mark = sudoku_rules_has(r, SUDOKU_RULE_ODD_EVEN)
                       ? r->parity[c]
                       : (uint8_t)SUDOKU_PARITY_ANY;
    d->allowed[c] = mark == SUDOKU_PARITY_ODD    ? odd
                    : mark == SUDOKU_PARITY_EVEN ? d->full & ~odd
                                                 : d->full;
  }
  return SUDOKU_OK;
}

size_t sudoku_rules_unit_label(const struct sudoku_rules_derived *d, int u,
                               char *buf, size_t cap) {
  static const char *const names[] = {[SUDOKU_RULES_UNIT_ROW] = "row",
                                      [SUDOKU_RULES_UNIT_COL] = "column",
                                      [SUDOKU_RULES_UNIT_BOX] = "box",
                                      [SUDOKU_RULES_UNIT_REGION] = "region",
                                      [SUDOKU_RULES_UNIT_DIAGONAL] = "diagonal",
                                      [SUDOKU_RULES_UNIT_WINDOW] = "window",
                                      [SUDOKU_RULES_UNIT_EXTRA] =
                                          "extra region"};
  int len = u >= 0 && u < d->units
                ? snprintf(buf, cap, "%s %d", names[d->unit_kind[u]],
                           d->unit_index[u] + 1)
                : snprintf(buf, cap, "unit %d", u + 1);
  return len < 0 ? 0 : (size_t)len;
}
